// SPDX-License-Identifier: MIT
// Disassembly: small assemblies whose answer is known by hand (pieces that
// fall apart, a piece that must turn a corner to leave its block, a piece
// shut in a box, a rod through a plate with caps on both sides, two linked
// rings), and the CLI's --disassemble against burrTxt's counts on files of
// our own.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "xcover/puzzles/disassembly.hpp"

namespace test_disassembly {

namespace pf = xcover::polyform;
using pf::Cell;
using pf::Lattice;
using pf::Shape;

// The cells of a rows x cols x layers block, less `holes`.
Shape block_less(int rows, int cols, int layers, const std::vector<Cell>& holes) {
  std::vector<Cell> cells;
  for (int l = 0; l < layers; ++l)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        const Cell cell{r, c, l};
        if (std::find(holes.begin(), holes.end(), cell) == holes.end()) cells.push_back(cell);
      }
  return Shape(cells);
}

TEST_CASE("disassembly: pieces side by side fall apart at once") {
  const pf::Disassembly two =
      pf::disassemble(Lattice::cube, {Shape({{0, 0, 0}}), Shape({{0, 1, 0}})});
  CHECK(two.apart);
  CHECK(two.steps == 0);
  // One move, the one that takes a cube off (BurrTools counts it).
  CHECK(two.level == std::vector<std::uint32_t>{1});
  CHECK(two.moves == 1);
  CHECK(pf::level_text(two) == "1");
  // A 2x2x2 cube of eight unit cubes: each comes off a corner.
  std::vector<Shape> eight;
  for (int k = 0; k < 8; ++k) eight.push_back(Shape({{k & 1, k >> 1 & 1, k >> 2 & 1}}));
  const pf::Disassembly cubes = pf::disassemble(Lattice::cube, eight);
  CHECK(cubes.apart);
  // Seven splits of a move each; a part none of whose splits takes more
  // than one move adds nothing to the level, as in BurrTools.
  CHECK(pf::level_text(cubes) == "1");
  CHECK(cubes.moves == 7);
  // One piece is no puzzle to take apart: not a solution, as burrTxt counts.
  CHECK_FALSE(pf::disassemble(Lattice::cube, {Shape({{0, 0, 0}})}).apart);
}

TEST_CASE("disassembly: a piece leaves its block along a tunnel that turns a corner") {
  // A 3x4x3 block with a tunnel from its centre (1, 1, 1) a cell along the
  // row, then up through the top layer: the cube in it moves once, then
  // leaves upward.
  const std::vector<Cell> tunnel{{1, 1, 1}, {1, 2, 1}, {1, 2, 2}};
  const pf::Disassembly turned =
      pf::disassemble(Lattice::cube, {block_less(3, 4, 3, tunnel), Shape({{1, 1, 1}})});
  CHECK(turned.apart);
  CHECK(turned.steps == 1);
  CHECK(pf::level_text(turned) == "2");  // along the row, then out
  // Straight out along the row: no move before it leaves.
  const std::vector<Cell> straight{{1, 1, 1}, {1, 2, 1}, {1, 3, 1}};
  const pf::Disassembly out =
      pf::disassemble(Lattice::cube, {block_less(3, 4, 3, straight), Shape({{1, 1, 1}})});
  CHECK(out.apart);
  CHECK(out.steps == 0);
  CHECK(pf::level_text(out) == "1");
  // A longer way: two cells along the row, two down the column, then out
  // through the bottom layer: four cells in two moves (a move slides a
  // piece as far as it goes straight) before the third takes it off.
  const std::vector<Cell> winding{{2, 1, 1}, {2, 2, 1}, {2, 3, 1}, {3, 3, 1}, {4, 3, 1}, {4, 3, 0}};
  const pf::Disassembly wound =
      pf::disassemble(Lattice::cube, {block_less(6, 5, 3, winding), Shape({{2, 1, 1}})});
  CHECK(wound.apart);
  CHECK(wound.steps == 4);
  CHECK(wound.level == std::vector<std::uint32_t>{3});
  CHECK(wound.moves == 3);
}

TEST_CASE("disassembly: a level lists the parts that need more than one move") {
  // A 3x4x3 box with a hollow of two cells, (1, 1, 1) and (1, 2, 1), and a
  // hole above the second through the top: cube A in the hollow's first
  // cell, cube B in the hole. B comes off first (a move), then A slides
  // along the row under the hole (a move) and leaves (a move): the first
  // split's 1, then the part {box, A}'s 2 (B alone has no level).
  const Shape box = block_less(3, 4, 3, {{1, 1, 1}, {1, 2, 1}, {1, 2, 2}});
  const pf::Disassembly two_parts =
      pf::disassemble(Lattice::cube, {box, Shape({{1, 1, 1}}), Shape({{1, 2, 2}})});
  CHECK(two_parts.apart);
  CHECK(pf::level_text(two_parts) == "1.2");
  CHECK(two_parts.moves == 3);
  CHECK(two_parts.steps == 1);
  // Without B, A's way is the whole puzzle: level 2.
  CHECK(pf::level_text(pf::disassemble(Lattice::cube, {box, Shape({{1, 1, 1}})})) == "2");
  // Not apart: no level, no moves.
  const pf::Disassembly shut =
      pf::disassemble(Lattice::cube, {block_less(3, 3, 3, {{1, 1, 1}}), Shape({{1, 1, 1}})});
  CHECK_FALSE(shut.apart);
  CHECK(shut.level.empty());
  CHECK(pf::level_text(shut).empty());
}

