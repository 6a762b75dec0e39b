// SPDX-License-Identifier: MIT
// The memoised count's dancing links (MemoCounter::Links), which also keep
// the key of the sub-problem they hold and its hash; and what the memo's
// files share: the hash's mixing, the clock.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/layouts/memo/memo_count.hpp"
#include "xcover/count.hpp"
#include "xcover/problem.hpp"

namespace xcover::detail {

namespace memo {

using Clock = std::chrono::steady_clock;

// SplitMix64's finaliser: a well-mixed 64-bit value of its argument.
inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// a + b, or UINT64_MAX where that passes it.
inline std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

}  // namespace memo

// The links (Knuth's layout, as in links/links.hpp): nodes 1..N head the
// items' lists (item k is node k + 1); then the options, each followed by a
// spacer. A spacer's `top` is -(the option before it + 1), its `up` the first
// node of the option before it, its `down` the last node of the option after
// it. `color` is a node's colour: 0 none, -1 agreeing with its item's colour
// already. Primary items not yet covered are in a doubly linked list from
// the root (node 0).
//
// Beside the links, the key of the sub-problem they hold: a bit per item
// (covered or not), then for colour problems each secondary item's colour
// (16 bits each, 32 with more than 65,535 colours), and its hash (Zobrist's:
// the exclusive or of a random word per covered item, and per colour given).
struct MemoCounter::Links {
  explicit Links(const Problem& problem);

  // What a level of the search holds.
  struct Frame {
    std::int32_t item;     // the item branched on
    std::int32_t node;     // the option being tried: a node in its list
    std::uint64_t hash;    // the sub-problem's key's hash (its key: keys)
    Count total;           // solutions of the options tried before `node`
    std::uint64_t work;    // nodes a plain search would have taken so far
    std::int32_t choices;  // options of `item` when the level opened
    std::int32_t tried;    // options tried before `node`
    std::int32_t first;    // the option tried first
    std::size_t made;      // the diagram's stack when the level opened
    // A level whose sub-problem fell into parts no option spans: each part
    // is counted on its own (the levels above it), and the counts multiply.
    bool product;
    // Normal: its item is covered. Product: the links hold its current part.
    bool active;
    std::int32_t part, parts;  // the part being counted, of how many
    std::size_t items_at;      // its parts' items in part_items, from here
    std::size_t ends_at;       // and where each ends, in part_ends
  };

  void cover(int i);
  void uncover(int i);
  void hide(int p);
  void unhide(int p);
  void purify(int p);
  void unpurify(int p);
  void commit_rest(int x);    // the nodes of x's option after x, as a choice in x's list
  void uncommit_rest(int x);  // and back
  // Forces option `k` at the root; false (and nothing changed) when it
  // conflicts with what is covered.
  bool assume(int k);
  void unassume();
  // The item to branch on: the first of fewest options.
  int choose() const;
  // For an ordered diagram: the first primary item left, unless one has no
  // option (then that one: the sub-problem is dead, whatever the order).
  int choose_first() const;
  // Splits the sub-problem into parts that no option spans: the uncovered
  // items each part holds go onto part_items, where each ends onto
  // part_ends; the number of parts (when 1, nothing is kept).
  int split();
  // The links then hold part `t` of the parts from items_at/ends_at alone
  // (the other parts' primary items out of the list of items, all their
  // items marked covered in the key), and back.
  void restrict_to(std::size_t items_at, std::size_t ends_at, int parts, int t);
  void unrestrict(std::size_t items_at, std::size_t ends_at, int parts, int t);
  // The option (its index) that node x is in.
  int option_of(int x) const {
    while (top[x] > 0) ++x;
    return -top[x] - 1;
  }
  // The key of the sub-problem that committing x (in the list of the item
  // just covered) leaves, into `out`, and its hash; whether it is solved
  // (no primary item left). Changes nothing.
  bool child_key(int x, std::uint64_t* out, std::uint64_t& child_hash) const;
  std::size_t bytes() const {
    return 4 * (top.size() * 4 + len.size() + llink.size() + rlink.size() + first.size()) +
           8 * (zobrist.size() + key.size() + frame_keys.size()) + sizeof(Frame) * frames.size();
  }

  void flip(int item) {
    const int bit = item - 1;
    key[static_cast<std::size_t>(bit) >> 6] ^= std::uint64_t{1} << (bit & 63);
    hash ^= zobrist[static_cast<std::size_t>(item)];
  }
  bool covered(int item) const {
    const int bit = item - 1;
    return (key[static_cast<std::size_t>(bit) >> 6] >> (bit & 63)) & 1;
  }
  // Item `item`'s colour in `words` (a key).
  void set_color(std::uint64_t* words, int item, std::uint32_t c) const;
  std::uint32_t color_of(int item) const;
  // What a colour given to an item adds to the hash.
  std::uint64_t color_hash(int item, int c) const {
    return memo::mix(zobrist[static_cast<std::size_t>(item)] + static_cast<std::uint64_t>(c));
  }

  int items = 0;    // N
  int primary = 0;  // primary items: nodes 1..primary
  std::vector<std::int32_t> top, up, down, color;
  std::vector<std::int32_t> len;           // by item node
  std::vector<std::int32_t> llink, rlink;  // the uncovered primary items
  std::vector<std::int32_t> first;         // by option: its first node
  std::vector<std::uint64_t> zobrist;      // by item node
  std::vector<std::uint64_t> key;
  std::size_t bit_words = 0;
  int color_bits = 0;  // 0 (no colours), 16 or 32
  std::uint64_t hash = 0;
  int uncovered = 0;  // primary items
  std::uint64_t updates = 0;
  std::vector<int> assumed;  // the node each assumption was branched from
  std::vector<Frame> frames;
  std::vector<std::uint64_t> frame_keys;  // frames.size() keys
  std::vector<std::int32_t> part_items;   // the parts of the product levels
  std::vector<std::size_t> part_ends;
  std::vector<std::uint32_t> seen;  // by item node: the split that reached it
  std::uint32_t stamp = 0;
};

}  // namespace xcover::detail
