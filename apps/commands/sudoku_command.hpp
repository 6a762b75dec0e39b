// SPDX-License-Identifier: MIT
// `xcover sudoku` in three steps: sudoku.cpp parses the options into a
// SudokuCommand and picks the run; sudoku_lines.cpp solves, counts or rates
// puzzle lines of any shape on the library's batch runner,
// sudoku_make.cpp makes puzzles, sudoku_knuth.cpp reads Knuth's layout; the
// rows they print are written here (sudoku_output.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_generate.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"

namespace xcover::cli {

enum class SudokuFormat { line, grid, csv, json, svg };

// The options of `xcover sudoku` once parsed and checked.
struct SudokuCommand {
  SudokuLineFormat lines;  // the shape: how each line is read
  bool knuth = false;      // --knuth: files in Knuth's generalized layout
  SudokuFormat format = SudokuFormat::line;
  bool count = false;
  std::uint64_t limit = 2;       // with count
  std::uint64_t node_limit = 0;  // per puzzle; 0: none
  bool rate = false;
  bool stats = false;
  std::string color = "auto";  // --color
  bool colored = false;        // what --color settled
  unsigned threads = 1;
  std::vector<std::string> files;
  // --generate
  bool generating = false;
  std::uint64_t generate = 0;
  std::uint64_t seed = 1;
  SudokuSymmetry symmetry = SudokuSymmetry::none;
  std::optional<SudokuLevel> difficulty;
  int max_clues = 0;
};

// Solves, counts or rates puzzle lines of any shape, in input order.
int run_sudoku_lines(const SudokuCommand& command);
// Makes --generate N puzzles.
int run_sudoku_generate(const SudokuCommand& command);
// Solves, counts or rates puzzles in Knuth's generalized layout, one a file.
int run_sudoku_knuth(const SudokuCommand& command);

// "2x3" -> rows 2, columns 3; UsageError otherwise.
void parse_boxes(const std::string& text, SudokuLineFormat& format);

// A result row for --format csv (after the header) or json.
struct SudokuRow {
  std::string puzzle, solution, error;
  std::optional<std::uint64_t> count, nodes;
  std::optional<SudokuRating> rating;
};
std::string csv_header();
std::string csv_row(const SudokuRow& row);
std::string json_row(const SudokuRow& row);
// Line and grid output with the givens bold and the digits found coloured:
// `text` is what to_line or to_grid wrote for `puzzle`'s solution.
std::string colored_line(const std::string& text, const SudokuBoard& puzzle);
std::string colored_grid(const std::string& text, const SudokuBoard& puzzle);
// Writes the pictures of --format svg: one as it is, more on a sheet.
void write_pictures(const std::vector<std::string>& pictures);

// "expert 153.2": a rating on a line.
std::string rating_text(const SudokuRating& rating);
// The puzzle as a line, with the regions (--jigsaw) or cages (--killer) of
// its rules after a blank, as they were read.
std::string puzzle_text(const SudokuLine& line, const SudokuLineFormat& format);

}  // namespace xcover::cli
