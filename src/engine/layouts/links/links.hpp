// SPDX-License-Identifier: MIT
// The dancing-links layout: Algorithm C (exact cover with colours) after
// Knuth's DLX1 and DLX2, on flat arrays of 32-bit integers. Memory grows with
// the number of entries, so it serves problems of any size; a step's cost is
// the number of links it changes, and undoing a step changes them back.
//
// Links<false> is the plain Algorithm X of DLX1, with tighter loops;
// Links<true> handles colours as Algorithm C does.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "engine/item_choice.hpp"
#include "xcover/problem.hpp"

namespace xcover::detail::XCOVER_ISA {

// Node layout (Knuth's): nodes 1..N head the items' lists. Then come the
// options, each followed by a spacer node. An option node's `top` is its item;
// a spacer's `top` is -(index of the option before it + 1) (0 for the first
// spacer), its `up` the first node of the option before it and its `down` the
// last node of the option after it. `aux` is the node's colour (0 = none, -1
// = already agrees with its purified item) when the problem has colours, and
// otherwise the index of the option's first node, which lets hide() run one
// loop of fixed length over the option instead of jumping over spacers.
struct Node {
  std::int32_t up;
  std::int32_t down;
  std::int32_t top;
  std::int32_t aux;
};

// Lengths of item lists live in their own small array, indexed by item, so
// that choosing an item is a scan of contiguous memory. A covered item has
// a high bit added to its length. Problems with fewer than 2^16 primary
// items and lists shorter than 2^15 (Sudoku, queens, tilings, ...) use bit 15
// and pack (length, item) in 32 bits, so the scan reads half as much.
constexpr std::uint32_t kCoveredWide = 0x80000000u;
constexpr std::uint32_t kCoveredNarrow = 0x8000u;
// From this many primary items on, the links note when a length reaches
// zero, so that choosing an item can stop at the first of length one.
constexpr std::int32_t kTrackZeroItems = 1024;

template <bool kColors>
class Links {
 public:
  explicit Links(const Problem& problem);
  // Another search of the problem. The links are all search state (a
  // search relinks them): nothing to share, so it builds its own.
  Links sibling(const Problem& problem) const { return Links(problem); }

  // --- the root: assumptions ----------------------------------------------
  // Forces an option; false (and no change) when it conflicts with the
  // options forced already.
  bool assume(int option);
  void clear_assumptions();
  bool root_solved() const { return active_ == 0; }
  std::vector<int> root_branching();

  // --- one search level at a time (see Solver::Impl::run) ------------------
  // (The links commit no forced options ahead and branch by DLX1's rule:
  // SearchOptions::propagate and ItemChoice::most_clashes are for the bit
  // sets.)
  void begin(bool /*propagate*/, bool /*most_clashes*/) { zeroed_ = true; }
  bool solved_at_begin() const { return false; }
  std::int32_t forced_count(int /*level*/) const { return 0; }
  template <class F>
  void for_forced(int /*level*/, F&& /*f*/) const {}
  // Chooses the item to branch on at `level` and covers it; returns the
  // number of options it has.
  std::int32_t open(int level, std::mt19937_64* rng) {
    const std::int32_t best =
        track_zero_ ? choose_among_many(level, rng)
        : rng       ? random_shortest(len_.data(), 1, primary_count_ + 1, covered_mark_, *rng)
        : narrow_   ? first_shortest<std::uint32_t, 16>(len_.data(), 1, primary_count_ + 1)
                    : first_shortest<std::uint64_t, 32>(len_.data(), 1, primary_count_ + 1);
    const std::int32_t size = static_cast<std::int32_t>(len_[best]);
    cover(best);
    if (track_zero_) zeroed_after_cover_[level] = zeroed_;
    branch_item_[level] = best;
    choice_[level] = best;  // the list head: before the first option
    random_ = rng != nullptr;
    return size;
  }
  // Commits the level's next option; false when none is left. With colours
  // an option whose commit leaves a primary item without options is undone
  // at once and the next one tried, as Knuth's SSXCC does: the dead end is
  // never entered (nor counted) as a node. (Not with random tie-breaks,
  // whose draws then stay those of the bit sets, which enter every node.)
  bool next(int level) {
    for (std::int32_t p = nodes_[choice_[level]].down; p != branch_item_[level];
         p = nodes_[p].down) {
      choice_[level] = p;
      if (track_zero_) zeroed_ = zeroed_after_cover_[level];
      if constexpr (kColors) {
        if (random_) {
          commit_others(p);
          return true;
        }
        if (commit_alive(p)) return true;
      } else {
        commit_others(p);
        return true;
      }
    }
    return false;
  }
  bool solved(int /*level*/) const { return active_ == 0; }
  // Undoes next(level), then open(level).
  void retract(int level) { uncommit_others(choice_[level]); }
  void close(int level) { uncover(branch_item_[level]); }
  int option_at(int level) const { return option_of(choice_[level]); }
  // Calls f(option) for each option after the current one at `level`.
  template <class F>
  void for_untried(int level, F&& f) const {
    for (std::int32_t p = nodes_[choice_[level]].down; p != branch_item_[level]; p = nodes_[p].down)
      f(option_of(p));
  }
  bool has_untried(int level) const { return nodes_[choice_[level]].down != branch_item_[level]; }

