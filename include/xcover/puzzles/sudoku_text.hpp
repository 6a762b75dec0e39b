// SPDX-License-Identifier: MIT
// Sudoku as text: one parser for every line format, and boards written back
// as lines, grids and Knuth's layout.
//
// A puzzle line holds the cells row by row ('.' for a blank, and '0' while
// '0' is not a digit); the cells run up to the first whitespace, ',' or
// ':', and what follows is ignored unless the format reads regions or cages
// there (a word written as a cage, "r1c1r1c2=3", is refused when the format
// does not read cages). A SudokuLineFormat says which rules a line is read
// under:
//
//   xcover::SudokuReader reader;                 // classic: side from the length
//   xcover::SudokuLine line = reader.read("53..7....6..195...");  // SudokuError if bad
//   xcover::SudokuReader jigsaw({.jigsaw_lines = true});  // cells, a blank, regions
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "xcover/export.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"

namespace xcover {

// How puzzle lines are read: which rules and alphabet each line gets.
struct XCOVER_API SudokuLineFormat {
  // Boxes of box_rows x box_columns cells; with none of the shapes below,
  // the line's length gives the side and the boxes are square (81 -> 3x3).
  int box_rows = 0, box_columns = 0;
  int latin = 0;              // an N x N Latin square: rows and columns only
  std::string regions{};      // jigsaw regions for every line (one symbol a cell)
  bool jigsaw_lines = false;  // each line: cells, a blank, its region string
                              // (or the two run together, 2 * side² characters)
  bool diagonals = false;     // X-Sudoku
  bool windows = false;       // windoku (hyper)
  bool killer = false;        // each line: cells, then cages "r1c1r1c2=3 ..."
  std::string alphabet{};     // the digits' symbols; empty: the standard ones

  // The side the format fixes, or 0 when each line's length decides.
  int fixed_side() const;
  // Whether each line brings rules of its own (regions or cages).
  bool rules_per_line() const { return jigsaw_lines || killer; }
};

// One puzzle line read under a format.
struct SudokuLine {
  // Shared between the lines of a reader that have the same rules.
  std::shared_ptr<const SudokuRules> rules;
  std::shared_ptr<const SudokuAlphabet> alphabet;
  SudokuBoard board;
  std::string regions;  // the line's own regions (jigsaw_lines)
  // Equal for lines with equal rules: a solver built for one serves the other.
  std::string key;
};

// Reads lines under one format, keeping the rules of each side it met (so
// a file of classic puzzles builds its rules once). Not thread-safe: one
// reader per thread.
class XCOVER_API SudokuReader {
 public:
  // SudokuError when the format's options do not go together or give no
  // rules (a jigsaw string of the wrong length, a bad alphabet, ...).
  explicit SudokuReader(SudokuLineFormat format = {});

  // Reads `text` into `line`, reusing its storage; false with `error` set
  // ("80 cells; ...", "'G' at position 5 (row 1, column 5) is not a symbol
  // of this board (1-9; '.' or '0' for a blank)") when it is not a puzzle of
  // the format. Givens are not checked against the rules.
  bool read(std::string_view text, SudokuLine& line, std::string& error);
  // The same, throwing SudokuError.
  SudokuLine read(std::string_view text);

  const SudokuLineFormat& format() const { return format_; }  // how it reads lines
  // The format's rules and alphabet for boards of `side` (without any
  // line's regions or cages): what a generator makes puzzles under.
  SudokuRules rules_for(int side) const;
  // The alphabet lines of that side are read with.
  SudokuAlphabet alphabet_for(int side) const;

 private:
  struct Shape {
    std::shared_ptr<const SudokuRules> rules;
    std::shared_ptr<const SudokuAlphabet> alphabet;
    std::string key;
  };
  const Shape& shape_for(int side);
  SudokuLineFormat format_;
  std::map<int, Shape> shapes_;  // by side, for formats without per-line rules
};

// A puzzle line read as the classic format reads it (the side from the
// length, square boxes, the standard alphabet); SudokuError if it is not one.
XCOVER_API SudokuBoard parse_sudoku(std::string_view line);

// Reads a board of `side` cells a row. From side 10 up, with an alphabet
// where '0' is a blank, a line holding '0' but not the last digit is refused
// as ambiguous (it may be written in digits from 0, as hex is). SudokuError
// ("80 cells; a 9x9 board has 81", "'G' at position 5 (row 1, column 5) is
// not a symbol of this board (1-9; '.' or '0' for a blank)").
XCOVER_API SudokuBoard parse_board(std::string_view line, int side, const SudokuAlphabet& alphabet);
// The same into `board` (its storage reused): false with `error` set.
XCOVER_API bool parse_board(std::string_view line, int side, const SudokuAlphabet& alphabet,
                            SudokuBoard& board, std::string& error);

// One line of cells ("534678912..."), blanks as '.'; without an alphabet,
// the standard one of the board's side.
XCOVER_API std::string to_line(const SudokuBoard& board, const SudokuAlphabet& alphabet);
XCOVER_API std::string to_line(const SudokuBoard& board);
XCOVER_API void append_line(std::string& out, const SudokuBoard& board,
                            const SudokuAlphabet& alphabet);
// Rows of symbols separated by spaces, boxes by '|' and lines of '-' when
// the rules have boxes; holes as '#'.
XCOVER_API std::string to_grid(const SudokuBoard& board, const SudokuRules& rules,
                               const SudokuAlphabet& alphabet);
// The puzzle's board and the solution's side by side, four spaces apart:
// the givens stand out on the left.
XCOVER_API std::string to_grid(const SudokuBoard& puzzle, const SudokuBoard& solution,
                               const SudokuRules& rules, const SudokuAlphabet& alphabet);

// Killer cages as text, separated by blanks: each its cells as r<row>c<column>
// (from 1), '=', and its sum: "r1c1r1c2=3 r1c3r2c3r3c3=15". add_cages throws
// SudokuError naming the cage and what is wrong; cages_text writes them so.
XCOVER_API void add_cages(SudokuRules& rules, std::string_view text);
XCOVER_API std::string cages_text(const SudokuRules& rules);

// Knuth's generalized Sudoku, as his DLX data generator for it reads it:
// n lines of n characters (n from 1 to 32), each a clue (1-9 then a-w),
// '#' for a hole or anything else for a blank; then any number of groups of
// n lines naming boxes, each character a box (0-9 then a-v) or '.' for none
// in this group. A box may take cells in several groups and holds at most n
// (with n open cells it holds every digit, else each at most once); rows and
// columns through holes, likewise. ParseError names SOURCE:LINE.
struct KnuthSudoku {
  SudokuRules rules{1};                                   // the shape: side, boxes, holes
  SudokuBoard puzzle;                                     // the clues
  SudokuAlphabet alphabet = SudokuAlphabet::standard(1);  // 1-9 then a-w
};
// Reads that layout (ParseError naming SOURCE:LINE).
XCOVER_API KnuthSudoku parse_knuth_sudoku(std::string_view text, const std::string& source);
// A board in that layout: n lines of n symbols, '#' for holes, '.' blanks.
XCOVER_API std::string to_knuth_lines(const SudokuBoard& board, const SudokuRules& rules,
                                      const SudokuAlphabet& alphabet);

}  // namespace xcover
