// SPDX-License-Identifier: MIT
// Taking an assembly apart (disassembly.hpp): breadth-first over the
// pieces' positions, each move a group of pieces any number of steps along
// one of the lattice's ways (cubes: 6, prisms: 8), met in the order
// BurrTools' movement analysis meets them, until a group can leave for
// good; then each part in turn.
#include "xcover/puzzles/disassembly.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace xcover::polyform {

namespace {

using Mask = std::uint64_t;
constexpr std::size_t max_pieces = 64;

// The ways a piece moves on each lattice that has them, a step each, in
// the order BurrTools' grid looks at them: each axis forward, then back
// (way k ^ 1 is way k reversed). Cubes: a cell along the columns, the
// rows, the layers. Prisms: a layer; two columns (a triangle's width: the
// next triangle that points the same way); a row up and a column right,
// or left, along the triangles' slanted edges.
constexpr std::array<Cell, 6> cube_ways = {Cell{0, 1, 0},  Cell{0, -1, 0}, Cell{1, 0, 0},
                                           Cell{-1, 0, 0}, Cell{0, 0, 1},  Cell{0, 0, -1}};
constexpr std::array<Cell, 8> prism_ways = {Cell{0, 0, 1},   Cell{0, 0, -1}, Cell{0, 2, 0},
                                            Cell{0, -2, 0},  Cell{-1, 1, 0}, Cell{1, -1, 0},
                                            Cell{-1, -1, 0}, Cell{1, 1, 0}};
template <Lattice lattice>
constexpr const auto& ways() {
  static_assert(lattice == Lattice::cube || lattice == Lattice::prism);
  if constexpr (lattice == Lattice::cube)
    return cube_ways;
  else
    return prism_ways;
}

Cell plus(Cell a, Cell b) { return {a.row + b.row, a.col + b.col, a.layer + b.layer}; }

// The cell a prism at `at` passes over on a step along prism way `k`
// (forward: even k), besides the one it lands on: the neighbour across the
// edge that faces the way (a layer step has none: the one it lands on).
// Along the columns, the triangle beside it; along a slanted edge, the one
// beside it for a triangle pointing up (row + col even), the one above it
// for one pointing down.
Cell crossed(Cell at, std::size_t k) {
  const bool up = ((at.row + at.col) & 1) == 0;
  switch (k / 2) {
    case 0:
      return {at.row, at.col, at.layer + 1};
    case 1:
      return {at.row, at.col + 1, at.layer};
    case 2:
      return up ? Cell{at.row, at.col + 1, at.layer} : Cell{at.row - 1, at.col, at.layer};
    default:
      return up ? Cell{at.row, at.col - 1, at.layer} : Cell{at.row - 1, at.col, at.layer};
  }
}

// The pieces that `p` drags along (p's and theirs, by `pushes`).
Mask closure(std::size_t p, std::span<const Mask> pushes) {
  Mask group = Mask{1} << p, seen = 0;
  while (group != seen) {
    const Mask fresh = group & ~seen;
    seen = group;
    for (Mask bits = fresh; bits != 0; bits &= bits - 1)
      group |= pushes[static_cast<std::size_t>(std::countr_zero(bits))];
  }
  return group;
}

// What taking one part apart found: BurrTools' numbers for it (the moves
// of its first split, then the removed part's numbers, then the rest's,
// each part's only where one of its splits takes more than one move), and
// its moves and cells moved in all.
struct PartLevel {
  std::vector<std::uint32_t> level;
  bool many = false;  // some split takes more than one move
  std::uint64_t moves = 0, cells = 0;
  std::vector<Move> plan;  // the moves, in order
};

// The moves found along one way from one position, in the order found,
// each a number of steps and the group that moves, with an open-addressing
// set of them to look each up and the numbers of those of each number of
// steps. Merges stop at kMostMerged moves a way.
constexpr std::size_t kMostMerged = 4096;
constexpr Mask kTooMany = ~Mask{0};  // (a group of more than half a part: it does not move)
class WayMoves {
 public:
  using Found = std::pair<int, Mask>;
  void clear() {
    for (const Found& move : list_) by_step_[static_cast<std::size_t>(move.first)].clear();
    list_.clear();
    if (++stamp_ == 0) {  // (the stamps went round: none is this clear's)
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
  }
  std::size_t size() const { return list_.size(); }
  Found operator[](std::size_t k) const { return list_[k]; }
  // The numbers of the moves of `step` steps, in the order found.
  const std::vector<std::uint32_t>& of_step(int step) const {
    return by_step_[static_cast<std::size_t>(step)];
  }
  // Adds a move unless found before: whether it is new.
  bool add(int step, Mask group) {
    if (2 * (list_.size() + 1) > slots_.size()) grow();
    std::size_t k = slot(step, group);
    for (; stamps_[k] == stamp_; k = (k + 1) & (slots_.size() - 1))
      if (list_[slots_[k]] == Found(step, group)) return false;
    stamps_[k] = stamp_;
    slots_[k] = static_cast<std::uint32_t>(list_.size());
    if (by_step_.size() <= static_cast<std::size_t>(step))
      by_step_.resize(static_cast<std::size_t>(step) + 1);
    by_step_[static_cast<std::size_t>(step)].push_back(static_cast<std::uint32_t>(list_.size()));
    list_.emplace_back(step, group);
    return true;
  }

 private:
  std::size_t slot(int step, Mask group) const {
    return static_cast<std::size_t>(
               ((group ^ static_cast<std::uint64_t>(step) << 57) * 0x9e3779b97f4a7c15ULL) >> 40) &
           (slots_.size() - 1);
  }
  void grow() {
    slots_.assign(std::max<std::size_t>(64, 2 * slots_.size()), 0);
    stamps_.assign(slots_.size(), 0);
    stamp_ = 1;
    for (std::size_t m = 0; m < list_.size(); ++m) {
      std::size_t k = slot(list_[m].first, list_[m].second);
      while (stamps_[k] == stamp_) k = (k + 1) & (slots_.size() - 1);
      stamps_[k] = stamp_;
      slots_[k] = static_cast<std::uint32_t>(m);
    }
  }
  std::vector<Found> list_;
  std::vector<std::uint32_t> slots_;   // a move's number in list_, where stamps_ is stamp_
  std::vector<std::uint32_t> stamps_;  // (the clear that filled each slot)
  std::uint32_t stamp_ = 1;
  std::vector<std::vector<std::uint32_t>> by_step_;
};

// One piece of the assembly: its cells as given, their bounds, and which
// cells of the bounds it fills (layer by layer, row by row).
struct PieceCells {
  std::vector<Cell> cells;
  Cell least, most;
  int rows = 0, cols = 0;
  std::vector<unsigned char> fills;

