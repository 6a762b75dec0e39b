// SPDX-License-Identifier: MIT
// Polyforms as exact cover: cover every cell of a board, on one of four
// lattices, with pieces that turn (and flip) as the lattice allows, and
// count the tilings once each up to the board's symmetries (distinct).
//
//   namespace pf = xcover::polyform;
//   pf::Tiling soma = pf::make_tiling(pf::Lattice::cube, *pf::builtin_board(pf::Lattice::cube,
//                                     "3x3x3"), pf::named_pieces(pf::Lattice::cube, "soma"),
//                                     {.distinct = true});
//   pf::count(soma).solutions;  // 240 (11,520 without .distinct)
//
// Cells. Every lattice names a cell by row, column and layer (layer 0 in
// the plane); rows run down, columns right, layers back:
//   square    the unit squares: (row, col).
//   triangle  strips of triangles, each row a strip; in row r the triangle
//             at column c points up when r + c is even, down when odd, and
//             shares its vertical neighbour's horizontal edge. A hexagon of
//             six triangles is rows 0 and 1, columns 0..2.
//   hex       hexagons in a parallelogram, as on a Hex board: row r + 1 sits
//             half a hexagon right of row r; (r, c) touches (r, c +- 1),
//             (r - 1, c), (r - 1, c + 1), (r + 1, c - 1) and (r + 1, c).
//   cube      unit cubes: (row, col, layer).
//   prism     triangular prisms: the triangle lattice's cells in layers,
//             (row, col, layer), up when row + col is even.
//   sphere    spheres in the face-centred cubic packing: the cells (row,
//             col, layer) with row + col + layer even, each touching the 12
//             at (+-1, +-1, 0) in some order. A square pyramid of spheres
//             (3D Kanoodle) is layers of squares on the diagonal; a layer of
//             the triangular kind lies in a plane row + col + layer = k.
//   rhombic   BurrTools' rhombic grid: cubes of 5x5x5 cells of which 24 are
//             the lattice's (the pieces each cube is cut into, toward its
//             faces and corners): (row, col, layer) is one when, each
//             coordinate taken mod 5 and folded onto 0..2 (3 is 1, 4 is 0),
//             they are 0, 1 and 2 in some order.
//   tetra-octa BurrTools' tetrahedra-octahedra grid: cubes of 3x3x3 cells,
//             of which the centre (an octahedron) and four alternate corners
//             (tetrahedra), the corners (0 or 2 each) with an even number
//             of 2s when the cube's (row/3 + col/3 + layer/3) is odd, an odd
//             number when it is even.
// Voxel (x, y, z) of a BurrTools file is row y, column x, layer z (on
// prisms, row -y: BurrTools' y runs up the screen).
// A picture writes one line a row, '#' a cell and '.' none (blanks are
// ignored, so a hexagonal picture may be indented); on the cube lattice a
// line of '-' alone goes to the next layer.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/parallel.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover::polyform {

// The lattices (see above for their cells): three in the plane, five in
// space (BurrTools' five grids: bricks are the cube lattice).
enum class Lattice { square, triangle, hex, cube, prism, sphere, rhombic, tetra_octa };

// "square", "triangle", "hex", "cube", "prism", "sphere", "rhombic",
// "tetra-octa".
XCOVER_API const char* to_string(Lattice lattice);
// The lattice of that name (also "triangular", "hexagonal", "cubic",
// "triangular-prism", "spheres", "fcc", "rhombic-dodecahedron",
// "tetra_octa"); std::nullopt for another word.
XCOVER_API std::optional<Lattice> lattice_named(std::string_view name);
// Whether the lattice's cells fill space (layers other than 0): all but
// square, triangle and hex.
XCOVER_API bool is_solid(Lattice lattice);

