// SPDX-License-Identifier: MIT
// Sudoku puzzles made to order under any SudokuRules: a random full board
// (random first row, random tie breaks, digits relabelled), then clues taken
// away in random order (a symmetric set at a time) whenever the puzzle stays
// unique. What is left is minimal: no clue (no symmetric set) can go. The
// same seed gives the same puzzle on every machine.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "xcover/export.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"

namespace xcover {

// Which clue positions go together.
enum class SudokuSymmetry {
  none,       // clues anywhere
  rotate180,  // a half turn about the centre
  rotate90,   // quarter turns
  mirror,     // left-right
  flip,       // top-bottom
  diagonal,   // about the main diagonal
};

// The symmetry's name, as parse_symmetry reads it.
XCOVER_API const char* to_string(SudokuSymmetry symmetry);
// "none", "rotate180", ...; SudokuError naming the choices otherwise.
XCOVER_API SudokuSymmetry parse_symmetry(std::string_view name);

// How puzzles are made.
struct SudokuGenerateOptions {
  SudokuSymmetry symmetry = SudokuSymmetry::none;  // how the clues lie
  // Killer: cut the full board into cages (of 1..5 cells, mostly 2..4) and
  // keep only the givens the cages need (often none).
  bool killer = false;
  // generate_sudokus only: rate each puzzle on the thread that made it, by
  // technique (the level) and, with rate_searches > 0, by the engine
  // (rate_sudoku's relabellings); with `level`, a puzzle of another level
  // is only rated by technique (it is to be turned away).
  bool rate = false;
  int rate_searches = 8;
  std::optional<SudokuLevel> level{};
  // Stops the making when it turns true, within a search (a big board's
  // puzzle can take minutes): generate_sudokus then returns without the
  // puzzles in hand, generate_sudoku throws SudokuError. It must outlive
  // the call.
  const std::atomic<bool>* cancel = nullptr;
};

// A puzzle made: its rules, givens and (only) solution.
struct GeneratedSudoku {
  SudokuRules rules{1};                  // the rules given, with the cages when killer
  SudokuBoard puzzle;                    // the givens: no clue can go without a second solution
  SudokuBoard solution;                  // its one solution
  std::uint64_t seed = 0;                // the seed that made it (generate_sudoku)
  std::optional<SudokuRating> rating{};  // with SudokuGenerateOptions::rate
};

// Puzzle number k of a run seeded `seed`: independent of how many threads
// make the others. SudokuError when options.cancel stopped it.
XCOVER_API GeneratedSudoku generate_sudoku(const SudokuRules& rules, std::uint64_t seed,
                                           const SudokuGenerateOptions& options = {});
// `count` puzzles on `threads` threads (0: one per core), handed to
// `deliver` in order, puzzle k from seed + k; `deliver` returns false to stop.
XCOVER_API void generate_sudokus(const SudokuRules& rules, std::uint64_t count, std::uint64_t seed,
                                 const SudokuGenerateOptions& options, unsigned threads,
                                 const std::function<bool(const GeneratedSudoku&)>& deliver);

// Which puzzles generate_fitting keeps.
struct SudokuFit {
  std::optional<SudokuLevel> level{};  // of this level (by technique), when set
  int max_clues = 0;                   // of at most this many givens, when not 0
};

// Refuses a fit no puzzle can meet, before any is made: with fit.max_clues
// under rules.fewest_clues() (and not options.killer, whose cages may leave
// no clue), SudokuError "clues N: no RULES puzzle with one solution has
// fewer than M clues" (the CLI says --clues). generate_fitting checks it
// first too.
XCOVER_API void check_fit(const SudokuRules& rules, const SudokuGenerateOptions& options,
                          const SudokuFit& fit);

// What generate_fitting did.
struct SudokuFitting {
  std::uint64_t made = 0;   // puzzles that fitted, handed to `deliver`
  std::uint64_t tried = 0;  // puzzles made, fitting or not
  // Why it made fewer than asked, as a sentence to show (empty when it
  // made them all, or `deliver` or options.cancel stopped it): the tries
  // ran out.
  std::string shortfall;
};

// The first `wanted` puzzles that fit `fit`, from the seeds seed, seed + 1,
// ... (generate_sudokus on `threads` threads, with a rating by technique
// when a level is asked and options.rate is not set), handed to `deliver`
// in seed order; `deliver` returns false to stop. Without a filter these
// are the first `wanted` seeds; with one it tries up to 10,000 puzzles for
// each one wanted. (A level may seldom come: 8 in 1,000 minimal 9x9
// puzzles are simple, and minimal puzzles from 12x12 up nearly all need
// guessing, expert.) The CLI's, Python's and JavaScript's generate with a
// difficulty or clues.
XCOVER_API SudokuFitting
generate_fitting(const SudokuRules& rules, std::uint64_t wanted, std::uint64_t seed,
                 const SudokuGenerateOptions& options, const SudokuFit& fit, unsigned threads,
                 const std::function<bool(const GeneratedSudoku&)>& deliver);

// True when the puzzle has one solution and taking away any one clue (with
// a symmetry: the clues of any one symmetric set) gives it more.
XCOVER_API bool is_minimal(SudokuSolver& solver, const SudokuBoard& puzzle,
                           SudokuSymmetry symmetry = SudokuSymmetry::none);

}  // namespace xcover