  // Memory held, in bytes.
  std::size_t bytes() const {
    return nodes_.capacity() * sizeof(Node) +
           (len_.capacity() + first_primary_node_.capacity() + assumed_nodes_.capacity() +
            choice_.capacity() + branch_item_.capacity() + scan_begin_.capacity()) *
               sizeof(std::int32_t) +
           zeroed_after_cover_.capacity();
  }

  std::uint64_t updates = 0;

 private:
  // open()'s choice when there are many items (track_zero_), in less than
  // a scan of them all when it can be. Items covered at the level above
  // stay covered here: the scan starts at the block where the level above
  // met its first uncovered item. And an item can have no option left here
  // only if a hide since the level above chose its item brought a length
  // to zero (a zero there would have ended that branch): without one, the
  // first item of length one is the first shortest, and the scan stops
  // there. So a long chain of forced choices costs a step a level, not a
  // scan of all the items.
  [[gnu::noinline]] std::int32_t choose_among_many(int level, std::mt19937_64* rng) {
    const std::int32_t lo = level ? scan_begin_[level - 1] : 1;
    const std::int32_t end = primary_count_ + 1;
    const std::uint32_t least = zeroed_ ? 0 : 1;
    std::int32_t* live = &scan_begin_[level];
    std::int32_t best;
    if (rng) {
      best = random_shortest(len_.data(), lo, end, covered_mark_, *rng);
      *live = lo;
    } else if (narrow_) {
      best =
          first_shortest_from<std::uint32_t, 16>(len_.data(), lo, end, least, live, covered_mark_);
    } else {
      best =
          first_shortest_from<std::uint64_t, 32>(len_.data(), lo, end, least, live, covered_mark_);
    }
    zeroed_ = false;  // from here: the hides of this level
    return best;
  }

  // Removes the option of node p from every list but p's own.
  // kTrack: also notes in zeroed_ whether a length reached zero (see
  // open()), which only long lists of items need.
  template <bool kTrack>
  void hide_as(std::int32_t p) {
    Node* nd = nodes_.data();
    std::uint32_t* ln = len_.data();
    [[maybe_unused]] bool zeroed = false;
    [[maybe_unused]] bool dead = false;
    if constexpr (!kColors) {
      const std::int32_t begin = nd[p].aux;
      std::int32_t q = begin;
      // p's own node is walked too, without a branch: its stores write back
      // what is there, and its item's length goes down here and up in
      // unhide, so nothing changes.
      for (; nd[q].top > 0; ++q) {
        const bool own = q == p;
        const std::int32_t u = nd[q].up, d = nd[q].down, x = nd[q].top;
        nd[u].down = own ? q : d;
        nd[d].up = own ? q : u;
        if constexpr (kTrack) {
          zeroed |= --ln[x] == 0;
        } else {
          --ln[x];
        }
      }
      updates += static_cast<std::uint64_t>(q - begin - 1);
    } else {
      for (std::int32_t q = p + 1; q != p;) {
        const std::int32_t x = nd[q].top;
        if (x <= 0) {
          q = nd[q].up;
          continue;
        }
        if (nd[q].aux >= 0) {
          const std::int32_t u = nd[q].up, d = nd[q].down;
          nd[u].down = d;
          nd[d].up = u;
          const bool zero = --ln[x] == 0;  // never for a covered item
          if constexpr (kTrack) zeroed |= zero;
          dead |= zero & (x <= primary_count_);
          ++updates;
        }
        ++q;
      }
      dead_ = dead_ || dead;
    }
    if constexpr (kTrack) zeroed_ = zeroed_ || zeroed;
  }