// A cell of a lattice (see above).
struct Cell {
  int row = 0;                                                 // down
  int col = 0;                                                 // right
  int layer = 0;                                               // back (0 in the plane)
  friend bool operator==(const Cell&, const Cell&) = default;  // the same cell
  // Layer by layer, then row by row.
  friend std::strong_ordering operator<=>(const Cell& a, const Cell& b) {
    if (a.layer != b.layer) return a.layer <=> b.layer;
    if (a.row != b.row) return a.row <=> b.row;
    return a.col <=> b.col;
  }
};

// A set of cells, kept sorted and without repeats.
class XCOVER_API Shape {
 public:
  Shape() = default;
  // The cells, sorted and without repeats.
  explicit Shape(std::vector<Cell> cells);
  // '#' is a cell, anything else a hole; row r, column c is cell {r, c}
  // (layer 0).
  static Shape from_picture(const std::vector<std::string>& rows);

  const std::vector<Cell>& cells() const { return cells_; }     // sorted
  int size() const { return static_cast<int>(cells_.size()); }  // how many cells
  bool contains(Cell cell) const;                               // whether the cell is one
  // The shape moved so that its least row, column and layer are 0.
  // (A triangular shape moves by lattice steps: see normalized(Lattice,...).)
  Shape normalized() const;
  // Rows with '#' and '.' over the rows and columns the cells span (the
  // cells of every layer drawn on the one picture).
  std::vector<std::string> picture() const;

  friend bool operator==(const Shape&, const Shape&) = default;  // the same cells

 private:
  std::vector<Cell> cells_;
};

// A board is a shape: its cells are the ones to cover.
using Board = Shape;

// --- lattices: symmetries and orientations ---------------------------------

// Whether `cell` is one of the lattice's (layer 0 in the plane; see above
// for the others).
XCOVER_API bool is_cell(Lattice lattice, Cell cell);

// How many symmetries turn (and reflect) the lattice's shapes: rotations
// (4 on squares, 6 on triangles and hexagons, 12 on prisms, 24 on cubes
// and BurrTools' rhombic and tetra-octa grids, 120 on spheres as BurrTools
// counts them), and as many reflections. Symmetry k, for k from 0 to
// symmetry_count(lattice) - 1, is a rotation for k < rotation_count(lattice),
// a reflection after; 0 is the identity. On spheres, 96 of the rotations
// (turns by thirds, as 60 degrees about a body diagonal) map only some
// shapes onto the lattice: transform(Shape) says which.
XCOVER_API int rotation_count(Lattice lattice);
XCOVER_API int symmetry_count(Lattice lattice);
// Symmetry k applied to a cell: about the origin (on the rhombic and
// tetra-octa lattices, a coordinate negated is reflected about the centre
// of the block of 5, or 6, at the origin). Throws ProblemError for a k out
// of range, or on spheres a turn that takes the cell off the lattice.
XCOVER_API Cell transform(Lattice lattice, int symmetry, Cell cell);
// Symmetry k applied to a shape, up to a translation of the lattice;
// std::nullopt when it does not map the shape onto the lattice (only some
// of the sphere lattice's turns, about the shape's first cell).
XCOVER_API std::optional<Shape> transform(Lattice lattice, int symmetry, const Shape& shape);
// Whether a move by `offset` (row, col, layer) maps the lattice onto itself
// (on triangles and prisms, row + col even keeps each triangle's direction;
// on spheres row + col + layer even; on the rhombic lattice whole blocks of
// 5; on tetra-octa whole blocks of 3, an even number of them).
XCOVER_API bool is_translation(Lattice lattice, Cell offset);
// The shape moved by a translation of the lattice so that its least row,
// column and layer are 0 (on triangles, prisms and spheres the column may
// be 1; on the rhombic and tetra-octa lattices, in the first block, or on
// tetra-octa the layer in the second): two shapes are translates of each
// other exactly when these are equal.
XCOVER_API Shape normalized(Lattice lattice, const Shape& shape);
// The distinct orientations of a shape, each normalized: its images under
// the rotations, and the reflections too when `reflections`.
XCOVER_API std::vector<Shape> orientations(Lattice lattice, const Shape& shape,
                                           bool reflections = true);

// --- pieces and boards ----------------------------------------------------

