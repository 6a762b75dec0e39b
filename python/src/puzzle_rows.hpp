// SPDX-License-Identifier: MIT
// Sudoku puzzles from Python, for both binding files: a str is one line of
// symbols; a list of rows holds one-character str or int cells (0 for a
// blank). Answers go back in the shape the puzzle came in.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "bindings.hpp"

namespace xcover::python {

enum class PuzzleShape { line, rows_of_str, rows_of_int };

// The puzzle as one line of symbols (a str comes back as it is); `symbol`
// writes digit 1..side (side: the number of rows). SudokuError for a row of
// the wrong length or an int off the board; TypeError for other objects.
std::string puzzle_line(const py::handle& given, PuzzleShape& shape,
                        const std::function<char(int)>& symbol);

// Cells (row by row, 0 for a blank) in `shape`; `line` is the str form.
py::object puzzle_object(std::span<const std::uint8_t> cells, int side, PuzzleShape shape,
                         const std::string& line, const std::function<char(int)>& symbol);

}  // namespace xcover::python