  explicit PieceCells(const std::vector<Cell>& given) : cells(given) {
    least = most = cells.front();
    for (const Cell& c : cells) {
      least = {std::min(least.row, c.row), std::min(least.col, c.col),
               std::min(least.layer, c.layer)};
      most = {std::max(most.row, c.row), std::max(most.col, c.col), std::max(most.layer, c.layer)};
    }
    rows = most.row - least.row + 1;
    cols = most.col - least.col + 1;
    fills.assign(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) *
                     static_cast<std::size_t>(most.layer - least.layer + 1),
                 0);
    for (const Cell& c : cells) fills[index(c)] = 1;
  }
  // Whether it fills `c`, a cell within its bounds.
  bool fills_cell(Cell c) const { return fills[index(c)] != 0; }

  // Where `c`, a cell within the bounds, is in `fills`.
  std::size_t index(Cell c) const {
    return (static_cast<std::size_t>(c.layer - least.layer) * static_cast<std::size_t>(rows) +
            static_cast<std::size_t>(c.row - least.row)) *
               static_cast<std::size_t>(cols) +
           static_cast<std::size_t>(c.col - least.col);
  }
};

// How far one piece moves in each way (as ways()) before it runs into
// another, for each pair of the assembly's pieces and each offset between
// them (BurrTools' movement cache): an open-addressing table, kept for the
// whole assembly (its parts' pieces are numbered as the assembly's).
template <std::size_t kWays>
using Gaps = std::array<int, kWays>;
constexpr int kFar = 1 << 30;  // the second piece is nowhere in the first's way
template <std::size_t kWays>
class GapCache {
 public:
  GapCache() { resize(128); }
  // The entry of `key` (a, b and their offset: never kEmpty), and whether
  // it is new (its gaps then to be filled).
  std::pair<Gaps<kWays>*, bool> find(std::uint64_t key) {
    if (2 * (used_ + 1) > keys_.size()) resize(2 * keys_.size());
    std::size_t k = slot(key);
    while (keys_[k] != kEmpty) {
      if (keys_[k] == key) return {&gaps_[k], false};
      k = (k + 1) & (keys_.size() - 1);
    }
    keys_[k] = key;
    ++used_;
    return {&gaps_[k], true};
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  // (Fibonacci hashing: the product's top bits, which every bit of the
  // key moves.)
  std::size_t slot(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> shift_);
  }
  void resize(std::size_t size) {
    shift_ = 64 - std::countr_zero(size);
    std::vector<std::uint64_t> keys(size, kEmpty);
    std::vector<Gaps<kWays>> gaps(size);
    std::swap(keys, keys_);
    std::swap(gaps, gaps_);
    used_ = 0;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      if (keys[k] == kEmpty) continue;
      const auto [at, fresh] = find(keys[k]);
      *at = gaps[k];
      (void)fresh;
    }
  }
  std::vector<std::uint64_t> keys_;
  std::vector<Gaps<kWays>> gaps_;
  std::size_t used_ = 0;
  int shift_ = 54;  // 64 less the table's bits
};