// A piece: its name, its shape as given, and how many of it to place.
struct Piece {
  std::string name;  // letters, digits, '_' and '-'; not a cell's item name
  Shape shape;       // as given; make_tiling turns (and flips) it
  // Identical copies: a tiling that swaps two is the same tiling.
  int copies = 1;
  // Fewest copies a tiling uses, from 0 to `copies`; unset: all of them.
  std::optional<int> min_copies = std::nullopt;
  // Whether it may be flipped over (placed as its mirror image); unset: as
  // TilingOptions::reflections says.
  std::optional<bool> flips = std::nullopt;
  // The colour of each cell, in the order of shape.cells() (BurrTools'
  // colour constraints: see Puzzle::colour_pairs); 0 is none. Empty: no
  // colours.
  std::vector<int> colours = {};
  // BurrTools' piece groups: pieces of one group (number 1 up) may stay
  // together when the puzzle comes apart. Kept for disassembly; they do not
  // change the tilings. Empty: group 0, none.
  std::vector<int> groups = {};

  // The fewest copies a tiling uses: min_copies, or all of them.
  int fewest() const { return min_copies.value_or(copies); }
};

// The named piece sets: "tetrominoes" (5), "pentominoes" (12), "hexominoes"
// (35) on the square and cube lattices; "hexiamonds" (12) on triangles;
// "tetrahexes" (7) on hexagons; "soma" (7) and "bedlam" (13) on cubes;
// "trispheres" (4) and "tetraspheres" (every connected shape of three or
// four spheres, once up to turns and mirrors) on spheres; "kanoodle" (12: V3, I4, L4, O4 and the
// pentominoes L5 N5 P5 U5 V5 W5 X5 Y5, 55 cells) on squares, cubes and spheres, where its pieces
// lie in a square layer of the packing. On the cube lattice a planar set means
// its flat pieces (the 12 flat pentacubes). Empty for a name the lattice does not have (a vector,
// not an optional: `for (p : *named_pieces(...))` would read a temporary
// that is gone).
XCOVER_API std::vector<Piece> named_pieces(Lattice lattice, std::string_view name);
// The names named_pieces() knows on a lattice.
XCOVER_API std::vector<std::string> piece_set_names(Lattice lattice);

// Boards by name:
//   square    RxC, a rectangle; 8x8-centre (or 8x8-center), the 8x8 square
//             without its central 2x2.
//   triangle  RxC, a parallelogram of R rows of C rhombi (2RC triangles);
//             hexagon-N, a hexagon of side N (6N^2 triangles); triangle-N,
//             a triangle of side N (N^2 triangles).
//   hex       RxC, a parallelogram of R rows of C hexagons; hexagon-N, a
//             hexagon of side N (3N(N-1)+1 hexagons); triangle-N, a
//             triangle of side N (N(N+1)/2 hexagons).
//   cube      RxCxL, a box of R rows, C columns and L layers.
//   prism     RxCxL, L layers of the triangle lattice's RxC.
//   sphere    RxCxL, the spheres of the box; pyramid-N, a square pyramid of
//             side N (3D Kanoodle's 55 spheres: pyramid-5); tetrahedron-N,
//             a triangular one (N(N+1)(N+2)/6 spheres).
//   rhombic, tetra-octa  RxCxL, R x C x L of the grid's cubes (24 cells a
//             cube, or 5).
// std::nullopt for an unknown name or a side over 1000.
XCOVER_API std::optional<Board> builtin_board(Lattice lattice, std::string_view name);
// The forms of the names builtin_board() knows on a lattice, with an
// example, for messages: "RxC or 8x8-centre, e.g. 6x10" on squares,
// "RxC, hexagon-N or triangle-N, e.g. 4x7" on hexagons.
XCOVER_API std::string board_forms(Lattice lattice);

// --- the picture file format ------------------------------------------------