  void hide(std::int32_t p) {
    if (track_zero_) {
      hide_as<true>(p);
    } else {
      hide_as<false>(p);
    }
  }

  void unhide(std::int32_t p) {
    Node* nd = nodes_.data();
    std::uint32_t* ln = len_.data();
    if constexpr (!kColors) {
      // The option's nodes lie in different lists, so their order does not
      // matter here. (p is linked in its own list: relinking it is a no-op.)
      for (std::int32_t q = nd[p].aux; nd[q].top > 0; ++q) {
        const std::int32_t u = nd[q].up, d = nd[q].down, x = nd[q].top;
        nd[u].down = q;
        nd[d].up = q;
        ++ln[x];
      }
    } else {
      for (std::int32_t q = p - 1; q != p;) {
        const std::int32_t x = nd[q].top;
        if (x <= 0) {
          q = nd[q].down;
          continue;
        }
        if (nd[q].aux >= 0) {
          const std::int32_t u = nd[q].up, d = nd[q].down;
          nd[u].down = q;
          nd[d].up = q;
          ++ln[x];
        }
        --q;
      }
    }
  }

  [[gnu::always_inline]] void cover(std::int32_t i) {
    len_[i] += covered_mark_;
    active_ -= i <= primary_count_;
    ++updates;
    const Node* nd = nodes_.data();
    if (track_zero_) {
      for (std::int32_t p = nd[i].down; p != i; p = nd[p].down) hide_as<true>(p);
    } else {
      for (std::int32_t p = nd[i].down; p != i; p = nd[p].down) hide_as<false>(p);
    }
  }

  [[gnu::always_inline]] void uncover(std::int32_t i) {
    const Node* nd = nodes_.data();
    for (std::int32_t p = nd[i].up; p != i; p = nd[p].up) unhide(p);
    len_[i] -= covered_mark_;
    active_ += i <= primary_count_;
  }

  // Keeps the options that agree with p's colour on p's item, hides the rest.
  void purify(std::int32_t p) {
    const std::int32_t c = nodes_[p].aux, i = nodes_[p].top;
    for (std::int32_t q = nodes_[i].down; q != i; q = nodes_[q].down) {
      if (nodes_[q].aux == c) {
        if (q != p) nodes_[q].aux = -1;
      } else {
        hide(q);
      }
    }
  }

  void unpurify(std::int32_t p) {
    const std::int32_t c = nodes_[p].aux, i = nodes_[p].top;
    for (std::int32_t q = nodes_[i].up; q != i; q = nodes_[q].up) {
      if (nodes_[q].aux < 0) {
        nodes_[q].aux = c;
      } else if (q != p) {
        unhide(q);
      }
    }
  }

  // Commits the items of p's option other than p's own item, in order.
  [[gnu::always_inline]] void commit_others(std::int32_t p) {
    const Node* nd = nodes_.data();
    if constexpr (!kColors) {
      // Cyclically from p + 1, as DLX1 does; the spacer before the option
      // knows its last node.
      const std::int32_t begin = nd[p].aux, end = nd[begin - 1].down;
      for (std::int32_t q = p == end ? begin : p + 1; q != p; q = q == end ? begin : q + 1)
        cover(nd[q].top);
    } else {
      for (std::int32_t q = p + 1; q != p;) {
        const std::int32_t x = nd[q].top;
        if (x <= 0) {
          q = nd[q].up;
          continue;
        }
        const std::int32_t c = nd[q].aux;
        if (c == 0) {
          cover(x);
        } else if (c > 0) {
          purify(q);
        }
        ++q;
      }
    }
  }