// The positions of one part met in its search, each the offset of every
// piece from where the part started, all in one list (n a position), in
// the order met (the breadth-first queue), with a set of their numbers
// to look each up by its offsets.
class Positions {
 public:
  explicit Positions(std::size_t n) : n_(n), table_(256, 0) {}
  std::size_t size() const { return count_; }
  const Cell* at(std::size_t k) const { return offsets_.data() + k * n_; }
  // Adds a position unless it was met: whether it was new.
  bool add(const std::vector<Cell>& offsets) {
    if (2 * (count_ + 1) > table_.size()) grow();
    const std::uint64_t h = hash(offsets.data());
    std::size_t k = static_cast<std::size_t>(h) & (table_.size() - 1);
    while (table_[k] != 0) {
      if (std::equal(offsets.begin(), offsets.end(), at(table_[k] - 1))) return false;
      k = (k + 1) & (table_.size() - 1);
    }
    table_[k] = static_cast<std::uint32_t>(++count_);
    offsets_.insert(offsets_.end(), offsets.begin(), offsets.end());
    return true;
  }

 private:
  std::uint64_t hash(const Cell* offsets) const {
    std::uint64_t h = 0x243f6a8885a308d3ULL;
    for (std::size_t q = 0; q < n_; ++q) {
      const Cell& c = offsets[q];
      h = (h ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(c.row)) << 32 |
                static_cast<std::uint32_t>(c.col))) *
          0x9e3779b97f4a7c15ULL;
      h = (h ^ static_cast<std::uint32_t>(c.layer)) * 0xff51afd7ed558ccdULL;
    }
    return h ^ (h >> 29);
  }
  void grow() {
    std::vector<std::uint32_t> table(2 * table_.size(), 0);
    for (std::size_t k = 0; k < count_; ++k) {
      std::size_t slot = static_cast<std::size_t>(hash(at(k))) & (table.size() - 1);
      while (table[slot] != 0) slot = (slot + 1) & (table.size() - 1);
      table[slot] = static_cast<std::uint32_t>(k + 1);
    }
    table_ = std::move(table);
  }
  std::size_t n_;
  std::size_t count_ = 0;
  std::vector<Cell> offsets_;
  std::vector<std::uint32_t> table_;  // a position's number + 1 (0: empty)
};

// A part of the assembly: its pieces (numbers into the assembly's, in
// order) and how far each stands from its cells as given when the part
// starts.
struct Part {
  std::vector<std::size_t> ids;
  std::vector<Cell> base;
};

// Takes an assembly apart on a lattice that has ways to move (ways()).
template <Lattice lattice>
class Disassembler {
  static constexpr const auto& kWays = ways<lattice>();
  using WayGaps = Gaps<kWays.size()>;
  // The most a way's step moves a coordinate (prisms: two columns).
  static constexpr int kLongest = lattice == Lattice::prism ? 2 : 1;

 public:
  Disassembly result;

  // The pieces (their cells as given, the numbers they are reported by,
  // BurrTools' groups of each, sorted, 0 left out).
  Disassembler(const std::vector<const std::vector<Cell>*>& cells, std::vector<std::size_t> given,
               std::vector<std::vector<int>> groups)
      : given_(std::move(given)), groups_(std::move(groups)) {
    for (const std::vector<Cell>* piece : cells) pieces_.emplace_back(*piece);
  }

  // Takes a part apart: nothing when it does not come apart.
  std::optional<PartLevel> apart(const Part& part) {
    const std::size_t n = part.ids.size();
    if (n <= 1 || one_group(part.ids)) return PartLevel{};
    const Mask all = n == max_pieces ? ~Mask{0} : (Mask{1} << n) - 1;
    // How far a piece may wander from where the part starts: as far as
    // the part is wide, and a cell beyond.
    Cell least = plus(pieces_[part.ids[0]].least, part.base[0]), most = least;
    for (std::size_t q = 0; q < n; ++q) {
      const Cell lo = plus(pieces_[part.ids[q]].least, part.base[q]);
      const Cell hi = plus(pieces_[part.ids[q]].most, part.base[q]);
      least = {std::min(least.row, lo.row), std::min(least.col, lo.col),
               std::min(least.layer, lo.layer)};
      most = {std::max(most.row, hi.row), std::max(most.col, hi.col),
              std::max(most.layer, hi.layer)};
    }
    const int reach =
        (1 + std::max({most.row - least.row, most.col - least.col, most.layer - least.layer})) *
        kLongest;
    // The positions met, in the order met (the queue), and the move that
    // made each and the one before it (the first, the start, has none):
    // the way to a split, read back.
    struct Node {
      std::uint32_t parent = 0;
      std::uint32_t direction = 0;
      int step = 0;
      Mask group = 0;
      std::uint64_t moves = 0, cells = 0;
    };
    std::vector<Node> nodes(1);
    Positions positions(n);
    std::vector<Cell> offsets(n, Cell{0, 0, 0}), next(n);
    positions.add(offsets);
    for (std::size_t at = 0; at < positions.size(); ++at) {
      offsets.assign(positions.at(at), positions.at(at) + n);
      const Node here = nodes[at];
      ++result.positions;
      relations(part, offsets);
      if (std::optional<PartLevel> split = split_off(part, offsets, all)) {
        split->moves += here.moves + 1;  // (the removal is a move, as BurrTools counts)
        split->cells += here.cells;
        split->many = split->many || here.moves + 1 > 1;
        split->level.insert(split->level.begin(), static_cast<std::uint32_t>(here.moves + 1));
        // The moves here, before the removal (split_off's first). (A group
        // with piece 0 is written as the rest moving back: piece 0 stays
        // put until it comes off.)
        std::vector<Move> way;
        for (std::size_t k = at; k != 0; k = nodes[k].parent) {
          const Node& node = nodes[k];
          const bool back = (node.group & 1) != 0;
          way.push_back(Move{ids(part, back ? all & ~node.group : node.group),
                             kWays[back ? node.direction ^ 1 : node.direction], node.step, false});
        }
        split->plan.insert(split->plan.begin(), way.rbegin(), way.rend());
        return split;
      }
      if (split_failed_) return std::nullopt;
      // The moves from here, in the order BurrTools' movement analysis
      // finds them: along each way in turn, each piece in turn with the
      // pieces it drags along, a step further at a time while they are at
      // most half the part; each move new to this way also merged with
      // the way's earlier moves of as many steps, the latest first (the
      // union of two groups, unless it is one of them or everything).
      // (No group can leave for good here, so each piece's steps end.)
      for (std::size_t k = 0; k < kWays.size(); ++k) {
        const Cell d = kWays[k];
        moves_along(k, n, all, [&](int step, Mask group) {
          // The position with `group` moved `step` steps along d, piece 0
          // put back where it stood (a group with it moving is the rest
          // moving back).
          const Cell by{d.row * step, d.col * step, d.layer * step};
          const Cell back = (group & 1) != 0 ? Cell{-by.row, -by.col, -by.layer} : Cell{0, 0, 0};
          for (std::size_t q = 0; q < n; ++q) {
            next[q] = plus(offsets[q], (group >> q & 1) != 0 ? plus(by, back) : back);
            if (std::abs(next[q].row) > reach || std::abs(next[q].col) > reach ||
                std::abs(next[q].layer) > reach)
              return;
          }
          if (!positions.add(next)) return;
          nodes.push_back(Node{static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(k), step,
                               group, here.moves + 1,
                               here.cells + static_cast<std::uint64_t>(step)});
        });
      }
    }
    return std::nullopt;
  }

