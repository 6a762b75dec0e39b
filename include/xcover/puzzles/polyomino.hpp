// SPDX-License-Identifier: MIT
// Polyomino tilings as exact cover: cover every cell of a board with a set of
// pieces, each used exactly once (a piece with copies, once per copy), turned
// and (optionally) flipped. This is the square lattice of polyform.hpp, by
// the names it has always had; polyform.hpp has the other lattices, count
// ranges and distinct tilings. The items are the piece names, then the board
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

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyomino {

// A square of a board or piece: row and column (layer 0), from 0 (or any
// offset); ordered row by row.
using Cell = polyform::Cell;
// A set of cells, kept sorted (row by row) and without repeats.
using Shape = polyform::Shape;
// A board is a shape: its cells are the ones to cover.
using Board = polyform::Board;
// A piece: its name (letters, digits, '_' and '-'; not rNcN), its shape as
// given, and how many identical copies (a tiling that swaps two copies is
// the same tiling, counted once).
using PolyominoPiece = polyform::Piece;
// Piece `piece` (an index into the piece list) covering `cells` of the board.
using Placement = polyform::Placement;
// A tiling as exact cover (board, pieces, problem, and what each option
// places), on the square lattice.
using TilingProblem = polyform::Tiling;
// The contents of a board-and-pieces file; either part may be missing.
using PolyominoFile = polyform::PictureFile;

// The distinct orientations of a shape, each normalized: up to 4 rotations,
// and up to 8 with reflections (the F pentomino has 8, the X pentomino 1).
XCOVER_API std::vector<Shape> orientations(const Shape& shape, bool reflections = true);

// The 12 pentominoes with Conway's names F I L N P T U V W X Y Z.
XCOVER_API const std::vector<PolyominoPiece>& pentominoes();

// Boards by name: "RxC" is an R-by-C rectangle (e.g. "6x10", "5x12", "4x15",
// "3x20"); "8x8-centre" (or "8x8-center") is the 8x8 square without its
// central 2x2. std::nullopt for an unknown name.
XCOVER_API std::optional<Board> builtin_board(std::string_view name);

// Reads the format described above; `source` names the input in messages.
// Throws ParseError ("FILE:LINE: reason").
XCOVER_API PolyominoFile read_polyomino(std::istream& in, const std::string& source = "<stdin>");
XCOVER_API PolyominoFile parse_polyomino(std::string_view text,
                                         const std::string& source = "<string>");

// How pieces may be placed.
struct TilingOptions {
  bool reflections = true;  // false: pieces may turn but not flip over
};

// Items: each piece's name, then each board cell "rRcC" (0-based), all
// primary; a piece with copies is covered that many times (bounds N:N, so
// the search is Knuth's Algorithm M and counts each tiling once). Options:
// every placement of every orientation of every piece that lies on the
// board. Throws ProblemError for two pieces of the same name, a name that
// is not a piece name (see above) or copies below 1.
XCOVER_API TilingProblem make_tiling(const Board& board, std::vector<PolyominoPiece> pieces,
                                     const TilingOptions& options = {});

// Which copy of its piece each option of `solution` places, and the tiled
// board as text: see polyform::copy_numbers and polyform::tiling_picture
// (on squares a cell is the piece's one-character name, or a label NAME or
// NAME:COPY in a field as wide as the longest, fields one blank apart:
// "m0  m1  m10" / "D:1 D:1 D:2"; split a row on blanks to read it back).
using polyform::copy_numbers;
using polyform::tiling_picture;

}  // namespace xcover::polyomino
