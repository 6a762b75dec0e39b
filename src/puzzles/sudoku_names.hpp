// SPDX-License-Identifier: MIT
// The names Sudoku's messages and problems give a board and its cells
// ("9x9", "r3c4"), and where a cell list ends in a line: shared by the
// rules, the text formats and the solver.
#pragma once

#include <charconv>
#include <string>

#include "xcover/text.hpp"

namespace xcover::detail {

// "9x9" for a board of side 9.
inline std::string board_name(int side) {
  return std::to_string(side) + "x" + std::to_string(side);
}

// "r3c4" for cell 29 of a board of side 9 (rows and columns from 1). (Written
// in place: a killer line names hundreds of cells.)
inline std::string cell_name(int cell, int side) {
  char buffer[32] = {'r'};  // (an int takes at most 11 characters)
  char* const c = std::to_chars(buffer + 1, buffer + 16, cell / side + 1).ptr;
  *c = 'c';
  return std::string(buffer, std::to_chars(c + 1, buffer + sizeof buffer, cell % side + 1).ptr);
}

// Whether `c` ends a list of cells ("r1c1r1c2" before "=3", ":" or ",").
constexpr bool ends_cells(char c) { return is_blank(c) || c == ',' || c == ':'; }

}  // namespace xcover::detail
