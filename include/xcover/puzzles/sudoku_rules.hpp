// SPDX-License-Identifier: MIT
// Sudoku of any shape: a side x side board, digits 1..side, and houses (sets
// of `side` cells that hold every digit once): rows and columns always, then
// boxes of R x C cells, jigsaw regions, the two diagonals (X), windows
// (windoku / hyper), any extra region; killer cages (distinct digits with a
// given sum). Each set of rules is one exact-cover problem:
//
//   items:   one per cell (filled once), one per (house, digit) (placed once),
//            one per cage (filled once);
//   options: k * side + digit - 1 puts `digit` in the k-th open cell (not a
//            hole; without holes cell k) and covers the cell and its houses'
//            items for the digit; then the cages' options.
//   A cage with few fillings (at most 120 ways to put digits of its sum in
//   its cells) is written as its fillings: each covers the cage and, for
//   each of its cells, the houses' items for the cell's digit and a
//   secondary item per cell coloured by the digit. The cell's own options
//   there cover only the cell and that coloured item, so they agree with
//   the filling chosen, and a given keeps the fillings that agree with it.
//   A bigger cage takes a secondary item per (cage, digit), which its cells'
//   options cover (each digit at most once), and one option per set of
//   digits with the cage's sum, which takes (cage, d) for every digit d NOT
//   in the set, so the cage's cells can only use the set's digits. Fillings
//   prune as soon as any cell or house changes; a digit set only once it is
//   chosen.
//   A house with holes, or a region of fewer cells, takes secondary items
//   instead: each digit at most once (Knuth's generalized Sudoku).
//
// The classic n²×n² grid is one instance: SudokuRules::boxes(n, n). The
// solver is in sudoku.hpp, lines and grids as text in sudoku_text.hpp.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/error.hpp"
#include "xcover/export.hpp"
#include "xcover/problem.hpp"

namespace xcover {

// A malformed puzzle, board or set of rules; the message says what to fix.
class XCOVER_API SudokuError : public Error {
 public:
  using Error::Error;
};

// A board of any side: cells row by row, 0 for a blank, digits 1..side.
struct XCOVER_API SudokuBoard {
  int side = 0;                     // cells a row (0: no board)
  std::vector<std::uint8_t> cells;  // side * side, row by row

  SudokuBoard() = default;
  // An empty board of that side.
  explicit SudokuBoard(int board_side)
      : side(board_side), cells(static_cast<std::size_t>(board_side * board_side), 0) {}
  // The digit in a cell (0: blank), from 0-based row and column.
  int get(int row, int column) const { return cells[row * side + column]; }
  // SudokuError for a cell off the board or a digit above the side.
  void set(int row, int column, int digit);
  int given_count() const;
  // Empties the board and gives it side `board_side`, reusing its storage.
  void reset(int board_side);
  friend bool operator==(const SudokuBoard&, const SudokuBoard&) = default;
};

// The symbols a board's digits are written with: symbols[d - 1] is digit d.
// The default for side n: 1-9 then A-Z (n <= 35), or 0-9 then A-Z for 36; a
// blank is '.', and '0' too while '0' is not a digit. An explicit alphabet
// ("0123456789ABCDEF" for hex 16x16) makes '.' the only blank.
class XCOVER_API SudokuAlphabet {
 public:
  // The default alphabet for a side (see above).
  static SudokuAlphabet standard(int side);
  // SudokuError when it repeats a symbol, holds '.' or a blank character,
  // or has fewer symbols than the side.
  static SudokuAlphabet custom(std::string_view symbols, int side);

  const std::string& symbols() const { return symbols_; }  // digit d is symbols()[d - 1]
  // The symbol of a digit, '.' for 0 (a blank).
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

// The rules of a Sudoku: the board's side, its houses, holes and cages (see
// the top of this file). A value: copy it, add to it, compare puzzles under it.
class XCOVER_API SudokuRules {
 public:
  // Cells that hold every digit once (or, with holes, each at most once).
  struct House {
    std::string name;        // "row 1", "box 3", "region A", "diagonal", "window 2"
    std::vector<int> cells;  // `side` distinct cells
  };
  // A killer cage.
  struct Cage {
    std::vector<int> cells;  // distinct cells, distinct digits
    int sum = 0;             // of its digits
  };

  // Rows and columns only: Latin squares of side 1..64.
  explicit SudokuRules(int side);
  // Boxes of box_rows x box_columns cells on a board of side rows * columns:
  // 2x3 for 6x6, 2x4 for 8x8, 3x3 for 9x9, 3x4 for 12x12, 4x4, 5x5, 6x6.
  static SudokuRules boxes(int box_rows, int box_columns);
  // Jigsaw: one symbol per cell, row by row, naming its region; each symbol
  // marks `side` cells (side = the square root of the length).
  static SudokuRules jigsaw(std::string_view regions);
  // The classic shape for a side: square boxes (4 -> 2x2, 9 -> 3x3, 16,
  // 25, 36, 49, 64). SudokuError for another side, naming box shapes that
  // fit it ("a 6x6 board has no square boxes: give its boxes, 2x3 or 3x2").
  static SudokuRules square(int side);

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
  // A killer cage; SudokuError when no distinct digits reach the sum, or
  // when more than 250,000 sets of them do (each is an option of problem();
  // no cage of a board up to 25x25 has so many, an 18-cell cage of a 36x36
  // board can have 113 million).
  SudokuRules& add_cage(std::vector<int> cells, int sum);

  int side() const { return side_; }                            // cells a row, and digits
  int cell_count() const { return side_ * side_; }              // side * side
  int box_rows() const { return box_rows_; }                    // 0 without boxes
  int box_columns() const { return box_columns_; }              // 0 without boxes
  const std::vector<House>& houses() const { return houses_; }  // rows, columns, then the rest
  const std::vector<Cage>& cages() const { return cages_; }     // in the order added
  // Whether the cell is a hole.
  bool is_hole(int cell) const { return !holes_.empty() && holes_[static_cast<std::size_t>(cell)]; }
  // The cells that are not holes, in order (option k of the problem, for k
  // below open_cells().size() * side, puts digit k % side + 1 in cell
  // open_cells()[k / side]).
  std::vector<int> open_cells() const;
  // Whether a house holds every digit (side open cells) or each at most once.
  bool full(const House& house) const;
  // e.g. "9x9, 3x3 boxes, diagonals", for messages and output.
  std::string describe() const;
  // The fewest clues a puzzle with these rules and one solution can have,
  // as far as is proven: 17 for the classic 9x9 (McGuire, Tugemann and
  // Civario, 2012), 4 for the classic 4x4; else side - 1 without cages or
  // holes (two digits missing from the clues could trade places in any
  // solution); 0 with them. A request for fewer can never be met.
  int fewest_clues() const;

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
  std::vector<bool> caged_;  // by cell: in a cage (empty: no cage yet)
  std::vector<bool> holes_;  // empty: none
  int hole_count_ = 0;
};

}  // namespace xcover
