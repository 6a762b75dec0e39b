// SPDX-License-Identifier: MIT
// Whether an assembly comes apart: its pieces slid, one group at a time, a
// step at a time along the lattice's ways, never overlapping, until every
// piece stands alone (BurrTools' "solutions" among its "assemblies").
// The ways are BurrTools': on the cube lattice a cell along the columns,
// the rows or the layers; on the prism lattice a layer, two columns (to the
// next triangle that points the same way), or a row up or down and a
// column aside (along the triangles' slanted edges), a prism passing over
// the triangle between. BurrTools moves nothing on its other grids
// (spheres, rhombic, tetra-octa: burrTxt -d stops on them), nor does this;
// nor on the plane's lattices.
//
//   namespace pf = xcover::polyform;
//   const pf::Tiling burrs = pf::make_tiling(pf::read_burrtools("burr.xmpuzzle")[0]);
//   (void)pf::solve(burrs, [&](const xcover::Solution& s) {
//     if (pf::disassemble(burrs, s).apart) ...;  // a solution, not only an assembly
//     return true;
//   });
//
// The search is breadth-first over the pieces' positions, as Cutler's and
// BurrTools': from each position every group of pieces that can slide s
// steps along a way without hitting another (a union of the sets each
// piece pushes within s steps; merged up to 4,096 moves a way) makes one
// move, met in BurrTools' order (each way, each piece with what it drags,
// a step further at a time, each new move merged with the way's earlier
// ones); the first position where some group can leave along a way for
// good (a single piece looked for before a group, as BurrTools does)
// splits the assembly in two, and each part is taken apart the same way.
// Pieces may wander as far as the assembly is wide beyond where they
// started.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/solver.hpp"

namespace xcover::polyform {

// One move of a disassembly: some pieces sliding together, a step at a
// time along one of the lattice's ways.
struct Move {
  // The pieces that move, as numbers into the pieces taken apart (a
  // solution's: its options' order), in order.
  std::vector<std::size_t> pieces;
  // The way they go, one step: on cubes a unit step ({0, 1, 0} is one
  // column on, {0, 0, -1} one layer to the front); on prisms {0, 0, +-1},
  // {0, +-2, 0}, {-1, 1, 0} (a row up, a column right), {1, -1, 0},
  // {-1, -1, 0} or {1, 1, 0}.
  Cell direction;
  // How many steps they go.
  int distance = 0;
  // Whether they leave the rest for good: the move splits a part in two,
  // and `distance` takes them until no cell of the rest is ahead of them
  // (measured along `direction`).
  // From then on the two parts move apart from each other: a later move of
  // one never meets the other.
  bool removes = false;
  friend bool operator==(const Move&, const Move&) = default;  // the same move
};

// What disassemble found.
struct Disassembly {
  // Whether every piece comes free (an assembly of one piece has nothing
  // to come apart from, and is not: as burrTxt counts solutions).
  bool apart = false;
  // BurrTools' level, when apart: the moves until the first part comes
  // off (that move counted), then the removed part's numbers, then the
  // rest's, a part's only where one of its splits takes more than one
  // move (level_text: "98.2.4.2"). A move is a group of pieces sliding
  // any number of steps along one way.
  std::vector<std::uint32_t> level;
  // The moves of every split, when apart (BurrTools' total).
  std::uint64_t moves = 0;
  // The steps the pieces moved before each part came off, in all, when
  // apart (0 when they fall apart as they lie).
  std::uint64_t steps = 0;
  // The moves, when apart, in BurrTools' order: the first split's (its
  // removal last), then the removed part's, then the rest's, each part
  // taken apart from where it stood when it came off. `moves` of them; the
  // distances of the moves that remove nothing add up to `steps`.
  std::vector<Move> plan;
  // The positions looked at, over every split (what the search cost).
  std::uint64_t positions = 0;
};

// Whether the pieces, each placed on its cells, come apart; `groups` (empty,
// or one list a piece) are BurrTools' piece groups: a part whose pieces
// share a group may stay together (group 0 is none). Cells on the cube or
// prism lattice: ProblemError for another lattice (disassembly_refusal's
// words), or for pieces that overlap.
[[nodiscard]] XCOVER_API Disassembly disassemble(Lattice lattice, const std::vector<Shape>& pieces,
                                                 const std::vector<std::vector<int>>& groups = {});
// The same for a tiling's solution: its placements' cells, its pieces'
// groups, taken in BurrTools' order of pieces whatever order the search
// found them in (by piece; a piece's copies as given first, then by
// orientation, each by column, BurrTools' y and layer), the plan's pieces
// numbered as the solution's options. ProblemError for an option the
// tiling does not have.
[[nodiscard]] XCOVER_API Disassembly disassemble(const Tiling& tiling, const Solution& solution);

// Takes a tiling's solutions apart one after another, as disassemble(tiling,
// solution) does, and keeps between them what it learnt: each placement's
// shape, and how far each shape moves before it meets another for each
// pair of shapes and offset between them (BurrTools' movement cache), which
// a puzzle's assemblies share. The same results as disassemble; an assembly
// after the first costs a fraction. One per thread: it is not safe to share.
// `tiling` is borrowed: it must outlive this (a temporary is refused).
//
//   pf::Disassembler apart(burrs);
//   (void)pf::solve(burrs, [&](const xcover::Solution& s) {
//     if (apart(s).apart) ...;
//     return true;
//   });
class XCOVER_API Disassembler {
 public:
  // For `tiling`'s solutions (borrowed: it must outlive this).
  explicit Disassembler(const Tiling& tiling);
  // (A temporary tiling would be gone before the first solution.)
  Disassembler(const Tiling&& tiling) = delete;
  // Moved, with its memory (the moved-from one is empty: assigned to or
  // destroyed; a call refuses it with Error).
  Disassembler(Disassembler&&) noexcept;
  // Moved, with its memory.
  Disassembler& operator=(Disassembler&&) noexcept;
  ~Disassembler();
  // How `solution` comes apart: disassemble(tiling, solution).
  [[nodiscard]] Disassembly operator()(const Solution& solution);
  // The same without the plan (empty): whether it comes apart, its level,
  // moves, steps and positions, for a filter or a count.
  [[nodiscard]] Disassembly level(const Solution& solution);

 private:
  struct Memory;
  Disassembly take(const Solution& solution, bool plan);
  const Tiling* tiling_;
  std::unique_ptr<Memory> memory_;
};

// Why disassemble refuses the lattice, naming it: "" for the cube and
// prism lattices, which it moves pieces on.
XCOVER_API std::string disassembly_refusal(Lattice lattice);

// A level as BurrTools writes it: the numbers joined by dots ("" when not
// apart).
XCOVER_API std::string level_text(const Disassembly& found);

}  // namespace xcover::polyform
