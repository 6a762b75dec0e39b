// SPDX-License-Identifier: MIT
// Polyforms on the four lattices: the lattices' symmetries against the
// published numbers of polyforms, built-in boards and pieces, the picture
// format's lattices, layers and ranges, published tiling counts, distinct
// counts against brute force, and the CLI.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "slow_run.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace test_polyform {

namespace pf = xcover::polyform;
using pf::Cell;
using pf::Lattice;
using pf::Shape;

// The cells sharing an edge (a face) with `cell`, written out here rather
// than taken from the library, so that the counts below check its
// symmetries against an independent notion of the lattice.
std::vector<Cell> neighbours(Lattice lattice, Cell c) {
  const int r = c.row, k = c.col, l = c.layer;
  switch (lattice) {
    case Lattice::square:
      return {{r - 1, k}, {r + 1, k}, {r, k - 1}, {r, k + 1}};
    case Lattice::hex:
      return {{r, k - 1}, {r, k + 1}, {r - 1, k}, {r - 1, k + 1}, {r + 1, k - 1}, {r + 1, k}};
    case Lattice::triangle:
      return {{r, k - 1}, {r, k + 1}, (r + k) % 2 == 0 ? Cell{r + 1, k} : Cell{r - 1, k}};
    case Lattice::cube:
      return {{r - 1, k, l}, {r + 1, k, l}, {r, k - 1, l},
              {r, k + 1, l}, {r, k, l - 1}, {r, k, l + 1}};
    case Lattice::prism:
      return {{r, k - 1, l},
              {r, k + 1, l},
              (r + k) % 2 == 0 ? Cell{r + 1, k, l} : Cell{r - 1, k, l},
              {r, k, l - 1},
              {r, k, l + 1}};
    case Lattice::sphere: {
      std::vector<Cell> next;  // the twelve at distance sqrt(2)
      for (int dr = -1; dr <= 1; ++dr)
        for (int dk = -1; dk <= 1; ++dk)
          for (int dl = -1; dl <= 1; ++dl)
            if (dr * dr + dk * dk + dl * dl == 2) next.push_back(Cell{r + dr, k + dk, l + dl});
      return next;
    }
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      break;
  }
  return {};
}

// The lattice's cells in a box of rows x cols x layers from the origin.
std::vector<Cell> blocks(Lattice lattice, int rows, int cols, int layers) {
  std::vector<Cell> cells;
  for (int l = 0; l < layers; ++l)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        if (pf::is_cell(lattice, Cell{r, c, l})) cells.push_back(Cell{r, c, l});
  return cells;
}

// The least orientation: one shape per class.
Shape canonical(Lattice lattice, const Shape& shape, bool reflections) {
  std::vector<Shape> all = pf::orientations(lattice, shape, reflections);
  return *std::min_element(all.begin(), all.end(),
                           [](const Shape& a, const Shape& b) { return a.cells() < b.cells(); });
}

// How many polyforms of 1..max cells, up to the lattice's rotations (and
// reflections).
std::vector<int> polyform_counts(Lattice lattice, int max, bool reflections) {
  std::vector<int> counts;
  std::set<std::vector<Cell>> shapes{{Cell{0, 0, 0}}};
  counts.push_back(1);
  for (int n = 2; n <= max; ++n) {
    std::set<std::vector<Cell>> grown;
    for (const std::vector<Cell>& cells : shapes) {
      const Shape shape(cells);
      for (const Cell& cell : cells) {
        for (const Cell& next : neighbours(lattice, cell)) {
          if (shape.contains(next)) continue;
          std::vector<Cell> more = cells;
          more.push_back(next);
          grown.insert(canonical(lattice, Shape(more), reflections).cells());
        }
      }
    }
    shapes = std::move(grown);
    counts.push_back(static_cast<int>(shapes.size()));
  }
  return counts;
}

TEST_CASE("polyform: each lattice's symmetries give the published numbers of polyforms") {
  // OEIS A000105 and A000988 (polyominoes, free and one-sided), A000577 and
  // A006534 (polyiamonds), A000228 and A006535 (polyhexes), A038119 and
  // A000162 (polycubes, up to reflection too and up to rotation only).
  CHECK(polyform_counts(Lattice::square, 7, true) == std::vector<int>{1, 1, 2, 5, 12, 35, 108});
  CHECK(polyform_counts(Lattice::square, 7, false) == std::vector<int>{1, 1, 2, 7, 18, 60, 196});
  CHECK(polyform_counts(Lattice::triangle, 8, true) == std::vector<int>{1, 1, 1, 3, 4, 12, 24, 66});
  CHECK(polyform_counts(Lattice::triangle, 7, false) == std::vector<int>{1, 1, 1, 4, 6, 19, 43});
  CHECK(polyform_counts(Lattice::hex, 5, true) == std::vector<int>{1, 1, 3, 7, 22});
  CHECK(polyform_counts(Lattice::hex, 5, false) == std::vector<int>{1, 1, 3, 10, 33});
  CHECK(polyform_counts(Lattice::cube, 5, true) == std::vector<int>{1, 1, 2, 7, 23});
  CHECK(polyform_counts(Lattice::cube, 5, false) == std::vector<int>{1, 1, 2, 8, 29});
}

