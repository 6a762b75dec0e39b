// SPDX-License-Identifier: MIT
// Disassembly: small assemblies whose answer is known by hand (pieces that
// fall apart, a piece that must turn a corner to leave its block, a piece
// shut in a box, a rod through a plate with caps on both sides, two linked
// rings), each plan replayed against the rules; prisms in boxes, their
// levels as burrTxt -d gives them; the lattices refused; the front ends'
// filter and words; and the CLI's --disassemble, --moves, --sort and
// --format json.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "cli_support.hpp"
#include "xcover/frontend/disassembly.hpp"
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

// The cells that share a face with a prism (rows and columns as the
// triangle lattice's: up when row + col is even, its flat edge below).
std::vector<Cell> prism_neighbours(Cell c) {
  const int vertical = (c.row + c.col) % 2 == 0 ? 1 : -1;
  return {{c.row, c.col - 1, c.layer},
          {c.row, c.col + 1, c.layer},
          {c.row + vertical, c.col, c.layer},
          {c.row, c.col, c.layer - 1},
          {c.row, c.col, c.layer + 1}};
}

// Replays `found`'s plan on `pieces` by the rules, a step at a time: the
// pieces of a move belong to one part and never overlap another piece of
// it at any step; on prisms, a prism never passes over a cell of a piece
// that stays (the one between where it stands and where it lands: their
// common neighbour); a removal leaves nothing of the rest ahead of the
// pieces it takes, and makes them a part of their own; at the end each
// part is one piece. Each step is one of the lattice's ways: a unit step on
// cubes; on prisms a layer, two columns, or a row and a column. Also checks
// that the plan has `moves` moves and the others' distances add up to
// `steps`. The failures found (none: "").
std::string replay(std::vector<Shape> pieces, const pf::Disassembly& found,
                   Lattice lattice = Lattice::cube) {
  if (!found.apart) return found.plan.empty() ? "" : "a plan for what does not come apart";
  if (found.plan.size() != found.moves) return "the plan's length is not `moves`";
  std::vector<std::vector<Cell>> at;
  for (const Shape& s : pieces) at.push_back(s.cells());
  std::vector<int> part(pieces.size(), 0);
  int parts = 1;
  std::uint64_t steps = 0;
  const auto along = [](Cell c, Cell d) {
    return c.row * d.row + c.col * d.col + c.layer * d.layer;
  };
  for (const pf::Move& move : found.plan) {
    if (move.pieces.empty() || move.distance < 1) return "an empty move";
    const Cell d = move.direction;
    if (lattice == Lattice::cube && std::abs(d.row) + std::abs(d.col) + std::abs(d.layer) != 1)
      return "not a unit step";
    const bool layer_step = d.row == 0 && d.col == 0 && std::abs(d.layer) == 1;
    const bool row_step = d.row == 0 && std::abs(d.col) == 2 && d.layer == 0;
    const bool slant_step = std::abs(d.row) == 1 && std::abs(d.col) == 1 && d.layer == 0;
    if (lattice == Lattice::prism && !layer_step && !row_step && !slant_step)
      return "not a prism's step";
    const int p = part[move.pieces.front()];
    std::vector<bool> moving(pieces.size(), false);
    for (const std::size_t k : move.pieces) {
      if (k >= pieces.size() || part[k] != p) return "a move across parts";
      moving[k] = true;
    }
    for (int step = 0; step < move.distance; ++step) {
      std::set<Cell> staying;
      for (std::size_t k = 0; k < pieces.size(); ++k)
        if (part[k] == p && !moving[k]) staying.insert(at[k].begin(), at[k].end());
      std::set<Cell> taken;
      for (std::size_t k = 0; k < pieces.size(); ++k) {
        if (part[k] != p) continue;
        for (Cell& c : at[k]) {
          const Cell to{c.row + d.row, c.col + d.col, c.layer + d.layer};
          if (moving[k] && lattice == Lattice::prism)
            for (const Cell& a : prism_neighbours(c)) {
              const std::vector<Cell> b = prism_neighbours(to);
              if (std::find(b.begin(), b.end(), a) != b.end() && staying.contains(a))
                return "a prism passes over a piece that stays";
            }
          if (moving[k]) c = to;
          if (!taken.insert(c).second) return "pieces overlap";
        }
      }
    }
    if (move.removes) {
      int behind = INT_MAX, ahead = INT_MIN;
      for (std::size_t k = 0; k < pieces.size(); ++k)
        for (const Cell& c : at[k])
          if (part[k] == p)
            (moving[k] ? behind : ahead) =
                moving[k] ? std::min(behind, along(c, d)) : std::max(ahead, along(c, d));
      if (ahead >= behind) return "a removal that leaves the rest ahead";
      for (std::size_t k = 0; k < pieces.size(); ++k)
        if (moving[k]) part[k] = parts;
      ++parts;
    } else {
      steps += static_cast<std::uint64_t>(move.distance);
    }
  }
  if (steps != found.steps) return "the cells moved are not `steps`";
  if (parts != static_cast<int>(pieces.size())) return "a part of more than one piece is left";
  return "";
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
  // The second comes off along the first direction, the columns: one cell
  // and it is clear.
  REQUIRE(two.plan.size() == 1);
  CHECK(two.plan[0] == pf::Move{{1}, Cell{0, 1, 0}, 1, true});
  // A 2x2x2 cube of eight unit cubes: each comes off a corner.
  std::vector<Shape> eight;
  for (int k = 0; k < 8; ++k) eight.push_back(Shape({{k & 1, k >> 1 & 1, k >> 2 & 1}}));
  const pf::Disassembly cubes = pf::disassemble(Lattice::cube, eight);
  CHECK(cubes.apart);
  // Seven splits of a move each; a part none of whose splits takes more
  // than one move adds nothing to the level, as in BurrTools.
  CHECK(pf::level_text(cubes) == "1");
  CHECK(cubes.moves == 7);
  CHECK(replay(eight, cubes).empty());
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
  // The cube moves a column right, then leaves through the top, which
  // the plan says as the block going down past it (piece 0 stays put
  // until the last move: a group with it moving is the rest moving back).
  REQUIRE(turned.plan.size() == 2);
  CHECK(turned.plan[0] == pf::Move{{1}, Cell{0, 1, 0}, 1, false});
  CHECK(turned.plan[1].removes);
  CHECK(turned.plan[1].pieces == std::vector<std::size_t>{1});
  CHECK(turned.plan[1].direction == Cell{0, 0, 1});
  CHECK(replay({block_less(3, 4, 3, tunnel), Shape({{1, 1, 1}})}, turned).empty());
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
  CHECK(replay({block_less(6, 5, 3, winding), Shape({{2, 1, 1}})}, wound).empty());
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
  // B off, then A along the row and out: the removed part's moves (none)
  // before the rest's.
  REQUIRE(two_parts.plan.size() == 3);
  CHECK(two_parts.plan[0].pieces == std::vector<std::size_t>{2});
  CHECK(two_parts.plan[0].removes);
  CHECK(two_parts.plan[1] == pf::Move{{1}, Cell{0, 1, 0}, 1, false});
  CHECK(two_parts.plan[2].pieces == std::vector<std::size_t>{1});
  CHECK(two_parts.plan[2].removes);
  CHECK(replay({box, Shape({{1, 1, 1}}), Shape({{1, 2, 2}})}, two_parts).empty());
  // Without B, A's way is the whole puzzle: level 2.
  CHECK(pf::level_text(pf::disassemble(Lattice::cube, {box, Shape({{1, 1, 1}})})) == "2");
  // Not apart: no level, no moves.
  const pf::Disassembly shut =
      pf::disassemble(Lattice::cube, {block_less(3, 3, 3, {{1, 1, 1}}), Shape({{1, 1, 1}})});
  CHECK_FALSE(shut.apart);
  CHECK(shut.level.empty());
  CHECK(shut.plan.empty());
  CHECK(pf::level_text(shut).empty());
}

