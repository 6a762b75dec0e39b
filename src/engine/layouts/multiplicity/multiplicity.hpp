// SPDX-License-Identifier: MIT
// The layout for multiplicities: Knuth's Algorithm M (his DLX3), dancing
// links where a primary item must be covered from `lower` to `upper` times
// (Problem::add_primary(name, lower, upper)), with colours as in
// Algorithm C. The solver takes it (reporting Layout::links) whenever some
// primary item has bounds other than 1:1; other problems never see it.
//
// An item's `bound` is how many more options may still cover it, its
// `slack` is upper - lower. Branching on an item lowers its bound by one:
// when that leaves no bound and no slack, the item is covered as in
// Algorithm X and each of its options is tried in turn. Otherwise the item
// stays active and its options are "tweaked" one by one: each option tried
// is taken out of the item's list (and hidden, unless the item is covered),
// so that a deeper level never takes it again and no set of options is
// found twice. When the slack allows, the last choice is the null move: the
// item takes no more options and leaves the active list. The item chosen
// is the active one of smallest branching degree (length + min(slack,
// bound) - bound + 1), ties going to less slack, then to the longer list,
// then to the first: DLX3's rule, so the search visits DLX3's nodes and
// counts its updates.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "xcover/problem.hpp"

namespace xcover::detail::XCOVER_ISA {

class Multiplicities {
 public:
  explicit Multiplicities(const Problem& problem);
  // The links are all search state: a sibling builds its own.
  Multiplicities sibling(const Problem& problem) const { return Multiplicities(problem); }

  // --- the root: assumptions ----------------------------------------------
  // Forces an option: hides it and lowers the bound of each of its primary
  // items. False (and no change) when it conflicts with those forced already.
  // A negative entry ~k leaves option k out instead (a branch of Algorithm M
  // is the options chosen on its path and the options tried before them,
  // which its subtree never takes): the option is hidden from every list if
  // it is still in them all; leaving out never conflicts. Both undo in one
  // stack, last first.
  bool assume(int option);
  void clear_assumptions();
  bool root_solved() const { return next_[0] == 0; }
  // A branching of Algorithm M is not a set of forced options (a tweaked
  // option stays out of the later branches): ProblemError.
  std::vector<int> root_branching();

  // --- one search level at a time -----------------------------------------
  void begin(bool /*propagate*/, bool /*most_clashes*/) {}
  bool solved_at_begin() const { return false; }
  std::int32_t forced_count(int /*level*/) const { return 0; }
  template <class F>
  void for_forced(int /*level*/, F&& /*f*/) const {}

  // Chooses the item to branch on and lowers its bound; returns the number
  // of choices (0 when the item cannot reach its lower bound).
  std::int32_t open(int level, std::mt19937_64* rng);
  // Commits the level's next choice (an option, or the null move); false
  // when none is left.
  bool next(int level);
  bool solved(int /*level*/) const { return next_[0] == 0; }
  // Undoes next(level), then open(level).
  void retract(int level);
  void close(int level);
  // The option chosen at `level`, or -1 for the null move.
  int option_at(int level) const {
    const std::int32_t p = choice_[level];
    return p <= item_count_ ? -1 : option_of(p);
  }
  // Work is shared as the path to a level (append_choice) and the pieces
  // its untried branches make (for_untried_pieces), each with the options
  // it leaves out as ~k entries; the loop counts the untried branches
  // (has_untried, for_untried: unused).
  template <class F>
  void for_untried(int /*level*/, F&& /*f*/) const {}
  bool has_untried(int /*level*/) const { return false; }
  // Appends what the branch taken at `level` stands for: the options tried
  // before it at a level that tweaks (as ~k; all of them after the null
  // move), then the option chosen.
  void append_choice(int level, std::vector<int>& to) const;
  // Calls f(entries) for pieces that together are the untried branches of
  // `level`, which has some: one an option at a level that covers its item
  // exactly, as other layouts do. At a level that tweaks, one a branch for
  // the next kShared options (each leaving out the options tried before it)
  // where the level's list was kept when it opened (the first kListedLevels
  // levels, where shares come from), then one for the rest (leaving out all
  // of those options); deeper, only the one for the rest. The entries
  // follow the path's.
  template <class F>
  void for_untried_pieces(int level, F&& f) const {
    const std::int32_t best = best_[level], cur = choice_[level];
    std::vector<int> tail;
    if (state_[level] == exact) {
      for (std::int32_t r = nodes_[cur].down; r != best; r = nodes_[r].down) {
        tail.assign(1, option_of(r));
        f(std::span<const int>(tail));
      }
      return;
    }
    // (The tweaked options keep pointing down at each other while the
    // level is open.)
    for (std::int32_t r = first_tweak_[level];; r = nodes_[r].down) {
      tail.push_back(~option_of(r));
      if (r == cur) break;
    }
    if (level < kListedLevels) {
      // (The options tried are the list's first ones.)
      constexpr std::size_t kShared = 8;
      const std::vector<int>& listed = listed_[static_cast<std::size_t>(level)];
      const std::size_t end = std::min(listed.size(), tail.size() + kShared);
      for (std::size_t k = tail.size(); k < end; ++k) {
        tail.push_back(listed[k]);
        f(std::span<const int>(tail));
        tail.back() = ~listed[k];
      }
    }
    f(std::span<const int>(tail));
  }

