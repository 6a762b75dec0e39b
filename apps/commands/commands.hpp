// SPDX-License-Identifier: MIT
// The xcover subcommands. Each takes the words after its name and returns the
// process exit code.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace xcover {
struct Reduction;
}

namespace xcover::cli {

int run_solve(const std::vector<std::string>& args);
int run_sudoku(const std::vector<std::string>& args);
int run_queens(const std::vector<std::string>& args);
int run_polyomino(const std::vector<std::string>& args);
int run_langford(const std::vector<std::string>& args);
int run_reduce(const std::vector<std::string>& args);

// "xcover: removed N options and M items in R rounds", DLX-PRE's summary
// (reduce.cpp; solve --preprocess prints it with --stats).
void print_reduction_summary(std::ostream& out, const Reduction& reduction);

}  // namespace xcover::cli
