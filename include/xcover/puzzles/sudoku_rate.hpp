// SPDX-License-Identifier: MIT
// How hard a puzzle is, two ways. By technique, as a person solves it (and
// as QQWing rates): naked singles, hidden singles, locked candidates
// (pointing and box-line, between any two houses) and naked pairs, the
// simplest that applies at each step; the level is the hardest needed, and
// `expert` when they get stuck and a guess is needed. By the engine: the
// mean number of search nodes to prove the solution unique, over several
// relabellings of the digits (as tdoku does), less tied to one search order.
#pragma once

#include <cstdint>
#include <string_view>

#include "xcover/export.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"

namespace xcover {

// The hardest technique a puzzle needs: simple (naked singles), easy
// (hidden singles), intermediate (pairs, locked candidates), expert (the
// techniques stall: guessing).
enum class SudokuLevel { simple, easy, intermediate, expert };

// The level's name: "simple", "easy", "intermediate", "expert".
XCOVER_API const char* to_string(SudokuLevel level);
// The level of that name (as to_string writes it); SudokuError "difficulty
// must be simple, easy, intermediate or expert, not 'NAME'" otherwise (the
// CLI says --difficulty).
XCOVER_API SudokuLevel parse_level(std::string_view name);

// How hard a puzzle is: by technique, and by the engine's work.
struct SudokuRating {
  SudokuLevel level = SudokuLevel::simple;  // by technique
  // Steps the techniques took, by kind.
  int naked_singles = 0;
  int hidden_singles = 0;
  int locked_candidates = 0;
  int naked_pairs = 0;
  // The techniques alone filled the board.
  bool logical = true;
  // The engine's figure: mean nodes of the uniqueness search (limit 2).
  double nodes = 0;
  // Solutions the search found (1: unique; 2 means two or more).
  std::uint64_t solutions = 0;
};

// Rates `puzzle` under the solver's rules. Cages are left to the engine: the
// techniques do not use sums, so a killer is rated by nodes (and its level
// is the one the techniques reach without the cages). `relabellings`
// searches are averaged (1 when the rules have cages: a relabelling would
// break the sums); 0 leaves the engine out (nodes and solutions stay 0), for
// a quick level.
XCOVER_API SudokuRating rate_sudoku(SudokuSolver& solver, const SudokuBoard& puzzle,
                                    int relabellings = 8);

}  // namespace xcover
