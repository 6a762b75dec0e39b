// SPDX-License-Identifier: MIT
// Taking an assembly apart (disassembly.hpp): breadth-first over the
// pieces' positions, each move a group of pieces one cell along an axis,
// until a group can leave for good; then each part in turn.
#include "xcover/puzzles/disassembly.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <iterator>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace xcover::polyform {

namespace {

using Mask = std::uint64_t;
constexpr std::size_t max_pieces = 64;

constexpr std::array<Cell, 6> directions = {Cell{0, 1, 0},  Cell{0, -1, 0}, Cell{1, 0, 0},
                                            Cell{-1, 0, 0}, Cell{0, 0, 1},  Cell{0, 0, -1}};

Cell plus(Cell a, Cell b) { return {a.row + b.row, a.col + b.col, a.layer + b.layer}; }

// The pieces of one part, each its cells where the part started, and how
// far a piece may wander from there: as far as the part is wide, and a
// cell beyond.
class Part {
 public:
  explicit Part(std::vector<std::vector<Cell>> pieces) : pieces_(std::move(pieces)) {
    Cell least = pieces_[0][0], most = least;
    for (const auto& piece : pieces_)
      for (const Cell& c : piece) {
        least = {std::min(least.row, c.row), std::min(least.col, c.col),
                 std::min(least.layer, c.layer)};
        most = {std::max(most.row, c.row), std::max(most.col, c.col),
                std::max(most.layer, c.layer)};
      }
    reach_ = 1 + std::max({most.row - least.row, most.col - least.col, most.layer - least.layer});
  }

  std::size_t size() const { return pieces_.size(); }
  int reach() const { return reach_; }
  const std::vector<Cell>& cells(std::size_t p) const { return pieces_[p]; }

 private:
  std::vector<std::vector<Cell>> pieces_;
  int reach_ = 1;
};

// The pieces that `p` drags along (p's and theirs, by `pushes`).
Mask closure(std::size_t p, const std::vector<Mask>& pushes) {
  Mask group = Mask{1} << p, seen = 0;
  while (group != seen) {
    const Mask fresh = group & ~seen;
    seen = group;
    for (std::size_t q = 0; q < pushes.size(); ++q)
      if (fresh >> q & 1) group |= pushes[q];
  }
  return group;
}

class Disassembler {
 public:
  Disassembly result;

  bool apart(std::vector<std::vector<Cell>> pieces, std::vector<std::vector<int>> groups) {
    if (pieces.size() <= 1 || one_group(groups)) return true;
    Part part(std::move(pieces));
    const std::size_t n = part.size();
    const Mask all = n == max_pieces ? ~Mask{0} : (Mask{1} << n) - 1;
    std::vector<Cell> start(n, Cell{0, 0, 0});
    std::deque<std::pair<std::vector<Cell>, std::uint64_t>> queue{{start, 0}};
    std::unordered_set<std::string> seen{key_of(start)};
    while (!queue.empty()) {
      const auto [offsets, depth] = std::move(queue.front());
      queue.pop_front();
      ++result.positions;
      relations(part, offsets);
      // A group that nothing stops, however far it goes: the part splits.
      for (std::size_t d = 0; d < directions.size(); ++d) {
        for (std::size_t p = 0; p < n; ++p) {
          const Mask group = closure(p, ever_[d]);
          if (group == all) continue;
          result.steps += depth;
          std::vector<std::vector<Cell>> leaving, staying;
          std::vector<std::vector<int>> leaving_groups, staying_groups;
          for (std::size_t q = 0; q < n; ++q) {
            std::vector<Cell> cells;
            for (const Cell& c : part.cells(q)) cells.push_back(plus(c, offsets[q]));
            const bool leaves = (group >> q & 1) != 0;
            (leaves ? leaving : staying).push_back(std::move(cells));
            (leaves ? leaving_groups : staying_groups).push_back(groups[q]);
          }
          return apart(std::move(leaving), std::move(leaving_groups)) &&
                 apart(std::move(staying), std::move(staying_groups));
        }
      }
      // Each group that can move a cell: the pieces its first one pushes.
      for (std::size_t k = 0; k < directions.size(); ++k) {
        const Cell d = directions[k];
        std::vector<Mask> moved;
        for (std::size_t p = 0; p < n; ++p) {
          const Mask group = closure(p, next_[k]);
          if (group == all || std::find(moved.begin(), moved.end(), group) != moved.end()) continue;
          moved.push_back(group);
          // Piece 0 stays put: a group with it moving is the rest moving back.
          const bool back = group & 1;
          std::vector<Cell> next = offsets;
          bool inside = true;
          for (std::size_t q = 0; q < n; ++q) {
            if (((group >> q & 1) != 0) == back) continue;
            const Cell step = back ? Cell{-d.row, -d.col, -d.layer} : d;
            next[q] = plus(next[q], step);
            inside = inside && std::abs(next[q].row) <= part.reach() &&
                     std::abs(next[q].col) <= part.reach() &&
                     std::abs(next[q].layer) <= part.reach();
          }
          if (inside && seen.insert(key_of(next)).second) queue.emplace_back(next, depth + 1);
        }
      }
    }
    return false;
  }

 private:
  // Whether the pieces share a group (BurrTools' piece groups: pieces of
  // one group may stay together, and need not come apart).
  static bool one_group(const std::vector<std::vector<int>>& groups) {
    std::vector<int> common = groups.front();
    for (const std::vector<int>& g : groups) {
      std::vector<int> both;
      std::set_intersection(common.begin(), common.end(), g.begin(), g.end(),
                            std::back_inserter(both));
      common = std::move(both);
    }
    return !common.empty();
  }

