// SPDX-License-Identifier: MIT
// The sparse-set layout: Algorithm C (exact cover with colours) with the
// idea of Knuth's SSXCC. Each item keeps the nodes of its options in a
// segment of one array, the active ones first; removing a node swaps it with
// the last active one and shortens the item by one. The removed nodes stay
// just past the active ones, in the order they left, so undoing a step only
// lengthens the items again: half the memory traffic of relinking.
//
// It searches the tree of the links (links/links.hpp) node for node, and
// gives the solutions in the same order: the same item is chosen (the first
// shortest primary item, the lengths are the same), the active options of the
// chosen item are sorted back into the problem's order before they are
// tried, and with colours an option whose commit leaves a primary item
// without options is skipped, as there.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/item_choice.hpp"
#include "engine/layout_plan.hpp"
#include "engine/layouts/node_table.hpp"
#include "xcover/error.hpp"
#include "xcover/problem.hpp"

namespace xcover::detail::XCOVER_ISA {

template <bool kColors>
class Sparse {
 public:
  explicit Sparse(const Problem& problem);
  Sparse sibling(const Problem& problem) const { return Sparse(problem); }

  // --- the root: assumptions ----------------------------------------------
  bool assume(int option);
  void clear_assumptions();
  bool root_solved() const { return active_ == 0; }
  std::vector<int> root_branching();

  // --- one search level at a time ------------------------------------------
  void begin(bool /*propagate*/, bool /*most_clashes*/) {}
  bool solved_at_begin() const { return false; }
  std::int32_t forced_count(int /*level*/) const { return 0; }
  template <class F>
  void for_forced(int /*level*/, F&& /*f*/) const {}

  std::int32_t open(int level, std::mt19937_64* rng) {
    const std::int32_t best =
        rng ? random_shortest(len_.data(), 1, primary_count_ + 1, kCovered, *rng)
            : first_shortest<std::uint64_t, 32>(len_.data(), 1, primary_count_ + 1);
    const std::int32_t size = static_cast<std::int32_t>(len_[best]);
    if (snapshots_) save(level, 0);
    cover(best);
    sort_active(best, size);
    if (snapshots_) save(level, 1);
    branch_item_[level] = best;
    branch_len_[level] = size;
    choice_[level] = -1;
    random_ = rng != nullptr;
    return size;
  }
  bool next(int level) {
    const std::int32_t* set = set_.data() + start_[branch_item_[level]];
    for (std::int32_t k = choice_[level] + 1; k < branch_len_[level]; ++k) {
      choice_[level] = k;
      const std::int32_t p = set[k];
      if constexpr (kColors) {
        if (random_) {
          commit_others(p);
          return true;
        }
        if (commit_alive(p, level)) return true;
      } else {
        commit_others(p);
        return true;
      }
    }
    choice_[level] = branch_len_[level];
    return false;
  }
  bool solved(int /*level*/) const { return active_ == 0; }
  void retract(int level) {
    if (snapshots_) {
      restore(level, 1);
    } else {
      uncommit_others(chosen(level));
    }
  }
  void close(int level) {
    if (snapshots_) {
      restore(level, 0);
    } else {
      uncover(branch_item_[level]);
    }
  }
  int option_at(int level) const { return option_[chosen(level)]; }
  template <class F>
  void for_untried(int level, F&& f) const {
    const std::int32_t* set = set_.data() + start_[branch_item_[level]];
    for (std::int32_t k = choice_[level] + 1; k < branch_len_[level]; ++k) f(option_[set[k]]);
  }
  bool has_untried(int level) const { return choice_[level] + 1 < branch_len_[level]; }

  std::size_t bytes() const {
    return (item_.capacity() + color_.capacity() + option_.capacity() + loc_.capacity()) *
               sizeof(std::int32_t) +
           (len_.capacity() + set_.capacity() + start_.capacity() + option_begin_.capacity() +
            first_primary_node_.capacity() + assumed_nodes_.capacity() + choice_.capacity() +
            branch_item_.capacity() + branch_len_.capacity() + saved_.capacity() +
            saved_active_.capacity()) *
               sizeof(std::int32_t);
  }

  std::uint64_t updates = 0;

 private:
  // An item's length carries two marks: covered, and (a secondary item
  // with colours) purified, which hides leave alone.
  static constexpr std::uint32_t kCovered = 0x80000000u;
  static constexpr std::uint32_t kPurified = 0x40000000u;
  static constexpr std::uint32_t kCount = kPurified - 1;
  // Up to this many items, a level saves all the lengths (twice: before
  // and after covering its item) and undoes its steps by copying them back,
  // as SSXCC does, instead of walking the options again.
  static constexpr std::int32_t kSnapshotItems = kSparseSnapshotItems;

