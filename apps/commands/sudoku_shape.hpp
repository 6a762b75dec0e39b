// SPDX-License-Identifier: MIT
// What `xcover sudoku` shares between solving any shape, making puzzles and
// rating them: the shape options, the rules they give for a line, and the
// CSV / JSON output.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/puzzles/sudoku_generate.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"

namespace xcover::cli {

struct SudokuShape {
  int box_rows = 0, box_columns = 0;  // --boxes RxC
  int latin = 0;                      // --latin N
  std::string regions;                // --regions STRING
  bool jigsaw_lines = false;          // --jigsaw: regions on each line
  bool diagonals = false, windows = false;
  bool killer = false;                // --killer: cages on each line
  std::string alphabet;               // --alphabet SYMBOLS
  bool knuth = false;                 // --knuth: files in Knuth's generalized layout

  // Any option that the classic batch path does not serve.
  bool any() const;
  // The side the options fix, or 0 when the line's length decides.
  int fixed_side() const;
};

// "2x3" -> rows 2, columns 3; UsageError otherwise.
void parse_boxes(const std::string& text, SudokuShape& shape);

// One input line read under the shape: its rules (with the line's regions or
// cages), its alphabet and its board. SudokuError says what is wrong.
struct SudokuLine {
  SudokuRules rules{1};
  SudokuAlphabet alphabet = SudokuAlphabet::standard(1);
  SudokuBoard board;
  std::string regions;  // the line's own regions (--jigsaw)
  std::string key;  // equal for lines with equal rules (to reuse a solver)
};
SudokuLine read_sudoku_line(const SudokuShape& shape, std::string_view line);
// The rules for making puzzles of `side` (from --side or the shape).
SudokuRules shape_rules(const SudokuShape& shape, int side);
SudokuAlphabet shape_alphabet(const SudokuShape& shape, int side);

// A result row for --format csv (after the header) or json.
struct SudokuRow {
  std::string puzzle, solution, error;
  std::optional<std::uint64_t> count, nodes;
  std::optional<SudokuRating> rating;
};
std::string csv_header();
std::string csv_row(const SudokuRow& row);
std::string json_row(const SudokuRow& row);

enum class SudokuFormat { line, grid, csv, json };

// The options of `xcover sudoku` once parsed.
struct SudokuCommand {
  SudokuShape shape;
  SudokuFormat format = SudokuFormat::line;
  bool count = false;
  std::uint64_t limit = 2;
  std::uint64_t node_limit = 0;
  bool rate = false;
  bool stats = false;
  unsigned threads = 1;
  std::vector<std::string> files;
  // --generate
  std::uint64_t generate = 0;
  std::uint64_t seed = 1;
  SudokuSymmetry symmetry = SudokuSymmetry::none;
  std::optional<SudokuLevel> difficulty;
  int max_clues = 0;
};

// Solves, counts or rates puzzles of any shape, a line at a time.
int run_sudoku_rules(const SudokuCommand& command);
// Makes --generate N puzzles.
int run_sudoku_generate(const SudokuCommand& command);
// Solves, counts or rates puzzles in Knuth's generalized layout, one a file.
int run_sudoku_knuth(const SudokuCommand& command);

}  // namespace xcover::cli