// A file of pictures, as the polyomino one (see polyomino.hpp), on any
// lattice:
//
//   board
//   ####
//   ####
//   piece L x2 1..2 one-sided
//   #.
//   ##
//
// "piece NAME [xN] [M..N] [one-sided]": N copies (default 1), of which at
// least M are used (M..N with N the copies, or alone "M..N" meaning N
// copies), turned but not flipped.
struct PictureFile {
  std::optional<Board> board;            // the board, if the file has one
  std::size_t board_line = 0;            // the line of the "board" header
  std::vector<Piece> pieces;             // in the order of the file
  std::vector<std::size_t> piece_lines;  // the line of each "piece" header
};

// Reads the format above; `source` names the input in messages. Throws
// ParseError ("FILE:LINE: reason").
XCOVER_API PictureFile read_pictures(std::istream& in, Lattice lattice,
                                     const std::string& source = "<stdin>");
XCOVER_API PictureFile parse_pictures(std::string_view text, Lattice lattice,
                                      const std::string& source = "<string>");

// --- puzzles from files people have -------------------------------------------

// A puzzle as a file states it.
struct Puzzle {
  Lattice lattice = Lattice::square;  // the lattice of its cells
  std::string name;                   // the problem's name in its file, if any
  Board board;                        // every cell a piece may cover
  Shape optional_cells;               // those of the board's cells that may stay empty
  std::vector<Piece> pieces;          // the pieces, with their copies and ranges
  std::string source;                 // "FILE" or "FILE:LINE": where it was read
  // BurrTools' colour constraints: the colour of each board cell, in the
  // order of board.cells() (0: none; empty: no colours), and the pairs
  // (piece colour, board colour) allowed. A piece's cell of colour p may
  // cover a board cell of colour b when either is 0 or (p, b) is listed.
  std::vector<int> board_colours;
  std::vector<std::pair<int, int>> colour_pairs;
  // The problem's items list the cells before the pieces, as Knuth's
  // generators write them (read_knuth_spec sets it): the search then breaks
  // ties between items as DLX1 does on the generator's file. Otherwise the
  // pieces come first.
  bool cells_first = false;
};

// BurrTools' files (.xmpuzzle: XML, gzip'd or plain) on the cubic grid:
// every problem of the file, in order, with its result shape (variable
// voxels as optional cells), its pieces and their count ranges. Voxel
// (x, y, z) is the cell row y, column x, layer z; a piece is named by its
// shape's name where that is a valid piece name, else S<n> (the shape's
// number from 1). Throws ParseError naming the file (and the line, where
// the XML has one) and what is wrong: not gzip or XML, another grid
// (named), a missing shape or result, voxel strings of the wrong length,
// pieces with variable voxels, colour constraints or a hole limit that
// would change the count.
XCOVER_API std::vector<Puzzle> read_burrtools(const std::string& path);
XCOVER_API std::vector<Puzzle> parse_burrtools(std::string_view bytes,
                                               const std::string& source = "<string>");
// Whether `bytes` (a file's first bytes) look like a BurrTools file: gzip's
// magic, or XML whose root element is "puzzle".
XCOVER_API bool looks_like_burrtools(std::string_view bytes);

// Knuth's polyomino-dlx, polyiamond-dlx and polycube-dlx specs (see
// docs/polyforms.md): the lattice is the generator's (square, triangle,
// cube). Throws ParseError ("FILE:LINE: reason").
XCOVER_API Puzzle read_knuth_spec(std::istream& in, Lattice lattice,
                                  const std::string& source = "<stdin>");

// --- the exact-cover problem ------------------------------------------------

// Piece `piece` (an index into Tiling::pieces) covering `cells`.
struct Placement {
  int piece;    // an index into Tiling::pieces
  Shape cells;  // the board's cells it covers
};

