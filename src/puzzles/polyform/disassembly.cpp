// SPDX-License-Identifier: MIT
// Taking an assembly apart (disassembly.hpp): breadth-first over the
// pieces' positions, each move a group of pieces any number of cells along
// an axis, until a group can leave for good; then each part in turn.
#include "xcover/puzzles/disassembly.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <deque>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
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

// The pieces of one part, each its cells where the part started and its
// number among the pieces given, and how far a piece may wander from
// there: as far as the part is wide, and a cell beyond.
class Part {
 public:
  Part(std::vector<std::vector<Cell>> pieces, std::vector<std::size_t> ids)
      : pieces_(std::move(pieces)), ids_(std::move(ids)) {
    Cell least = pieces_[0][0], most = least;
    for (const auto& piece : pieces_)
      for (const Cell& c : piece) {
        least = {std::min(least.row, c.row), std::min(least.col, c.col),
                 std::min(least.layer, c.layer)};
        most = {std::max(most.row, c.row), std::max(most.col, c.col),
                std::max(most.layer, c.layer)};
      }
    reach_ = 1 + std::max({most.row - least.row, most.col - least.col, most.layer - least.layer});
    lines_.resize(pieces_.size());
    for (std::size_t p = 0; p < pieces_.size(); ++p) {
      for (const Cell& c : pieces_[p])
        for (int axis = 0; axis < 3; ++axis) {
          const auto [line, along] = line_of(c, axis);
          lines_[p][static_cast<std::size_t>(axis)][line].push_back(along);
        }
      for (auto& axis : lines_[p])
        for (auto& [line, places] : axis) std::sort(places.begin(), places.end());
    }
  }

  std::size_t size() const { return pieces_.size(); }
  int reach() const { return reach_; }
  const std::vector<Cell>& cells(std::size_t p) const { return pieces_[p]; }
  std::size_t id(std::size_t p) const { return ids_[p]; }
  // The numbers of the pieces in `group`, as given.
  std::vector<std::size_t> ids(Mask group) const {
    std::vector<std::size_t> out;
    for (Mask bits = group; bits != 0; bits &= bits - 1)
      out.push_back(ids_[static_cast<std::size_t>(std::countr_zero(bits))]);
    std::sort(out.begin(), out.end());
    return out;
  }

  // A cell's line along an axis (0 columns, 1 rows, 2 layers, as
  // `directions` moves: the two other coordinates, as a key) and its place
  // on it.
  static std::pair<std::uint32_t, int> line_of(Cell c, int axis) {
    const auto field = [](int x) {
      return static_cast<std::uint32_t>(static_cast<std::uint16_t>(x));
    };
    if (axis == 0) return {field(c.row) << 16 | field(c.layer), c.col};
    if (axis == 1) return {field(c.col) << 16 | field(c.layer), c.row};
    return {field(c.row) << 16 | field(c.col), c.layer};
  }
  // The places of piece p's cells on a line along an axis, in order
  // (nullptr: none).
  const std::vector<int>* places(std::size_t p, int axis, std::uint32_t line) const {
    const auto& on_axis = lines_[p][static_cast<std::size_t>(axis)];
    const auto found = on_axis.find(line);
    return found == on_axis.end() ? nullptr : &found->second;
  }

 private:
  std::vector<std::vector<Cell>> pieces_;
  std::vector<std::size_t> ids_;
  int reach_ = 1;
  std::vector<std::array<std::unordered_map<std::uint32_t, std::vector<int>>, 3>> lines_;
};

