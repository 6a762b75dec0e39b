// Choosing the item to branch on, shared by both memory layouts: the first
// uncovered primary item of smallest length (DLX1's rule), or one of the
// shortest at random. A covered item carries a high bit in its length, so
// it never wins while any item is uncovered.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>

namespace xcover::detail {

// The first index in [begin, end) of smallest length: the minimum of
// (length, index) pairs packed in one integer, a reduction the compiler
// vectorises. It goes by blocks and stops at a length of zero, which nothing
// beats. Key is twice as wide as a length; indices must fit in kShift bits.
template <typename Key, int kShift, typename Len>
std::int32_t first_shortest(const Len* len, std::int32_t begin, std::int32_t end) {
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

// One of the shortest items in [begin, end), each with equal chance.
template <typename Len>
std::int32_t random_shortest(const Len* len, std::int32_t begin, std::int32_t end,
                             std::mt19937_64& rng) {
  std::int32_t best = begin;
  std::uint64_t shortest = UINT64_MAX, ties = 0;
  for (std::int32_t k = begin; k < end; ++k) {
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

}  // namespace xcover::detail