TEST_CASE(
    "polyform: a shape without symmetry has as many orientations as the lattice has symmetries") {
  // The F pentomino; a hexiamond and a tetrahex with no symmetry of their
  // own; a polycube with none (five cubes, no two turns alike).
  const Shape f = Shape::from_picture({".##", "##.", ".#."});
  CHECK(pf::orientations(Lattice::square, f).size() == 8);
  CHECK(pf::orientations(Lattice::square, f, false).size() == 4);
  const Shape crook({{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 0}});
  CHECK(pf::orientations(Lattice::triangle, crook).size() == 12);
  const Shape hex_l({{0, 0}, {0, 1}, {0, 2}, {1, 2}});
  CHECK(pf::orientations(Lattice::hex, hex_l).size() == 12);
  const Shape solid({{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 2, 1}});
  CHECK(pf::orientations(Lattice::cube, solid).size() == 48);
  CHECK(pf::orientations(Lattice::cube, solid, false).size() == 24);
  for (Lattice lattice : {Lattice::square, Lattice::triangle, Lattice::hex, Lattice::cube}) {
    CAPTURE(pf::to_string(lattice));
    CHECK(pf::symmetry_count(lattice) == 2 * pf::rotation_count(lattice));
    CHECK(pf::transform(lattice, 0, Cell{3, 5, 0}) == Cell{3, 5, 0});
    CHECK_THROWS_AS(pf::transform(lattice, pf::symmetry_count(lattice), Cell{}),
                    xcover::ProblemError);
    CHECK(pf::lattice_named(pf::to_string(lattice)) == lattice);
  }
  CHECK(pf::lattice_named("hexagonal") == Lattice::hex);
  CHECK(!pf::lattice_named("octagon"));
  // Triangles move by lattice steps only: row + column even.
  CHECK(pf::is_translation(Lattice::triangle, Cell{1, 1, 0}));
  CHECK(!pf::is_translation(Lattice::triangle, Cell{0, 1, 0}));
  CHECK(pf::normalized(Lattice::triangle, Shape({{2, 3}})).cells() == std::vector<Cell>{{0, 1}});
  CHECK(pf::normalized(Lattice::triangle, Shape({{2, 4}})).cells() == std::vector<Cell>{{0, 0}});
}