// The pieces that `p` drags along (p's and theirs, by `pushes`).
Mask closure(std::size_t p, const std::vector<Mask>& pushes) {
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

// Every union of the masks in `closed` but all of `all`, each once: the
// groups that can move together (a union of closed sets is closed), up to
// kMostGroups of them.
constexpr std::size_t kMostGroups = 4096;
void unions(std::vector<Mask>& closed, Mask all, std::vector<Mask>& groups) {
  std::sort(closed.begin(), closed.end());
  closed.erase(std::unique(closed.begin(), closed.end()), closed.end());
  groups.clear();
  // (A few groups are looked up in the list; more, in a set.)
  constexpr std::size_t kListed = 64;
  std::unordered_set<Mask> seen;
  const auto fresh = [&](Mask u) {
    if (groups.size() < kListed) return std::find(groups.begin(), groups.end(), u) == groups.end();
    if (seen.empty()) seen.insert(groups.begin(), groups.end());
    return seen.insert(u).second;
  };
  for (const Mask c : closed) {
    if (c == all) continue;
    const std::size_t before = groups.size();
    if (fresh(c)) groups.push_back(c);
    for (std::size_t k = 0; k < before && groups.size() < kMostGroups; ++k) {
      const Mask u = groups[k] | c;
      if (u != all && fresh(u)) groups.push_back(u);
    }
  }
}

class Disassembler {
 public:
  Disassembly result;

  // Takes a part apart (its pieces' cells, groups and numbers as given):
  // nothing when it does not come apart.
  std::optional<PartLevel> apart(std::vector<std::vector<Cell>> pieces,
                                 std::vector<std::vector<int>> groups,
                                 std::vector<std::size_t> ids) {
    if (pieces.size() <= 1 || one_group(groups)) return PartLevel{};
    Part part(std::move(pieces), std::move(ids));
    pair_gaps_.clear();  // (a part's pieces are numbered afresh)
    const std::size_t n = part.size();
    const Mask all = n == max_pieces ? ~Mask{0} : (Mask{1} << n) - 1;
    struct Position {
      std::vector<Cell> offsets;
      std::uint64_t moves = 0, cells = 0;
      std::uint32_t node = 0;  // the move that made it (nodes)
    };
    // The move that made each position queued, and the one before it (the
    // first, the start, has none): the way to a split, read back.
    struct Node {
      std::uint32_t parent = 0;
      std::uint32_t direction = 0;
      int step = 0;
      Mask group = 0;
    };
    std::vector<Node> nodes(1);
    std::deque<Position> queue{{std::vector<Cell>(n, Cell{0, 0, 0}), 0, 0, 0}};
    // The positions met, by their offsets (key_of).
    struct KeyHash {
      using is_transparent = void;
      std::size_t operator()(std::string_view key) const {
        return std::hash<std::string_view>{}(key);
      }
    };
    std::unordered_set<std::string, KeyHash, std::equal_to<>> seen;
    key_of(queue.front().offsets, key_);
    seen.insert(key_);
    while (!queue.empty()) {
      const Position at = std::move(queue.front());
      queue.pop_front();
      ++result.positions;
      relations(part, at.offsets);
      if (std::optional<PartLevel> split = split_off(part, groups, at.offsets, all)) {
        split->moves += at.moves + 1;  // (the removal is a move, as BurrTools counts)
        split->cells += at.cells;
        split->many = split->many || at.moves + 1 > 1;
        split->level.insert(split->level.begin(), static_cast<std::uint32_t>(at.moves + 1));
        // The moves here, before the removal (split_off's first).
        std::vector<Move> way;
        for (std::uint32_t k = at.node; k != 0; k = nodes[k].parent)
          way.push_back(
              Move{part.ids(nodes[k].group), directions[nodes[k].direction], nodes[k].step, false});
        split->plan.insert(split->plan.begin(), way.rbegin(), way.rend());
        return split;
      }
      if (split_failed_) return std::nullopt;
      // Every group that can move s cells along a direction in one move:
      // the unions of the pieces each piece pushes within s cells. (No
      // group can leave for good here, so each direction's steps end.)
      for (std::size_t k = 0; k < directions.size(); ++k) {
        const Cell d = directions[k];
        // The pairs in each other's way, nearest first: a step of s
        // pushes those less than s cells apart, and the groups change
        // only where the step passes a gap (between two, the same groups
        // go one cell further).
        by_gap(gap_[k]);
        pushing_.assign(n, 0);
        std::size_t pushed = 0;
        for (int step = 1;; ++step) {
          const std::size_t before = pushed;
          for (; pushed < edges_.size() && gap_[k][edges_[pushed]] < step; ++pushed)
            pushing_[edges_[pushed] / n] |= Mask{1} << (edges_[pushed] % n);
          if (step == 1 || pushed != before) {
            // Piece 0 stays put: a group with it moving is the rest moving
            // back, which the opposite direction moves.
            closed_.clear();
            for (std::size_t p = 1; p < n; ++p) {
              const Mask group = closure(p, pushing_);
              if ((group & 1) == 0) closed_.push_back(group);
            }
            unions(closed_, all, movable_);
          }
          // A group gone too far at one step goes further at the next
          // (and each group of a later step is one of this step's).
          bool any_inside = false;
          for (const Mask group : movable_) {
            const Cell by{d.row * step, d.col * step, d.layer * step};
            next_ = at.offsets;
            std::uint64_t cells = at.cells;
            bool inside = true;
            for (std::size_t q = 1; q < n; ++q) {
              if ((group >> q & 1) == 0) continue;
              next_[q] = plus(next_[q], by);
              cells += static_cast<std::uint64_t>(step);
              inside = inside && std::abs(next_[q].row) <= part.reach() &&
                       std::abs(next_[q].col) <= part.reach() &&
                       std::abs(next_[q].layer) <= part.reach();
            }
            if (!inside) continue;
            any_inside = true;
            key_of(next_, key_);
            if (seen.find(std::string_view(key_)) != seen.end()) continue;
            seen.insert(key_);
            nodes.push_back(Node{at.node, static_cast<std::uint32_t>(k), step, group});
            queue.push_back(
                Position{next_, at.moves + 1, cells, static_cast<std::uint32_t>(nodes.size() - 1)});
          }
          if (!any_inside) break;
        }
      }
    }
    return std::nullopt;
  }

 private:
  bool split_failed_ = false;  // a part split off did not come apart

  // Where a group can leave for good at these offsets, as BurrTools looks
  // (a single piece before a group; the directions in turn, then the
  // pieces): the level of the two parts, removed first; nothing when no
  // group can leave, or (split_failed_) when a part does not come apart.
  std::optional<PartLevel> split_off(const Part& part, const std::vector<std::vector<int>>& groups,
                                     const std::vector<Cell>& offsets, Mask all) {
    const std::size_t n = part.size();
    // A single piece is free where nothing is in its way; a group, where
    // its closure is not everything.
    Mask leaving = 0;
    std::size_t way = 0;  // the direction it leaves in
    for (std::size_t d = 0; d < directions.size() && leaving == 0; ++d)
      for (std::size_t p = 0; p < n && leaving == 0; ++p)
        if (ever_[d][p] == 0) leaving = Mask{1} << p, way = d;
    for (std::size_t d = 0; d < directions.size() && leaving == 0; ++d)
      for (std::size_t p = 0; p < n && leaving == 0; ++p) {
        const Mask group = closure(p, ever_[d]);
        if (group != all && 2 * static_cast<std::size_t>(std::popcount(group)) <= n)
          leaving = group, way = d;
      }
    if (leaving == 0) return std::nullopt;
    std::vector<std::vector<Cell>> removed, rest;
    std::vector<std::vector<int>> removed_groups, rest_groups;
    for (std::size_t q = 0; q < n; ++q) {
      std::vector<Cell> cells;
      for (const Cell& c : part.cells(q)) cells.push_back(plus(c, offsets[q]));
      const bool leaves = (leaving >> q & 1) != 0;
      (leaves ? removed : rest).push_back(std::move(cells));
      (leaves ? removed_groups : rest_groups).push_back(groups[q]);
    }
    PartLevel split;
    split.plan.push_back(
        Move{part.ids(leaving), directions[way], clearance(removed, rest, directions[way]), true});
    std::vector<std::size_t> removed_ids, rest_ids;
    for (std::size_t q = 0; q < n; ++q)
      ((leaving >> q & 1) != 0 ? removed_ids : rest_ids).push_back(part.id(q));
    for (auto* side : {&removed, &rest}) {
      const bool first = side == &removed;
      const std::optional<PartLevel> level =
          apart(std::move(*side), std::move(first ? removed_groups : rest_groups),
                std::move(first ? removed_ids : rest_ids));
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

  // How far the pieces `removed` go along `d` until no cell of `rest` is
  // ahead of them (a cell at least: they part).
  static int clearance(const std::vector<std::vector<Cell>>& removed,
                       const std::vector<std::vector<Cell>>& rest, Cell d) {
    const auto along = [d](Cell c) { return c.row * d.row + c.col * d.col + c.layer * d.layer; };
    int behind = INT_MAX, ahead = INT_MIN;  // the removed's least, the rest's most
    for (const auto& piece : removed)
      for (const Cell& c : piece) behind = std::min(behind, along(c));
    for (const auto& piece : rest)
      for (const Cell& c : piece) ahead = std::max(ahead, along(c));
    return std::max(1, ahead - behind + 1);
  }

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

  static void key_of(const std::vector<Cell>& offsets, std::string& key) {
    key.clear();
    for (const Cell& c : offsets)
      for (const int v : {c.row, c.col, c.layer}) {
        key.push_back(static_cast<char>(v & 0xff));
        key.push_back(static_cast<char>(v >> 8 & 0xff));
      }
  }

  // For each direction (as `directions`) and ordered pair of pieces, the
  // free cells between them that way (none: they touch; kFar: the second
  // is nowhere in the first's way), from the cache of pairs (gaps_between).
  // A piece blocked by a second that a third blocks is blocked by the
  // third through the closure.
  void relations(const Part& part, const std::vector<Cell>& offsets) {
    const std::size_t n = part.size();
    for (std::vector<int>& gaps : gap_) gaps.resize(n * n);
    for (std::vector<Mask>& masks : ever_) masks.assign(n, 0);
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t d = 0; d < directions.size(); ++d) gap_[d][a * n + a] = kFar;
      for (std::size_t b = a + 1; b < n; ++b) {
        const Cell apart = {offsets[b].row - offsets[a].row, offsets[b].col - offsets[a].col,
                            offsets[b].layer - offsets[a].layer};
        const Gaps& gaps = gaps_between(part, a, b, apart);
        for (std::size_t d = 0; d < directions.size(); ++d) {
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

  // How far piece a moves in each direction before it runs into piece b
  // standing `apart` from where it started (relative to a's offset),
  // computed once for each pair and offset (BurrTools' movement cache):
  // over their cells on a common line, the least free run between.
  using Gaps = std::array<int, 6>;
  const Gaps& gaps_between(const Part& part, std::size_t a, std::size_t b, Cell apart) {
    const auto field = [](int x) { return std::uint64_t(static_cast<std::uint16_t>(x + 0x8000)); };
    const std::uint64_t key = (std::uint64_t{a} << 56) | (std::uint64_t{b} << 48) |
                              field(apart.row) << 32 | field(apart.col) << 16 | field(apart.layer);
    const auto [at, fresh] = pair_gaps_.try_emplace(key);
    Gaps& gaps = at->second;
    if (!fresh) return gaps;
    gaps.fill(kFar);
    // Each of a's cells, seen from b (less `apart`), on b's lines: the
    // nearest of b's places ahead and behind.
    for (const Cell& ca : part.cells(a)) {
      const Cell seen = {ca.row - apart.row, ca.col - apart.col, ca.layer - apart.layer};
      for (int axis = 0; axis < 3; ++axis) {
        const auto [line, along] = Part::line_of(seen, axis);
        const std::vector<int>* on = part.places(b, axis, line);
        if (!on) continue;
        const auto ahead = std::upper_bound(on->begin(), on->end(), along);
        const std::size_t forward = 2 * static_cast<std::size_t>(axis);
        if (ahead != on->end()) gaps[forward] = std::min(gaps[forward], *ahead - along - 1);
        if (ahead != on->begin())
          gaps[forward + 1] = std::min(gaps[forward + 1], along - *std::prev(ahead) - 1);
      }
    }
    return gaps;
  }

  static constexpr int kFar = 1 << 30;
  // The pairs in each other's way (a * n + b) by their gap, nearest first
  // (edges_, by_gap), and apart's sets of pieces.
  std::vector<std::size_t> edges_, count_;
  std::vector<Mask> pushing_, closed_, movable_;
  std::array<std::vector<Mask>, 6> ever_;  // the pieces anywhere in each piece's way
  std::vector<Cell> next_;                 // a position looked at (apart)
  std::string key_;                        // its key
  std::array<std::vector<int>, 6> gap_;
  std::unordered_map<std::uint64_t, Gaps> pair_gaps_;  // of the part being taken apart
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
  std::vector<std::size_t> ids;
  std::vector<Cell> every;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    if (pieces[p].size() == 0) continue;  // (nothing to move)
    cells.push_back(pieces[p].cells());
    ids.push_back(p);
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
  const std::optional<PartLevel> level =
      disassembler.apart(std::move(cells), std::move(sorted_groups), std::move(ids));
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

std::string level_text(const Disassembly& found) {
  std::string text;
  for (const std::uint32_t moves : found.level) {
    if (!text.empty()) text += '.';
    text += std::to_string(moves);
  }
  return text;
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