  void save(int level, int k) {
    const std::size_t row = static_cast<std::size_t>(2 * level + k);
    std::copy(len_.begin(), len_.end(), saved_.begin() + row * len_.size());
    saved_active_[row] = active_;
  }
  void restore(int level, int k) {
    const std::size_t row = static_cast<std::size_t>(2 * level + k);
    std::copy_n(saved_.begin() + row * len_.size(), len_.size(), len_.begin());
    active_ = saved_active_[row];
  }

  std::int32_t chosen(int level) const {
    return set_[start_[branch_item_[level]] + choice_[level]];
  }

  // The other nodes of node p's option, from the one after p round to the
  // one before it (f), or the other way (b).
  template <class F>
  [[gnu::always_inline]] void each_other(std::int32_t p, F&& f) const {
    const std::int32_t o = option_[p];
    const std::int32_t begin = option_begin_[o], end = option_begin_[o + 1];
    for (std::int32_t q = p + 1; q < end; ++q) f(q);
    for (std::int32_t q = begin; q < p; ++q) f(q);
  }
  template <class F>
  [[gnu::always_inline]] void each_other_back(std::int32_t p, F&& f) const {
    const std::int32_t o = option_[p];
    const std::int32_t begin = option_begin_[o], end = option_begin_[o + 1];
    for (std::int32_t q = p - 1; q >= begin; --q) f(q);
    for (std::int32_t q = end - 1; q > p; --q) f(q);
  }

  // Removes the option of node p from every item but p's own: each of its
  // other nodes q swaps places with the last active node of q's item, which
  // then has one node fewer. (Counters are kept in registers here: the
  // stores through the arrays could alias the members.)
  void hide(std::int32_t p) {
    const std::int32_t* item = item_.data();
    std::int32_t* loc = loc_.data();
    std::uint32_t* len = len_.data();
    std::int32_t* sets = set_.data();
    const std::int32_t* start = start_.data();
    const std::int32_t primary = primary_count_;
    std::uint64_t changed = 0;
    bool dead = false;
    each_other(p, [&](std::int32_t q) {
      const std::int32_t x = item[q];
      if constexpr (kColors) {
        if (len[x] & kPurified) return;
      }
      const std::uint32_t left = --len[x];
      const std::int32_t n = static_cast<std::int32_t>(left & kCount);
      std::int32_t* set = sets + start[x];
      const std::int32_t at = loc[q], last = set[n];
      set[n] = q;
      set[at] = last;
      loc[last] = at;
      loc[q] = n;
      ++changed;
      if constexpr (kColors) dead |= (left == 0) & (x <= primary);
    });
    updates += changed;
    if constexpr (kColors) dead_ = dead_ || dead;
  }
  void unhide(std::int32_t p) {
    // Only lengths change back: the nodes wait just past the active ones.
    each_other(p, [&](std::int32_t q) {
      if constexpr (kColors) {
        if (len_[item_[q]] & kPurified) return;
      }
      ++len_[item_[q]];
    });
  }

  [[gnu::always_inline]] void cover(std::int32_t i) {
    const std::int32_t n = static_cast<std::int32_t>(len_[i] & kCount);
    len_[i] += kCovered;
    active_ -= i <= primary_count_;
    ++updates;
    const std::int32_t* set = set_.data() + start_[i];
    for (std::int32_t k = 0; k < n; ++k) hide(set[k]);
  }
  [[gnu::always_inline]] void uncover(std::int32_t i) {
    len_[i] -= kCovered;
    active_ += i <= primary_count_;
    const std::int32_t n = static_cast<std::int32_t>(len_[i]);
    const std::int32_t* set = set_.data() + start_[i];
    for (std::int32_t k = 0; k < n; ++k) unhide(set[k]);
  }

  // Puts the first n nodes of item i (its active ones) back in the
  // problem's order, which node numbers follow.
  void sort_active(std::int32_t i, std::int32_t n) {
    std::int32_t* set = set_.data() + start_[i];
    if (std::is_sorted(set, set + n)) return;
    std::sort(set, set + n);
    for (std::int32_t k = 0; k < n; ++k) loc_[set[k]] = k;
  }