TEST_CASE("polyform: BurrTools' solid grids: cells, symmetries, translations") {
  const std::vector<Lattice> solids{Lattice::prism, Lattice::sphere, Lattice::rhombic,
                                    Lattice::tetra_octa};
  // Every cell of a few blocks, by the lattice's own rule.
  auto cells_in = [](Lattice lattice, int side) { return blocks(lattice, side, side, side); };
  // The rhombic grid's cubes of 5 hold 24 cells; tetra-octa's of 3, five.
  CHECK(cells_in(Lattice::rhombic, 5).size() == 24);
  CHECK(cells_in(Lattice::tetra_octa, 3).size() == 5);
  CHECK(cells_in(Lattice::tetra_octa, 6).size() == 40);
  CHECK(cells_in(Lattice::sphere, 2).size() == 4);
  CHECK(cells_in(Lattice::prism, 2).size() == 8);
  for (const Lattice lattice : solids) {
    CAPTURE(pf::to_string(lattice));
    CHECK(pf::is_solid(lattice));
    CHECK(pf::lattice_named(pf::to_string(lattice)) == lattice);
    CHECK(pf::symmetry_count(lattice) == 2 * pf::rotation_count(lattice));
    // A shape of ten cells with no symmetry: each symmetry that maps it onto
    // the lattice gives another orientation, each normalized a translate of
    // the image; the cube's 48 (prisms' 24) always do.
    const std::vector<Cell> all = cells_in(lattice, 7);
    std::vector<Cell> picked;
    for (std::size_t k = 0; k < 10; ++k) picked.push_back(all[(k * 37 + k * k) % all.size()]);
    const Shape shape(picked);
    int mapped = 0;
    for (int g = 0; g < pf::symmetry_count(lattice); ++g) {
      const std::optional<Shape> image = pf::transform(lattice, g, shape);
      if (!image) continue;
      ++mapped;
      for (const Cell& cell : image->cells()) CHECK(pf::is_cell(lattice, cell));
      const Shape normal = pf::normalized(lattice, *image);
      const Cell a = image->cells().front(), b = normal.cells().front();
      CHECK(pf::is_translation(lattice, Cell{a.row - b.row, a.col - b.col, a.layer - b.layer}));
      CHECK(pf::normalized(lattice, normal) == normal);
    }
    const int expected = lattice == Lattice::prism ? 24 : 48;
    CHECK(mapped == expected);
    CHECK(static_cast<int>(pf::orientations(lattice, shape).size()) == expected);
    CHECK(static_cast<int>(pf::orientations(lattice, shape, false).size()) == expected / 2);
  }
  // A layer of spheres in a plane row + col + layer = k: the turns by
  // thirds (60 degrees about its normal) fit it too, twice the cube's 24
  // turns, and they turn it over onto its mirror images. A square layer
  // (layer = k) has the cube's alone.
  const Shape layer({{0, 0, 0}, {1, 0, -1}, {2, 0, -2}, {1, -1, 0}, {0, 1, -1}, {3, -1, -2}});
  CHECK(pf::orientations(Lattice::cube, layer, false).size() == 24);
  CHECK(pf::orientations(Lattice::sphere, layer, false).size() == 48);
  CHECK(pf::orientations(Lattice::sphere, layer).size() == 48);
  const Shape square({{0, 0, 0}, {1, 1, 0}, {2, 0, 0}, {0, 2, 0}, {3, 1, 0}});
  CHECK(pf::orientations(Lattice::sphere, square).size() == 24);
  // Moves: prisms keep row + col even, spheres row + col + layer even;
  // rhombic whole blocks of 5, tetra-octa an even number of blocks of 3.
  CHECK(pf::is_translation(Lattice::prism, Cell{1, 1, 3}));
  CHECK(!pf::is_translation(Lattice::prism, Cell{0, 1, 0}));
  CHECK(pf::is_translation(Lattice::sphere, Cell{1, 0, 1}));
  CHECK(!pf::is_translation(Lattice::sphere, Cell{1, 0, 0}));
  CHECK(pf::is_translation(Lattice::rhombic, Cell{5, -10, 0}));
  CHECK(!pf::is_translation(Lattice::rhombic, Cell{1, 0, 0}));
  CHECK(pf::is_translation(Lattice::tetra_octa, Cell{3, 3, 0}));
  CHECK(!pf::is_translation(Lattice::tetra_octa, Cell{3, 0, 0}));
  // A sphere turned by thirds off the packing is refused, cell by cell.
  CHECK_THROWS_AS(pf::transform(Lattice::sphere, 24, Cell{1, 1, 0}), xcover::ProblemError);
  // Boards: 3D Kanoodle's pyramid, a triangular pyramid, prisms in layers.
  CHECK(pf::builtin_board(Lattice::sphere, "pyramid-5")->size() == 55);
  CHECK(pf::builtin_board(Lattice::sphere, "tetrahedron-4")->size() == 20);
  CHECK(pf::builtin_board(Lattice::sphere, "2x2x2")->size() == 4);
  CHECK(pf::builtin_board(Lattice::prism, "2x3x2")->size() == 24);
  const pf::Board pyramid = *pf::builtin_board(Lattice::sphere, "pyramid-4");
  for (const Cell& cell : pyramid.cells()) CHECK(pf::is_cell(Lattice::sphere, cell));
  // The rhombic and tetra-octa grids' boards are boxes of their cubes.
  CHECK(pf::builtin_board(Lattice::rhombic, "2x2x2")->size() == 8 * 24);
  CHECK(pf::builtin_board(Lattice::tetra_octa, "2x2x2")->size() == 8 * 5);
  CHECK(pf::builtin_board(Lattice::rhombic, "1x2x1")->cells() ==
        blocks(Lattice::rhombic, 5, 10, 5));
  CHECK(!pf::builtin_board(Lattice::tetra_octa, "pyramid-3"));
}

