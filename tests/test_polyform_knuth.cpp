// SPDX-License-Identifier: MIT
// Knuth's polyomino-dlx, polyiamond-dlx and polycube-dlx specs: the cells
// each lattice's coordinates name, pieces and their multiplicities, the
// errors (FILE:LINE), and the sample specs' tilings, whose options and
// counts are those of Knuth's generators fed the same files.
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "error_of.hpp"
#include "slow_run.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/solver.hpp"

namespace test_polyform_knuth {

namespace pf = xcover::polyform;
using pf::Cell;
using pf::Lattice;
using pf::Shape;

pf::Puzzle parse(const std::string& text, Lattice lattice) {
  std::istringstream in(text);
  return pf::read_knuth_spec(in, lattice, "spec");
}

pf::Puzzle read_sample(const std::string& name, Lattice lattice) {
  const std::string path = std::string(XCOVER_TEST_DATA) + "/polyform/knuth/" + name;
  std::ifstream in(path);
  REQUIRE(in);
  return pf::read_knuth_spec(in, lattice, name);
}

// The message a spec is refused with.
std::string refusal(const std::string& text, Lattice lattice) {
  return error_of([&] { parse(text, lattice); });
}

TEST_CASE("knuth spec: polyomino-dlx's cells are row x, column y") {
  // Digits are base 62; a bracket holds digits and ranges, in any order.
  CHECK(parse("[02]b [0-2][b-b]\nX 00\n", Lattice::square).board ==
        Shape({{0, 11}, {1, 11}, {2, 11}}));
  CHECK(parse("[123]2 2[123]\nX 00\n", Lattice::square).board ==
        Shape({{1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 2}}));
  CHECK(parse("0[7-z32-4A5-5]\nX 00\n", Lattice::square).board ==
        parse("0[2-57-A]\nX 00\n", Lattice::square).board);
  CHECK(parse("[]0 Zz\nX 00\n", Lattice::square).board == Shape({{61, 35}}));
  // Tabs separate as spaces do, and a line may end in CR LF.
  CHECK(parse("00\t01\r\nX\t00\r\n", Lattice::square).board == Shape({{0, 0}, {0, 1}}));
  // Coordinates are kept as given: the board need not start at 0.
  CHECK(parse("[1-3][1-4]\nX 00\n", Lattice::square).board.cells().front() == Cell{1, 1, 0});

  const pf::Puzzle puzzle = parse(
      "| comments start with a bar\n"
      "[0-1][0-3]\n"
      "\n"
      "X 01 10 11 12 21\n"
      "| between pieces too\n"
      "4|D 00 01\n"
      "1:3|T 00 01 02 11\n",
      Lattice::square);
  CHECK(puzzle.lattice == Lattice::square);
  CHECK(puzzle.source == "spec");
  CHECK(puzzle.board.size() == 8);
  CHECK(puzzle.optional_cells.size() == 0);
  REQUIRE(puzzle.pieces.size() == 3);
  CHECK(puzzle.pieces[0].name == "X");
  CHECK(puzzle.pieces[0].shape == Shape({{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}));
  CHECK(puzzle.pieces[0].copies == 1);
  CHECK_FALSE(puzzle.pieces[0].min_copies.has_value());
  CHECK_FALSE(puzzle.pieces[0].flips.has_value());  // the generator's way: TilingOptions'
  CHECK(puzzle.pieces[1].name == "D");
  CHECK(puzzle.pieces[1].copies == 4);
  CHECK(puzzle.pieces[1].fewest() == 4);
  CHECK(puzzle.pieces[2].name == "T");
  CHECK(puzzle.pieces[2].copies == 3);
  CHECK(puzzle.pieces[2].min_copies == 1);
}

TEST_CASE("knuth spec: polyiamond-dlx's triangles are strips of rows") {
  // xy is the up triangle of rhombus (x, y), xy' the down one to its right;
  // y climbs the 60-degree slant. Row -y, column 2x + y (+1 primed), moved
  // to row 0 by a translation of the lattice.
  CHECK(parse("00 00'\nX 00\n", Lattice::triangle).board == Shape({{0, 0}, {0, 1}}));
  CHECK(parse("00' 10\nX 00\n", Lattice::triangle).board == Shape({{0, 1}, {0, 2}}));
  // 01 sits on 00': a row up, the same column.
  CHECK(parse("00' 01\nX 00\n", Lattice::triangle).board == Shape({{0, 0}, {1, 0}}));
  CHECK(parse("[0-1][0-1] [0-1][0-1]'\nX 00\n", Lattice::triangle).board ==
        Shape({{0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 1}, {1, 2}, {1, 3}, {1, 4}}));
  // The six triangles around a point: the header's hexagon, rows 0 and 1,
  // columns 0 to 2.
  const pf::Puzzle hexagon =
      parse("00' 01 01' 10 10' 11\nH 00' 01 01' 10 10' 11\n", Lattice::triangle);
  const Shape expected({{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}});
  CHECK(hexagon.board == expected);
  CHECK(hexagon.pieces.at(0).shape == expected);
  for (const Cell& cell : hexagon.board.cells()) {
    // Up triangles where row + column is even: each one's down neighbour
    // below shares its base.
    const bool up = (cell.row + cell.col) % 2 == 0;
    CHECK(up == (cell.row == 0 ? cell.col != 1 : cell.col == 1));
  }
}

TEST_CASE("knuth spec: the hexiamonds are the 12 free hexiamonds") {
  const pf::Puzzle puzzle = read_sample("hexiamonds-6x6.polyiamond", Lattice::triangle);
  REQUIRE(puzzle.pieces.size() == 12);
  CHECK(puzzle.board.size() == 72);
  std::set<std::vector<Cell>> seen;
  std::size_t placements = 0;
  for (const pf::Piece& piece : puzzle.pieces) {
    CAPTURE(piece.name);
    CHECK(piece.shape.size() == 6);
    const std::vector<Shape> turns = pf::orientations(Lattice::triangle, piece.shape);
    placements += turns.size();
    for (const Shape& turn : turns) CHECK(seen.insert(turn.cells()).second);
  }
  // polyiamond-dlx: "12 pieces, 94 base placements", the fixed hexiamonds.
  CHECK(placements == 94);
}

TEST_CASE("knuth spec: polycube-dlx's cells are row x, column y, layer z") {
  CHECK(parse("[01]a[9b]\nX 000\n", Lattice::cube).board ==
        Shape({{0, 10, 9}, {0, 10, 11}, {1, 10, 9}, {1, 10, 11}}));
  CHECK(parse("[123]22 2[123]2 22[123]\nX 000\n", Lattice::cube).board.size() == 7);
  const pf::Puzzle puzzle =
      parse("[0-1][0-1][0-1]\n4*D 000 001\nz*Q 000\nL 000 100 010\n", Lattice::cube);
  REQUIRE(puzzle.pieces.size() == 3);
  CHECK(puzzle.pieces[0].name == "D");
  CHECK(puzzle.pieces[0].copies == 4);
  CHECK(puzzle.pieces[0].shape == Shape({{0, 0, 0}, {0, 0, 1}}));
  CHECK(puzzle.pieces[1].copies == 35);
  CHECK(puzzle.pieces[2].copies == 1);
  CHECK(puzzle.pieces[2].shape == Shape({{0, 0, 0}, {0, 1, 0}, {1, 0, 0}}));
}

TEST_CASE("knuth spec: errors name the file, the line and what is wrong") {
  const Lattice square = Lattice::square;
  CHECK(refusal("| x\n0# 00\n", square) ==
        "spec:2: cell '0#': '#' is not a coordinate (a digit 0-9, a-z, A-Z or a set such as "
        "[0-5])");
  CHECK(refusal("[0-5\n", square) == "spec:1: cell '[0-5': '[' without its ']'");
  for (const char* range : {"[-5]0", "[1-]0", "[1-2-3]0", "[3--5]0"}) {
    CAPTURE(range);
    CHECK(refusal(std::string(range) + "\n", square) ==
          "spec:1: cell '" + std::string(range) +
              "': a range is a digit, '-' and a digit, as in "
              "[0-5]");
  }
  CHECK(refusal("[3-2]0\n", square) == "spec:1: cell '[3-2]0': range '3-2' decreases");
  CHECK(refusal("[0;1]0\n", square) ==
        "spec:1: cell '[0;1]0': ';' in brackets is not a digit (0-9, a-z, A-Z) or a range");
  CHECK(refusal("00 1\n", square) ==
        "spec:1: cell '1' has 1 coordinate, not 2 (a digit 0-9, a-z, A-Z or a set such as [0-5] "
        "each)");
  CHECK(refusal("00 [12]7suf\n", square) ==
        "spec:1: cell '[12]7suf' ends in 'suf' after its 2 coordinates: suffixes name secondary "
        "items, which a polyform cell is not");
  CHECK(refusal("00 00'!\n", Lattice::triangle) ==
        "spec:1: cell '00'!' ends in ''!' after its 2 coordinates: only a prime (a down "
        "triangle) may follow; other suffixes name secondary items, which a polyform cell is not");
  CHECK(refusal("00 00'\n", square) ==
        "spec:1: cell '00'' ends in ''' after its 2 coordinates: suffixes name secondary items, "
        "which a polyform cell is not");
  CHECK(refusal("0000\n", Lattice::cube) ==
        "spec:1: cell '0000' ends in '0' after its 3 coordinates: a space must follow");
  CHECK(refusal("[]0\nX 00\n", square) == "spec:1: the board has no cells");
  CHECK(refusal("| only\n| comments\n", square) ==
        "spec:2: no board: the first line that is not a comment lists its cells, as "
        "polyomino-dlx reads them");
  CHECK(refusal("", square).rfind("spec:1: no board", 0) == 0);
  CHECK(refusal("00 01\n| no piece\n", square) ==
        "spec:2: no pieces: each line after the board's is a piece");
  CHECK(refusal("00 01\nX\n", square) == "spec:2: piece 'X' has no cells");
  CHECK(refusal("00 01\nX []0\n", square) == "spec:2: piece 'X' has no cells");
  CHECK(refusal("00 01\n2| 00\n", square) ==
        "spec:2: a piece has no name: its line is [multiplicity] NAME CELL...");
  CHECK(refusal("00 01\nX 00\nY 00\nX 01\n", square) ==
        "spec:4: piece 'X' is already given on line 2 (polyomino-dlx would pool both lines' "
        "placements; a piece here has one shape)");
  CHECK(refusal("00 01\nP' 00\n", square) ==
        "spec:2: piece name 'P'' has a character other than letters, digits, '_' and '-'");
  CHECK(refusal("00 01\nx|X 00\n", square) ==
        "spec:2: multiplicity 'x' before '|' is not N or U:V (decimal numbers)");
  CHECK(refusal("00 01\n1:|X 00\n", square) ==
        "spec:2: multiplicity '1:' before '|' is not N or U:V (decimal numbers)");
  CHECK(refusal("00 01\n0|X 00\n", square) ==
        "spec:2: multiplicity '0' before '|' places no copy: it must be 1 or more");
  CHECK(refusal("00 01\n3:2|X 00\n", Lattice::triangle) ==
        "spec:2: multiplicity '3:2' before '|' asks for more copies at least than at most");
  CHECK(refusal("000\n12*X 000\n", Lattice::cube) ==
        "spec:2: multiplicity '12' before '*' is not one digit (0-9, a-z, A-Z)");
  CHECK(refusal("000\n0*X 000\n", Lattice::cube) ==
        "spec:2: multiplicity '0' before '*' places no copy: it must be 1 or more");
  CHECK(refusal("000\n2|X 000\n", Lattice::cube) ==
        "spec:2: piece name '2|X' has a character other than letters, digits, '_' and '-'");

  // The error is a ParseError with its parts.
  try {
    parse("00\nX 0\n", square);
    FAIL("no error");
  } catch (const xcover::ParseError& e) {
    CHECK(e.source() == "spec");
    CHECK(e.line() == 2);
  }
  // Knuth has no generator for hexagons.
  CHECK_THROWS_AS(parse("00\nX 00\n", Lattice::hex), xcover::Error);
}

// A sample spec's tiling against what Knuth's generator makes of the same
// file: its options, and the solutions counted by DLX1 (all of them); the
// count up to symmetry is the published one.
struct Sample {
  const char* file;
  Lattice lattice;
  int options;             // in the generator's .dlx output
  std::uint64_t all;       // DLX1's count of that output
  std::uint64_t distinct;  // published
};

void check_sample(const Sample& sample) {
  CAPTURE(sample.file);
  const pf::Puzzle puzzle = read_sample(sample.file, sample.lattice);
  // (Every placement, as the generators write them: no dead ones dropped.)
  const pf::Tiling all = pf::make_tiling(puzzle, {.reduce = false});
  CHECK(all.problem.option_count() == sample.options);
  CHECK(pf::count(all, {}, 2).solutions == sample.all);
  const pf::Tiling distinct = pf::make_tiling(puzzle, {.distinct = true});
  CHECK(pf::count(distinct, {}, 2).solutions == sample.distinct);
}

TEST_CASE("knuth spec: the samples tile as Knuth's generators say") {
  check_sample({"soma.polycube", Lattice::cube, 688, 11520, 240});
  check_sample({"hexiamonds-4x9.polyiamond", Lattice::triangle, 1699, 148, 74});
}

TEST_CASE("knuth spec: the bigger samples tile as Knuth's generators say") {
  if (XCOVER_TEST_SLOW_RUN) return;  // (seconds here, minutes under a sanitizer)
  check_sample({"hexiamonds-6x6.polyiamond", Lattice::triangle, 1845, 624, 156});
  check_sample({"pentominoes-6x10.polyomino", Lattice::square, 2056, 9356, 2339});
}

TEST_CASE("knuth spec: the problem lists the cells before the pieces, as the generators do") {
  // (So the search breaks ties between items as DLX1 does on the
  // generator's file: Soma's count searches its 256,917 nodes.)
  const pf::Puzzle puzzle = read_sample("soma.polycube", Lattice::cube);
  CHECK(puzzle.cells_first);
  const pf::Tiling tiling = pf::make_tiling(puzzle, {});
  REQUIRE(tiling.problem.primary_count() == 27 + 7);
  for (int i = 0; i < 27; ++i) CHECK(tiling.problem.item_name(i).front() == 'l');
  for (int i = 27; i < 34; ++i) CHECK(tiling.problem.item_name(i).front() != 'l');
  xcover::Solver solver(tiling.problem);
  xcover::CountOptions plain;
  plain.counting = xcover::Counting::plain;
  CHECK(solver.count({}, plain).solutions == 11520);
  CHECK(solver.statistics().nodes == 256917);
  // A puzzle built any other way lists its pieces first.
  pf::Puzzle other = puzzle;
  other.cells_first = false;
  CHECK(pf::make_tiling(other, {}).problem.item_name(0).front() != 'l');
}

TEST_CASE("knuth spec: multiplicities are copies counted once") {
  // Four identical dominoes tile a 2x4 rectangle in 5 ways (Fibonacci), and
  // a 2x2x2 cube in 9.
  const pf::Puzzle plane = parse("[0-1][0-3]\n4|D 00 01\n", Lattice::square);
  CHECK(pf::count(pf::make_tiling(plane)).solutions == 5);
  const pf::Puzzle solid = parse("[0-1][0-1][0-1]\n4*D 000 001\n", Lattice::cube);
  CHECK(pf::count(pf::make_tiling(solid)).solutions == 9);
  // From one to three dominoes and at most two monominoes on a 2x3
  // rectangle: two dominoes in 11 ways, three in 3.
  const pf::Puzzle range = parse("[0-1][0-2]\n1:3|D 00 01\n0:2|M 00\n", Lattice::square);
  CHECK(pf::count(pf::make_tiling(range)).solutions == 14);
}

}  // namespace test_polyform_knuth
