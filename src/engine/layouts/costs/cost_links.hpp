// SPDX-License-Identifier: MIT
// The layout Solver::cheapest searches: dancing links with colours, as in
// Knuth's DLX5. The problem it is built from lists its options by
// nondecreasing cost (solver.cpp sorts a copy, with the costs made net of
// DLX5's item taxes), so each item's list runs from its cheapest option.
// Against the cutoff (the k-th best cost so far, CostBound), an option is
// usable at a level when the cost above plus its own is at most the cutoff:
//  - a level branches on the item with the fewest usable options (ties: the
//    one whose cheapest option costs most, then the first), and a level
//    where some item has no usable option is a dead end;
//  - its options are tried cheapest first, and the first unusable one ends
//    the level;
//  - covering hides only the options that could still be used below, as the
//    cutoff only falls; the thresholds are kept to undo exactly.
// Ties with the cutoff stay usable, so that every solution as cheap as the
// k-th is seen (Solver::cheapest's tie rule).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "engine/engine.hpp"
#include "engine/layouts/node_table.hpp"
#include "xcover/problem.hpp"

namespace xcover::detail::XCOVER_ISA {

class CostLinks {
 public:
  explicit CostLinks(const Problem& problem) {
    primaries_ = problem.primary_count();
    const int items = problem.item_count();
    const std::int64_t total = node_table(problem).nodes();
    // Nodes 1..items head the item lists; node 0 heads the list of active
    // primary items (prev_/next_).
    nodes_.reserve(static_cast<std::size_t>(total));
    nodes_.resize(static_cast<std::size_t>(items) + 1);
    for (int k = 0; k <= items; ++k) nodes_[k] = {k, k, 0, 0};
    len_.assign(static_cast<std::size_t>(primaries_) + 1, 0);
    prev_.resize(static_cast<std::size_t>(primaries_) + 1);
    next_.resize(static_cast<std::size_t>(primaries_) + 1);
    for (int k = 0; k <= primaries_; ++k) {
      prev_[k] = k == 0 ? primaries_ : k - 1;
      next_[k] = k == primaries_ ? 0 : k + 1;
    }
    cost_.assign(nodes_.size(), 0);
    option_.assign(nodes_.size(), -1);
    first_node_.assign(static_cast<std::size_t>(problem.option_count()), -1);
    // A spacer before each option: `itm` is -1, `up` the first node of the
    // option before, `down` the last node of the option after.
    std::int32_t spacer = push({0, 0, -1, 0}, 0, -1);
    for (int k = 0; k < problem.option_count(); ++k) {
      if (!problem.has_primary(k)) continue;
      const std::uint64_t cost = problem.option_cost(k);
      const std::int32_t first = static_cast<std::int32_t>(nodes_.size());
      first_node_[k] = first;
      for (const OptionEntry& e : problem.option(k)) {
        const std::int32_t head = e.item + 1;
        const std::int32_t p = push({nodes_[head].up, head, head, e.color}, cost, k);
        nodes_[nodes_[head].up].down = p;
        nodes_[head].up = p;
        if (e.item < primaries_) ++len_[head];
      }
      nodes_[spacer].down = static_cast<std::int32_t>(nodes_.size()) - 1;
      spacer = push({first, 0, -1, 0}, 0, -1);
    }
    active_ = primaries_;
  }
  CostLinks sibling(const Problem& problem) const { return CostLinks(problem); }

  // The cutoff and the cost of the assumptions (none: no bound).
  void set_bound(const CostBound* bound) { bound_ = bound; }

  // --- the root: assumptions ----------------------------------------------
  bool assume(int option) {
    const std::int32_t first = first_node_[static_cast<std::size_t>(option)];
    if (first < 0) return false;
    // The option must still be in every list of its items.
    std::int32_t branch = -1;
    for (std::int32_t q = first; nodes_[q].itm > 0; ++q) {
      if (!listed(q)) return false;
      if (branch < 0 && nodes_[q].itm <= primaries_) branch = q;
    }
    if (branch < 0 || !is_active(nodes_[branch].itm)) return false;
    cover(nodes_[branch].itm, kNoLimit);
    commit_others(branch, kNoLimit);
    assumed_.push_back(branch);
    return true;
  }
  void clear_assumptions() {
    while (!assumed_.empty()) {
      const std::int32_t branch = assumed_.back();
      assumed_.pop_back();
      uncommit_others(branch, kNoLimit);
      uncover(nodes_[branch].itm, kNoLimit);
    }
  }
  bool root_solved() const { return active_ == 0; }
  std::vector<int> root_branching() {
    std::vector<int> options;
    std::int32_t best = -1;
    for (std::int32_t k = next_[0]; k != 0; k = next_[k]) {
      if (best < 0 || len_[k] < len_[best]) best = k;
    }
    if (best < 0) return options;
    for (std::int32_t p = nodes_[best].down; p != best; p = nodes_[p].down)
      options.push_back(option_[p]);
    return options;
  }