TEST_CASE("polyform: built-in boards and piece sets") {
  auto cells = [](Lattice lattice, const char* name) {
    const std::optional<pf::Board> board = pf::builtin_board(lattice, name);
    return board ? board->size() : -1;
  };
  CHECK(cells(Lattice::square, "6x10") == 60);
  CHECK(cells(Lattice::square, "8x8-centre") == 60);
  CHECK(cells(Lattice::triangle, "6x6") == 72);
  CHECK(cells(Lattice::triangle, "hexagon-3") == 54);
  CHECK(cells(Lattice::triangle, "triangle-4") == 16);
  CHECK(cells(Lattice::hex, "4x7") == 28);
  CHECK(cells(Lattice::hex, "hexagon-3") == 19);
  CHECK(cells(Lattice::hex, "triangle-4") == 10);
  CHECK(cells(Lattice::cube, "3x4x5") == 60);
  for (const char* bad : {"6x", "x6", "0x5", "6x10x2", "hexagon-0", "1001x1", "sphere"})
    CHECK(cells(Lattice::square, bad) == -1);
  CHECK(cells(Lattice::cube, "3x4") == -1);
  CHECK(cells(Lattice::hex, "8x8-centre") == -1);

  auto sizes = [](Lattice lattice, const char* name) {
    std::vector<int> found;
    for (const pf::Piece& piece : pf::named_pieces(lattice, name))
      found.push_back(piece.shape.size());
    return found;
  };
  CHECK(sizes(Lattice::square, "tetrominoes") == std::vector<int>(5, 4));
  CHECK(sizes(Lattice::square, "pentominoes") == std::vector<int>(12, 5));
  CHECK(sizes(Lattice::square, "hexominoes") == std::vector<int>(35, 6));
  CHECK(sizes(Lattice::triangle, "hexiamonds") == std::vector<int>(12, 6));
  CHECK(sizes(Lattice::hex, "tetrahexes") == std::vector<int>(7, 4));
  CHECK(sizes(Lattice::cube, "soma") == std::vector<int>{3, 4, 4, 4, 4, 4, 4});
  std::vector<int> bedlam(12, 5);
  bedlam.push_back(4);
  CHECK(sizes(Lattice::cube, "bedlam") == bedlam);
  CHECK(sizes(Lattice::cube, "pentominoes") == std::vector<int>(12, 5));
  // Kanoodle's (IQ Puzzler's) 12 pieces, 55 balls, flat in a square layer
  // on every lattice that has the set.
  std::vector<int> kanoodle{3, 4, 4, 4};
  kanoodle.resize(12, 5);
  for (Lattice lattice : {Lattice::square, Lattice::cube, Lattice::sphere}) {
    CHECK(sizes(lattice, "kanoodle") == kanoodle);
    for (const pf::Piece& piece : pf::named_pieces(lattice, "kanoodle"))
      for (const Cell& cell : piece.shape.cells()) CHECK(cell.layer == 0);
  }
  CHECK(pf::named_pieces(Lattice::triangle, "pentominoes").empty());
  CHECK(pf::named_pieces(Lattice::square, "soma").empty());
  for (Lattice lattice :
       {Lattice::square, Lattice::triangle, Lattice::hex, Lattice::cube, Lattice::sphere})
    for (const std::string& name : pf::piece_set_names(lattice))
      CHECK(!pf::named_pieces(lattice, name).empty());
}

// The tilings of a built-in puzzle: all of them, and the distinct ones.
std::pair<xcover::Count, xcover::Count> counts(Lattice lattice, const char* board,
                                               const char* pieces, unsigned threads = 1) {
  const pf::Board on = *pf::builtin_board(lattice, board);
  const std::vector<pf::Piece> set = pf::named_pieces(lattice, pieces);
  const pf::Tiling all = pf::make_tiling(lattice, on, set);
  const pf::Tiling distinct = pf::make_tiling(lattice, on, set, {.distinct = true});
  const xcover::CountResult a = pf::count(all, {}, threads);
  const xcover::CountResult d = pf::count(distinct, {}, threads);
  REQUIRE(a.complete());
  REQUIRE(d.complete());
  return {a.solutions, d.solutions};
}

