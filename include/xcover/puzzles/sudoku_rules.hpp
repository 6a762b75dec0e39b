// SPDX-License-Identifier: MIT
// Sudoku of any shape: a side x side board, digits 1..side, and houses (sets
// of `side` cells that hold every digit once): rows and columns always, then
// boxes of R x C cells, jigsaw regions, the two diagonals (X), windows
// (windoku / hyper), any extra region; killer cages (distinct digits with a
// given sum). Each set of rules is one exact-cover problem:
//
//   items:   one per cell (filled once), one per (house, digit) (placed once),
//            one per cage (its digit set chosen once), and a secondary item
//            per (cage, digit) (used at most once);
//   options: k * side + digit - 1 puts `digit` in the k-th open cell (not a
//            hole; without holes cell k) and covers the cell, its houses'
//            items for the digit and (cage, digit); after them, one option
//            per cage and set of digits with the cage's sum, which takes
//            (cage, d) for every digit d NOT in the set, so the cage's cells
//            can only use the set's digits.
//   A house with holes, or a region of fewer cells, takes secondary items
//   instead: each digit at most once (Knuth's generalized Sudoku).
//
// The 9x9 classic has a faster dedicated path (SudokuSolver, sudoku.hpp);
// these rules serve every shape and agree with it on the classic.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/problem.hpp"
#include "xcover/puzzles/sudoku.hpp"

namespace xcover {

// A board of any side: cells row by row, 0 for a blank, digits 1..side.
struct XCOVER_API SudokuBoard {
  int side = 0;
  std::vector<std::uint8_t> cells;

  SudokuBoard() = default;
  explicit SudokuBoard(int board_side)
      : side(board_side), cells(static_cast<std::size_t>(board_side * board_side), 0) {}
  int get(int row, int column) const { return cells[row * side + column]; }
  int given_count() const;
  friend bool operator==(const SudokuBoard&, const SudokuBoard&) = default;
};

// The symbols a board's digits are written with: symbols[d - 1] is digit d.
// The default for side n: 1-9 then A-Z (n <= 35), or 0-9 then A-Z for 36; a
// blank is '.', and '0' too while '0' is not a digit. An explicit alphabet
// ("0123456789ABCDEF" for hex 16x16) makes '.' the only blank.
class XCOVER_API SudokuAlphabet {
 public:
  static SudokuAlphabet standard(int side);
  // SudokuError when it repeats a symbol, holds '.' or a blank character,
  // or has fewer symbols than the side.
  static SudokuAlphabet custom(std::string_view symbols, int side);

  const std::string& symbols() const { return symbols_; }
  char symbol(int digit) const { return digit == 0 ? '.' : symbols_[digit - 1]; }
  // 0 for a blank, 1..side for a digit, -1 for anything else.
  int value(char c) const;
  // "1-9", "1-9 and A-G", "0-9 and A-F", or the symbols themselves.
  std::string describe() const;
  // Whether '0' reads as a blank (the standard alphabets up to side 35).
  bool zero_is_blank() const { return zero_is_blank_; }

 private:
  std::string symbols_;
  bool zero_is_blank_ = true;
  signed char values_[256] = {};
};

class XCOVER_API SudokuRules {
 public:
  struct House {
    std::string name;        // "row 1", "box 3", "region A", "diagonal", "window 2"
    std::vector<int> cells;  // `side` distinct cells
  };
  struct Cage {
    std::vector<int> cells;  // distinct cells, distinct digits
    int sum = 0;
  };

  // Rows and columns only: Latin squares of side 1..64.
  explicit SudokuRules(int side);
  // Boxes of box_rows x box_columns cells on a board of side rows * columns:
  // 2x3 for 6x6, 2x4 for 8x8, 3x3 for 9x9, 3x4 for 12x12, 4x4, 5x5, 6x6.
  static SudokuRules boxes(int box_rows, int box_columns);
  // Jigsaw: one symbol per cell, row by row, naming its region; each symbol
  // marks `side` cells (side = the square root of the length).
  static SudokuRules jigsaw(std::string_view regions);

  // The two long diagonals (X-Sudoku).
  SudokuRules& add_diagonals();
  // Windows (windoku, hyper Sudoku): boxes of the box shape set one cell in
  // from the edge and one apart; 9x9 gets four. SudokuError without boxes.
  SudokuRules& add_windows();
  // Any house of `side` cells; SudokuError for a wrong count or cell.
  SudokuRules& add_house(std::string name, std::vector<int> cells);
  // A region of 1..side cells that holds no digit twice; with `side` open
  // cells it is a house (every digit once).
  SudokuRules& add_region(std::string name, std::vector<int> cells);
  // A hole: a cell left out of the puzzle, never filled. Rows, columns and
  // houses through it then hold each digit at most once.
  SudokuRules& add_hole(int cell);
  // A killer cage; SudokuError when no distinct digits reach the sum.
  SudokuRules& add_cage(std::vector<int> cells, int sum);