  // Keeps the options that agree with p's colour on p's item; hides the rest.
  void purify(std::int32_t p) {
    const std::int32_t c = color_[p], i = item_[p];
    const std::int32_t n = static_cast<std::int32_t>(len_[i] & kCount);
    const std::int32_t* set = set_.data() + start_[i];
    for (std::int32_t k = 0; k < n; ++k)
      if (color_[set[k]] != c) hide(set[k]);
    len_[i] |= kPurified;
  }
  void unpurify(std::int32_t p) {
    const std::int32_t c = color_[p], i = item_[p];
    len_[i] &= ~kPurified;
    const std::int32_t n = static_cast<std::int32_t>(len_[i] & kCount);
    const std::int32_t* set = set_.data() + start_[i];
    for (std::int32_t k = 0; k < n; ++k)
      if (color_[set[k]] != c) unhide(set[k]);
  }

  // Commits the items of p's option other than p's own item.
  void commit_others(std::int32_t p) {
    each_other(p, [&](std::int32_t q) {
      if constexpr (kColors) {
        const std::int32_t c = color_[q];
        if (c == 0) {
          cover(item_[q]);
        } else if (!(len_[item_[q]] & kPurified)) {
          purify(q);
          done_[q] = 1;
        } else {
          done_[q] = 0;
        }
      } else {
        cover(item_[q]);
      }
    });
  }
  void uncommit_others(std::int32_t p) {
    each_other_back(p, [&](std::int32_t q) {
      if constexpr (kColors) {
        if (color_[q] == 0) {
          uncover(item_[q]);
        } else if (done_[q]) {
          unpurify(q);
        }
      } else {
        uncover(item_[q]);
      }
    });
  }

  // With colours: commits as commit_others does, but stops as soon as a
  // primary item outside the option has no option left, undoes what it did
  // and returns false. The option's uncoloured items are marked covered
  // first, so that only the other items' lengths can reach zero.
  bool commit_alive(std::int32_t p, int level) {
    each_other(p, [&](std::int32_t q) {
      if (color_[q] == 0) {
        const std::int32_t x = item_[q];
        len_[x] += kCovered;
        active_ -= x <= primary_count_;
        ++updates;
      }
    });
    dead_ = false;
    const std::int32_t o = option_[p];
    const std::int32_t begin = option_begin_[o], end = option_begin_[o + 1];
    const std::int32_t count = end - begin;
    // Steps through the others as each_other does, by their rank r.
    auto at = [&](std::int32_t r) {
      const std::int32_t q = p + 1 + r;
      return q < end ? q : q - count;
    };
    std::int32_t r = 0;
    for (; r < count - 1; ++r) {
      const std::int32_t q = at(r);
      const std::int32_t x = item_[q];
      if (color_[q] == 0) {
        const std::int32_t n = static_cast<std::int32_t>(len_[x] & kCount);
        const std::int32_t* set = set_.data() + start_[x];
        for (std::int32_t k = 0; k < n; ++k) hide(set[k]);
        done_[q] = 1;
      } else if (!(len_[x] & kPurified)) {
        purify(q);
        done_[q] = 1;
      } else {
        done_[q] = 0;
      }
      if (dead_) break;
    }
    if (r == count - 1) return true;
    if (snapshots_) {
      restore(level, 1);
      return false;
    }
    // Undo ranks r down to 0, then unmark.
    for (; r >= 0; --r) {
      const std::int32_t q = at(r);
      const std::int32_t x = item_[q];
      if (color_[q] == 0) {
        const std::int32_t n = static_cast<std::int32_t>(len_[x] & kCount);
        const std::int32_t* set = set_.data() + start_[x];
        for (std::int32_t k = 0; k < n; ++k) unhide(set[k]);
      } else if (done_[q]) {
        unpurify(q);
      }
    }
    each_other(p, [&](std::int32_t q) {
      if (color_[q] == 0) {
        const std::int32_t x = item_[q];
        len_[x] -= kCovered;
        active_ += x <= primary_count_;
      }
    });
    return false;
  }

  std::int32_t item_count_;
  std::int32_t primary_count_;
  // The options' nodes, an option's together, by field (a hide reads only
  // items and places): its item, its colour (0 = none), its problem option,
  // and where it stands in its item's segment of set_.
  std::vector<std::int32_t> item_, color_, option_, loc_;
  std::vector<std::int32_t> option_begin_;  // by problem option: its first node
  std::vector<std::uint32_t> len_;          // by item 1..N: active nodes, + kCovered
  std::vector<std::int32_t> start_;         // by item: its segment of set_
  std::vector<std::int32_t> set_;           // nodes, by item
  bool snapshots_ = false;
  std::vector<std::uint32_t> saved_;        // with snapshots_: two rows of len_ a level
  std::vector<std::int32_t> saved_active_;  // and active_ with each
  // With colours, by node: whether committing its option purified its
  // item (and so undoing must unpurify it).
  std::vector<char> done_;
  std::int32_t active_ = 0;  // primary items not yet covered
  bool dead_ = false;
  bool random_ = false;
  std::vector<std::int32_t> first_primary_node_;  // by problem option, -1 without one
  std::vector<std::int32_t> assumed_nodes_;