TEST_CASE("polyform: published counts, all tilings and distinct ones") {
  using Counts = std::pair<xcover::Count, xcover::Count>;
  CHECK(counts(Lattice::square, "3x20", "pentominoes") == Counts{8, 2});
  // The Soma cube: 240 up to rotation and reflection (its two screws are
  // each other's mirror image), 11,520 in all.
  CHECK(counts(Lattice::cube, "3x3x3", "soma") == Counts{11520, 240});
  // Flat pentacubes in a box, hexiamonds in a parallelogram.
  CHECK(counts(Lattice::cube, "2x3x10", "pentominoes") == Counts{96, 12});
  CHECK(counts(Lattice::triangle, "4x9", "hexiamonds") == Counts{148, 74});
  // The larger ones take seconds, and minutes under a sanitizer or an
  // emulator: the plain run counts them (on two threads).
  if (XCOVER_TEST_SLOW_RUN) return;
  // The 8x8 square without its centre.
  CHECK(counts(Lattice::square, "8x8-centre", "pentominoes", 2) == Counts{520, 65});
  CHECK(counts(Lattice::square, "6x10", "pentominoes", 2) == Counts{9356, 2339});
  CHECK(counts(Lattice::square, "5x12", "pentominoes", 2) == Counts{4040, 1010});
  CHECK(counts(Lattice::square, "4x15", "pentominoes", 2) == Counts{1472, 368});
  CHECK(counts(Lattice::cube, "2x5x6", "pentominoes", 2) == Counts{2112, 264});
  CHECK(counts(Lattice::triangle, "6x6", "hexiamonds", 2) == Counts{624, 156});
  // Kanoodle's (IQ Puzzler's) empty 5x11 tray: 371,020 tilings, as
  // published; none is symmetric, so a quarter are distinct. Its square
  // pyramid of 55 spheres: 2,448 (no figure published that we found; none
  // symmetric, so an eighth under the pyramid's 8 symmetries).
  CHECK(counts(Lattice::square, "5x11", "kanoodle", 2) == Counts{371020, 92755});
  CHECK(counts(Lattice::sphere, "pyramid-5", "kanoodle", 2) == Counts{2448, 306});
}

// Brute force: every tiling of `all` put in its class under the distinct
// tiling's symmetries (each tiling as its sorted placements, piece and
// board cells), the classes counted. Checks that the distinct count equals
// the classes, that all = the sum of the distinct tilings' orbit sizes,
// and that each distinct tiling is in a class of its own.
void check_by_brute_force(const pf::Puzzle& puzzle, pf::TilingOptions options = {}) {
  const pf::Tiling all = pf::make_tiling(puzzle, options);
  options.distinct = true;
  const pf::Tiling distinct = pf::make_tiling(puzzle, options);
  const std::vector<Cell>& board = puzzle.board.cells();
  auto index = [&](const Cell& cell) {
    return static_cast<int>(std::lower_bound(board.begin(), board.end(), cell) - board.begin());
  };
  using Key = std::vector<std::vector<int>>;
  auto key_of = [&](const pf::Tiling& tiling, const xcover::Solution& solution) {
    Key key;
    for (const int option : solution.options) {
      const pf::Placement& placement = tiling.placements[static_cast<std::size_t>(option)];
      std::vector<int> entry{placement.piece};
      for (const Cell& cell : placement.cells.cells()) entry.push_back(index(cell));
      key.push_back(entry);
    }
    std::sort(key.begin(), key.end());
    return key;
  };
  auto least_image = [&](const Key& key) {
    Key least = key;
    for (const pf::BoardSymmetry& s : distinct.symmetries) {
      Key image;
      for (const std::vector<int>& entry : key) {
        std::vector<int> moved{s.pieces[static_cast<std::size_t>(entry[0])]};
        for (std::size_t k = 1; k < entry.size(); ++k)
          moved.push_back(s.cells[static_cast<std::size_t>(entry[k])]);
        std::sort(moved.begin() + 1, moved.end());
        image.push_back(moved);
      }
      std::sort(image.begin(), image.end());
      least = std::min(least, image);
    }
    return least;
  };
  std::set<Key> classes;
  std::uint64_t total = 0;
  REQUIRE(pf::solve(all, [&](const xcover::Solution& s) {
            ++total;
            classes.insert(least_image(key_of(all, s)));
            return true;
          }) == xcover::Status::exhausted);
  std::set<Key> found;
  std::uint64_t orbits = 0, kept = 0;
  REQUIRE(pf::solve(distinct, [&](const xcover::Solution& s) {
            ++kept;
            orbits += static_cast<std::uint64_t>(pf::orbit_size(distinct, s));
            CHECK(found.insert(least_image(key_of(distinct, s))).second);
            return true;
          }) == xcover::Status::exhausted);
  CHECK(total > 0);
  CHECK(kept == classes.size());
  CHECK(found == classes);
  CHECK(orbits == total);
  CHECK(pf::count(distinct).solutions == xcover::Count(kept));
  CHECK(pf::count(distinct, {}, 2).solutions == xcover::Count(kept));
}

pf::Puzzle puzzle(Lattice lattice, const char* board, std::vector<pf::Piece> pieces) {
  pf::Puzzle p;
  p.lattice = lattice;
  p.board = *pf::builtin_board(lattice, board);
  p.pieces = std::move(pieces);
  return p;
}

