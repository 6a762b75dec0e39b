// SPDX-License-Identifier: MIT
// Building the dancing-links layout, and forcing options at its root.
#pragma once

#include <algorithm>

#include "engine/layouts/links/links.hpp"
#include "engine/layouts/node_table.hpp"

namespace xcover::detail::XCOVER_ISA {

template <bool kColors>
Links<kColors>::Links(const Problem& p)
    : item_count_(p.item_count()), primary_count_(p.primary_count()) {
  const std::int32_t n = item_count_;
  const std::int64_t total = node_table(p).nodes();

  len_.assign(n + 1, 0);
  active_ = primary_count_;
  nodes_.reserve(static_cast<std::size_t>(total));
  nodes_.resize(n + 1);
  for (std::int32_t i = 1; i <= n; ++i) nodes_[i] = Node{i, i, 0, 0};
  nodes_[0] = Node{0, 0, 0, 0};
  // The first spacer.
  std::int32_t spacer = static_cast<std::int32_t>(nodes_.size());
  nodes_.push_back(Node{0, 0, 0, 0});
  first_primary_node_.assign(p.option_count(), -1);
  for (int k = 0; k < p.option_count(); ++k) {
    if (!p.has_primary(k)) continue;
    const std::int32_t first = static_cast<std::int32_t>(nodes_.size());
    for (const OptionEntry& e : p.option(k)) {
      const std::int32_t x = e.item + 1;
      const std::int32_t q = static_cast<std::int32_t>(nodes_.size());
      if (first_primary_node_[k] < 0 && x <= primary_count_) first_primary_node_[k] = q;
      const std::int32_t last = nodes_[x].up;
      nodes_.push_back(Node{last, x, x, kColors ? e.color : first});
      nodes_[last].down = q;
      nodes_[x].up = q;
      ++len_[x];
    }
    const std::int32_t last = static_cast<std::int32_t>(nodes_.size()) - 1;
    nodes_[spacer].down = last;
    spacer = static_cast<std::int32_t>(nodes_.size());
    nodes_.push_back(Node{first, 0, -(k + 1), 0});
  }

  std::uint32_t longest = 0;
  for (std::int32_t i = 1; i <= primary_count_; ++i) longest = std::max(longest, len_[i]);
  narrow_ = primary_count_ < 0x10000 && longest < kCoveredNarrow;
  covered_mark_ = narrow_ ? kCoveredNarrow : kCoveredWide;
  track_zero_ = primary_count_ >= kTrackZeroItems;

  const std::size_t depth = static_cast<std::size_t>(primary_count_) + 2;
  choice_.resize(depth);
  branch_item_.resize(depth);
  scan_begin_.resize(depth);
  zeroed_after_cover_.resize(depth);
}

template <bool kColors>
bool Links<kColors>::assume(int option) {
  const std::int32_t first = first_primary_node_[option];
  if (first < 0) return false;
  // Feasible when no node of the option has been hidden and its primary
  // items are all still uncovered.
  for (std::int32_t q = first;;) {
    const std::int32_t x = nodes_[q].top;
    if (x <= 0) {
      q = nodes_[q].up;
    } else {
      if (!linked(q) || (x <= primary_count_ && len_[x] >= covered_mark_)) return false;
      ++q;
    }
    if (q == first) break;
  }
  cover(nodes_[first].top);
  commit_others(first);
  assumed_nodes_.push_back(first);
  return true;
}

template <bool kColors>
void Links<kColors>::clear_assumptions() {
  while (!assumed_nodes_.empty()) {
    const std::int32_t p = assumed_nodes_.back();
    assumed_nodes_.pop_back();
    uncommit_others(p);
    uncover(nodes_[p].top);
  }
}

template <bool kColors>
std::vector<int> Links<kColors>::root_branching() {
  const std::int32_t best =
      narrow_ ? first_shortest<std::uint32_t, 16>(len_.data(), 1, primary_count_ + 1)
              : first_shortest<std::uint64_t, 32>(len_.data(), 1, primary_count_ + 1);
  std::vector<int> options;
  for (std::int32_t p = nodes_[best].down; p != best; p = nodes_[p].down)
    options.push_back(option_of(p));
  return options;
}

}  // namespace xcover::detail::XCOVER_ISA