  // The moves along way k from the position relations() looked at, in
  // BurrTools' order (see apart), each passed to `reached` (its steps and
  // its group) as found.
  template <class Reached>
  void moves_along(std::size_t k, std::size_t n, Mask all, const Reached& reached) {
    // The pairs in each other's way, nearest first: a step of s drags
    // those less than s steps apart. What each piece drags changes
    // only where a step passes a gap: from each such step on (starts_,
    // a row each), the pieces each piece pushes (pushes_) and, once
    // asked, drags (dragged_, 0 until then, kTooMany for more than half
    // the part), n to a row; rows are made as the steps reach them.
    by_gap(gap_[k]);
    starts_.clear();
    pushes_.assign(n, 0);
    std::size_t pushed = 0;
    const auto push_below = [&](int step) {
      for (; pushed < edges_.size() && gap_[k][edges_[pushed]] < step; ++pushed)
        pushes_[pushes_.size() - n + edges_[pushed] / n] |= Mask{1} << (edges_[pushed] % n);
    };
    push_below(1);
    starts_.push_back(1);
    dragged_.assign(n, 0);
    const auto row_of = [&](std::size_t row, int step) {
      for (;;) {
        if (row + 1 < starts_.size() && starts_[row + 1] <= step) {
          ++row;
          continue;
        }
        if (row + 1 < starts_.size() || pushed == edges_.size() ||
            gap_[k][edges_[pushed]] + 1 > step)
          return row;
        starts_.push_back(gap_[k][edges_[pushed]] + 1);
        pushes_.resize(pushes_.size() + n);  // (a copy of the row before)
        std::copy_n(pushes_.end() - 2 * static_cast<std::ptrdiff_t>(n), n,
                    pushes_.end() - static_cast<std::ptrdiff_t>(n));
        push_below(starts_.back());
        dragged_.resize(dragged_.size() + n, 0);
      }
    };
    way_moves_.clear();
    for (std::size_t p = 0; p < n; ++p) {
      // (Past the last gap a piece drags all it ever meets: more than
      // half the part, or it would leave for good.)
      for (std::size_t row = 0, step = 1;; ++step) {
        row = row_of(row, static_cast<int>(step));
        Mask& drags = dragged_[row * n + p];
        if (drags == 0) {
          drags = closure(p, std::span<const Mask>(pushes_).subspan(row * n, n));
          if (2 * static_cast<std::size_t>(std::popcount(drags)) > n) drags = kTooMany;
        }
        const Mask group = drags;
        if (group == kTooMany) break;
        const int s = static_cast<int>(step);
        if (!way_moves_.add(s, group)) continue;
        reached(s, group);
        for (std::size_t j = way_moves_.of_step(s).size() - 1; j-- > 0;) {
          const Mask other = way_moves_[way_moves_.of_step(s)[j]].second;
          const Mask both = group | other;
          if (both == group || both == other || both == all) continue;
          if (way_moves_.size() < kMostMerged && way_moves_.add(s, both)) reached(s, both);
        }
      }
    }
  }