std::vector<pf::Piece> pictures(const char* text, Lattice lattice) {
  return pf::parse_pictures(text, lattice).pieces;
}

// A named set, each piece used at most once (at least `fewest` times).
std::vector<pf::Piece> any_of(Lattice lattice, const char* name, int fewest = 0) {
  std::vector<pf::Piece> pieces = pf::named_pieces(lattice, name);
  for (pf::Piece& piece : pieces) piece.min_copies = fewest;
  return pieces;
}

TEST_CASE("polyform: distinct tilings against brute force on each lattice") {
  SUBCASE("squares: the 8x8 square without its centre, where symmetries fix X's placements") {
    // (The plain run's: Soma's below has such placements too.)
    if (!XCOVER_TEST_SLOW_RUN) {
      const pf::Puzzle p =
          puzzle(Lattice::square, "8x8-centre", pf::named_pieces(Lattice::square, "pentominoes"));
      check_by_brute_force(p);
    }
  }
  SUBCASE("squares: dominoes, copies of one piece: no piece to cut, every tiling checked") {
    const pf::Puzzle p =
        puzzle(Lattice::square, "4x4", pictures("piece D x8\n##\n", Lattice::square));
    check_by_brute_force(p);
    CHECK(pf::make_tiling(p, {.distinct = true}).restricted_piece == -1);
  }
  SUBCASE("squares: one-sided pieces whose set holds each one's mirror image") {
    const pf::Puzzle p =
        puzzle(Lattice::square, "4x4",
               pictures("piece L one-sided\n#.\n#.\n##\n\npiece J one-sided\n.#\n.#\n##\n\n"
                        "piece I\n####\n\npiece O\n##\n##\n",
                        Lattice::square));
    check_by_brute_force(p);
    const pf::Tiling t = pf::make_tiling(p, {.distinct = true});
    CHECK(t.symmetries.size() == 8);  // reflections too: L and J swap
  }
  SUBCASE("squares: one-sided pentominoes, without their mirror images: rotations only") {
    // (6x10: 106 in all, 53 distinct; 4x15, 16 and 8, under a sanitizer.)
    const pf::Puzzle p = puzzle(Lattice::square, XCOVER_TEST_SLOW_RUN ? "4x15" : "6x10",
                                pf::named_pieces(Lattice::square, "pentominoes"));
    check_by_brute_force(p, {.reflections = false});
    CHECK(pf::make_tiling(p, {.reflections = false, .distinct = true}).symmetries.size() == 2);
  }
  SUBCASE("triangles: any four hexiamonds in the hexagon of side 2 (ranges 0..1)") {
    check_by_brute_force(
        puzzle(Lattice::triangle, "hexagon-2", any_of(Lattice::triangle, "hexiamonds")));
  }
  SUBCASE("triangles: the hexiamonds in the 4x9 rhombus") {
    // (Seconds under a sanitizer, where "any four" above stands for it.)
    if (!XCOVER_TEST_SLOW_RUN)
      check_by_brute_force(
          puzzle(Lattice::triangle, "4x9", pf::named_pieces(Lattice::triangle, "hexiamonds")));
  }
  SUBCASE("hexagons: any tetrahexes and up to three monohexes in a hexagon (ranges)") {
    std::vector<pf::Piece> pieces = any_of(Lattice::hex, "tetrahexes");
    pieces.push_back(pf::Piece{"m", Shape({{0, 0}}), 3, 0});
    // (Side 3 has 19 cells; side 2, 7, under a sanitizer.)
    check_by_brute_force(
        puzzle(Lattice::hex, XCOVER_TEST_SLOW_RUN ? "hexagon-2" : "hexagon-3", pieces));
  }
  SUBCASE("hexagons: the tetrahexes in the 4x7 parallelogram") {
    check_by_brute_force(puzzle(Lattice::hex, "4x7", pf::named_pieces(Lattice::hex, "tetrahexes")));
  }
  // (The Soma cube and 2x3x10 take half a minute each under a sanitizer:
  // there, any Soma pieces in a 2x2x3 box, whose screws swap under its
  // mirrors, stand for them.)
  SUBCASE("cubes: the Soma cube, where symmetries fix placements of every piece") {
    const pf::Puzzle p = puzzle(Lattice::cube, "3x3x3", pf::named_pieces(Lattice::cube, "soma"));
    if (!XCOVER_TEST_SLOW_RUN) check_by_brute_force(p);
    CHECK(!pf::make_tiling(p, {.distinct = true}).symmetric_placements.empty());
  }
  SUBCASE("cubes: flat pentacubes in 2x3x10") {
    if (!XCOVER_TEST_SLOW_RUN)
      check_by_brute_force(
          puzzle(Lattice::cube, "2x3x10", pf::named_pieces(Lattice::cube, "pentominoes")));
  }
  SUBCASE("cubes: any Soma pieces in a 2x2x3 box") {
    check_by_brute_force(puzzle(Lattice::cube, "2x2x3", any_of(Lattice::cube, "soma")));
  }
  SUBCASE("spheres: any trispheres and tetraspheres in a pyramid and a tetrahedron") {
    std::vector<pf::Piece> pieces = any_of(Lattice::sphere, "trispheres");
    for (pf::Piece& piece : any_of(Lattice::sphere, "tetraspheres")) pieces.push_back(piece);
    check_by_brute_force(puzzle(Lattice::sphere, "pyramid-3", pieces));
    check_by_brute_force(puzzle(Lattice::sphere, "tetrahedron-3", pieces));
  }
  // The prism, rhombic and tetra-octa boards cut into pieces of consecutive
  // cells: at least one tiling, and pieces of every kind of cell.
  auto cut = [](Lattice lattice, const std::vector<Cell>& board, std::size_t size) {
    pf::Puzzle p;
    p.lattice = lattice;
    p.board = Shape(board);
    for (std::size_t k = 0; k < board.size(); k += size) {
      std::vector<Cell> cells(
          board.begin() + static_cast<std::ptrdiff_t>(k),
          board.begin() + static_cast<std::ptrdiff_t>(std::min(board.size(), k + size)));
      p.pieces.push_back(pf::Piece{"p" + std::to_string(k / size), Shape(cells)});
    }
    return p;
  };
  SUBCASE("prisms: a 2x2x2 board in pieces of four, with mirrors and without") {
    const pf::Puzzle p =
        cut(Lattice::prism, pf::builtin_board(Lattice::prism, "2x2x2")->cells(), 4);
    check_by_brute_force(p);
    check_by_brute_force(p, {.reflections = true});
  }
  SUBCASE("rhombic: two blocks of 5 in pieces of six") {
    check_by_brute_force(cut(Lattice::rhombic, blocks(Lattice::rhombic, 5, 10, 5), 6));
  }
  SUBCASE("tetra-octa: 2x2x1 blocks of 3 in pieces of four") {
    check_by_brute_force(cut(Lattice::tetra_octa, blocks(Lattice::tetra_octa, 6, 6, 3), 4));
  }
}

}  // namespace test_polyform