  // With colours: commits the items of p's option other than p's own, as
  // commit_others does, but stops as soon as a primary item outside the
  // option has no option left, undoes what it did and returns false. The
  // option's uncoloured items are marked covered first, so that only the
  // other items' lengths can reach zero.
  bool commit_alive(std::int32_t p) {
    const Node* nd = nodes_.data();
    for (std::int32_t q = p + 1; q != p;) {
      const std::int32_t x = nd[q].top;
      if (x <= 0) {
        q = nd[q].up;
        continue;
      }
      if (nd[q].aux == 0) {
        len_[x] += covered_mark_;
        active_ -= x <= primary_count_;
        ++updates;
      }
      ++q;
    }
    dead_ = false;
    std::int32_t q = p + 1;
    while (q != p) {
      const std::int32_t x = nd[q].top;
      if (x <= 0) {
        q = nd[q].up;
        continue;
      }
      const std::int32_t c = nd[q].aux;
      if (c == 0) {
        for (std::int32_t r = nd[x].down; r != x; r = nd[r].down) hide(r);
      } else if (c > 0) {
        purify(q);
      }
      if (dead_) break;
      ++q;
    }
    if (q == p) return true;
    // Undo from q back to the option's node after p; then unmark.
    const std::int32_t first = nd[p + 1].top > 0 ? p + 1 : nd[p + 1].up;
    for (std::int32_t r = q, done = false; !done;) {
      const std::int32_t x = nd[r].top;
      if (x <= 0) {
        r = nd[r].down;
        continue;
      }
      const std::int32_t c = nd[r].aux;
      if (c == 0) {
        for (std::int32_t t = nd[x].up; t != x; t = nd[t].up) unhide(t);
      } else if (c > 0) {
        unpurify(r);
      }
      done = r == first;
      --r;
    }
    for (std::int32_t r = p + 1; r != p;) {
      const std::int32_t x = nd[r].top;
      if (x <= 0) {
        r = nd[r].up;
        continue;
      }
      if (nd[r].aux == 0) {
        len_[x] -= covered_mark_;
        active_ += x <= primary_count_;
      }
      ++r;
    }
    return false;
  }

  // Undoes commit_others, in the opposite order.
  [[gnu::always_inline]] void uncommit_others(std::int32_t p) {
    const Node* nd = nodes_.data();
    if constexpr (!kColors) {
      const std::int32_t begin = nd[p].aux, end = nd[begin - 1].down;
      for (std::int32_t q = p == begin ? end : p - 1; q != p; q = q == begin ? end : q - 1)
        uncover(nd[q].top);
    } else {
      for (std::int32_t q = p - 1; q != p;) {
        const std::int32_t x = nd[q].top;
        if (x <= 0) {
          q = nd[q].down;
          continue;
        }
        const std::int32_t c = nd[q].aux;
        if (c == 0) {
          uncover(x);
        } else if (c > 0) {
          unpurify(q);
        }
        --q;
      }
    }
  }

  int option_of(std::int32_t node) const {
    while (nodes_[node].top > 0) ++node;
    return -nodes_[node].top - 1;
  }

  bool linked(std::int32_t q) const { return nodes_[nodes_[q].up].down == q; }

  std::int32_t item_count_;     // N: items are 1..N
  std::int32_t primary_count_;  // P: items 1..P are primary
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> len_;  // by item; + covered_mark_ while covered
  bool narrow_ = false;             // see kCoveredNarrow
  std::uint32_t covered_mark_ = kCoveredWide;
  std::int32_t active_ = 0;  // primary items not yet covered
  // Whether a hide has brought some length to zero since the last open()
  // (or its cover, for zeroed_after_cover_): when not, no uncovered item
  // has length zero (see open()).
  bool zeroed_ = true;
  // Whether a hide (with colours) has brought a primary item's length to
  // zero since commit_alive() cleared it.
  bool dead_ = false;
  bool random_ = false;  // open() was given a random generator
  // Whether hides note zeros: for many items, where a scan to the end costs
  // more than the notes (see kTrackZeroItems).
  bool track_zero_ = false;
  // For each problem option, its first node of a primary item (-1 for an
  // option without one, which is left out of the structure).
  std::vector<std::int32_t> first_primary_node_;
  std::vector<std::int32_t> assumed_nodes_;  // forced options' first primary nodes

  // One slot a level; the depth is at most the number of primary items.
  std::vector<std::int32_t> choice_;       // node chosen at each level
  std::vector<std::int32_t> branch_item_;  // item branched on at each level
  // Where open(level) met its first uncovered item, to a block: every
  // primary item before it is covered at that level and deeper.
  std::vector<std::int32_t> scan_begin_;
  std::vector<char> zeroed_after_cover_;
};

}  // namespace xcover::detail::XCOVER_ISA