  // --- one search level at a time ------------------------------------------
  void begin(bool /*propagate*/, bool /*most_clashes*/) {
    const std::size_t depth = static_cast<std::size_t>(primaries_) + 2;
    if (level_.size() < depth) level_.resize(depth);
    level_[0].partial = bound_ ? bound_->base : 0;
  }
  bool solved_at_begin() const { return false; }
  std::int32_t forced_count(int /*level*/) const { return 0; }
  template <class F>
  void for_forced(int /*level*/, F&& /*f*/) const {}

  std::int32_t open(int level, std::mt19937_64* /*rng*/) {
    Level& l = level_[level];
    l.item = l.choice = 0;
    if (l.partial > cutoff()) return 0;
    const std::uint64_t room = cutoff() - l.partial;  // usable: cost <= room
    std::int32_t best = 0, fewest = INT32_MAX;
    std::uint64_t best_min = 0;
    for (std::int32_t k = next_[0]; k != 0; k = next_[k]) {
      std::int32_t p = nodes_[k].down;
      if (p == k || cost_[p] > room) {  // no usable option: a dead end
        best = 0;
        fewest = 0;
        break;
      }
      const std::uint64_t least = cost_[p];
      std::int32_t s = 1;
      bool more = false;
      for (p = nodes_[p].down;; p = nodes_[p].down, ++s) {
        if (p == k || cost_[p] > room) break;
        if (s == fewest) {
          more = true;
          break;
        }
        if (s >= kLookAhead) {
          s = len_[k];  // an upper bound will do
          break;
        }
      }
      if (more) continue;
      if (s < fewest || (s == fewest && least > best_min)) {
        best = k;
        fewest = s;
        best_min = least;
      }
    }
    l.item = best;
    l.choice = best;
    if (best == 0) return 0;
    l.cover_room = room;
    cover(best, room);
    return fewest;
  }
  bool next(int level) {
    Level& l = level_[level];
    if (l.item == 0) return false;
    const std::int32_t p = nodes_[l.choice].down;
    if (p == l.item) return false;
    // (The cutoff may have fallen below this level since it was opened.)
    const std::uint64_t limit = cutoff();
    if (l.partial > limit || cost_[p] > limit - l.partial) return false;  // and the rest too
    l.choice = p;
    Level& below = level_[level + 1];
    below.partial = l.partial + cost_[p];
    l.commit_room = limit - below.partial;
    commit_others(p, l.commit_room);
    return true;
  }
  bool solved(int /*level*/) const { return active_ == 0; }
  void retract(int level) {
    const Level& l = level_[level];
    uncommit_others(l.choice, l.commit_room);
  }
  void close(int level) {
    const Level& l = level_[level];
    if (l.item != 0) uncover(l.item, l.cover_room);
  }
  int option_at(int level) const { return option_[level_[level].choice]; }
  template <class F>
  void for_untried(int level, F&& f) const {
    const Level& l = level_[level];
    if (l.item == 0) return;
    for (std::int32_t p = nodes_[l.choice].down; p != l.item; p = nodes_[p].down) f(option_[p]);
  }
  bool has_untried(int level) const {
    const Level& l = level_[level];
    return l.item != 0 && nodes_[l.choice].down != l.item;
  }

  std::size_t bytes() const {
    return nodes_.capacity() * sizeof(Node) + cost_.capacity() * sizeof(std::uint64_t) +
           (option_.capacity() + first_node_.capacity() + len_.capacity() + prev_.capacity() +
            next_.capacity() + assumed_.capacity()) *
               sizeof(std::int32_t) +
           level_.capacity() * sizeof(Level);
  }

  std::uint64_t updates = 0;

 private:
  struct Node {
    std::int32_t up, down;
    std::int32_t itm;    // head node (item + 1); -1 in a spacer
    std::int32_t color;  // 0 none; -1 agrees with its purified item already
  };
  struct Level {
    std::int32_t item = 0;         // head branched on; 0 at a dead end
    std::int32_t choice = 0;       // the option node being tried (the head before)
    std::uint64_t partial = 0;     // cost of the options above
    std::uint64_t cover_room = 0;  // the thresholds used, to undo exactly
    std::uint64_t commit_room = 0;
  };
  static constexpr std::uint64_t kNoLimit = UINT64_MAX;
  // Usable options counted per item before its length is taken (DLX5's h).
  static constexpr std::int32_t kLookAhead = 10;