  // The numbers the pieces in `group` of `part` are reported by, in order.
  std::vector<std::size_t> ids(const Part& part, Mask group) const {
    std::vector<std::size_t> out;
    for (Mask bits = group; bits != 0; bits &= bits - 1)
      out.push_back(given_[part.ids[static_cast<std::size_t>(std::countr_zero(bits))]]);
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  bool split_failed_ = false;  // a part split off did not come apart

  // Where a group can leave for good at these offsets, as BurrTools looks
  // (a single piece before a group; the ways in turn, then the pieces):
  // the level of the two parts, removed first; nothing when no
  // group can leave, or (split_failed_) when a part does not come apart.
  std::optional<PartLevel> split_off(const Part& part, const std::vector<Cell>& offsets, Mask all) {
    const std::size_t n = part.ids.size();
    // A single piece is free where nothing is in its way; a group, where
    // its closure is not everything.
    Mask leaving = 0;
    std::size_t way = 0;  // the direction it leaves in
    for (std::size_t d = 0; d < kWays.size() && leaving == 0; ++d)
      for (std::size_t p = 0; p < n && leaving == 0; ++p)
        if (ever_[d][p] == 0) leaving = Mask{1} << p, way = d;
    for (std::size_t d = 0; d < kWays.size() && leaving == 0; ++d)
      for (std::size_t p = 0; p < n && leaving == 0; ++p) {
        const Mask group = closure(p, ever_[d]);
        if (group != all && 2 * static_cast<std::size_t>(std::popcount(group)) <= n)
          leaving = group, way = d;
      }
    if (leaving == 0) return std::nullopt;
    // The two parts, each piece from where it stands now.
    Part removed, rest;
    for (std::size_t q = 0; q < n; ++q) {
      Part& side = (leaving >> q & 1) != 0 ? removed : rest;
      side.ids.push_back(part.ids[q]);
      side.base.push_back(plus(part.base[q], offsets[q]));
    }
    PartLevel split;
    split.plan.push_back(
        Move{ids(part, leaving), kWays[way], clearance(removed, rest, kWays[way]), true});
    for (const Part* side : {&removed, &rest}) {
      const std::optional<PartLevel> level = apart(*side);
      if (!level) {
        split_failed_ = true;
        return std::nullopt;
      }
      if (level->many)
        split.level.insert(split.level.end(), level->level.begin(), level->level.end());
      split.many = split.many || level->many;
      split.moves += level->moves;
      split.cells += level->cells;
      split.plan.insert(split.plan.end(), level->plan.begin(), level->plan.end());
    }
    return split;
  }

  // How many steps along `d` take the pieces `removed` until no cell of
  // `rest` is ahead of them (a step at least: they part), measured along
  // d (a step moves a cell d.d further).
  int clearance(const Part& removed, const Part& rest, Cell d) const {
    const auto along = [d](Cell c) { return c.row * d.row + c.col * d.col + c.layer * d.layer; };
    int behind = INT_MAX, ahead = INT_MIN;  // the removed's least, the rest's most
    for (const auto& [side, least] : {std::pair(&removed, true), std::pair(&rest, false)})
      for (std::size_t q = 0; q < side->ids.size(); ++q)
        for (const Cell& c : pieces_[side->ids[q]].cells) {
          const int at = along(plus(c, side->base[q]));
          if (least)
            behind = std::min(behind, at);
          else
            ahead = std::max(ahead, at);
        }
    return ahead < behind ? 1 : (ahead - behind) / along(d) + 1;
  }

  // Whether the pieces share a group (BurrTools' piece groups: pieces of
  // one group may stay together, and need not come apart).
  bool one_group(const std::vector<std::size_t>& ids) const {
    std::vector<int> common = groups_[ids.front()];
    for (const std::size_t id : ids) {
      if (common.empty()) return false;
      const std::vector<int>& g = groups_[id];
      std::vector<int> both;
      std::set_intersection(common.begin(), common.end(), g.begin(), g.end(),
                            std::back_inserter(both));
      common = std::move(both);
    }
    return !common.empty();
  }

  // edges_: the pairs with a gap, nearest first (a counting sort: gaps
  // are short).
  void by_gap(const std::vector<int>& gaps) {
    int most = -1;
    for (const int g : gaps)
      if (g != kFar) most = std::max(most, g);
    count_.assign(static_cast<std::size_t>(most + 2), 0);
    for (const int g : gaps)
      if (g != kFar) ++count_[static_cast<std::size_t>(g) + 1];
    for (std::size_t g = 1; g < count_.size(); ++g) count_[g] += count_[g - 1];
    edges_.resize(count_.back());
    for (std::size_t e = 0; e < gaps.size(); ++e)
      if (gaps[e] != kFar) edges_[count_[static_cast<std::size_t>(gaps[e])]++] = e;
  }

  // For each way (as kWays) and ordered pair of pieces, the free steps
  // between them that way (none: they touch; kFar: the second is nowhere
  // in the first's way), from the cache of pairs (gaps_of).
  // A piece blocked by a second that a third blocks is blocked by the
  // third through the closure.
  void relations(const Part& part, const std::vector<Cell>& offsets) {
    const std::size_t n = part.ids.size();
    for (std::vector<int>& gaps : gap_) gaps.resize(n * n);
    for (std::vector<Mask>& masks : ever_) masks.assign(n, 0);
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t d = 0; d < kWays.size(); ++d) gap_[d][a * n + a] = kFar;
      const Cell from = plus(part.base[a], offsets[a]);
      for (std::size_t b = a + 1; b < n; ++b) {
        const Cell to = plus(part.base[b], offsets[b]);
        const WayGaps& gaps =
            gaps_of(part.ids[a], part.ids[b],
                    {to.row - from.row, to.col - from.col, to.layer - from.layer});
        for (std::size_t d = 0; d < kWays.size(); ++d) {
          gap_[d][a * n + b] = gaps[d];
          gap_[d ^ 1][b * n + a] = gaps[d];  // (b moving back runs into a as a into b)
          if (gaps[d] != kFar) {
            ever_[d][a] |= Mask{1} << b;
            ever_[d ^ 1][b] |= Mask{1} << a;
          }
        }
      }
    }
  }

  // How far piece a moves in each way before it runs into piece b when b
  // stands `apart` from a (their cells as given, b's shifted so much more
  // than a's), computed once for each pair and offset. On cubes, over
  // their cells on a common line, the least free run between (from the
  // smaller piece's cells: b running into a is a running back into b). On
  // prisms as BurrTools' grid does: a forward, and b forward for a going
  // back, each a step at a time from its own cells (steps).
  const WayGaps& gaps_of(std::size_t a, std::size_t b, Cell apart) {
    const auto field = [](int x) { return std::uint64_t(static_cast<std::uint16_t>(x + 0x8000)); };
    const std::uint64_t key = (std::uint64_t{a} << 56) | (std::uint64_t{b} << 48) |
                              field(apart.row) << 32 | field(apart.col) << 16 | field(apart.layer);
    const auto [gaps, fresh] = cache_.find(key);
    if (!fresh) return *gaps;
    if constexpr (lattice == Lattice::prism) {
      const Cell back{-apart.row, -apart.col, -apart.layer};
      for (std::size_t k = 0; k < kWays.size(); k += 2) {
        (*gaps)[k] = steps(pieces_[a], pieces_[b], apart, k);
        (*gaps)[k + 1] = steps(pieces_[b], pieces_[a], back, k);
      }
    } else if (pieces_[a].cells.size() <= pieces_[b].cells.size()) {
      *gaps = runs(pieces_[a], pieces_[b], apart);
    } else {
      const WayGaps back = runs(pieces_[b], pieces_[a], {-apart.row, -apart.col, -apart.layer});
      for (std::size_t d = 0; d < back.size(); ++d) (*gaps)[d] = back[d ^ 1];
    }
    return *gaps;
  }

  // How many steps along way k `mover` goes before it runs into `other`,
  // `other` standing `apart` from it (kFar: never): each of mover's cells,
  // seen from other (less `apart`), steps on while what it passes over
  // (crossed) and lands on are free, until it is past other's bounds, no
  // further than the least found so far.
  static int steps(const PieceCells& mover, const PieceCells& other, Cell apart, std::size_t k) {
    const Cell d = kWays[k];
    // Whether a cell is beyond other's bounds the way d goes (then so is
    // all it passes from there), or off them across it (never in its way).
    const auto past = [&](Cell c) {
      const auto beyond = [](int at, int step, int lo, int hi) {
        return step > 0 ? at > hi : step < 0 ? at < lo : at < lo || at > hi;
      };
      return beyond(c.row, d.row, other.least.row, other.most.row) ||
             beyond(c.col, d.col, other.least.col, other.most.col) ||
             beyond(c.layer, d.layer, other.least.layer, other.most.layer);
    };
    const auto fills = [&](Cell c) {
      return c.row >= other.least.row && c.row <= other.most.row && c.col >= other.least.col &&
             c.col <= other.most.col && c.layer >= other.least.layer &&
             c.layer <= other.most.layer && other.fills_cell(c);
    };
    int least = kFar;
    for (const Cell& c : mover.cells) {
      Cell at = {c.row - apart.row, c.col - apart.col, c.layer - apart.layer};
      for (int s = 0; s < least && !past(at); ++s, at = plus(at, d))
        if (fills(crossed(at, k)) || fills(plus(at, d))) {
          least = s;
          break;
        }
      if (least == 0) break;
    }
    return least;
  }

  // The free runs from `mover`'s cells to `other`'s, `other` standing
  // `apart` from it, in each direction: each of mover's cells, seen from
  // other (less `apart`), looks along each axis within other's bounds for
  // the nearest of its cells ahead and behind, no further than the
  // nearest found so far.
  static WayGaps runs(const PieceCells& mover, const PieceCells& other, Cell apart) {
    WayGaps gaps;
    gaps.fill(kFar);
    // (Axis 0 runs along the columns, 1 the rows, 2 the layers.)
    const auto get = [](Cell c, int axis) {
      return axis == 0 ? c.col : axis == 1 ? c.row : c.layer;
    };
    const auto put = [](Cell c, int axis, int v) {
      (axis == 0 ? c.col : axis == 1 ? c.row : c.layer) = v;
      return c;
    };
    for (const Cell& c : mover.cells) {
      const Cell seen = {c.row - apart.row, c.col - apart.col, c.layer - apart.layer};
      const bool row_in = seen.row >= other.least.row && seen.row <= other.most.row;
      const bool col_in = seen.col >= other.least.col && seen.col <= other.most.col;
      const bool layer_in = seen.layer >= other.least.layer && seen.layer <= other.most.layer;
      // (A line along an axis meets other's bounds where the other two
      // coordinates are within them.)
      const bool meets[3] = {row_in && layer_in, col_in && layer_in, row_in && col_in};
      for (int axis = 0; axis < 3; ++axis) {
        if (!meets[axis]) continue;
        const int from = get(seen, axis), lo = get(other.least, axis), hi = get(other.most, axis);
        const std::size_t forward = 2 * static_cast<std::size_t>(axis);
        // Ahead: the cells after `from`, up to the nearest run found.
        for (int at = std::max(from + 1, lo); at <= hi && at - from - 1 < gaps[forward]; ++at)
          if (other.fills_cell(put(seen, axis, at))) {
            gaps[forward] = at - from - 1;
            break;
          }
        // Behind.
        for (int at = std::min(from - 1, hi); at >= lo && from - at - 1 < gaps[forward + 1]; --at)
          if (other.fills_cell(put(seen, axis, at))) {
            gaps[forward + 1] = from - at - 1;
            break;
          }
      }
    }
    return gaps;
  }

  std::vector<PieceCells> pieces_;        // the assembly's pieces
  std::vector<std::size_t> given_;        // each one's number as given
  std::vector<std::vector<int>> groups_;  // each one's groups
  GapCache<kWays.size()> cache_;          // of the whole assembly
  // The pairs in each other's way (a * n + b) by their gap, nearest first
  // (edges_, by_gap), and apart's sets of pieces.
  std::vector<std::size_t> edges_, count_;
  std::vector<Mask> pushes_, dragged_;
  std::vector<int> starts_;
  WayMoves way_moves_;                                // apart's moves along one way
  std::array<std::vector<Mask>, kWays.size()> ever_;  // the pieces anywhere in each piece's way
  std::array<std::vector<int>, kWays.size()> gap_;
};

