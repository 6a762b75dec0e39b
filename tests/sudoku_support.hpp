// SPDX-License-Identifier: MIT
// The classic shapes' rules in tests: a board of side n² with n x n boxes,
// as the library's SudokuRules::square gives them.
#pragma once

#include <string>

#include "xcover/puzzles/sudoku.hpp"

namespace xcover::test {

inline SudokuRules classic_rules(const SudokuBoard& board) {
  return SudokuRules::square(board.side);
}

// Whether `solution` is full, keeps the givens and breaks no classic rule.
inline bool is_solution(const SudokuBoard& puzzle, const SudokuBoard& solution) {
  return puzzle.side == solution.side && classic_rules(puzzle).is_solution(puzzle, solution);
}

inline std::string find_conflict(const SudokuBoard& board) {
  return classic_rules(board).find_conflict(board);
}

inline std::string to_grid(const SudokuBoard& board) {
  return xcover::to_grid(board, classic_rules(board), SudokuAlphabet::standard(board.side));
}

}  // namespace xcover::test
