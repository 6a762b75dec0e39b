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
#include <map>
#include <memory>
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

// The pieces that `p` drags along (p's and theirs, by `pushes`), or
// kTooMany where it drags one of `blocked`: pieces known to drag too many (more than half a part,
// or all of it), as then p does, dragging all they drag.
constexpr Mask kTooMany = ~Mask{0};  // (a group of more than half a part: it does not move)
Mask closure_unless(std::size_t p, std::span<const Mask> pushes, Mask blocked) {
  Mask group = Mask{1} << p, seen = 0;
  while (group != seen) {
    if ((group & blocked) != 0) return kTooMany;
    const Mask fresh = group & ~seen;
    seen = group;
    for (Mask bits = fresh; bits != 0; bits &= bits - 1)
      group |= pushes[static_cast<std::size_t>(std::countr_zero(bits))];
  }
  return group;
}

// Whether a group of `n` pieces is more than half of them.
bool over_half(Mask group, std::size_t n) {
  return 2 * static_cast<std::size_t>(std::popcount(group)) > n;
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

// How far one shape moves in each way (as ways()) before it runs into
// another, for each pair of shapes and each offset between them
// (BurrTools' movement cache): an open-addressing table, kept from one
// assembly to the next (ShapeBook), emptied when it holds kMostGaps.
template <std::size_t kWays>
using Gaps = std::array<int, kWays>;
constexpr int kFar = 1 << 30;  // the second piece is nowhere in the first's way
constexpr std::size_t kMostGaps = std::size_t{1} << 19;  // (a table of 32-40 MB)
template <std::size_t kWays>
class GapCache {
 public:
  GapCache() { resize(128); }
  // The entry of `key` (two shapes and their offset: never kEmpty), and
  // whether it is new (its gaps then to be filled). The entry lasts until
  // the next find.
  std::pair<Gaps<kWays>*, bool> find(std::uint64_t key) {
    if (used_ >= kMostGaps) {
      for (Entry& entry : entries_) entry.key = kEmpty;
      used_ = 0;
    }
    if (2 * (used_ + 1) > entries_.size()) resize(2 * entries_.size());
    std::size_t k = slot(key);
    while (entries_[k].key != kEmpty) {
      if (entries_[k].key == key) return {&entries_[k].gaps, false};
      k = (k + 1) & (entries_.size() - 1);
    }
    entries_[k].key = key;
    ++used_;
    return {&entries_[k].gaps, true};
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  struct Entry {  // (a key and its gaps side by side: one cache line to read)
    std::uint64_t key = kEmpty;
    Gaps<kWays> gaps{};
  };
  // (Fibonacci hashing: the product's top bits, which every bit of the
  // key moves.)
  std::size_t slot(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> shift_);
  }
  void resize(std::size_t size) {
    shift_ = 64 - std::countr_zero(size);
    std::vector<Entry> entries(size);
    std::swap(entries, entries_);
    used_ = 0;
    for (const Entry& entry : entries) {
      if (entry.key == kEmpty) continue;
      const auto [at, fresh] = find(entry.key);
      *at = entry.gaps;
      (void)fresh;
    }
  }
  std::vector<Entry> entries_;
  std::size_t used_ = 0;
  int shift_ = 54;  // 64 less the table's bits
};

// The shapes met, each once (shapes one lattice translation apart are
// one), and the gaps between pairs of them: what one search learns for the
// next.
struct ShapeBook {
  explicit ShapeBook(Lattice l) : lattice(l) {}
  Lattice lattice;
  std::vector<PieceCells> shapes;  // normalized (polyform::normalized)
  std::map<std::vector<Cell>, std::uint32_t> ids;
  GapCache<6> cube_gaps;
  GapCache<8> prism_gaps;

  // Where `cells` are in the book: their shape's number and the
  // translation from it to them.
  std::pair<std::uint32_t, Cell> place(const Shape& cells) {
    const Shape shape = normalized(lattice, cells);
    const Cell from = shape.cells().front(), to = cells.cells().front();
    const auto [at, fresh] =
        ids.try_emplace(shape.cells(), static_cast<std::uint32_t>(shapes.size()));
    if (fresh) shapes.emplace_back(shape.cells());
    return {at->second, Cell{to.row - from.row, to.col - from.col, to.layer - from.layer}};
  }
};

// The positions of one part met in its search, each the offset of every
// piece from where the part started, all in one list (n a position), in
// the order met (the breadth-first queue), with a set of their numbers
// to look each up by its offsets.
class Positions {
 public:
  Positions() : table_(256, 0) {}
  // Forgets every position: positions of n pieces from here.
  void reset(std::size_t n) {
    n_ = n;
    count_ = 0;
    offsets_.clear();
    if (table_.size() > 4096)
      table_.assign(256, 0);  // (a long search's table given back)
    else
      std::fill(table_.begin(), table_.end(), 0);
  }
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
  std::size_t n_ = 0;
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
  std::vector<std::size_t> from;  // (a part split off: each piece's number in the part split)
  void clear() {
    ids.clear();
    base.clear();
    from.clear();
  }
};

// Takes an assembly apart on a lattice that has ways to move (ways()),
// one assembly after another, its pieces shapes of a ShapeBook.
template <Lattice lattice>
class PartSearch {
  static constexpr const auto& kWays = ways<lattice>();
  using WayGaps = Gaps<kWays.size()>;
  // The most a way's step moves a coordinate (prisms: two columns).
  static constexpr int kLongest = lattice == Lattice::prism ? 2 : 1;

 public:
  explicit PartSearch(ShapeBook& book) : book_(book) {}

  // Takes the pieces (two or more, none overlapping) apart: each a shape of
  // the book (`shapes`) moved by a translation (`at`), reported by a number
  // (`given`), with BurrTools' groups (sorted, 0 left out).
  // (Its lists kept from one assembly to the next.)
  Disassembly take_apart(const std::vector<std::uint32_t>& shapes, const std::vector<Cell>& at,
                         const std::vector<std::size_t>& given,
                         const std::vector<std::vector<int>>& groups, bool plan) {
    plan_ = plan;
    shape_ = shapes;
    given_ = given;
    groups_ = groups;
    result = Disassembly{};
    split_failed_ = false;
    Part& whole = whole_;
    whole.clear();
    for (std::size_t q = 0; q < shape_.size(); ++q) {
      whole.ids.push_back(q);
      whole.base.push_back(at[q]);
    }
    const std::optional<PartLevel> level = apart(whole);
    result.apart = level.has_value();
    if (level) {
      result.level = level->level;
      result.moves = level->moves;
      result.steps = level->cells;
      result.plan = level->plan;
    }
    return std::move(result);
  }

 private:
  Disassembly result;
  // For each way (as kWays) and ordered pair of pieces (a * n + b) of a
  // part at one position, the free steps between them that way (gap: 0,
  // they touch; kFar: the second is nowhere in the first's way), and for
  // each piece the pieces anywhere in its way (ever) and those it touches
  // (touch) each way.
  struct Relations {
    std::array<std::vector<int>, kWays.size()> gap;
    std::array<std::vector<Mask>, kWays.size()> ever, touch;
    // Where gap and touch are yet to be read (read_gaps): the relations
    // of a part this was split from that has them, and each piece's
    // number there.
    const Relations* source = nullptr;
    std::vector<std::size_t> map;
  };
  // A move made in apart's search: the position it came from, and which.
  struct Node {
    std::uint32_t parent = 0;
    std::uint32_t direction = 0;
    int step = 0;
    Mask group = 0;
    std::uint64_t moves = 0, cells = 0;
  };
  // apart's lists at one depth of parts within parts.
  struct Scratch {
    Relations relations;  // at the position looked at
    Part removed, rest;   // split_off's
    std::vector<Node> nodes;
    Positions positions;
    std::vector<Cell> offsets, next;
  };
  std::vector<std::unique_ptr<Scratch>> scratch_;
  Part whole_;        // (take_apart's)
  bool plan_ = true;  // whether to write the plan
  std::size_t depth_ = 0;
  // A depth deeper while it lasts.
  struct Deeper {
    explicit Deeper(std::size_t& depth) : depth_(depth) { ++depth_; }
    ~Deeper() { --depth_; }
    Deeper(const Deeper&) = delete;
    Deeper& operator=(const Deeper&) = delete;
    std::size_t& depth_;
  };
  // Piece `id`'s shape.
  const PieceCells& piece(std::size_t id) const { return book_.shapes[shape_[id]]; }

  // Takes a part apart: nothing when it does not come apart.
  // (`parent`: the relations of the part it was split from, where it
  // was split, its pieces numbered there as part.from says.)
  std::optional<PartLevel> apart(const Part& part, const Relations* parent = nullptr) {
    const std::size_t n = part.ids.size();
    if (n <= 1 || one_group(part.ids)) return PartLevel{};
    const Mask all = n == max_pieces ? ~Mask{0} : (Mask{1} << n) - 1;
    // How far a piece may wander from where the part starts: as far as
    // the part is wide, and a cell beyond.
    Cell least = plus(piece(part.ids[0]).least, part.base[0]), most = least;
    for (std::size_t q = 0; q < n; ++q) {
      const Cell lo = plus(piece(part.ids[q]).least, part.base[q]);
      const Cell hi = plus(piece(part.ids[q]).most, part.base[q]);
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
    // the way to a split, read back. (Each depth of parts within parts
    // keeps its lists from one assembly to the next.)
    if (scratch_.size() <= depth_) scratch_.push_back(std::make_unique<Scratch>());
    Scratch& scratch = *scratch_[depth_];
    const Deeper deeper(depth_);
    std::vector<Node>& nodes = scratch.nodes;
    Positions& positions = scratch.positions;
    std::vector<Cell>&offsets = scratch.offsets, &next = scratch.next;
    nodes.assign(1, Node{});
    positions.reset(n);
    offsets.assign(n, Cell{0, 0, 0});
    next.resize(n);
    positions.add(offsets);
    for (std::size_t at = 0; at < positions.size(); ++at) {
      offsets.assign(positions.at(at), positions.at(at) + n);
      const Node here = nodes[at];
      ++result.positions;
      relations(part, offsets, scratch.relations, at == 0 ? parent : nullptr);
      if (std::optional<PartLevel> split = split_off(part, offsets, all, scratch)) {
        split->moves += here.moves + 1;  // (the removal is a move, as BurrTools counts)
        split->cells += here.cells;
        split->many = split->many || here.moves + 1 > 1;
        split->level.insert(split->level.begin(), static_cast<std::uint32_t>(here.moves + 1));
        // The moves here, before the removal (split_off's first). (A group
        // with piece 0 is written as the rest moving back: piece 0 stays
        // put until it comes off.)
        std::vector<Move> way;
        for (std::size_t k = plan_ ? at : 0; k != 0; k = nodes[k].parent) {
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
      read_gaps(scratch.relations);
      for (std::size_t k = 0; k < kWays.size(); ++k) {
        const Cell d = kWays[k];
        moves_along(k, n, all, scratch.relations, [&](int step, Mask group) {
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
  void moves_along(std::size_t k, std::size_t n, Mask all, const Relations& relation,
                   const Reached& reached) {
    const std::vector<int>& gap = relation.gap[k];
    // (What a piece drags only grows with the steps: where every piece
    // drags more than half the part a step on, nothing moves this way.)
    // (A step drags those it touches: the first row of pushes_ below.)
    Mask blocked = 0;
    bool moves = false;
    for (std::size_t p = 0; p < n && !moves; ++p) {
      const Mask group = closure_unless(p, relation.touch[k], blocked);
      moves = group != kTooMany && !over_half(group, n);
      if (!moves) blocked |= Mask{1} << p;
    }
    if (!moves) return;
    // The pairs in each other's way, nearest first: a step of s drags
    // those less than s steps apart. What each piece drags changes
    // only where a step passes a gap: from each such step on (starts_,
    // a row each), the pieces each piece pushes (pushes_) and, once
    // asked, drags (dragged_, 0 until then, kTooMany for more than half
    // the part), n to a row; rows are made as the steps reach them.
    by_gap(gap);
    starts_.clear();
    pushes_.assign(n, 0);
    std::size_t pushed = 0;
    const auto push_below = [&](int step) {
      for (; pushed < edges_.size() && gap[edges_[pushed]] < step; ++pushed)
        pushes_[pushes_.size() - n + edges_[pushed] / n] |= Mask{1} << (edges_[pushed] % n);
    };
    push_below(1);
    starts_.push_back(1);
    dragged_.assign(n, 0);
    blocked_.assign(1, blocked);  // (each row's pieces that drag too many)
    for (Mask bits = blocked; bits != 0; bits &= bits - 1)
      dragged_[static_cast<std::size_t>(std::countr_zero(bits))] = kTooMany;
    const auto row_of = [&](std::size_t row, int step) {
      for (;;) {
        if (row + 1 < starts_.size() && starts_[row + 1] <= step) {
          ++row;
          continue;
        }
        if (row + 1 < starts_.size() || pushed == edges_.size() || gap[edges_[pushed]] + 1 > step)
          return row;
        starts_.push_back(gap[edges_[pushed]] + 1);
        pushes_.resize(pushes_.size() + n);  // (a copy of the row before)
        std::copy_n(pushes_.end() - 2 * static_cast<std::ptrdiff_t>(n), n,
                    pushes_.end() - static_cast<std::ptrdiff_t>(n));
        push_below(starts_.back());
        dragged_.resize(dragged_.size() + n, 0);
        blocked_.push_back(blocked_.back());  // (a step further drags no less)
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
          drags =
              closure_unless(p, std::span<const Mask>(pushes_).subspan(row * n, n), blocked_[row]);
          if (drags == kTooMany || over_half(drags, n)) {
            drags = kTooMany;
            blocked_[row] |= Mask{1} << p;
          }
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

  bool split_failed_ = false;  // a part split off did not come apart

  // Where a group can leave for good at these offsets, as BurrTools looks
  // (a single piece before a group; the ways in turn, then the pieces):
  // the level of the two parts, removed first; nothing when no
  // group can leave, or (split_failed_) when a part does not come apart.
  std::optional<PartLevel> split_off(const Part& part, const std::vector<Cell>& offsets, Mask all,
                                     Scratch& scratch) {
    const std::size_t n = part.ids.size();
    const std::array<std::vector<Mask>, kWays.size()>& ever = scratch.relations.ever;
    // A single piece is free where nothing is in its way; a group, where
    // its closure is not everything.
    Mask leaving = 0;
    std::size_t way = 0;  // the direction it leaves in
    for (std::size_t d = 0; d < kWays.size() && leaving == 0; ++d)
      for (std::size_t p = 0; p < n && leaving == 0; ++p)
        if (ever[d][p] == 0) leaving = Mask{1} << p, way = d;
    for (std::size_t d = 0; d < kWays.size() && leaving == 0; ++d) {
      Mask blocked = 0;  // (the pieces that drag all or more than half)
      for (std::size_t p = 0; p < n && leaving == 0; ++p) {
        const Mask group = closure_unless(p, ever[d], blocked);
        if (group != kTooMany && group != all && !over_half(group, n))
          leaving = group, way = d;
        else
          blocked |= Mask{1} << p;
      }
    }
    if (leaving == 0) return std::nullopt;
    // The two parts, each piece from where it stands now.
    Part &removed = scratch.removed, &rest = scratch.rest;
    removed.clear();
    rest.clear();
    for (std::size_t q = 0; q < n; ++q) {
      Part& side = (leaving >> q & 1) != 0 ? removed : rest;
      side.ids.push_back(part.ids[q]);
      side.base.push_back(plus(part.base[q], offsets[q]));
      side.from.push_back(q);
    }
    PartLevel split;
    if (plan_)
      split.plan.push_back(
          Move{ids(part, leaving), kWays[way], clearance(removed, rest, kWays[way]), true});
    for (const Part* side : {&removed, &rest}) {
      const std::optional<PartLevel> level = apart(*side, &scratch.relations);
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
        for (const Cell& c : piece(side->ids[q]).cells) {
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
  // Where `parent` is given, the part has just been split off from it
  // (part.from): the pieces stand as they stood there, and their gaps
  // are read from it.
  void relations(const Part& part, const std::vector<Cell>& offsets, Relations& relation,
                 const Relations* parent) {
    const std::size_t n = part.ids.size();
    std::array<std::vector<int>, kWays.size()>& gap = relation.gap;
    std::array<std::vector<Mask>, kWays.size()>&ever = relation.ever, &touch = relation.touch;
    relation.source = nullptr;
    for (std::vector<Mask>& masks : ever) masks.assign(n, 0);
    if (parent != nullptr) {
      // (Only what split_off looks at: the gaps when the moves need them,
      // read_gaps, from the nearest part split from that has them.)
      relation.source = parent->source != nullptr ? parent->source : parent;
      relation.map.resize(n);
      for (std::size_t a = 0; a < n; ++a)
        relation.map[a] = parent->source != nullptr ? parent->map[part.from[a]] : part.from[a];
      // (Each mask squeezed to the part's pieces: the pieces left out
      // taken out of it, the highest first, or where they are more, the
      // part's picked out of it.)
      Mask kept = 0;
      for (std::size_t a = 0; a < n; ++a) kept |= Mask{1} << part.from[a];
      const std::size_t was_n = parent->ever[0].size();
      const Mask dropped = (was_n == max_pieces ? ~Mask{0} : (Mask{1} << was_n) - 1) & ~kept;
      const bool take_out = static_cast<std::size_t>(std::popcount(dropped)) <= n;
      for (std::size_t d = 0; d < kWays.size(); ++d)
        for (std::size_t a = 0; a < n; ++a) {
          Mask mask = parent->ever[d][part.from[a]] & kept;
          if (take_out) {
            for (Mask bits = dropped; bits != 0;) {
              const int high = 63 - std::countl_zero(bits);
              const Mask below = (Mask{1} << high) - 1;
              mask = (mask & below) | ((mask >> 1) & ~below);
              bits &= below;
            }
          } else {
            const Mask was = mask;
            mask = 0;
            for (std::size_t b = 0; b < n; ++b) mask |= (was >> part.from[b] & 1) << b;
          }
          ever[d][a] = mask;
        }
      return;
    }
    for (std::vector<int>& gaps : gap) gaps.resize(n * n);
    for (std::vector<Mask>& masks : touch) masks.assign(n, 0);
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t d = 0; d < kWays.size(); ++d) gap[d][a * n + a] = kFar;
      const Cell from = plus(part.base[a], offsets[a]);
      for (std::size_t b = a + 1; b < n; ++b) {
        const Cell to = plus(part.base[b], offsets[b]);
        const WayGaps& gaps =
            gaps_of(shape_[part.ids[a]], shape_[part.ids[b]],
                    {to.row - from.row, to.col - from.col, to.layer - from.layer});
        for (std::size_t d = 0; d < kWays.size(); ++d) {
          gap[d][a * n + b] = gaps[d];
          gap[d ^ 1][b * n + a] = gaps[d];  // (b moving back runs into a as a into b)
          if (gaps[d] == 0) {
            touch[d][a] |= Mask{1} << b;
            touch[d ^ 1][b] |= Mask{1} << a;
          }
          if (gaps[d] != kFar) {
            ever[d][a] |= Mask{1} << b;
            ever[d ^ 1][b] |= Mask{1} << a;
          }
        }
      }
    }
  }

  // The gaps and touches of a part just split off (relations with a
  // parent), read from the relations they were split from (source, map).
  void read_gaps(Relations& relation) {
    if (relation.source == nullptr) return;
    const Relations& source = *relation.source;
    const std::vector<std::size_t>& map = relation.map;
    relation.source = nullptr;
    const std::size_t n = map.size(), was = source.ever[0].size();
    for (std::size_t d = 0; d < kWays.size(); ++d) {
      relation.gap[d].resize(n * n);
      relation.touch[d].assign(n, 0);
      for (std::size_t a = 0; a < n; ++a) {
        const int* row = source.gap[d].data() + map[a] * was;
        const Mask touched = source.touch[d][map[a]];
        Mask mask = 0;
        for (std::size_t b = 0; b < n; ++b) {
          relation.gap[d][a * n + b] = row[map[b]];
          mask |= (touched >> map[b] & 1) << b;
        }
        relation.touch[d][a] = mask;
      }
    }
  }

  // How far shape a moves in each way before it runs into shape b when b
  // stands `apart` from a (b's cells shifted so much more than a's),
  // computed once for each pair and offset (up to 65,536 shapes, offsets
  // within 511 each way: others each time). On cubes, over
  // their cells on a common line, the least free run between (from the
  // smaller piece's cells: b running into a is a running back into b). On
  // prisms as BurrTools' grid does: a forward, and b forward for a going
  // back, each a step at a time from its own cells (steps).
  const WayGaps& gaps_of(std::uint32_t a, std::uint32_t b, Cell apart) {
    constexpr int kNear = 511;
    WayGaps* gaps = &uncached_;
    if (a <= 0xffff && b <= 0xffff && std::abs(apart.row) <= kNear &&
        std::abs(apart.col) <= kNear && std::abs(apart.layer) <= kNear) {
      const auto field = [](int x) { return std::uint64_t(static_cast<unsigned>(x + 512)); };
      const std::uint64_t key = (std::uint64_t{a} << 48) | (std::uint64_t{b} << 32) |
                                field(apart.row) << 20 | field(apart.col) << 10 |
                                field(apart.layer);
      bool fresh = false;
      if constexpr (lattice == Lattice::prism)
        std::tie(gaps, fresh) = book_.prism_gaps.find(key);
      else
        std::tie(gaps, fresh) = book_.cube_gaps.find(key);
      if (!fresh) return *gaps;
    }
    const PieceCells &first = book_.shapes[a], &second = book_.shapes[b];
    if constexpr (lattice == Lattice::prism) {
      const Cell back{-apart.row, -apart.col, -apart.layer};
      for (std::size_t k = 0; k < kWays.size(); k += 2) {
        (*gaps)[k] = steps(first, second, apart, k);
        (*gaps)[k + 1] = steps(second, first, back, k);
      }
    } else if (first.cells.size() <= second.cells.size()) {
      *gaps = runs(first, second, apart);
    } else {
      const WayGaps back = runs(second, first, {-apart.row, -apart.col, -apart.layer});
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

  ShapeBook& book_;                       // the shapes, and the gaps between them
  std::vector<std::uint32_t> shape_;      // each piece's shape in the book
  std::vector<std::size_t> given_;        // each one's number as given
  std::vector<std::vector<int>> groups_;  // each one's groups
  WayGaps uncached_{};                    // (gaps_of's of a pair past the cache's reach)
  // The pairs in each other's way (a * n + b) by their gap, nearest first
  // (edges_, by_gap), and apart's sets of pieces.
  std::vector<std::size_t> edges_, count_;
  std::vector<Mask> pushes_, dragged_, blocked_;
  std::vector<int> starts_;
  WayMoves way_moves_;  // apart's moves along one way
};

// Whether two of the pieces share a cell (marked on a grid over their
// bounds, `taken` a list to use).
bool overlap(const std::vector<const std::vector<Cell>*>& pieces,
             std::vector<unsigned char>& taken) {
  Cell least{INT_MAX, INT_MAX, INT_MAX}, most{INT_MIN, INT_MIN, INT_MIN};
  for (const std::vector<Cell>* piece : pieces)
    for (const Cell& c : *piece) {
      least = {std::min(least.row, c.row), std::min(least.col, c.col),
               std::min(least.layer, c.layer)};
      most = {std::max(most.row, c.row), std::max(most.col, c.col), std::max(most.layer, c.layer)};
    }
  if (least.row > most.row) return false;  // (no cells)
  const auto rows = static_cast<std::size_t>(most.row - least.row + 1);
  const auto cols = static_cast<std::size_t>(most.col - least.col + 1);
  taken.assign(rows * cols * static_cast<std::size_t>(most.layer - least.layer + 1), 0);
  for (const std::vector<Cell>* piece : pieces)
    for (const Cell& c : *piece) {
      const std::size_t at = (static_cast<std::size_t>(c.layer - least.layer) * rows +
                              static_cast<std::size_t>(c.row - least.row)) *
                                 cols +
                             static_cast<std::size_t>(c.col - least.col);
      if (taken[at]++ != 0) return true;
    }
  return false;
}

// A book of shapes and a search for each lattice with ways to move: the
// one path of disassemble and Disassembler.
class Workshop {
 public:
  explicit Workshop(Lattice lattice) : book_(lattice) {}
  ShapeBook& book() { return book_; }

  // Takes the pieces apart (disassemble(lattice, ...)'s checks and
  // result), each also placed in the book (book().place; anything for an
  // empty piece).
  Disassembly take_apart(const std::vector<const Shape*>& pieces,
                         const std::vector<std::pair<std::uint32_t, Cell>>& placed,
                         const std::vector<const std::vector<int>*>& groups, bool plan = true) {
    if (pieces.size() > max_pieces)
      throw ProblemError("disassembly takes up to " + std::to_string(max_pieces) + " pieces, not " +
                         std::to_string(pieces.size()));
    // (The lists are kept from one call to the next.)
    std::vector<const std::vector<Cell>*>& cells = cells_;
    std::vector<std::uint32_t>& shapes = shapes_;
    std::vector<Cell>& at = at_;
    std::vector<std::size_t>& given = given_;
    cells.clear();
    shapes.clear();
    at.clear();
    given.clear();
    std::size_t kept = 0;
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      if (pieces[p]->size() == 0) continue;  // (nothing to move)
      cells.push_back(&pieces[p]->cells());
      shapes.push_back(placed[p].first);
      at.push_back(placed[p].second);
      given.push_back(p);
      if (groups_.size() <= kept) groups_.resize(kept + 1);
      std::vector<int>& sorted = groups_[kept++];
      sorted.assign(groups[p]->begin(), groups[p]->end());
      std::sort(sorted.begin(), sorted.end());
      sorted.erase(std::remove(sorted.begin(), sorted.end(), 0), sorted.end());
    }
    groups_.resize(kept);
    if (overlap(cells, taken_)) throw ProblemError("the pieces to take apart overlap");
    // One piece, or none, has nothing to come apart from: as burrTxt
    // counts, no solution.
    if (cells.size() < 2) return Disassembly{};
    if (book_.lattice == Lattice::prism) {
      if (!prism_) prism_ = std::make_unique<PartSearch<Lattice::prism>>(book_);
      return prism_->take_apart(shapes, at, given, groups_, plan);
    }
    if (!cube_) cube_ = std::make_unique<PartSearch<Lattice::cube>>(book_);
    return cube_->take_apart(shapes, at, given, groups_, plan);
  }

 private:
  ShapeBook book_;
  std::vector<const std::vector<Cell>*> cells_;
  std::vector<std::uint32_t> shapes_;
  std::vector<Cell> at_;
  std::vector<std::size_t> given_;
  std::vector<std::vector<int>> groups_;  // each piece's, sorted, 0 left out
  std::vector<unsigned char> taken_;      // (overlap's)
  std::unique_ptr<PartSearch<Lattice::cube>> cube_;
  std::unique_ptr<PartSearch<Lattice::prism>> prism_;
};

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
  if (!groups.empty() && groups.size() != pieces.size())
    throw ProblemError("disassembly: " + std::to_string(groups.size()) + " groups' lists for " +
                       std::to_string(pieces.size()) + " pieces");
  Workshop workshop(lattice);
  std::vector<const Shape*> shapes;
  std::vector<std::pair<std::uint32_t, Cell>> placed;
  const std::vector<int> none;
  std::vector<const std::vector<int>*> lists;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    shapes.push_back(&pieces[p]);
    placed.push_back(pieces[p].size() == 0 ? std::pair(0U, Cell{})
                                           : workshop.book().place(pieces[p]));
    lists.push_back(groups.empty() ? &none : &groups[p]);
  }
  return workshop.take_apart(shapes, placed, lists);
}

std::string level_text(const Disassembly& found) {
  std::string text;
  for (const std::uint32_t moves : found.level) {
    if (!text.empty()) text += '.';
    text += std::to_string(moves);
  }
  return text;
}

struct Disassembler::Memory {
  explicit Memory(const Tiling& tiling)
      : workshop(tiling.lattice),
        placement(tiling.placements.size(), kUnknown),
        given(tiling.pieces.size(), kUnknown) {}
  static constexpr std::pair<std::uint32_t, Cell> kUnknown{~0U, Cell{}};
  static constexpr std::uint32_t kEmpty = ~0U - 1;  // (an empty shape's number)
  Workshop workshop;
  // Each placement's place in the book, and each piece's as given, as met.
  std::vector<std::pair<std::uint32_t, Cell>> placement, given;
  // take's lists.
  std::vector<std::size_t> order;
  std::vector<std::pair<std::uint32_t, Cell>> at, places;
  std::vector<char> as_given;
  std::vector<const Shape*> pieces;
  std::vector<const std::vector<int>*> groups;

  const std::pair<std::uint32_t, Cell>& place(std::pair<std::uint32_t, Cell>& known,
                                              const Shape& cells) {
    if (known.first == kUnknown.first)
      known = cells.size() == 0 ? std::pair(kEmpty, Cell{}) : workshop.book().place(cells);
    return known;
  }
};

Disassembler::Disassembler(const Tiling& tiling)
    : tiling_(&tiling), memory_(std::make_unique<Memory>(tiling)) {}
Disassembler::Disassembler(Disassembler&&) noexcept = default;
Disassembler& Disassembler::operator=(Disassembler&&) noexcept = default;
Disassembler::~Disassembler() = default;

Disassembly disassemble(const Tiling& tiling, const Solution& solution) {
  return Disassembler(tiling)(solution);
}

Disassembly Disassembler::operator()(const Solution& solution) { return take(solution, true); }

Disassembly Disassembler::level(const Solution& solution) { return take(solution, false); }

Disassembly Disassembler::take(const Solution& solution, bool plan) {
  if (!memory_)
    throw Error(
        "pf::Disassembler: this one was moved from and holds nothing: call the one it was "
        "moved to, or assign a new one to it");
  const Tiling& tiling = *tiling_;
  if (const std::string refused = disassembly_refusal(tiling.lattice); !refused.empty())
    throw ProblemError(refused);
  Memory& memory = *memory_;
  // The pieces in the order BurrTools numbers them (the search finds them
  // in any order), so that where two could move first, the one BurrTools
  // moves does: by piece, and the copies of a piece as it sorts them, those
  // turned as the piece is given first, then by orientation (xcover's
  // order: BurrTools' turns are numbered its own way), each orientation's
  // by where they lie (column, BurrTools' y, layer).
  // (Memory's lists, kept from one call to the next.)
  std::vector<std::size_t>& order = memory.order;
  order.resize(solution.options.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int option = solution.options[k];
    if (option < 0 || static_cast<std::size_t>(option) >= tiling.placements.size())
      throw ProblemError("option " + std::to_string(option) + " is not one of this tiling's");
    order[k] = k;
  }
  const auto placed = [&](std::size_t k) -> const Placement& {
    return tiling.placements[static_cast<std::size_t>(solution.options[k])];
  };
  // Each placement's shape (placements of one shape are one moved: the
  // same orientation), and whether it is its piece's shape as given.
  std::vector<std::pair<std::uint32_t, Cell>>& at = memory.at;
  std::vector<char>& as_given = memory.as_given;
  at.resize(order.size());
  as_given.resize(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    const auto piece = static_cast<std::size_t>(placed(k).piece);
    at[k] = memory.place(memory.placement[static_cast<std::size_t>(solution.options[k])],
                         placed(k).cells);
    as_given[k] =
        at[k].first == memory.place(memory.given[piece], tiling.pieces[piece].shape).first;
  }
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const Placement &pa = placed(a), &pb = placed(b);
    if (pa.piece != pb.piece) return pa.piece < pb.piece;
    if (as_given[a] != as_given[b]) return as_given[a] != 0;
    if (at[a].first != at[b].first) return solution.options[a] < solution.options[b];
    const Cell ca = pa.cells.cells().front(), cb = pb.cells.cells().front();
    const int flip = tiling.lattice == Lattice::prism ? -1 : 1;  // (BurrTools' y runs up)
    return std::tuple(ca.col, flip * ca.row, ca.layer) <
           std::tuple(cb.col, flip * cb.row, cb.layer);
  });
  std::vector<const Shape*>& pieces = memory.pieces;
  std::vector<std::pair<std::uint32_t, Cell>>& places = memory.places;
  std::vector<const std::vector<int>*>& groups = memory.groups;
  pieces.clear();
  places.clear();
  groups.clear();
  for (const std::size_t k : order) {
    pieces.push_back(&placed(k).cells);
    places.push_back(at[k]);
    groups.push_back(&tiling.pieces[static_cast<std::size_t>(placed(k).piece)].groups);
  }
  Disassembly found = memory.workshop.take_apart(pieces, places, groups, plan);
  // (The moves' pieces as the solution numbers them.)
  for (Move& move : found.plan) {
    for (std::size_t& piece : move.pieces) piece = order[piece];
    std::sort(move.pieces.begin(), move.pieces.end());
  }
  return found;
}

}  // namespace xcover::polyform