// Whether two of the pieces share a cell (marked on a grid over their
// bounds).
bool overlap(const std::vector<const std::vector<Cell>*>& pieces) {
  std::vector<Cell> corners;  // the least and the most of every coordinate
  for (const std::vector<Cell>* piece : pieces)
    for (const Cell& c : *piece) {
      if (corners.empty()) corners = {c, c};
      corners[0] = {std::min(corners[0].row, c.row), std::min(corners[0].col, c.col),
                    std::min(corners[0].layer, c.layer)};
      corners[1] = {std::max(corners[1].row, c.row), std::max(corners[1].col, c.col),
                    std::max(corners[1].layer, c.layer)};
    }
  if (corners.empty()) return false;
  const PieceCells box(corners);  // (its bounds are all of theirs)
  std::vector<unsigned char> taken(box.fills.size(), 0);
  for (const std::vector<Cell>* piece : pieces)
    for (const Cell& c : *piece)
      if (taken[box.index(c)]++ != 0) return true;
  return false;
}

// Takes the pieces (two or more, none empty, none overlapping) apart on
// a lattice with ways to move.
template <Lattice lattice>
Disassembly take_apart(const std::vector<const std::vector<Cell>*>& cells,
                       std::vector<std::size_t> given, std::vector<std::vector<int>> groups) {
  Disassembler<lattice> disassembler(cells, std::move(given), std::move(groups));
  Part whole;
  for (std::size_t q = 0; q < cells.size(); ++q) {
    whole.ids.push_back(q);
    whole.base.push_back(Cell{0, 0, 0});
  }
  const std::optional<PartLevel> level = disassembler.apart(whole);
  Disassembly& result = disassembler.result;
  result.apart = level.has_value();
  if (level) {
    result.level = level->level;
    result.moves = level->moves;
    result.steps = level->cells;
    result.plan = level->plan;
  }
  return result;
}

}  // namespace