TEST_CASE("disassembly: what cannot come apart is refused as a solution") {
  // A cube shut in a hollow 3x3x3 box.
  CHECK_FALSE(
      pf::disassemble(Lattice::cube, {block_less(3, 3, 3, {{1, 1, 1}}), Shape({{1, 1, 1}})}).apart);
  // A rod through a plate's hole, capped on both sides.
  const Shape plate = block_less(3, 3, 1, {{1, 1, 0}});
  const Shape rod({{1, 1, -1}, {1, 1, 0}, {1, 1, 1}, {0, 1, -1}, {0, 1, 1}});
  CHECK_FALSE(pf::disassemble(Lattice::cube, {plate, rod}).apart);
  // Without its second cap it slides out.
  CHECK(
      pf::disassemble(Lattice::cube, {plate, Shape({{1, 1, -1}, {1, 1, 0}, {1, 1, 1}, {0, 1, -1}})})
          .apart);
  // Two rings, one through the other.
  const Shape ring_a = block_less(3, 3, 1, {{1, 1, 0}});
  const Shape ring_b({{-1, 1, -1},
                      {-1, 1, 0},
                      {-1, 1, 1},
                      {0, 1, -1},
                      {0, 1, 1},
                      {1, 1, -1},
                      {1, 1, 0},
                      {1, 1, 1}});
  CHECK_FALSE(pf::disassemble(Lattice::cube, {ring_a, ring_b}).apart);
  // The box with the cube and a third piece beside it: the box and the
  // cube still never part.
  CHECK_FALSE(pf::disassemble(Lattice::cube, {block_less(3, 3, 3, {{1, 1, 1}}), Shape({{1, 1, 1}}),
                                              Shape({{0, 3, 0}})})
                  .apart);
}

TEST_CASE("disassembly: what it refuses") {
  CHECK_THROWS_AS(pf::disassemble(Lattice::sphere, {Shape({{0, 0, 0}}), Shape({{1, 1, 0}})}),
                  xcover::ProblemError);
  CHECK_THROWS_AS(pf::disassemble(Lattice::cube, {Shape({{0, 0, 0}}), Shape({{0, 0, 0}})}),
                  xcover::ProblemError);
}

TEST_CASE("disassembly CLI: --disassemble keeps the assemblies that come apart") {
  using xcover::test::run_cli;
  using xcover::test::temp_file;
  // A 3x3x3 box around one cube: one assembly, no solution.
  std::string shell = "piece box\n###\n###\n###\n-\n###\n#.#\n###\n-\n###\n###\n###\n";
  const std::string shut = temp_file(
      "board\n###\n###\n###\n-\n###\n###\n###\n-\n###\n###\n###\n\n" + shell + "\npiece core\n#\n",
      ".txt");
  const auto none = run_cli("polyform --lattice cube --distinct --disassemble --count " + shut);
  CHECK(none.exit_code == 0);
  CHECK(none.out == "0\n");
  CHECK(none.err.find("1 assembly found; the solutions are those that come apart") !=
        std::string::npos);
  // A hole in the box's top, and two cubes, one in the box and one in the
  // hole: the top one leaves, then the other through the hole.
  const std::string open = temp_file(
      "board\n###\n###\n###\n-\n###\n###\n###\n-\n###\n###\n###\n\n"
      "piece box\n###\n###\n###\n-\n###\n#.#\n###\n-\n###\n#.#\n###\n\n"
      "piece cube x2\n#\n",
      ".txt");
  const auto one = run_cli("polyform --lattice cube --distinct --disassemble --count " + open);
  CHECK(one.out == "1\n");
  CHECK(one.err.find("1 assembly found") != std::string::npos);
  // The solution printed starts with its level: the top cube leaves, then
  // the other, a move each.
  const auto shown = run_cli("polyform --lattice cube --distinct --disassemble " + open);
  CHECK(shown.exit_code == 0);
  CHECK(shown.out.starts_with("level 1, 2 moves\n"));
  // --min-level keeps those whose first part needs that many moves.
  CHECK(run_cli("polyform --lattice cube --distinct --disassemble --min-level 1 --count " + open)
            .out == "1\n");
  CHECK(run_cli("polyform --lattice cube --distinct --disassemble --min-level 2 --count " + open)
            .out == "0\n");
  const auto alone = run_cli("polyform --lattice cube --distinct --min-level 2 --count " + open);
  CHECK(alone.exit_code == 2);
  CHECK(
      alone.err.find("--min-level keeps solutions by their disassembly: give --disassemble too") !=
      std::string::npos);
  // Without --disassemble, the same assembly counts.
  CHECK(run_cli("polyform --lattice cube --distinct --count " + shut).out == "1\n");
  const auto plane = run_cli("polyform --board 6x10 --disassemble --count");
  CHECK(plane.exit_code == 2);
  CHECK(plane.err.find("--disassemble moves pieces on the cube lattice") != std::string::npos);
}

}  // namespace test_disassembly
