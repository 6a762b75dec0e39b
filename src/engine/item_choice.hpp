// SPDX-License-Identifier: MIT
// Choosing the item to branch on, shared by the memory layouts (links, bit
// sets, counted bit sets, sparse sets): the first uncovered primary item of
// smallest length (DLX1's rule), or one of the shortest at random. A covered
// item carries a high bit in its length, so it never wins while any item is
// uncovered.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>

#include "engine/simd/lanes.hpp"

namespace xcover::detail::XCOVER_ISA {

// The first index in [begin, end) of smallest length: the minimum of
// (length, index) pairs packed in one integer, a reduction the compiler
// vectorises. It goes by blocks and stops at a length of zero, which nothing
// beats. Key is twice as wide as a length; indices must fit in kShift bits.
// (Kept out of line: inlined into the search loop of the links, which GCC
// does once the kernel unit is small enough, it cost 2.5% more instructions
// on 12-queens.)
template <typename Key, int kShift, typename Len>
[[gnu::noinline]] std::int32_t first_shortest(const Len* len, std::int32_t begin,
                                              std::int32_t end) {
  constexpr std::int32_t block = 64;
  Key best = static_cast<Key>(-1);
  for (std::int32_t start = begin; start < end; start += block) {
    const std::int32_t stop = std::min(end, start + block);
    for (std::int32_t k = start; k < stop; ++k)
      best = std::min(best, static_cast<Key>(static_cast<Key>(len[k]) << kShift |
                                             static_cast<std::uint32_t>(k)));
    if ((best >> kShift) == 0) break;
  }
  return static_cast<std::int32_t>(best & ((Key{1} << kShift) - 1));
}

// The same for long arrays, stopping at a length of `least` or less (zero,
// or one when the caller knows no item is shorter), and saying in *live
// where the scan met its first length below `covered` (an uncovered item),
// rounded down to its block.
template <typename Key, int kShift, typename Len>
std::int32_t first_shortest_from(const Len* len, std::int32_t begin, std::int32_t end, Len least,
                                 std::int32_t* live, Len covered) {
  constexpr std::int32_t block = 64;
  Key best = static_cast<Key>(-1);
  bool seen = false;
  for (std::int32_t start = begin; start < end; start += block) {
    const std::int32_t stop = std::min(end, start + block);
    for (std::int32_t k = start; k < stop; ++k)
      best = std::min(best, static_cast<Key>(static_cast<Key>(len[k]) << kShift |
                                             static_cast<std::uint32_t>(k)));
    if (!seen && (best >> kShift) < covered) {
      *live = start;
      seen = true;
    }
    if ((best >> kShift) <= least) break;
  }
  return static_cast<std::int32_t>(best & ((Key{1} << kShift) - 1));
}

// The first index whose length is `length`, in an array padded to whole
// vectors (there must be one).
template <typename Len>
[[gnu::always_inline]] inline std::int32_t first_equal(const Len* len, Len length) {
  using L = Lanes<Len>;
  const typename L::V target = L::splat(length);
  for (std::int32_t k = 0;; k += L::count) {
    if (const std::uint64_t m = L::equal(L::load(len + k), target)) return k + std::countr_zero(m);
  }
}

// The first index of smallest length in an array of 8- or 16-bit lengths
// padded to whole vectors with lengths that never win (the bit-set
// layout's): the minimum a vector at a time, stopping at the first vector
// that holds a zero, then the first index that has it.
template <typename Len>
[[gnu::always_inline]] inline std::int32_t first_shortest_padded(const Len* len,
                                                                 std::int32_t padded) {
  using L = Lanes<Len>;
  const typename L::V zero = L::splat(0);
  typename L::V low = L::splat(static_cast<Len>(-1));
  for (std::int32_t k = 0; k < padded; k += L::count) {
    const typename L::V v = L::load(len + k);
    if (const std::uint64_t z = L::equal(v, zero)) return k + std::countr_zero(z);
    low = L::min(low, v);
  }
  return first_equal(len, L::smallest(low));
}

// One of the shortest uncovered items in [begin, end) (lengths below
// `covered`), each with equal chance. Covered items are skipped, not merely
// outranked: the layouts keep different lengths for them, and the draws
// must not depend on those.
template <typename Len>
std::int32_t random_shortest(const Len* len, std::int32_t begin, std::int32_t end,
                             std::uint64_t covered, std::mt19937_64& rng) {
  std::int32_t best = begin;
  std::uint64_t shortest = UINT64_MAX, ties = 0;
  for (std::int32_t k = begin; k < end; ++k) {
    if (len[k] >= covered) continue;
    if (len[k] < shortest) {
      best = k;
      shortest = len[k];
      ties = 1;
    } else if (len[k] == shortest && rng() % ++ties == 0) {
      best = k;
    }
  }
  return best;
}

}  // namespace xcover::detail::XCOVER_ISA