namespace test_polyform {

using xcover::test::run_cli;
using xcover::test::temp_file;

TEST_CASE("polyform CLI: lattices, piece sets, boards, distinct counts and pictures") {
  // Without options: pentominoes on 6x10, as xcover polyomino (counted by
  // the plain run: seconds under a sanitizer).
  if (!XCOVER_TEST_SLOW_RUN) CHECK(run_cli("polyform --count --distinct").out == "2339\n");
  CHECK(run_cli("polyform --board 3x20 --count").out == "8\n");
  CHECK(run_cli("polyform --board 4x15 --count --no-reflections").out == "16\n");
  CHECK(run_cli("polyform --board 4x15 --count --no-reflections --distinct").out == "8\n");
  CHECK(run_cli("polyform --board 3x20 --count --distinct --no-reduce").out == "2\n");
  CHECK(run_cli("polyform --lattice cube --pieces soma --board 3x3x3 --count --distinct").out ==
        "240\n");
  CHECK(run_cli("polyform -l triangle -p hexiamonds -b 4x9 --count --distinct").out == "74\n");
  CHECK(run_cli("polyform --lattice hex --pieces tetrahexes --board 4x7 --count").out == "18\n");
  // Solids cannot be mirrored unless asked: the Soma cube's screws then
  // stand in for each other.
  CHECK(run_cli("polyform -l cube -p soma -b 3x3x3 --count --mirrors").out != "11520\n");

  // Text pictures: hexagon rows indented half a cell more each row, cube
  // layers one after another with '-' between.
  const xcover::test::CommandResult hex =
      run_cli("polyform --lattice hex --pieces tetrahexes --board 4x7 --limit 1");
  REQUIRE(hex.exit_code == 0);
  const std::vector<std::string> rows = xcover::test::lines_of(hex.out);
  REQUIRE(rows.size() == 4);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    CAPTURE(rows[r]);
    CHECK(rows[r].find_first_not_of(' ') == r);
    // Read back, blanks dropped, a row is 7 cells.
    std::string cells = rows[r];
    std::erase(cells, ' ');
    CHECK(cells.size() == 7);
  }
  const xcover::test::CommandResult soma =
      run_cli("polyform -l cube -p soma -b 3x3x3 --limit 1 --distinct");
  CHECK(xcover::test::lines_of(soma.out).size() == 11);  // 3 layers of 3 rows, 2 '-' lines
  CHECK(xcover::test::lines_of(soma.out)[3] == "-");