TEST_CASE("disassembly: a three-piece burr, level 3 as burrTxt takes it apart") {
  // Three 2x2x6 sticks through one 2x2x2 centre, along the columns (A),
  // the rows (B) and the layers (C), each without some cells of its middle
  // (a design of our own, found by a search of notches; burrTxt -d gives
  // its one assembly level 3). C slides a column on, B a row down, and B
  // leaves through the layers; then A leaves C downward.
  const auto stick = [](int axis, const std::vector<Cell>& missing) {
    std::vector<Cell> cells;
    for (int k = 0; k < 6; ++k)
      for (int i = 2; i < 4; ++i)
        for (int j = 2; j < 4; ++j) {
          const Cell c = axis == 0 ? Cell{i, k, j} : axis == 1 ? Cell{k, i, j} : Cell{i, j, k};
          if (std::find(missing.begin(), missing.end(), c) == missing.end()) cells.push_back(c);
        }
    return Shape(cells);
  };
  const std::vector<Shape> burr{
      stick(0, {{2, 2, 2},
                {2, 2, 3},
                {2, 3, 2},
                {2, 3, 3},
                {2, 4, 2},
                {2, 4, 3},
                {3, 1, 3},
                {3, 2, 3},
                {3, 3, 3},
                {3, 4, 3}}),
      stick(
          1,
          {{1, 3, 2}, {1, 3, 3}, {2, 2, 2}, {2, 3, 2}, {2, 3, 3}, {3, 2, 2}, {3, 3, 2}, {4, 3, 3}}),
      stick(2, {{2, 2, 3},
                {3, 2, 1},
                {3, 2, 2},
                {3, 2, 3},
                {3, 2, 4},
                {3, 3, 2},
                {3, 3, 3},
                {3, 3, 4}})};
  CHECK(burr[0].size() + burr[1].size() + burr[2].size() == 46);
  const pf::Disassembly found = pf::disassemble(Lattice::cube, burr);
  REQUIRE(found.apart);
  CHECK(pf::level_text(found) == "3");
  CHECK(found.moves == 4);
  CHECK(found.plan == std::vector<pf::Move>{{{2}, Cell{0, 1, 0}, 1, false},
                                            {{1}, Cell{1, 0, 0}, 1, false},
                                            {{1}, Cell{0, 0, 1}, 4, true},
                                            {{0}, Cell{1, 0, 0}, 2, true}});
  CHECK(replay(burr, found).empty());
  // With A's notch at (2, 4, 2) filled, C cannot slide, and the three
  // lock (burrTxt -d: 1 assembly, 0 solutions).
  const Shape filled = stick(0, {{2, 2, 2},
                                 {2, 2, 3},
                                 {2, 3, 2},
                                 {2, 3, 3},
                                 {2, 4, 3},
                                 {3, 1, 3},
                                 {3, 2, 3},
                                 {3, 3, 3},
                                 {3, 4, 3}});
  CHECK_FALSE(pf::disassemble(Lattice::cube, {filled, burr[1], burr[2]}).apart);
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

TEST_CASE("disassembly: bars and cubes shuffled in a chamber, out through a hole or a slot") {
  // A 5x7x3 block with a chamber of 3x5 cells in its middle layer, full of
  // pieces lying along the rows' cells: three bars of two, one of three,
  // two cubes. Through one hole in the lid, above the chamber's far
  // corner, only the cubes can leave (nothing turns): the search goes
  // through every position the pieces can reach, and it is not apart.
  std::vector<Cell> chamber;
  for (int r = 1; r <= 3; ++r)
    for (int c = 1; c <= 5; ++c) chamber.push_back({r, c, 1});
  const auto block_with = [&](const std::vector<Cell>& exits) {
    std::vector<Cell> holes = chamber;
    holes.insert(holes.end(), exits.begin(), exits.end());
    return block_less(5, 7, 3, holes);
  };
  const std::vector<Shape> inside{Shape({{1, 1, 1}, {1, 2, 1}}),
                                  Shape({{2, 1, 1}, {2, 2, 1}}),
                                  Shape({{1, 3, 1}}),
                                  Shape({{3, 1, 1}, {3, 2, 1}, {3, 3, 1}}),
                                  Shape({{2, 3, 1}, {2, 4, 1}}),
                                  Shape({{3, 4, 1}})};
  std::vector<Shape> holed{block_with({{3, 5, 2}})};
  holed.insert(holed.end(), inside.begin(), inside.end());
  const pf::Disassembly stuck = pf::disassemble(Lattice::cube, holed);
  CHECK_FALSE(stuck.apart);
  CHECK(stuck.positions > 1000);
  // A slot of three along the row above the chamber's last row: every
  // piece leaves once it lies under the slot, the plan replays.
  std::vector<Shape> slotted{block_with({{3, 3, 2}, {3, 4, 2}, {3, 5, 2}})};
  slotted.insert(slotted.end(), inside.begin(), inside.end());
  const pf::Disassembly out = pf::disassemble(Lattice::cube, slotted);
  CHECK(out.apart);
  CHECK(out.level.front() == 1);  // (the bar of three lies under the slot)
  CHECK(out.moves > 6);
  CHECK(replay(slotted, out).empty());
}

TEST_CASE("disassembly: every Soma cube's plan replays by the rules") {
  // The 240 Soma cubes: every one comes apart (nothing holds a piece in),
  // and every plan, replayed a cell at a time, keeps the pieces apart.
  const pf::Tiling soma =
      pf::make_tiling(Lattice::cube, *pf::builtin_board(Lattice::cube, "3x3x3"),
                      pf::named_pieces(Lattice::cube, "soma"), {.distinct = true});
  int cubes = 0, failures = 0;
  std::uint64_t most = 0;
  (void)pf::solve(soma, [&](const xcover::Solution& s) {
    ++cubes;
    const pf::Disassembly found = pf::disassemble(soma, s);
    std::vector<Shape> pieces;
    for (const int option : s.options)
      pieces.push_back(soma.placements[static_cast<std::size_t>(option)].cells);
    const std::string wrong = found.apart ? replay(pieces, found) : "not apart";
    if (!wrong.empty() && failures++ < 3) FAIL_CHECK(wrong);
    most = std::max(most, found.moves);
    return true;
  });
  CHECK(cubes == 240);
  CHECK(failures == 0);
  CHECK(most >= 6);  // (seven pieces: six splits at least)
}

// BurrTools' voxel (x, y, z) of its prism grid as a cell (its y runs up,
// rows down: row -y keeps each triangle's direction).
Cell voxel(int x, int y, int z) { return {-y, x, z}; }

// A box of prisms, BurrTools' x < sx, y < sy, z < sz, less `holes`.
Shape prism_box(int sx, int sy, int sz, const std::vector<Cell>& holes) {
  std::vector<Cell> cells;
  for (int z = 0; z < sz; ++z)
    for (int y = 0; y < sy; ++y)
      for (int x = 0; x < sx; ++x)
        if (std::find(holes.begin(), holes.end(), voxel(x, y, z)) == holes.end())
          cells.push_back(voxel(x, y, z));
  return Shape(cells);
}

// A box of 8 x 4 x 3 prisms with a hollow of two rows of six in its middle
// layer and an opening of four above the hollow's upper row: BurrTools'
// voxels (1..6, 1..2, 1) and (1..4, 2, 2).
Shape row_box() {
  std::vector<Cell> holes;
  for (int x = 1; x <= 6; ++x)
    for (int y = 1; y <= 2; ++y) holes.push_back(voxel(x, y, 1));
  for (int x = 1; x <= 4; ++x) holes.push_back(voxel(x, 2, 2));
  return prism_box(8, 4, 3, holes);
}

TEST_CASE("disassembly: prisms slide along the rows, the slanted edges and the layers") {
  // The levels are burrTxt -d's on the same puzzles (BurrTools' grid 1).
  // A rhombus of two prisms (up, then down) at the far end of the row_box's
  // lower row: two columns left, a row up and a column left, then out
  // through the opening.
  const std::vector<Shape> far{row_box(), Shape({voxel(5, 1, 1), voxel(6, 1, 1)})};
  const pf::Disassembly slid = pf::disassemble(Lattice::prism, far);
  CHECK(slid.apart);
  CHECK(pf::level_text(slid) == "3");
  CHECK(slid.moves == 3);
  CHECK(slid.steps == 2);
  REQUIRE(slid.plan.size() == 3);
  CHECK(slid.plan[0] == pf::Move{{1}, Cell{0, -2, 0}, 1, false});
  CHECK(slid.plan[1] == pf::Move{{1}, Cell{-1, -1, 0}, 1, false});
  CHECK(slid.plan[2] == pf::Move{{1}, Cell{0, 0, 1}, 2, true});
  CHECK(replay(far, slid, Lattice::prism).empty());
  // A channel of three prisms, (2, 2) up, (3, 2) down and (3, 3) up, with
  // an opening above the last: the up prism slides a row up and a column
  // right, over the down one's cell, then out.
  const std::vector<Cell> channel{voxel(2, 2, 1), voxel(3, 2, 1), voxel(3, 3, 1), voxel(3, 3, 2)};
  const std::vector<Shape> slanted{prism_box(6, 5, 3, channel), Shape({voxel(2, 2, 1)})};
  const pf::Disassembly up_right = pf::disassemble(Lattice::prism, slanted);
  CHECK(pf::level_text(up_right) == "2");
  REQUIRE(up_right.plan.size() == 2);
  CHECK(up_right.plan[0] == pf::Move{{1}, Cell{-1, 1, 0}, 1, false});
  CHECK(up_right.plan[1].removes);
  CHECK(replay(slanted, up_right, Lattice::prism).empty());
  // Without the channel's middle: the two up prisms' cells share a corner,
  // and the slide would pass over the box's prism between them (burrTxt:
  // an assembly, no solution).
  const std::vector<Cell> corner{voxel(2, 2, 1), voxel(3, 3, 1), voxel(3, 3, 2)};
  CHECK_FALSE(
      pf::disassemble(Lattice::prism, {prism_box(6, 5, 3, corner), Shape({voxel(2, 2, 1)})}).apart);
  // An up prism beside a down one's cell, the opening above the down one: a
  // prism slides two columns at a time, and does not turn.
  const std::vector<Cell> beside{voxel(1, 1, 1), voxel(2, 1, 1), voxel(1, 1, 2)};
  CHECK_FALSE(
      pf::disassemble(Lattice::prism, {prism_box(4, 3, 3, beside), Shape({voxel(2, 1, 1)})}).apart);
  // Two prisms side by side in a plane fall apart: the first along the
  // layers, BurrTools' first way on prisms.
  const pf::Disassembly two =
      pf::disassemble(Lattice::prism, {Shape({voxel(0, 0, 0)}), Shape({voxel(1, 0, 0)})});
  REQUIRE(two.plan.size() == 1);
  CHECK(two.plan[0] == pf::Move{{0}, Cell{0, 0, 1}, 1, true});
}

TEST_CASE("disassembly: prisms move in BurrTools' order") {
  // Two rhombi in the row_box's hollow, one above the other at its far
  // end: burrTxt -d says 2.2. BurrTools looks at the box moving first (the
  // first piece, the first way it can: two columns right), which is both
  // rhombi moving left together; then the upper one is under the opening.
  // The lower one, moved with it, takes a slant and leaves: 2 again.
  // (Moving the upper one alone first, then the lower one two steps, is
  // 2.3.)
  const std::vector<Shape> pair{row_box(), Shape({voxel(5, 1, 1), voxel(6, 1, 1)}),
                                Shape({voxel(5, 2, 1), voxel(6, 2, 1)})};
  const pf::Disassembly found = pf::disassemble(Lattice::prism, pair);
  CHECK(pf::level_text(found) == "2.2");
  CHECK(found.moves == 4);
  REQUIRE(found.plan.size() == 4);
  // (The box moving right is written as the rest moving left.)
  CHECK(found.plan[0] == pf::Move{{1, 2}, Cell{0, -2, 0}, 1, false});
  CHECK(found.plan[1] == pf::Move{{2}, Cell{0, 0, 1}, 2, true});
  CHECK(found.plan[2] == pf::Move{{1}, Cell{-1, -1, 0}, 1, false});
  CHECK(found.plan[3].removes);
  CHECK(replay(pair, found, Lattice::prism).empty());
}

TEST_CASE("disassembly: a tiling's pieces go in BurrTools' order, whatever the search's") {
  // The two rhombi of the test above as a tiling's pieces, their solution's
  // options in any order: the pieces are taken in the tiling's order (the
  // box first, as BurrTools numbers it), and the plan names them as the
  // solution does.
  const std::vector<Shape> pair{row_box(), Shape({voxel(5, 1, 1), voxel(6, 1, 1)}),
                                Shape({voxel(5, 2, 1), voxel(6, 2, 1)})};
  std::vector<Cell> all;
  for (const Shape& piece : pair) all.insert(all.end(), piece.cells().begin(), piece.cells().end());
  const pf::Tiling tiling = pf::make_tiling(Lattice::prism, Shape(all),
                                            {{.name = "box", .shape = pair[0]},
                                             {.name = "A", .shape = pair[1]},
                                             {.name = "B", .shape = pair[2]}});
  int seen = 0;
  (void)pf::solve(tiling, [&](const xcover::Solution& s) {
    std::vector<Shape> placed;
    for (const int option : s.options)
      placed.push_back(tiling.placements[static_cast<std::size_t>(option)].cells);
    if (placed != pair) return true;  // (the rhombi swapped, or turned)
    ++seen;
    xcover::Solution backwards = s;
    std::reverse(backwards.options.begin(), backwards.options.end());
    const pf::Disassembly found = pf::disassemble(tiling, backwards);
    CHECK(pf::level_text(found) == "2.2");
    REQUIRE(found.plan.size() == 4);
    // (Backwards, B is 0 and A is 1.)
    CHECK(found.plan[0] == pf::Move{{0, 1}, Cell{0, -2, 0}, 1, false});
    CHECK(found.plan[1].pieces == std::vector<std::size_t>{0});
    // The pieces in the order given instead (B, A, box) come apart another
    // way.
    const pf::Disassembly given = pf::disassemble(Lattice::prism, {pair[2], pair[1], pair[0]});
    REQUIRE_FALSE(given.plan.empty());
    CHECK(given.plan[0] != found.plan[0]);
    return true;
  });
  CHECK(seen == 1);
}

// The corridor puzzle (the CLI's --sort test below): a 3x6x3 block with a
// corridor of four cells along its middle row and a slot of two above its
// first two, which two bars and two cubes fill; 8 distinct assemblies.
pf::Tiling corridor_tiling() {
  const std::string side = "######\n######\n######\n";
  const pf::PictureFile file =
      pf::parse_pictures("board\n" + side + "-\n" + side + "-\n" + side + "\npiece box\n" + side +
                             "-\n######\n#....#\n######\n-\n######\n#..###\n######\n\n"
                             "piece bar x2\n##\n\npiece cube x2\n#\n",
                         Lattice::cube);
  return pf::make_tiling(Lattice::cube, *file.board, file.pieces, {.distinct = true});
}

// A tiling's solutions, each as its placements' cells.
std::vector<Shape> placed_cells(const pf::Tiling& tiling, const xcover::Solution& s) {
  std::vector<Shape> cells;
  for (const int option : s.options)
    cells.push_back(tiling.placements[static_cast<std::size_t>(option)].cells);
  return cells;
}

TEST_CASE("disassembly: a Disassembler takes solutions apart as disassemble does, in turn") {
  // One Disassembler over all of a tiling's solutions, keeping its shapes
  // and gaps from one to the next, finds what disassemble finds for each
  // alone, and level() the same less the plan: on the 240 Soma cubes (each
  // part off at its first position), the corridor's 8 (a part that needs
  // two moves after three taken off at once) and every placing of the two
  // rhombi in the prism box, forwards and backwards.
  static_assert(!std::is_constructible_v<pf::Disassembler, pf::Tiling&&>);
  const std::vector<Shape> pair{row_box(), Shape({voxel(5, 1, 1), voxel(6, 1, 1)}),
                                Shape({voxel(5, 2, 1), voxel(6, 2, 1)})};
  std::vector<Cell> hollow;
  for (const Shape& piece : pair)
    hollow.insert(hollow.end(), piece.cells().begin(), piece.cells().end());
  const pf::Tiling tilings[] = {
      pf::make_tiling(Lattice::cube, *pf::builtin_board(Lattice::cube, "3x3x3"),
                      pf::named_pieces(Lattice::cube, "soma"), {.distinct = true}),
      corridor_tiling(),
      pf::make_tiling(Lattice::prism, Shape(hollow),
                      {{.name = "box", .shape = pair[0]},
                       {.name = "A", .shape = pair[1]},
                       {.name = "B", .shape = pair[2]}})};
  const std::size_t expected[] = {240, 8, 0};
  for (std::size_t k = 0; k < std::size(tilings); ++k) {
    CAPTURE(k);
    const pf::Tiling& tiling = tilings[k];
    pf::Disassembler apart(tiling);
    std::size_t solutions = 0, checked = 0;
    std::set<std::string> levels;
    (void)pf::solve(tiling, [&](const xcover::Solution& s) {
      ++solutions;
      xcover::Solution backwards = s;
      std::reverse(backwards.options.begin(), backwards.options.end());
      for (const xcover::Solution& each : {s, backwards}) {
        const pf::Disassembly alone = pf::disassemble(tiling, each);
        const pf::Disassembly kept = apart(each);
        const pf::Disassembly level = apart.level(each);
        const bool same = kept.apart == alone.apart && kept.level == alone.level &&
                          kept.moves == alone.moves && kept.steps == alone.steps &&
                          kept.plan == alone.plan && kept.positions == alone.positions;
        const bool same_level = level.apart == alone.apart && level.level == alone.level &&
                                level.moves == alone.moves && level.steps == alone.steps &&
                                level.plan.empty() && level.positions == alone.positions;
        if (!same || !same_level)
          FAIL_CHECK(pf::level_text(alone) << " against " << pf::level_text(kept));
        if (alone.apart) {
          const std::string wrong = replay(placed_cells(tiling, each), kept, tiling.lattice);
          if (!wrong.empty()) FAIL_CHECK(wrong);
          levels.insert(pf::level_text(alone));
        }
        ++checked;
      }
      return true;
    });
    if (expected[k] != 0) CHECK(solutions == expected[k]);
    CHECK(checked == 2 * solutions);
    CHECK(solutions > 0);
    if (k == 1) CHECK(levels == std::set<std::string>{"1.1.1.2", "1.1.2.2"});
    if (k == 2) CHECK(levels.count("2.2") == 1);
  }
  // Moved: the new one takes apart what the old one did, the old one refuses.
  const pf::Tiling& corridor = tilings[1];
  std::optional<xcover::Solution> first;
  (void)pf::solve(corridor, [&](const xcover::Solution& s) {
    first = s;
    return false;
  });
  REQUIRE(first);
  pf::Disassembler from(corridor);
  const pf::Disassembly before = from(*first);
  pf::Disassembler to(std::move(from));
  CHECK(to(*first).level == before.level);
  CHECK_THROWS_WITH_AS((void)from.level(*first), doctest::Contains("moved from and holds nothing"),
                       xcover::Error);
  from = pf::Disassembler(corridor);
  CHECK(from(*first).plan == before.plan);
}

TEST_CASE("disassembly: the lattices it refuses, by name") {
  // BurrTools takes neither spheres nor its rhombic and tetra-octa grids
  // apart (burrTxt -d stops on them), nor does this.
  const auto refusal = [](Lattice lattice, std::vector<Shape> pieces) {
    try {
      (void)pf::disassemble(lattice, pieces);
    } catch (const xcover::ProblemError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string spheres = refusal(Lattice::sphere, {Shape({{0, 0, 0}}), Shape({{1, 1, 0}})});
  CHECK(spheres.find("the sphere lattice") != std::string::npos);
  CHECK(spheres.find("cube and prism lattices") != std::string::npos);
  CHECK(spheres.find("BurrTools' spheres grid") != std::string::npos);
  CHECK(refusal(Lattice::rhombic, {}).find("the rhombic lattice") != std::string::npos);
  CHECK(refusal(Lattice::tetra_octa, {}).find("the tetra-octa lattice") != std::string::npos);
  CHECK(refusal(Lattice::square, {}).find("the square lattice's pieces lie in a plane") !=
        std::string::npos);
  CHECK(pf::disassembly_refusal(Lattice::cube).empty());
  CHECK(pf::disassembly_refusal(Lattice::prism).empty());
  CHECK(pf::disassembly_refusal(Lattice::hex) == refusal(Lattice::hex, {}));
}

TEST_CASE("disassembly front end: the assemblies kept, counted and worded") {
  namespace fe = xcover::frontend;
  // The open box of the CLI test below as a tiling: a box with a hole in
  // its top, two cubes.
  const Shape box = block_less(3, 3, 3, {{1, 1, 1}, {1, 1, 2}});
  std::vector<pf::Piece> pieces{{.name = "box", .shape = box},
                                {.name = "cube", .shape = Shape({{0, 0, 0}}), .copies = 2}};
  const pf::Tiling tiling = pf::make_tiling(
      Lattice::cube, *pf::builtin_board(Lattice::cube, "3x3x3"), pieces, {.distinct = true});
  fe::Assemblies any(tiling, {.remember = true});
  fe::Assemblies hard(tiling, {.min_level = 2});
  int kept = 0, kept_hard = 0;
  std::vector<std::string> lines;
  std::string level;
  (void)pf::solve(tiling, [&](const xcover::Solution& s) {
    if (any.keep(s)) {
      ++kept;
      const pf::Disassembly found = any.found(s);
      level = fe::level_line(found);
      lines = fe::plan_lines(tiling, s, found);
    }
    kept_hard += hard.keep(s) ? 1 : 0;
    return true;
  });
  CHECK(any.assemblies() == 1);
  CHECK(kept == 1);
  CHECK(kept_hard == 0);  // its first part takes one move
  CHECK(hard.assemblies() == 1);
  CHECK(level == "level 1, 2 moves");
  // The top cube leaves upward... along the layers, then the other.
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "remove cube:2 back 1");
  CHECK(lines[1] == "remove cube:1 back 2");
  CHECK(fe::level_line(pf::Disassembly{}) == "not apart");
  CHECK(fe::direction_name(Cell{-1, 0, 0}) == "up");
  CHECK(fe::direction_name(Cell{0, 0, -1}) == "front");
  // A prism's steps: two columns, or a row and a column along a slanted
  // edge.
  CHECK(fe::direction_name(Cell{0, 2, 0}) == "right");
  CHECK(fe::direction_name(Cell{0, -2, 0}) == "left");
  CHECK(fe::direction_name(Cell{-1, 1, 0}) == "up-right");
  CHECK(fe::direction_name(Cell{-1, -1, 0}) == "up-left");
  CHECK(fe::direction_name(Cell{1, 1, 0}) == "down-right");
  CHECK(fe::direction_name(Cell{1, -1, 0}) == "down-left");
  CHECK(fe::direction_name(Cell{0, 3, 0}) == "(0, 3, 0)");
  // Harder: the level number by number, then the moves; apart first.
  pf::Disassembly a, b;
  a.apart = b.apart = true;
  a.level = {3, 1};
  b.level = {2, 9};
  CHECK(fe::harder(a, b));
  CHECK_FALSE(fe::harder(b, a));
  b.level = {3, 1, 1};
  CHECK(fe::harder(b, a));
  b.level = a.level;
  b.moves = a.moves + 1;
  CHECK(fe::harder(b, a));
  CHECK_FALSE(fe::harder(a, a));
  CHECK(fe::harder(a, pf::Disassembly{}));
}

TEST_CASE("disassembly front end: count_apart counts the solutions, on one thread or two") {
  namespace fe = xcover::frontend;
  // The corridor puzzle of the CLI test below: 8 distinct assemblies, each
  // apart, each first part a move (levels 1.1.1.2 and 1.1.2.2); a box with
  // a sealed hollow: 1 assembly, none apart.
  const pf::Tiling corridor = corridor_tiling();
  const pf::Tiling sealed =
      pf::make_tiling(Lattice::cube, *pf::builtin_board(Lattice::cube, "3x3x3"),
                      {{.name = "shell", .shape = block_less(3, 3, 3, {{1, 1, 1}})},
                       {.name = "core", .shape = Shape({{0, 0, 0}})}});
  for (const unsigned threads : {1u, 2u}) {
    CAPTURE(threads);
    const fe::AssemblyCount all = fe::count_apart(corridor, {}, {}, threads);
    CHECK(all.solutions.solutions == 8);
    CHECK(all.solutions.complete());
    CHECK(all.assemblies == 8);
    CHECK(fe::count_apart(corridor, {.min_level = 2}, {}, threads).solutions.solutions == 0);
    xcover::SearchOptions three;
    three.solution_limit = 3;
    const fe::AssemblyCount limited = fe::count_apart(corridor, {}, three, threads);
    CHECK(limited.solutions.solutions == 3);
    CHECK(limited.solutions.status == xcover::Status::solution_limit);
    const fe::AssemblyCount shut = fe::count_apart(sealed, {}, {}, threads);
    CHECK(shut.solutions.solutions == 0);
    CHECK(shut.assemblies == 1);
  }
}

TEST_CASE("disassembly CLI: --sort level prints the hardest first") {
  using xcover::test::run_cli;
  using xcover::test::temp_file;
  // A 3x6x3 block with a corridor of four cells along its middle row,
  // (1, 1..4, 1), and a slot of two above its first two, (1, 1..2, 2):
  // two bars and two cubes fill them. Where the corridor's bar lies under
  // the slot, a cube waits at the far end (level 1.1.1.2, 5 moves); where a
  // cube lies under it, the bar must slide first (1.1.2.2, 6 moves).
  const std::string side = "######\n######\n######\n";
  const std::string corridor =
      temp_file("board\n" + side + "-\n" + side + "-\n" + side + "\npiece box\n" + side +
                    "-\n######\n#....#\n######\n-\n######\n#..###\n######\n\n"
                    "piece bar x2\n##\n\npiece cube x2\n#\n",
                ".txt");
  const auto levels = [](const std::string& out) {
    std::vector<std::string> found;
    std::size_t at = 0;
    while ((at = out.find("level ", at)) != std::string::npos) {
      const std::size_t end = out.find('\n', at);
      found.push_back(out.substr(at, end - at));
      at = end;
    }
    return found;
  };
  const std::string hard = "level 1.1.2.2, 6 moves", easy = "level 1.1.1.2, 5 moves";
  const auto found = run_cli("polyform --lattice cube --distinct --disassemble " + corridor);
  CHECK(found.exit_code == 0);
  const std::vector<std::string> as_found = levels(found.out);
  REQUIRE(as_found.size() == 8);
  CHECK(as_found.front() == easy);  // (the search meets the easy ones first)
  const auto sorted =
      run_cli("polyform --lattice cube --distinct --disassemble --sort level " + corridor);
  CHECK(sorted.exit_code == 0);
  const std::vector<std::string> by_level = levels(sorted.out);
  CHECK(by_level == std::vector<std::string>{hard, hard, hard, hard, easy, easy, easy, easy});
  // --limit 1: the hardest one, after the whole search.
  const auto hardest =
      run_cli("polyform --lattice cube --distinct --disassemble --sort level --limit 1 --moves " +
              corridor);
  CHECK(hardest.exit_code == 0);
  CHECK(levels(hardest.out) == std::vector<std::string>{hard});
  // (BurrTools moves the box right first: the bar and the far cube left.)
  CHECK(hardest.out.find("\nmove cube:2 bar:1 left 1\n") != std::string::npos);
  // The same order in JSON.
  const auto json =
      run_cli("polyform --lattice cube --distinct --disassemble --sort level -f json " + corridor);
  CHECK(json.out.find("\"level\":[1,1,2,2],\"moves\":6") <
        json.out.find("\"level\":[1,1,1,2],\"moves\":5"));
  CHECK(json.out.find("\"assemblies\":8,\"count\":8,") != std::string::npos);
}

TEST_CASE("disassembly: what it refuses") {
  CHECK_THROWS_AS((void)pf::disassemble(Lattice::cube, {Shape({{0, 0, 0}}), Shape({{0, 0, 0}})}),
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
  // --moves prints the plan after the picture.
  const auto moves = run_cli("polyform --lattice cube --distinct --disassemble --moves " + open);
  CHECK(moves.exit_code == 0);
  CHECK(moves.out.ends_with("\nremove cube:2 back 1\nremove cube:1 back 2\n"));
  // --format json: the placements, the level and the plan, then the counts.
  const auto json = run_cli("polyform --lattice cube --distinct --disassemble -f json " + open);
  CHECK(json.exit_code == 0);
  CHECK(json.out.starts_with("{\"solutions\":[{\"options\":["));
  CHECK(json.out.find("{\"name\":\"cube:1\",\"cells\":[[1,1,1]]}") != std::string::npos);
  CHECK(json.out.find("\"level\":[1],\"moves\":2,\"plan\":[{\"pieces\":[\"cube:2\"],"
                      "\"direction\":[0,0,1],\"distance\":1,\"removes\":true},") !=
        std::string::npos);
  CHECK(json.out.find("],\"assemblies\":1,\"count\":1,\"status\":\"exhausted\"") !=
        std::string::npos);
  CHECK(json.out.ends_with("}\n"));
  CHECK(std::count(json.out.begin(), json.out.end(), '\n') == 1);
  const auto counted =
      run_cli("polyform --lattice cube --distinct --disassemble -f json --count " + shut);
  CHECK(counted.out.starts_with("{\"assemblies\":1,\"count\":0,"));
  // Without --disassemble, JSON has the placements alone.
  const auto tiled = run_cli("polyform --board 3x20 -f json --limit 1");
  CHECK(tiled.exit_code == 0);
  CHECK(tiled.out.find("\"pieces\":[{\"name\":") != std::string::npos);
  CHECK(tiled.out.find("\"level\"") == std::string::npos);
  CHECK(tiled.out.find("\"count\":1,\"status\":\"solution_limit\"") != std::string::npos);
  // What goes only with --disassemble, and what does not go together.
  const auto refused = [&](const std::string& args, const std::string& message) {
    const auto run = run_cli("polyform --lattice cube --distinct " + args + " " + open);
    CHECK_MESSAGE(run.exit_code == 2, args);
    CHECK_MESSAGE(run.err.find(message) != std::string::npos, run.err);
  };
  refused("--moves", "--moves prints how each solution comes apart: give --disassemble too");
  refused("--sort level",
          "--sort level orders the solutions by their disassembly: give "
          "--disassemble too");
  refused("--disassemble --sort moves", "--sort takes level, not 'moves'");
  refused("--disassemble --sort level --count", "--count prints a number: give one");
  refused("--disassemble --moves -f stl", "--format stl does not show them");
  // With svg, --moves draws each solution step by step.
  const auto drawn =
      run_cli("polyform --lattice cube --distinct --disassemble --moves -f svg " + open);
  CHECK(drawn.exit_code == 0);
  CHECK(drawn.out.find("<text") != std::string::npos);
  CHECK(std::count(drawn.out.begin(), drawn.out.end(), '\n') > 10);
  CHECK(drawn.out.find("class=\"step\" data-step=\"1\"") != std::string::npos);
  CHECK(run_cli("polyform --lattice cube --distinct --disassemble -f svg " + open)
            .out.find("class=\"step\"") == std::string::npos);
  refused("--disassemble -f json --emit",
          "--format json writes solutions; --emit writes the "
          "problem");
  const auto plane = run_cli("polyform --board 6x10 --disassemble --count");
  CHECK(plane.exit_code == 2);
  CHECK(plane.err.find("--disassemble: disassembly slides solids apart, on the cube and prism "
                       "lattices; the square lattice's pieces lie in a plane") !=
        std::string::npos);
  // On prisms (a BurrTools file of grid 1): an up prism in a slanted
  // channel, as in the test above, slides a row up and a column right, then
  // leaves through the top.
  const std::string channel = temp_file(
      "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"1\"/><shapes>"
      "<voxel x=\"6\" y=\"5\" z=\"3\" name=\"Box\" type=\"0\">" +
          std::string(44, '#') + "__#####_" + std::string(29, '#') + "_" + std::string(8, '#') +
          "</voxel><voxel x=\"1\" y=\"1\" z=\"1\" name=\"T\" type=\"0\">#</voxel>"
          "<voxel x=\"6\" y=\"5\" z=\"3\" name=\"R\" type=\"0\">" +
          std::string(45, '#') + "_#####_" + std::string(29, '#') + "_" + std::string(8, '#') +
          "</voxel></shapes><problems><problem><shapes><shape id=\"0\" count=\"1\"/>"
          "<shape id=\"1\" count=\"1\"/></shapes><result id=\"2\"/></problem></problems>"
          "</puzzle>\n",
      ".xmpuzzle");
  const auto prisms = run_cli("polyform --distinct --disassemble --moves " + channel);
  CHECK(prisms.exit_code == 0);
  CHECK(prisms.out.starts_with("level 2, 2 moves\n"));
  CHECK(prisms.out.ends_with("\nmove T up-right 1\nremove T back 2\n"));
}

}  // namespace test_disassembly