  std::uint64_t cutoff() const { return bound_ ? bound_->cutoff : kNoLimit; }
  bool is_active(std::int32_t head) const {
    return head <= primaries_ && next_[prev_[head]] == head;
  }
  bool listed(std::int32_t p) const {
    return nodes_[nodes_[p].up].down == p && nodes_[nodes_[p].down].up == p;
  }
  std::int32_t push(Node node, std::uint64_t cost, int option) {
    nodes_.push_back(node);
    cost_.push_back(cost);
    option_.push_back(option);
    return static_cast<std::int32_t>(nodes_.size()) - 1;
  }

  // Takes the options of node r's option, but r, out of their other lists.
  void hide(std::int32_t r) {
    for (std::int32_t q = r + 1; q != r;) {
      const Node& n = nodes_[q];
      if (n.itm < 0) {
        q = n.up;
        continue;
      }
      if (n.color >= 0) {
        nodes_[n.up].down = n.down;
        nodes_[n.down].up = n.up;
        ++updates;
        if (n.itm <= primaries_) --len_[n.itm];
      }
      ++q;
    }
  }
  void unhide(std::int32_t r) {
    for (std::int32_t q = r + 1; q != r;) {
      const Node& n = nodes_[q];
      if (n.itm < 0) {
        q = n.up;
        continue;
      }
      if (n.color >= 0) {
        nodes_[n.up].down = q;
        nodes_[n.down].up = q;
        if (n.itm <= primaries_) ++len_[n.itm];
      }
      ++q;
    }
  }
  // Covers item `c`, hiding those of its options that cost at most `room`.
  void cover(std::int32_t c, std::uint64_t room) {
    if (c <= primaries_) {
      next_[prev_[c]] = next_[c];
      prev_[next_[c]] = prev_[c];
      --active_;
    }
    ++updates;
    for (std::int32_t r = nodes_[c].down; r != c && cost_[r] <= room; r = nodes_[r].down) hide(r);
  }
  // (Top to bottom as well: Knuth notes in DLX5 that the order does not
  // matter, and the threshold is easier to meet this way.)
  void uncover(std::int32_t c, std::uint64_t room) {
    for (std::int32_t r = nodes_[c].down; r != c && cost_[r] <= room; r = nodes_[r].down) unhide(r);
    if (c <= primaries_) {
      next_[prev_[c]] = c;
      prev_[next_[c]] = c;
      ++active_;
    }
  }
  // Keeps, among the options of p's item within `room`, those that give it
  // p's colour.
  void purify(std::int32_t p, std::uint64_t room) {
    const std::int32_t c = nodes_[p].itm;
    const std::int32_t x = nodes_[p].color;
    for (std::int32_t r = nodes_[c].down; r != c && cost_[r] <= room; r = nodes_[r].down) {
      if (nodes_[r].color != x) {
        hide(r);
      } else if (r != p) {
        nodes_[r].color = -1;
      }
    }
  }
  void unpurify(std::int32_t p, std::uint64_t room) {
    const std::int32_t c = nodes_[p].itm;
    const std::int32_t x = nodes_[p].color;
    for (std::int32_t r = nodes_[c].down; r != c && cost_[r] <= room; r = nodes_[r].down) {
      if (nodes_[r].color < 0) {
        nodes_[r].color = x;
      } else if (r != p) {
        unhide(r);
      }
    }
  }
  void commit_others(std::int32_t p, std::uint64_t room) {
    for (std::int32_t q = p + 1; q != p;) {
      const Node& n = nodes_[q];
      if (n.itm < 0) {
        q = n.up;
        continue;
      }
      if (n.color == 0) {
        cover(n.itm, room);
      } else if (n.color > 0) {
        purify(q, room);
      }
      ++q;
    }
  }
  void uncommit_others(std::int32_t p, std::uint64_t room) {
    for (std::int32_t q = p - 1; q != p;) {
      const Node& n = nodes_[q];
      if (n.itm < 0) {
        q = n.down;
        continue;
      }
      if (n.color == 0) {
        uncover(n.itm, room);
      } else if (n.color > 0) {
        unpurify(q, room);
      }
      --q;
    }
  }

  std::int32_t primaries_ = 0;
  std::int32_t active_ = 0;  // primary items not covered
  std::vector<Node> nodes_;
  std::vector<std::uint64_t> cost_;        // by node: its option's (net) cost
  std::vector<int> option_;                // by node: its option
  std::vector<std::int32_t> first_node_;   // by option; -1: no primary item
  std::vector<std::int32_t> len_;          // by primary head
  std::vector<std::int32_t> prev_, next_;  // the active primary items
  std::vector<std::int32_t> assumed_;      // the assumptions' branch nodes
  std::vector<Level> level_;
  const CostBound* bound_ = nullptr;
};

}  // namespace xcover::detail::XCOVER_ISA