// How pieces are placed and which tilings are kept.
struct TilingOptions {
  // Whether pieces may be flipped over (mirrored) when their own `flips` is
  // unset; unset here: yes in the plane, no on cubes (a solid cannot be
  // mirrored).
  std::optional<bool> reflections = std::nullopt;
  // Keep one tiling of each class under the board's symmetries: its
  // rotations, and its reflections when every piece may be flipped or has
  // its mirror image in the set (with the same counts), as BurrTools counts
  // "solutions". Done by restricting one piece's placements; where that
  // alone cannot be exact, keep() decides (see Tiling::keep).
  bool distinct = false;
  // Drop the placements no tiling can use, as Knuth's DLX-PRE finds them
  // (xcover::reduce: a pentomino that cuts off a corner cell, say): the
  // same tilings, searched faster where a search would meet them often
  // (6x10's pentominoes 1.6x; the Bedlam cube's search gains nothing). Not
  // with copies or ranges (multiplicities), nor past 200,000 placements.
  bool reduce = true;
};

// The board's symmetries that make tilings equal, as the board's cells
// permuted: the board's cell k goes to cell `cells[k]`, and a piece p to
// `pieces[p]` (its mirror image's piece under a reflection of one-sided
// pieces, else p).
struct BoardSymmetry {
  int symmetry;                   // the lattice's symmetry it comes from
  std::vector<int> cells;         // board cell k -> cells[k]
  std::vector<int> pieces;        // piece p -> pieces[p]
  std::vector<int> inverse = {};  // the cell that goes to cell k: cells[inverse[k]] == k
};

// A kept placement of the cut piece that symmetries fix (other than the
// identity): in the tilings through it, a second piece's placements are cut
// to one of each class under those symmetries (its other placements share
// a secondary item "sym.N" with this option), and keep() checks the
// tilings whose second piece lies where some of them fix it.
struct SymmetricPlacement {
  int option = -1;          // the cut piece's option
  std::vector<int> fixing;  // the symmetries that fix it (indices into Tiling::symmetries)
  int second_piece = -1;    // the piece cut in its tilings; -1: none, keep() checks `fixing`
  // The second piece's kept options that some of `fixing` fix, and those
  // (sorted by option).
  std::vector<std::pair<int, std::vector<int>>> second_symmetric;
};

// A tiling as exact cover, what each option places and, with `distinct`,
// how tilings are told apart.
struct XCOVER_API Tiling {
  Lattice lattice = Lattice::square;              // the lattice of its cells
  Board board;                                    // the board to cover
  Shape optional_cells;                           // cells of the board that may stay empty
  std::vector<Piece> pieces;                      // the pieces, as given
  Problem problem;                                // the exact-cover problem (see make_tiling)
  std::vector<Placement> placements;              // placements[k]: what option k places
  std::vector<int> board_colours;                 // as Puzzle::board_colours (empty: none)
  std::vector<std::pair<int, int>> colour_pairs;  // as Puzzle::colour_pairs
  // The symmetries under which tilings are the same (the identity first):
  // with `distinct`, the group of the board that the pieces respect; else
  // empty.
  std::vector<BoardSymmetry> symmetries;
  // With `distinct`: the piece whose placements were cut to one of each
  // class under `symmetries` (-1: none could be, and keep() decides every
  // tiling), and its kept placements that symmetries fix (sorted by option).
  int restricted_piece = -1;
  std::vector<SymmetricPlacement> symmetric_placements;

  // Whether tilings of this problem need keep(): a count by the engine
  // alone (the memo, threads) is exact when this is false.
  bool needs_keep() const;
  // Whether `solution` is the one kept of its class: always true without
  // `distinct`, or when its restricted piece lies where no symmetry fixes
  // it, or its second piece where none of those fixes it; else whether it
  // is the least of its images under the symmetries that fix that placement
  // (or all of them, when no piece is restricted).
  bool keep(const Solution& solution) const;
};