  int side() const { return side_; }
  int cell_count() const { return side_ * side_; }
  int box_rows() const { return box_rows_; }  // 0 without boxes
  int box_columns() const { return box_columns_; }
  const std::vector<House>& houses() const { return houses_; }
  const std::vector<Cage>& cages() const { return cages_; }
  bool is_hole(int cell) const { return !holes_.empty() && holes_[static_cast<std::size_t>(cell)]; }
  // The cells that are not holes, in order (option k of the problem, for k
  // below open_cells().size() * side, puts digit k % side + 1 in cell
  // open_cells()[k / side]).
  std::vector<int> open_cells() const;
  // Whether a house holds every digit (side open cells) or each at most once.
  bool full(const House& house) const;
  // e.g. "9x9, 3x3 boxes, diagonals", for messages and output.
  std::string describe() const;

  // The exact-cover problem (see the top of this file).
  Problem problem() const;
  // The first rule a board's filled cells break ("digit 5 twice in row 1
  // (columns 2 and 7)", "cage 3 (r1c1 r1c2) sums to 12, not 10"); empty when
  // they break none. Cages are checked for their sum only when full.
  std::string find_conflict(const SudokuBoard& board) const;
  // True when `solution` is full, breaks no rule and keeps the givens.
  bool is_solution(const SudokuBoard& puzzle, const SudokuBoard& solution) const;

 private:
  void add_standard_house(std::string name, std::vector<int> cells);
  int side_;
  int box_rows_ = 0, box_columns_ = 0;
  std::vector<std::string> extras_;  // what describe() lists after the shape
  std::vector<House> houses_;
  std::vector<Cage> cages_;
  std::vector<bool> holes_;  // empty: none
  int hole_count_ = 0;
};

// Reads a board of `side` cells a row: the cells run up to the first
// whitespace, ',' or ':'. From side 10 up, with an alphabet where '0' is a
// blank, a line holding '0' but not the last digit is refused as ambiguous
// (it may be written in digits from 0, as hex is). SudokuError ("80 cells; a 9x9 board has 81",
// "'G' at position 5 (row 1, column 5) is not a symbol of this board (1-9,
// '.' for a blank)").
XCOVER_API SudokuBoard parse_board(std::string_view line, int side,
                                   const SudokuAlphabet& alphabet);
XCOVER_API std::string to_line(const SudokuBoard& board, const SudokuAlphabet& alphabet);
// Knuth's generalized Sudoku, as his DLX data generator for it reads it:
// n lines of n characters (n from 1 to 32), each a clue (1-9 then a-w),
// '#' for a hole or anything else for a blank; then any number of groups of
// n lines naming boxes, each character a box (0-9 then a-v) or '.' for none
// in this group. A box may take cells in several groups and holds at most n
// (with n open cells it holds every digit, else each at most once); rows and
// columns through holes, likewise. ParseError names SOURCE:LINE.
struct KnuthSudoku {
  SudokuRules rules{1};
  SudokuBoard puzzle;
  SudokuAlphabet alphabet = SudokuAlphabet::standard(1);  // 1-9 then a-w
};
XCOVER_API KnuthSudoku parse_knuth_sudoku(std::string_view text, const std::string& source);
// A board in that layout: n lines of n symbols, '#' for holes, '.' blanks.
XCOVER_API std::string to_knuth_lines(const SudokuBoard& board, const SudokuRules& rules,
                                      const SudokuAlphabet& alphabet);

// Killer cages as text, separated by blanks: each its cells as r<row>c<column>
// (from 1), '=', and its sum: "r1c1r1c2=3 r1c3r2c3r3c3=15". add_cages throws
// SudokuError naming the cage and what is wrong; cages_text writes them so.
XCOVER_API void add_cages(SudokuRules& rules, std::string_view text);
XCOVER_API std::string cages_text(const SudokuRules& rules);
// Rows of symbols separated by spaces, boxes by '|' and lines of '-' when
// the rules have boxes.
XCOVER_API std::string to_grid(const SudokuBoard& board, const SudokuRules& rules,
                               const SudokuAlphabet& alphabet);
// The puzzle's board and the solution's side by side, four spaces apart.
XCOVER_API std::string to_grid(const SudokuBoard& puzzle, const SudokuBoard& solution,
                               const SudokuRules& rules, const SudokuAlphabet& alphabet);

}  // namespace xcover
