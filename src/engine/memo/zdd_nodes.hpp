// SPDX-License-Identifier: MIT
// The nodes of the diagram a memoised search makes (MemoRun::zdd), each
// made once: a node asked for again, same option and children, is the one
// made before (a unique table), so an ordered diagram comes out reduced.
#pragma once

#include <cstdint>
#include <vector>

#include "xcover/zdd.hpp"

namespace xcover::detail {

class ZddNodes {
 public:
  // The node of `option` over `lo` and `hi` (hi not Zdd::kNone).
  std::uint64_t make(int option, std::uint64_t lo, std::uint64_t hi) {
    if (2 * (nodes_.size() + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t s = hash(option, lo, hi) & mask;; s = (s + 1) & mask) {
      const std::uint64_t held = slots_[s];
      if (held == 0) {
        nodes_.push_back(Zdd::Node{option, lo, hi});
        slots_[s] = nodes_.size() + 1;  // the node's number
        return nodes_.size() + 1;
      }
      const Zdd::Node& n = nodes_[held - 2];
      if (n.option == option && n.lo == lo && n.hi == hi) return held;
    }
  }
  std::size_t size() const { return nodes_.size(); }
  std::uint64_t bytes() const {
    return nodes_.capacity() * sizeof(Zdd::Node) + slots_.size() * sizeof(std::uint64_t);
  }
  // The nodes made, node k at [k - 2]; the table is left empty.
  std::vector<Zdd::Node> take() {
    slots_.clear();
    return std::move(nodes_);
  }

 private:
  static std::uint64_t hash(int option, std::uint64_t lo, std::uint64_t hi) {
    std::uint64_t h = static_cast<std::uint64_t>(option) * 0x9e3779b97f4a7c15ull;
    h ^= lo + 0xbf58476d1ce4e5b9ull + (h << 6) + (h >> 2);
    h ^= hi * 0x94d049bb133111ebull;
    return h ^ (h >> 29);
  }
  void grow() {
    std::vector<std::uint64_t> slots(slots_.empty() ? 1024 : 2 * slots_.size(), 0);
    const std::size_t mask = slots.size() - 1;
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      const Zdd::Node& n = nodes_[k];
      std::size_t s = hash(n.option, n.lo, n.hi) & mask;
      while (slots[s] != 0) s = (s + 1) & mask;
      slots[s] = k + 2;
    }
    slots_.swap(slots);
  }

  std::vector<Zdd::Node> nodes_;
  std::vector<std::uint64_t> slots_;  // node numbers, 0 for empty
};

}  // namespace xcover::detail