  std::vector<std::int32_t> choice_;       // rank of the option tried, in the item's set
  std::vector<std::int32_t> branch_item_;  // item branched on
  std::vector<std::int32_t> branch_len_;   // its active options
};

template <bool kColors>
Sparse<kColors>::Sparse(const Problem& p)
    : item_count_(p.item_count()), primary_count_(p.primary_count()) {
  const std::int32_t n = item_count_;
  const std::int64_t total = node_table(p).entries;

  len_.assign(n + 1, 0);
  first_primary_node_.assign(p.option_count(), -1);
  for (auto* v : {&item_, &color_, &option_, &loc_}) v->reserve(static_cast<std::size_t>(total));
  // By problem option (an option without a primary item has no nodes).
  option_begin_.assign(p.option_count() + 1, 0);
  for (int k = 0; k < p.option_count(); ++k) {
    option_begin_[k] = static_cast<std::int32_t>(item_.size());
    if (!p.has_primary(k)) continue;
    for (const OptionEntry& e : p.option(k)) {
      const std::int32_t x = e.item + 1;
      const std::int32_t q = static_cast<std::int32_t>(item_.size());
      if (first_primary_node_[k] < 0 && x <= primary_count_) first_primary_node_[k] = q;
      item_.push_back(x);
      color_.push_back(kColors ? e.color : 0);
      option_.push_back(k);
      loc_.push_back(0);
      ++len_[x];
    }
  }
  option_begin_[p.option_count()] = static_cast<std::int32_t>(item_.size());
  start_.assign(n + 2, 0);
  for (std::int32_t i = 1; i <= n; ++i)
    start_[i + 1] = start_[i] + static_cast<std::int32_t>(len_[i]);
  set_.assign(static_cast<std::size_t>(total), 0);
  std::vector<std::int32_t> fill(len_.size(), 0);
  for (std::int32_t q = 0; q < static_cast<std::int32_t>(item_.size()); ++q) {
    const std::int32_t x = item_[q];
    loc_[q] = fill[x];
    set_[start_[x] + fill[x]++] = q;
  }
  if constexpr (kColors) done_.assign(item_.size(), 0);
  active_ = primary_count_;
  const std::size_t depth = static_cast<std::size_t>(primary_count_) + 2;
  choice_.resize(depth);
  branch_item_.resize(depth);
  branch_len_.resize(depth);
  snapshots_ = n + 1 <= kSnapshotItems;
  if (snapshots_) {
    saved_.resize(2 * depth * len_.size());
    saved_active_.resize(2 * depth);
  }
}

template <bool kColors>
bool Sparse<kColors>::assume(int option) {
  const std::int32_t first = first_primary_node_[option];
  if (first < 0) return false;
  // Feasible when no node of the option has been removed and its primary
  // items are all still uncovered.
  for (std::int32_t q = option_begin_[option]; q < option_begin_[option + 1]; ++q) {
    const std::int32_t x = item_[q];
    if (loc_[q] >= static_cast<std::int32_t>(len_[x] & kCount)) return false;
    if (x <= primary_count_ && len_[x] >= kCovered) return false;
  }
  cover(item_[first]);
  commit_others(first);
  assumed_nodes_.push_back(first);
  return true;
}

template <bool kColors>
void Sparse<kColors>::clear_assumptions() {
  while (!assumed_nodes_.empty()) {
    const std::int32_t p = assumed_nodes_.back();
    assumed_nodes_.pop_back();
    uncommit_others(p);
    uncover(item_[p]);
  }
}

template <bool kColors>
std::vector<int> Sparse<kColors>::root_branching() {
  const std::int32_t best = first_shortest<std::uint64_t, 32>(len_.data(), 1, primary_count_ + 1);
  const std::int32_t n = static_cast<std::int32_t>(len_[best] & kCount);
  std::vector<std::int32_t> nodes(set_.data() + start_[best], set_.data() + start_[best] + n);
  std::sort(nodes.begin(), nodes.end());
  std::vector<int> options;
  for (const std::int32_t q : nodes) options.push_back(option_[q]);
  return options;
}

}  // namespace xcover::detail::XCOVER_ISA
