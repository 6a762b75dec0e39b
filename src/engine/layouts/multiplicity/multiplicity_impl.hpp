// SPDX-License-Identifier: MIT
// Algorithm M's steps (multiplicity.hpp): building the links, the dance
// steps, the choice of item and the levels.
#pragma once

#include "engine/layout_plan.hpp"
#include "engine/layouts/multiplicity/multiplicity.hpp"
#include "engine/layouts/node_table.hpp"
#include "xcover/error.hpp"

namespace xcover::detail::XCOVER_ISA {

inline Multiplicities::Multiplicities(const Problem& p)
    : item_count_(p.item_count()), primary_count_(p.primary_count()) {
  const std::int32_t n = item_count_;
  const std::int64_t total = node_table(p).nodes();

  len_.assign(n + 1, 0);
  prev_.resize(primary_count_ + 1);
  next_.resize(primary_count_ + 1);
  bound_.assign(primary_count_ + 1, 0);
  slack_.assign(primary_count_ + 1, 0);
  for (std::int32_t i = 0; i <= primary_count_; ++i) {
    prev_[i] = i == 0 ? primary_count_ : i - 1;
    next_[i] = i == primary_count_ ? 0 : i + 1;
    if (i > 0) {
      const ItemBounds b = p.item_bounds(i - 1);
      bound_[i] = b.upper;
      slack_[i] = b.upper - b.lower;
    }
  }
  nodes_.reserve(static_cast<std::size_t>(total));
  nodes_.resize(n + 1);
  for (std::int32_t i = 0; i <= n; ++i) nodes_[i] = Node{i, i, 0, 0};
  std::int32_t spacer = static_cast<std::int32_t>(nodes_.size());
  nodes_.push_back(Node{0, 0, 0, 0});
  first_node_.assign(p.option_count(), -1);
  for (int k = 0; k < p.option_count(); ++k) {
    if (!p.has_primary(k)) continue;
    const std::int32_t first = static_cast<std::int32_t>(nodes_.size());
    first_node_[k] = first;
    for (const OptionEntry& e : p.option(k)) {
      const std::int32_t x = e.item + 1;
      const std::int32_t q = static_cast<std::int32_t>(nodes_.size());
      const std::int32_t last = nodes_[x].up;
      nodes_.push_back(Node{last, x, x, e.color});
      nodes_[last].down = q;
      nodes_[x].up = q;
      ++len_[x];
    }
    nodes_[spacer].down = static_cast<std::int32_t>(nodes_.size()) - 1;
    spacer = static_cast<std::int32_t>(nodes_.size());
    nodes_.push_back(Node{first, 0, -(k + 1), 0});
  }
  const std::size_t depth = search_depth(p);
  choice_.resize(depth);
  best_.resize(depth);
  first_tweak_.resize(depth);
  state_.resize(depth);
  listed_.resize(std::min<std::size_t>(depth, kListedLevels));
}

// --- the dance steps (DLX3's cover, uncover, purify, tweak, untweak) -------

inline void Multiplicities::hide(std::int32_t r) {
  Node* nd = nodes_.data();
  for (std::int32_t q = r + 1; q != r;) {
    const std::int32_t x = nd[q].top;
    if (x <= 0) {
      q = nd[q].up;
      continue;
    }
    if (nd[q].color >= 0) {
      const std::int32_t u = nd[q].up, d = nd[q].down;
      nd[u].down = d;
      nd[d].up = u;
      --len_[x];
      ++updates;
    }
    ++q;
  }
}

inline void Multiplicities::unhide(std::int32_t r) {
  Node* nd = nodes_.data();
  for (std::int32_t q = r + 1; q != r;) {
    const std::int32_t x = nd[q].top;
    if (x <= 0) {
      q = nd[q].up;
      continue;
    }
    if (nd[q].color >= 0) {
      nd[nd[q].up].down = q;
      nd[nd[q].down].up = q;
      ++len_[x];
    }
    ++q;
  }
}

inline void Multiplicities::cover(std::int32_t c, bool deact) {
  if (deact && c <= primary_count_) deactivate(c);
  ++updates;
  for (std::int32_t r = nodes_[c].down; r != c; r = nodes_[r].down) hide(r);
}

// Knuth notes that the options may be restored in the order they were
// hidden: each hide leaves its nodes pointing at their old neighbours.
inline void Multiplicities::uncover(std::int32_t c, bool react) {
  for (std::int32_t r = nodes_[c].down; r != c; r = nodes_[r].down) unhide(r);
  if (react && c <= primary_count_) reactivate(c);
}

inline void Multiplicities::purify(std::int32_t p) {
  const std::int32_t c = nodes_[p].top, color = nodes_[p].color;
  for (std::int32_t r = nodes_[c].down; r != c; r = nodes_[r].down) {
    if (nodes_[r].color != color) {
      hide(r);
    } else if (r != p) {
      nodes_[r].color = -1;
    }
  }
}

inline void Multiplicities::unpurify(std::int32_t p) {
  const std::int32_t c = nodes_[p].top, color = nodes_[p].color;
  for (std::int32_t r = nodes_[c].up; r != c; r = nodes_[r].up) {
    if (nodes_[r].color < 0) {
      nodes_[r].color = color;
    } else if (r != p) {
      unhide(r);
    }
  }
}

inline void Multiplicities::tweak(std::int32_t n, bool block) {
  Node* nd = nodes_.data();
  for (std::int32_t q = block ? n + 1 : n;;) {
    const std::int32_t x = nd[q].top;
    if (x <= 0) {
      q = nd[q].up;
      continue;
    }
    if (nd[q].color >= 0) {
      const std::int32_t u = nd[q].up, d = nd[q].down;
      nd[u].down = d;
      nd[d].up = u;
      --len_[x];
      ++updates;
    }
    if (q == n) break;
    ++q;
  }
}

// The tweaked options, from `first` down to the item's present top, still
// point down at each other: relinking their `up`s and the head's `down`
// puts them back in place.
inline void Multiplicities::untweak(std::int32_t c, std::int32_t first, bool unblock) {
  Node* nd = nodes_.data();
  const std::int32_t top = nd[c].down;
  nd[c].down = first;
  std::int32_t above = c, k = 0;
  for (std::int32_t r = first; r != top; above = r, r = nd[r].down) {
    nd[r].up = above;
    ++k;
    if (unblock) unhide(r);
  }
  nd[top].up = above;
  len_[c] += k;
  if (!unblock) uncover(c, false);
}

inline void Multiplicities::commit_item(std::int32_t q) {
  const std::int32_t x = nodes_[q].top;
  if (x <= primary_count_) {
    if (--bound_[x] == 0) cover(x, true);
  } else if (nodes_[q].color == 0) {
    cover(x, true);
  } else if (nodes_[q].color > 0) {
    purify(q);
  }
}

inline void Multiplicities::uncommit_item(std::int32_t q) {
  const std::int32_t x = nodes_[q].top;
  if (x <= primary_count_) {
    if (bound_[x] == 0) uncover(x, true);
    ++bound_[x];
  } else if (nodes_[q].color == 0) {
    uncover(x, true);
  } else if (nodes_[q].color > 0) {
    unpurify(q);
  }
}

inline void Multiplicities::commit_others(std::int32_t p) {
  for (std::int32_t q = p + 1; q != p;) {
    if (nodes_[q].top <= 0) {
      q = nodes_[q].up;
      continue;
    }
    commit_item(q);
    ++q;
  }
}

inline void Multiplicities::uncommit_others(std::int32_t p) {
  for (std::int32_t q = p - 1; q != p;) {
    if (nodes_[q].top <= 0) {
      q = nodes_[q].down;
      continue;
    }
    uncommit_item(q);
    --q;
  }
}

// --- the levels -------------------------------------------------------------

inline std::int32_t Multiplicities::open(int level, std::mt19937_64* rng) {
  // The branching degree of an item is length + s - bound + 1, s being the
  // slack it can still use, min(slack, bound).
  std::int32_t best = 0, score = INT32_MAX, best_s = 0, best_len = 0;
  std::uint64_t ties = 0;
  for (std::int32_t k = next_[0]; k != 0; k = next_[k]) {
    const std::int32_t s = std::min(slack_[k], bound_[k]), len = len_[k];
    const std::int32_t t = len + s - bound_[k] + 1;
    if (t > score) continue;
    if (t < score || s < best_s || (s == best_s && len > best_len)) {
      score = t;
      best = k;
      best_s = s;
      best_len = len;
      ties = 1;
    } else if (s == best_s && len == best_len) {
      ++ties;
      if (rng && (*rng)() % ties == 0) best = k;
    }
  }
  best_[level] = best;
  if (score <= 0) {
    state_[level] = dead;
    return 0;
  }
  choice_[level] = nodes_[best].down;
  first_tweak_[level] = nodes_[best].down;
  --bound_[best];
  if (bound_[best] == 0 && slack_[best] == 0) {
    state_[level] = exact;
    cover(best, true);
  } else {
    state_[level] = tweaking;
    if (level < kListedLevels) {
      std::vector<int>& listed = listed_[static_cast<std::size_t>(level)];
      listed.clear();
      for (std::int32_t r = nodes_[best].down; r != best; r = nodes_[r].down)
        listed.push_back(option_of(r));
    }
    if (bound_[best] == 0) cover(best, true);
  }
  return score;
}

inline bool Multiplicities::next(int level) {
  const std::int32_t best = best_[level], cur = choice_[level];
  switch (state_[level]) {
    case dead:
    case finished:
      return false;
    case exact:
      if (cur == best) return false;
      break;
    case tweaking:
      if (len_[best] <= bound_[best] - slack_[best]) return false;
      if (cur != best) {
        tweak(cur, bound_[best] != 0);
      } else {
        // The null move: the item takes no more options.
        if (bound_[best] != 0) deactivate(best);
        return true;
      }
      break;
  }
  commit_others(cur);
  return true;
}

inline void Multiplicities::retract(int level) {
  const std::int32_t best = best_[level], cur = choice_[level];
  if (cur == best) {
    // After the null move the level is done.
    reactivate(best);
    state_[level] = finished;
    return;
  }
  uncommit_others(cur);
  choice_[level] = nodes_[cur].down;
}

inline void Multiplicities::close(int level) {
  const std::int32_t best = best_[level];
  switch (state_[level]) {
    case dead:
      return;
    case exact:
      uncover(best, true);
      break;
    case tweaking:
      // Left before its null move (a stop, or the rest given away): an
      // item covered when the level opened was taken out of the active
      // list then, and the null move's retract() did not put it back.
      if (bound_[best] == 0) reactivate(best);
      [[fallthrough]];
    case finished:
      untweak(best, first_tweak_[level], bound_[best] != 0);
      break;
  }
  ++bound_[best];
}

// --- the root ---------------------------------------------------------------

inline bool Multiplicities::assume(int option) {
  if (option < 0) {
    leave_out(~option);
    return true;
  }
  const std::int32_t first = first_node_[option];
  if (first < 0) return false;
  // Feasible when no node of the option is hidden and each of its primary
  // items can take one more option.
  for (std::int32_t q = first;;) {
    const std::int32_t x = nodes_[q].top;
    if (x <= 0) {
      q = nodes_[q].up;
    } else {
      if (!linked(q) || (x <= primary_count_ && bound_[x] == 0)) return false;
      ++q;
    }
    if (q == first) break;
  }
  // Out of every list, then committed as a branch commits it.
  tweak(first, true);
  commit_item(first);
  commit_others(first);
  assumed_.push_back(first);
  return true;
}

// An option still in every list leaves them all, as a forced one does but
// with no item committed; one out of some list already (hidden by an item
// covered, a colour given, or left out before) can never be chosen, and
// stays as it is.
inline void Multiplicities::leave_out(int option) {
  const std::int32_t first = first_node_[option];
  if (first < 0) return;
  for (std::int32_t q = first;;) {
    if (nodes_[q].top <= 0) {
      q = nodes_[q].up;
    } else {
      if (!linked(q)) return;
      ++q;
    }
    if (q == first) break;
  }
  tweak(first, true);
  assumed_.push_back(~first);
}

// Back into the lists tweak() took it out of (one node a list, so in any
// order).
inline void Multiplicities::relink(std::int32_t first) {
  for (std::int32_t q = first + 1;; ++q) {
    if (nodes_[q].top <= 0) q = nodes_[q].up;
    if (nodes_[q].color >= 0) {
      nodes_[nodes_[q].up].down = q;
      nodes_[nodes_[q].down].up = q;
      ++len_[nodes_[q].top];
    }
    if (q == first) break;
  }
}

inline void Multiplicities::clear_assumptions() {
  while (!assumed_.empty()) {
    const std::int32_t p = assumed_.back();
    assumed_.pop_back();
    if (p < 0) {
      relink(~p);
      continue;
    }
    uncommit_others(p);
    uncommit_item(p);
    relink(p);
  }
}

inline void Multiplicities::append_choice(int level, std::vector<int>& to) const {
  const std::int32_t best = best_[level], cur = choice_[level];
  if (state_[level] != exact) {
    // (The options before cur were tweaked, and still point down at each
    // other: see for_untried_pieces.)
    for (std::int32_t r = first_tweak_[level]; r != cur && r != best; r = nodes_[r].down)
      to.push_back(~option_of(r));
  }
  if (cur != best) to.push_back(option_of(cur));
}

inline std::vector<int> Multiplicities::root_branching() {
  throw ProblemError(
      "Solver::branching: a problem with multiplicities (bounds other than 1:1) does not split "
      "into subproblems by forced options");
}

}  // namespace xcover::detail::XCOVER_ISA