std::string disassembly_refusal(Lattice lattice) {
  switch (lattice) {
    case Lattice::cube:
    case Lattice::prism:
      return "";
    case Lattice::square:
    case Lattice::triangle:
    case Lattice::hex:
      return std::string("disassembly slides solids apart, on the cube and prism lattices; the ") +
             to_string(lattice) + " lattice's pieces lie in a plane";
    case Lattice::sphere:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      return std::string(
                 "disassembly moves pieces on the cube and prism lattices, as BurrTools "
                 "does; neither moves pieces on the ") +
             to_string(lattice) + " lattice (burrTxt -d stops on BurrTools' " +
             (lattice == Lattice::sphere ? "spheres" : to_string(lattice)) + " grid)";
  }
  return "disassembly: an unknown lattice";
}

Disassembly disassemble(Lattice lattice, const std::vector<Shape>& pieces,
                        const std::vector<std::vector<int>>& groups) {
  if (const std::string refused = disassembly_refusal(lattice); !refused.empty())
    throw ProblemError(refused);
  if (pieces.size() > max_pieces)
    throw ProblemError("disassembly takes up to " + std::to_string(max_pieces) + " pieces, not " +
                       std::to_string(pieces.size()));
  if (!groups.empty() && groups.size() != pieces.size())
    throw ProblemError("disassembly: " + std::to_string(groups.size()) + " groups' lists for " +
                       std::to_string(pieces.size()) + " pieces");
  std::vector<const std::vector<Cell>*> cells;
  std::vector<std::vector<int>> sorted_groups;
  std::vector<std::size_t> given;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    if (pieces[p].size() == 0) continue;  // (nothing to move)
    cells.push_back(&pieces[p].cells());
    given.push_back(p);
    sorted_groups.push_back(groups.empty() ? std::vector<int>{} : groups[p]);
    std::sort(sorted_groups.back().begin(), sorted_groups.back().end());
    sorted_groups.back().erase(
        std::remove(sorted_groups.back().begin(), sorted_groups.back().end(), 0),
        sorted_groups.back().end());
  }
  if (overlap(cells)) throw ProblemError("the pieces to take apart overlap");
  // One piece, or none, has nothing to come apart from: as burrTxt counts,
  // no solution.
  if (cells.size() < 2) return Disassembly{};
  switch (lattice) {
    case Lattice::cube:
      return take_apart<Lattice::cube>(cells, std::move(given), std::move(sorted_groups));
    case Lattice::prism:
      return take_apart<Lattice::prism>(cells, std::move(given), std::move(sorted_groups));
    case Lattice::square:
    case Lattice::triangle:
    case Lattice::hex:
    case Lattice::sphere:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      break;  // (refused above)
  }
  throw ProblemError(disassembly_refusal(lattice));
}