  std::size_t bytes() const {
    return nodes_.capacity() * sizeof(Node) +
           (len_.capacity() + prev_.capacity() + next_.capacity() + bound_.capacity() +
            slack_.capacity() + first_node_.capacity() + assumed_.capacity() + choice_.capacity() +
            best_.capacity() + first_tweak_.capacity()) *
               sizeof(std::int32_t) +
           state_.capacity();
  }

  std::uint64_t updates = 0;

 private:
  // Knuth's node layout: nodes 1..N head the items' lists; then the options,
  // each followed by a spacer whose `top` is -(index of the option before it
  // + 1) (0 for the first), whose `up` is the first node of the option before
  // it and whose `down` the last node of the option after it. `color` is
  // the colour of a secondary item's node (0 none, -1 agrees with the colour
  // its purified item has).
  struct Node {
    std::int32_t up;
    std::int32_t down;
    std::int32_t top;
    std::int32_t color;
  };
  // What open() did at a level.
  enum State : char { dead, exact, tweaking, finished };

  void deactivate(std::int32_t c) {
    next_[prev_[c]] = next_[c];
    prev_[next_[c]] = prev_[c];
  }
  void reactivate(std::int32_t c) { next_[prev_[c]] = prev_[next_[c]] = c; }
  // Removes the option of node r from every list but r's own.
  void hide(std::int32_t r);
  void unhide(std::int32_t r);
  void cover(std::int32_t c, bool deact);
  void uncover(std::int32_t c, bool react);
  void purify(std::int32_t p);
  void unpurify(std::int32_t p);
  // Takes node n out of its item's list, and its whole option out of every
  // list when `block`.
  void tweak(std::int32_t n, bool block);
  void untweak(std::int32_t c, std::int32_t first, bool unblock);
  // The item of node q: a primary one loses a bound, and is covered when
  // it has none left; a secondary one is covered or purified. And back.
  void commit_item(std::int32_t q);
  void uncommit_item(std::int32_t q);
  // The same for the items of p's option but p's own.
  void commit_others(std::int32_t p);
  void uncommit_others(std::int32_t p);

  int option_of(std::int32_t node) const {
    while (nodes_[node].top > 0) ++node;
    return -nodes_[node].top - 1;
  }
  bool linked(std::int32_t q) const { return nodes_[nodes_[q].up].down == q; }
  // Leaves option k out (assume(~k)).
  void leave_out(int option);
  // Puts the nodes of first's option back into the lists a block tweak
  // took them out of.
  void relink(std::int32_t first);

  std::int32_t item_count_;     // N: items are 1..N
  std::int32_t primary_count_;  // P: items 1..P are primary
  std::vector<Node> nodes_;
  std::vector<std::int32_t> len_;            // by item: options in its list
  std::vector<std::int32_t> prev_, next_;    // the active primary items, 0 the root
  std::vector<std::int32_t> bound_, slack_;  // by primary item
  std::vector<std::int32_t> first_node_;     // by problem option; -1 if left out
  // Forced options' first nodes, and ~first for an option left out: the
  // undo stack of assume().
  std::vector<std::int32_t> assumed_;

  // One slot a level.
  std::vector<std::int32_t> choice_;       // node chosen (an item's head: the null move)
  std::vector<std::int32_t> best_;         // item branched on
  std::vector<std::int32_t> first_tweak_;  // the item's top option when the level opened
  std::vector<char> state_;
  // The options of the item's list when a level that tweaks opened, for
  // the first levels (for_untried_pieces): shares come from the shallowest
  // levels, which open seldom.
  static constexpr int kListedLevels = 8;
  std::vector<std::vector<int>> listed_;
};

}  // namespace xcover::detail::XCOVER_ISA