  static std::string key_of(const std::vector<Cell>& offsets) {
    std::string key;
    key.reserve(6 * offsets.size());
    for (const Cell& c : offsets)
      for (const int v : {c.row, c.col, c.layer}) {
        key.push_back(static_cast<char>(v & 0xff));
        key.push_back(static_cast<char>(v >> 8 & 0xff));
      }
    return key;
  }

  // For each direction (as `directions`) and piece, the pieces it runs
  // into moving that way: at the next cell (next_), or anywhere along the
  // way (ever_). Along each axis the cells sorted by their line and place
  // on it: a piece's cell followed on its line by another piece's blocks
  // it that way (a piece blocked by a second that a third blocks is
  // blocked by the third through the closure), and at the next place, the
  // first step.
  void relations(const Part& part, const std::vector<Cell>& offsets) {
    const std::size_t n = part.size();
    for (auto* table : {&ever_, &next_})
      for (std::vector<Mask>& masks : *table) masks.assign(n, 0);
    for (int axis = 0; axis < 3; ++axis) {
      line_.clear();
      for (std::size_t p = 0; p < n; ++p)
        for (const Cell& c : part.cells(p)) {
          const Cell at = plus(c, offsets[p]);
          const std::array<int, 3> v = {at.row, at.col, at.layer};
          // (directions: col, row, layer; the two others name the line)
          const int along = axis == 0 ? v[1] : axis == 1 ? v[0] : v[2];
          const int u = axis == 0 ? v[0] : v[1], w = axis == 2 ? v[0] : v[2];
          // One word: the line (16 bits a coordinate), the place, the piece,
          // sorted as numbers (offsets biased to stay positive).
          const auto field = [](int x) {
            return std::uint64_t(static_cast<std::uint16_t>(x + 0x8000));
          };
          line_.push_back(field(u) << 48 | field(w) << 32 | field(along) << 16 |
                          static_cast<std::uint64_t>(p));
        }
      std::sort(line_.begin(), line_.end());
      const std::size_t forward = 2 * static_cast<std::size_t>(axis), backward = forward + 1;
      for (std::size_t k = 1; k < line_.size(); ++k) {
        const std::uint64_t a = line_[k - 1], b = line_[k];
        const std::size_t pa = a & 0xffff, pb = b & 0xffff;
        if ((a >> 32) != (b >> 32) || pa == pb) continue;
        ever_[forward][pa] |= Mask{1} << pb;
        ever_[backward][pb] |= Mask{1} << pa;
        if ((b >> 16 & 0xffff) == (a >> 16 & 0xffff) + 1) {
          next_[forward][pa] |= Mask{1} << pb;
          next_[backward][pb] |= Mask{1} << pa;
        }
      }
    }
  }

  std::vector<std::uint64_t> line_;  // the cells along an axis, as words
  std::array<std::vector<Mask>, 6> ever_, next_;
};

}  // namespace

Disassembly disassemble(Lattice lattice, const std::vector<Shape>& pieces,
                        const std::vector<std::vector<int>>& groups) {
  if (lattice != Lattice::cube)
    throw ProblemError(std::string("disassembly moves pieces on the cube lattice; the ") +
                       to_string(lattice) + " lattice's moves are not here yet");
  if (pieces.size() > max_pieces)
    throw ProblemError("disassembly takes up to " + std::to_string(max_pieces) + " pieces, not " +
                       std::to_string(pieces.size()));
  if (!groups.empty() && groups.size() != pieces.size())
    throw ProblemError("disassembly: " + std::to_string(groups.size()) + " groups' lists for " +
                       std::to_string(pieces.size()) + " pieces");
  std::vector<std::vector<Cell>> cells;
  std::vector<std::vector<int>> sorted_groups;
  std::vector<Cell> every;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    if (pieces[p].size() == 0) continue;  // (nothing to move)
    cells.push_back(pieces[p].cells());
    sorted_groups.push_back(groups.empty() ? std::vector<int>{} : groups[p]);
    std::sort(sorted_groups.back().begin(), sorted_groups.back().end());
    sorted_groups.back().erase(
        std::remove(sorted_groups.back().begin(), sorted_groups.back().end(), 0),
        sorted_groups.back().end());
    every.insert(every.end(), pieces[p].cells().begin(), pieces[p].cells().end());
  }
  std::sort(every.begin(), every.end());
  if (std::adjacent_find(every.begin(), every.end()) != every.end())
    throw ProblemError("the pieces to take apart overlap");
  Disassembler disassembler;
  // One piece, or none, has nothing to come apart from: as burrTxt counts,
  // no solution.
  if (cells.size() < 2) return disassembler.result;
  disassembler.result.apart = disassembler.apart(std::move(cells), std::move(sorted_groups));
  return disassembler.result;
}

Disassembly disassemble(const Tiling& tiling, const Solution& solution) {
  std::vector<Shape> pieces;
  std::vector<std::vector<int>> groups;
  for (const int option : solution.options) {
    if (option < 0 || static_cast<std::size_t>(option) >= tiling.placements.size())
      throw ProblemError("option " + std::to_string(option) + " is not one of this tiling's");
    const Placement& placement = tiling.placements[static_cast<std::size_t>(option)];
    pieces.push_back(placement.cells);
    groups.push_back(tiling.pieces[static_cast<std::size_t>(placement.piece)].groups);
  }
  return disassemble(tiling.lattice, pieces, groups);
}

}  // namespace xcover::polyform