std::string level_text(const Disassembly& found) {
  std::string text;
  for (const std::uint32_t moves : found.level) {
    if (!text.empty()) text += '.';
    text += std::to_string(moves);
  }
  return text;
}

Disassembly disassemble(const Tiling& tiling, const Solution& solution) {
  // The pieces in the order BurrTools numbers them (the search finds them
  // in any order), so that where two could move first, the one BurrTools
  // moves does: by piece, and the copies of a piece as it sorts them, those
  // turned as the piece is given first, then by orientation (xcover's
  // order: BurrTools' turns are numbered its own way), each orientation's
  // by where they lie (column, BurrTools' y, layer).
  std::vector<std::size_t> order(solution.options.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int option = solution.options[k];
    if (option < 0 || static_cast<std::size_t>(option) >= tiling.placements.size())
      throw ProblemError("option " + std::to_string(option) + " is not one of this tiling's");
    order[k] = k;
  }
  const auto placed = [&](std::size_t k) -> const Placement& {
    return tiling.placements[static_cast<std::size_t>(solution.options[k])];
  };
  // Whether two shapes are one moved (the same orientation).
  const auto translates = [&](const Shape& a, const Shape& b) {
    if (a.size() != b.size() || a.size() == 0) return a.size() == b.size();
    const Cell by{b.cells()[0].row - a.cells()[0].row, b.cells()[0].col - a.cells()[0].col,
                  b.cells()[0].layer - a.cells()[0].layer};
    return is_translation(tiling.lattice, by) &&
           std::equal(a.cells().begin(), a.cells().end(), b.cells().begin(),
                      [&](Cell x, Cell y) { return plus(x, by) == y; });
  };
  const auto as_given = [&](const Placement& p) {
    return translates(tiling.pieces[static_cast<std::size_t>(p.piece)].shape, p.cells);
  };
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const Placement &pa = placed(a), &pb = placed(b);
    if (pa.piece != pb.piece) return pa.piece < pb.piece;
    if (as_given(pa) != as_given(pb)) return as_given(pa);
    if (!translates(pa.cells, pb.cells)) return solution.options[a] < solution.options[b];
    const Cell ca = pa.cells.cells().front(), cb = pb.cells.cells().front();
    const int flip = tiling.lattice == Lattice::prism ? -1 : 1;  // (BurrTools' y runs up)
    return std::tuple(ca.col, flip * ca.row, ca.layer) <
           std::tuple(cb.col, flip * cb.row, cb.layer);
  });
  std::vector<Shape> pieces;
  std::vector<std::vector<int>> groups;
  for (const std::size_t k : order) {
    const Placement& placement = tiling.placements[static_cast<std::size_t>(solution.options[k])];
    pieces.push_back(placement.cells);
    groups.push_back(tiling.pieces[static_cast<std::size_t>(placement.piece)].groups);
  }
  Disassembly found = disassemble(tiling.lattice, pieces, groups);
  // (The moves' pieces as the solution numbers them.)
  for (Move& move : found.plan) {
    for (std::size_t& piece : move.pieces) piece = order[piece];
    std::sort(move.pieces.begin(), move.pieces.end());
  }
  return found;
}

}  // namespace xcover::polyform
