// SPDX-License-Identifier: MIT
// Polyomino tilings as exact cover: cover every cell of a board with a set of
// pieces, each used exactly once (a piece with copies, once per copy), turned
// and (optionally) flipped. The items are the piece names, then the board
// cells, all primary; each option is one placement of one piece. All of it
// is in namespace xcover::polyomino (its Cell, Shape and Placement are not
// the only ones a program may have):
//
//   namespace poly = xcover::polyomino;
//   poly::TilingProblem tiling =
//       poly::make_tiling(*poly::builtin_board("3x20"), poly::pentominoes());
//   xcover::Solver solver(tiling.problem);
//   solver.count().solutions;  // 8
//
// Pictures: one string a row, '#' for a cell and '.' for a hole. A text file
// (read_polyomino) holds a board and/or pieces as pictures:
//
//   | Lines starting with '|' are comments.
//   board
//   ###.
//   ####
//
//   piece L
//   #.
//   #.
//   ##
//
//   piece D x2
//   ##
//
// "board" or "piece NAME" starts a picture; the picture is the lines that
// follow, up to a blank line or the next header. NAME is letters, digits, '_'
// and '-' (e.g. "L", "P17", "big_L"), but not of the form rNcN (r0c5 and the
// like name the board's cells). "piece NAME xN" gives N identical copies of
// the piece (N >= 1). All rows of a picture have the same width (pad with
// '.'). A picture needs at least one cell; its cells need not be connected.
#pragma once

#include <compare>
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover::polyomino {

// A square of a board or piece: row and column, from 0 (or any offset).
struct Cell {
  int row;                                                      // top to bottom
  int col;                                                      // left to right
  friend auto operator<=>(const Cell&, const Cell&) = default;  // row by row
};

// A set of cells, kept sorted (row by row) and without repeats.
class XCOVER_API Shape {
 public:
  Shape() = default;
  // The cells, sorted and without repeats.
  explicit Shape(std::vector<Cell> cells);
  // '#' is a cell, anything else a hole; row r, column c is cell {r, c}.
  static Shape from_picture(const std::vector<std::string>& rows);

  const std::vector<Cell>& cells() const { return cells_; }     // sorted, row by row
  int size() const { return static_cast<int>(cells_.size()); }  // how many cells
  bool contains(Cell cell) const;                               // whether the cell is one
  // The shape moved so that its least row and least column are 0.
  Shape normalized() const;
  // Rows with '#' and '.' over the shape's bounding box.
  std::vector<std::string> picture() const;

  friend bool operator==(const Shape&, const Shape&) = default;  // the same cells

 private:
  std::vector<Cell> cells_;
};

// A board is a shape: its cells are the ones to cover.
using Board = Shape;

// A piece: its name, its shape as given, and how many identical copies.
struct PolyominoPiece {
  std::string name;  // letters, digits, '_' and '-'; not rNcN
  Shape shape;       // as given; make_tiling turns and flips it
  // Identical copies of the piece, all to be placed; a tiling that swaps
  // two copies is the same tiling, counted once.
  int copies = 1;
};

// The distinct orientations of a shape, each normalized: up to 4 rotations,
// and up to 8 with reflections (the F pentomino has 8, the X pentomino 1).
XCOVER_API std::vector<Shape> orientations(const Shape& shape, bool reflections = true);

// The 12 pentominoes with Conway's names F I L N P T U V W X Y Z.
XCOVER_API const std::vector<PolyominoPiece>& pentominoes();

// Boards by name: "RxC" is an R-by-C rectangle (e.g. "6x10", "5x12", "4x15",
// "3x20"); "8x8-centre" (or "8x8-center") is the 8x8 square without its
// central 2x2. std::nullopt for an unknown name.
XCOVER_API std::optional<Board> builtin_board(std::string_view name);

// The contents of a board-and-pieces file; either part may be missing.
struct PolyominoFile {
  std::optional<Board> board;            // the board, if the file has one
  std::size_t board_line = 0;            // the line of the "board" header
  std::vector<PolyominoPiece> pieces;    // in the order of the file
  std::vector<std::size_t> piece_lines;  // the line of each "piece" header
};

// Reads the format described above; `source` names the input in messages.
// Throws ParseError ("FILE:LINE: reason").
XCOVER_API PolyominoFile read_polyomino(std::istream& in, const std::string& source = "<stdin>");
XCOVER_API PolyominoFile parse_polyomino(std::string_view text,
                                         const std::string& source = "<string>");

// Piece `piece` (an index into the piece list) covering `cells` of the board.
struct Placement {
  int piece;    // an index into TilingProblem::pieces
  Shape cells;  // the board's cells it covers
};

// How pieces may be placed.
struct TilingOptions {
  bool reflections = true;  // false: pieces may turn but not flip over
};

// A tiling as exact cover, and what each of its options places.
struct TilingProblem {
  Board board;                         // the board to cover
  std::vector<PolyominoPiece> pieces;  // the pieces, as given
  Problem problem;                     // the exact-cover problem (see make_tiling)
  // placements[k]: what option k places.
  std::vector<Placement> placements;
};

// Items: each piece's name, then each board cell "rRcC" (0-based), all
// primary; a piece with copies is covered that many times (bounds N:N, so
// the search is Knuth's Algorithm M and counts each tiling once). Options:
// every placement of every orientation of every piece that lies on the
// board. Throws ProblemError for two pieces of the same name, a name that
// is not a piece name (see above) or copies below 1.
XCOVER_API TilingProblem make_tiling(const Board& board, std::vector<PolyominoPiece> pieces,
                                     const TilingOptions& options = {});

// Which copy of its piece each option of `solution` places (in the order
// of solution.options): the copies of a piece are numbered 1, 2, ... in the
// board order of their first cells; a piece without copies is always 1.
// Throws ProblemError for an option the problem does not have.
XCOVER_API std::vector<int> copy_numbers(const TilingProblem& tiling, const Solution& solution);

// The tiled board over its bounding box, one string a row: each cell shows
// the piece covering it, holes '.'. When every piece name is one character
// and no piece has copies, a cell is that character ("FFII..."). Otherwise
// a cell is a label, NAME or, for a piece with copies, NAME:COPY (D:1, D:2,
// ...), left-aligned in a field as wide as the longest label of the tiling;
// fields are separated by one space and each row ends at its last label
// ("m0  m1  m10" / "D:1 D:1 D:2"): split a row on blanks to read it back.
// Throws ProblemError for an option the problem does not have.
XCOVER_API std::vector<std::string> tiling_picture(const TilingProblem& tiling,
                                                   const Solution& solution);

}  // namespace xcover::polyomino
