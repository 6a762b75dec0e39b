// SPDX-License-Identifier: MIT
// The nodes of the diagram a memoised search makes (MemoRun::zdd), each
// made once: a node asked for again, same option and children, is the one
// made before (a unique table), so the diagram comes out reduced. A caller
// that knows a node is new adds it without the table (add()); the table
// takes such nodes in when make() is next called.
#pragma once

#include <cstdint>
#include <vector>

#include "xcover/error.hpp"
#include "xcover/zdd.hpp"

namespace xcover::detail {

class ZddNodes {
 public:
  // The node of `option` over `lo` and `hi` (hi not Zdd::kNone).
  std::uint64_t make(int option, std::uint64_t lo, std::uint64_t hi) {
    if (indexed_ < nodes_.size()) index_added();
    if (2 * (nodes_.size() + 1) > slots_.size()) grow(nodes_.size() + 1);
    const std::size_t mask = slots_.size() - 1;
    const std::uint64_t h = hash(option, lo, hi);
    const std::uint32_t tag = static_cast<std::uint32_t>(h >> 32);
    for (std::size_t s = h & mask;; s = (s + 1) & mask) {
      const std::uint64_t held = slots_[s];
      if (held == 0) {
        const std::uint64_t id = add(option, lo, hi);
        slots_[s] = id << 32 | tag;
        indexed_ = nodes_.size();
        return id;
      }
      // (The tag first: a slot of another node is passed without reading
      // that node, a miss in the cache of its own.)
      if (static_cast<std::uint32_t>(held) != tag) continue;
      const std::uint64_t id = held >> 32;
      const Zdd::Node& n = nodes_[id - 2];
      if (n.option == option && n.lo == lo && n.hi == hi) return id;
    }
  }
  // The node of `option` over `lo` and `hi`, made without a look at the
  // table: the caller knows no node made yet is this one.
  std::uint64_t add(int option, std::uint64_t lo, std::uint64_t hi) {
    if (nodes_.size() + 2 > UINT32_MAX)
      throw Error("the diagram passes 2^32 - 1 nodes: too large to make");
    nodes_.push_back(Zdd::Node{option, lo, hi});
    return nodes_.size() + 1;
  }
  std::size_t size() const { return nodes_.size(); }
  std::uint64_t bytes() const {
    return nodes_.capacity() * sizeof(Zdd::Node) + slots_.size() * sizeof(std::uint64_t);
  }
  // The nodes made, node k at [k - 2]; the table is left empty.
  std::vector<Zdd::Node> take() {
    slots_.clear();
    slots_.shrink_to_fit();
    indexed_ = 0;
    return std::move(nodes_);
  }

 private:
  // Every bit of the three mixed into the low bits the table's mask keeps:
  // children are node numbers close to one another (a level's chain links
  // each node to the one made just before), and a hash whose low bits
  // followed theirs filled runs of slots that every make() then walked
  // (perfect matchings of 26 points: two thirds of the diagram's time).
  static std::uint64_t hash(int option, std::uint64_t lo, std::uint64_t hi) {
    std::uint64_t h = lo * 0x9e3779b97f4a7c15ull;
    h ^= hi * 0xbf58476d1ce4e5b9ull;
    h ^= static_cast<std::uint64_t>(static_cast<std::uint32_t>(option)) * 0x94d049bb133111ebull;
    h ^= h >> 31;
    h *= 0xd6e8feb86659fd93ull;
    return h ^ (h >> 32);
  }
  // A table for `nodes` nodes or more, at most half full, holding every
  // node made.
  void grow(std::size_t nodes) {
    std::size_t size = slots_.empty() ? 1024 : 2 * slots_.size();
    while (size < 2 * nodes) size *= 2;
    std::vector<std::uint64_t> slots(size, 0);
    slots_.swap(slots);
    for (std::size_t k = 0; k < nodes_.size(); ++k) place(k);
    indexed_ = nodes_.size();
  }
  // The nodes add() made since the table last took them in.
  void index_added() {
    if (2 * (nodes_.size() + 1) > slots_.size()) return grow(nodes_.size() + 1);
    for (std::size_t k = indexed_; k < nodes_.size(); ++k) place(k);
    indexed_ = nodes_.size();
  }
  // Node k + 2 into a free slot (none holds it yet).
  void place(std::size_t k) {
    const std::size_t mask = slots_.size() - 1;
    const Zdd::Node& n = nodes_[k];
    const std::uint64_t h = hash(n.option, n.lo, n.hi);
    std::size_t s = h & mask;
    while (slots_[s] != 0) s = (s + 1) & mask;
    slots_[s] = std::uint64_t{k + 2} << 32 | static_cast<std::uint32_t>(h >> 32);
  }

  std::vector<Zdd::Node> nodes_;
  // Node numbers (high half) and their hashes' high halves (low half), 0
  // for empty.
  std::vector<std::uint64_t> slots_;
  std::size_t indexed_ = 0;  // the nodes the table holds: nodes_[0..indexed_)
};

}  // namespace xcover::detail