// Items: each piece's name (bounds fewest:copies when that is not 1:1,
// searched then with multiplicities; a piece of 0..1 is a secondary item;
// a piece that may be left out, and of which no tiling could hold more
// copies than it has because the other pieces could not make up the cells
// left, has none: its bound never binds), then each board cell, primary
// unless it may stay empty: "rRcC" in the plane, "lLrRcC" in space
// (0-based; r-1c0 left of r0c0; with TilingOptions::reduce, cells that the
// same placements cover share the first one's item). Primary items come
// first. Options: every placement of every orientation of every piece
// on the board (with `distinct`, the restricted piece's cut to one of each
// class), less those that no tiling can use (TilingOptions::reduce); a
// piece without cells has none. Throws ProblemError for two
// pieces of one name, a name that is not a piece name, copies below 1,
// min_copies outside 0..copies, cells off the lattice (layers other than
// 0 in the plane), or optional cells off the board.
XCOVER_API Tiling make_tiling(Lattice lattice, const Board& board, std::vector<Piece> pieces,
                              const TilingOptions& options = {});
// The same for a puzzle from a file: its optional cells are secondary items.
XCOVER_API Tiling make_tiling(const Puzzle& puzzle, const TilingOptions& options = {});

// The tiling's solutions that keep() keeps, counted, on one thread
// (`threads` 1) or on several (0: one per CPU; a tiling with copies or
// ranges too, Algorithm M's tree shared out as any). options.solution_limit
// counts kept solutions.
// Without keep(), the count takes the engine's fastest course (the memo
// where it pays).
[[nodiscard]] XCOVER_API CountResult count(const Tiling& tiling, const SearchOptions& options = {},
                                           unsigned threads = 1);
// Visits each kept solution, in order, on one thread; `visit` returns false
// to stop (Status::stopped). options.solution_limit counts kept solutions.
[[nodiscard]] XCOVER_API Status solve(const Tiling& tiling, const Visitor& visit,
                                      const SearchOptions& options = {});

// What search_kept did: why it ended, and the engine's statistics with
// `solutions` the kept ones.
struct KeptSearch {
  Status status = Status::exhausted;  // solution_limit when the kept ones reached the limit
  Statistics statistics;              // statistics.solutions: the solutions kept
};
// Searches `problem`, visiting only the solutions `keep` keeps (a Tiling's
// keep(); empty: every one), with options.search.solution_limit counting
// the kept ones (the engine's limit would count every solution it finds):
// on a Solver of options.layout when options.threads is 1, else on a
// ParallelSearch (which drops its work on a stop), where `keep` runs on the
// thread that found each solution, beside the other threads' calls (it
// must be safe to call so: ParallelOptions::keep, which it takes the place
// of), and `visit` one call at a time. `visit` (may be empty) returns false
// to stop (Status::stopped). count() and solve() search so; so do the
// CLI's --distinct and --disassemble searches.
XCOVER_API KeptSearch search_kept(const Problem& problem, const Visitor& keep, const Visitor& visit,
                                  const ParallelOptions& options);

// The number of distinct tilings that a solution's images under all the
// tiling's symmetries make (1 to symmetries.size()).
XCOVER_API int orbit_size(const Tiling& tiling, const Solution& solution);

// Which copy of its piece each option of `solution` places (in the order
// of solution.options): copies of a piece are numbered 1, 2, ... in board
// order of their first cells; a piece without copies is always 1. Throws
// ProblemError for an option the problem does not have.
XCOVER_API std::vector<int> copy_numbers(const Tiling& tiling, const Solution& solution);
// What each option of `solution` is called in its pictures, text, SVG and
// STL alike: its piece's name, or NAME:COPY for a piece with copies
// (copy_numbers). Throws ProblemError for an option the problem does not
// have.
XCOVER_API std::vector<std::string> placement_labels(const Tiling& tiling,
                                                     const Solution& solution);

// The tiled board as text, each cell the name of the piece on it (when
// every name is one character and no piece has copies) or a label, NAME or
// NAME:COPY, in a field as wide as the longest (fields one blank apart).
// Square and triangle rows are drawn as pictures are read; hexagonal rows
// are indented half a field more at each row; a cube's layers follow one
// another, a line "-" between two. Throws ProblemError for an option the
// problem does not have.
XCOVER_API std::vector<std::string> tiling_picture(const Tiling& tiling, const Solution& solution);

}  // namespace xcover::polyform
