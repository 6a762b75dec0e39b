// SPDX-License-Identifier: MIT
// The xcover subcommands. Each takes the words after its name and returns the
// process exit code.
#pragma once

#include <string>
#include <vector>

namespace xcover::cli {

int run_solve(const std::vector<std::string>& args);
int run_sudoku(const std::vector<std::string>& args);
int run_queens(const std::vector<std::string>& args);
int run_polyomino(const std::vector<std::string>& args);
int run_langford(const std::vector<std::string>& args);

}  // namespace xcover::cli