  // A board and pieces from a picture file, on triangles, with a range:
  // the hexagon of six triangles from any of three dominoes (rhombi) and
  // two triangles' worth of single triangles.
  const std::string file =
      temp_file("board\n###\n###\n\npiece D 0..3\n##\n\npiece T x2 0..2\n#\n", ".txt");
  const xcover::test::CommandResult ranged = run_cli("polyform --lattice triangle --count " + file);
  CHECK(ranged.exit_code == 0);
  CHECK(ranged.err == "");
  // 3 dominoes: 2 ways; 2 dominoes and 2 triangles: the 6 ways to leave
  // out two triangles that a third domino would have covered... counted by
  // the brute force of the library tests; here the CLI agrees with it.
  const pf::PictureFile parsed = pf::parse_pictures(
      "board\n###\n###\n\npiece D 0..3\n##\n\npiece T x2 0..2\n#\n", Lattice::triangle);
  const pf::Tiling tiling = pf::make_tiling(Lattice::triangle, *parsed.board, parsed.pieces);
  CHECK(ranged.out == xcover::to_string(pf::count(tiling).solutions) + "\n");

  // Knuth's specs, by their extension.
  CHECK(run_cli("polyform --count --distinct " +
                xcover::test::data_file("polyform/knuth/soma.polycube"))
            .out == "240\n");
}

TEST_CASE("polyform CLI: what is wrong is said, with the file and line where there is one") {
  auto fails = [](const std::string& args, int code, const std::string& message) {
    const xcover::test::CommandResult r = run_cli("polyform " + args);
    CAPTURE(args);
    CHECK(r.exit_code == code);
    CHECK(r.out == "");
    CHECK(r.err.find(message) != std::string::npos);
    CAPTURE(r.err);
  };
  fails("--lattice octagon", 2,
        "unknown lattice 'octagon' (square, triangle, hex, cube, prism, sphere, rhombic or "
        "tetra-octa)");
  fails("--lattice hex --pieces pentominoes --board 4x7", 2,
        "unknown piece set 'pentominoes' on the hex lattice (tetrahexes)");
  fails("--lattice hex --pieces tetrahexes", 2,
        "the hex lattice has no default board: give --board NAME or a FILE with one");
  fails("--lattice triangle --board 6x6", 2,
        "the triangle lattice has no default pieces: give --pieces SET or a FILE with some");
  fails("--lattice cube --board 3x3", 2,
        "unknown board '3x3' on the cube lattice (RxCxL, e.g. 3x4x5; sides up to 1000)");
  // The library's defaults (frontend::resolve_tiling): the pentominoes on cubes too.
  CHECK(run_cli("polyform --lattice cube --board 2x3x10 --count --distinct").out == "12\n");
  fails("--one-sided --mirrors", 2, "--one-sided and --mirrors: give one");
  // Where keep() must see each tiling (3x4x5's middle layer fixes
  // placements), what counts without seeing them is refused; --limit counts
  // the kept tilings.
  fails("-l cube -p pentominoes -b 3x4x5 --distinct --count --memo", 2,
        "--memo cannot be given here: this search checks each solution it finds");
  CHECK(run_cli("polyform -l cube -p pentominoes -b 3x4x5 --distinct --count --limit 3").out ==
        "3\n");
  fails("--problem 0", 2, "--problem must be a number from 1 or 'all', not '0'");
  fails("--problem al", 2, "--problem must be a number from 1 or 'all', not 'al'");
  const std::string pictures = temp_file("board\n##\n\npiece D\n##\n", ".txt");
  fails("--problem 2 " + pictures, 2, "--problem picks a problem of a BurrTools file");
  const std::string layers = temp_file("board\n##\n-\n##\n", ".txt");
  fails(layers, 1,
        layers + ":3: a line of '-' starts a layer, and the square lattice is flat (one layer)");
  const std::string range = temp_file("piece D 3..2\n##\n", ".txt");
  fails("--lattice triangle " + range, 1,
        range + ":1: expected a range M..N of copies used (0 <= M <= N, N >= 1), found '3..2'");
  const std::string bad_spec = temp_file("[0-5][0-9]\nF 01 02 10 11 2\n", ".polyomino");
  fails(bad_spec, 1, bad_spec + ":2:");
}

}  // namespace test_polyform
