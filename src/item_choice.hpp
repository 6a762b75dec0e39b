// Choosing the item to branch on, shared by both memory layouts: the first
// uncovered primary item of smallest length (DLX1's rule), or one of the
// shortest at random. A covered item carries a high bit in its length, so
// it never wins while any item is uncovered.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>

#if defined(__AVX512BW__)
#include <immintrin.h>
#endif

// GCC 12 warns falsely inside some AVX-512 intrinsics (extractions,
// reductions); clang has no such warning, nor the option to silence it.
#if defined(__clang__)
#define XCOVER_FALSE_WARNINGS_OFF
#define XCOVER_FALSE_WARNINGS_ON
#else
#define XCOVER_FALSE_WARNINGS_OFF \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
#define XCOVER_FALSE_WARNINGS_ON _Pragma("GCC diagnostic pop")
#endif

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

#if defined(__AVX512BW__)
// Lengths a vector at a time, 64 bytes of 8- or 16-bit lanes: bit k of a
// mask stands for lane k.
template <typename Len>
struct Lanes {
  static_assert(sizeof(Len) == 1 || sizeof(Len) == 2);
  static constexpr std::int32_t count = 64 / sizeof(Len);
  static __m512i load(const Len* p) { return _mm512_loadu_si512(p); }
  static __m512i splat(Len x) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_set1_epi8(static_cast<char>(x));
    else
      return _mm512_set1_epi16(static_cast<short>(x));
  }
  static std::uint64_t equal(__m512i a, __m512i b) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_cmpeq_epi8_mask(a, b);
    else
      return _mm512_cmpeq_epi16_mask(a, b);
  }
  static std::uint64_t at_most(__m512i a, __m512i b) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_cmple_epu8_mask(a, b);
    else
      return _mm512_cmple_epu16_mask(a, b);
  }
  static __m512i min(__m512i a, __m512i b) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_min_epu8(a, b);
    else
      return _mm512_min_epu16(a, b);
  }
  // The smallest lane.
  static Len smallest(__m512i v) {
    XCOVER_FALSE_WARNINGS_OFF
    const __m256i lo = _mm512_castsi512_si256(v), hi = _mm512_extracti64x4_epi64(v, 1);
    XCOVER_FALSE_WARNINGS_ON
    __m128i q;
    if constexpr (sizeof(Len) == 1) {
      const __m256i half = _mm256_min_epu8(lo, hi);
      q = _mm_min_epu8(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
      q = _mm_min_epu8(q, _mm_srli_epi16(q, 8));  // each 16-bit lane: the min of its bytes
      q = _mm_and_si128(q, _mm_set1_epi16(0xff));
    } else {
      const __m256i half = _mm256_min_epu16(lo, hi);
      q = _mm_min_epu16(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
    }
    return static_cast<Len>(_mm_cvtsi128_si32(_mm_minpos_epu16(q)));
  }
};
#endif

// The first index of smallest length in an array of 8- or 16-bit lengths
// padded to whole vectors with lengths that never win (the bit-set
// layout's). With AVX-512 it takes the minimum a vector at a time, stopping
// at the first vector that holds a zero, then finds the first index that
// has it.
template <typename Len>
[[gnu::always_inline]] inline std::int32_t first_shortest_padded(const Len* len,
                                                                 std::int32_t padded) {
#if defined(__AVX512BW__)
  using L = Lanes<Len>;
  const __m512i zero = _mm512_setzero_si512();
  __m512i low = L::splat(static_cast<Len>(-1));
  for (std::int32_t k = 0; k < padded; k += L::count) {
    const __m512i v = L::load(len + k);
    if (const std::uint64_t z = L::equal(v, zero)) return k + std::countr_zero(z);
    low = L::min(low, v);
  }
  const __m512i best = L::splat(L::smallest(low));
  for (std::int32_t k = 0;; k += L::count) {
    if (const std::uint64_t m = L::equal(L::load(len + k), best)) return k + std::countr_zero(m);
  }
#else
  constexpr std::int32_t block = 128;
  std::uint32_t best = UINT32_MAX;
  for (std::int32_t start = 0; start < padded; start += block) {
    const std::int32_t stop = std::min(padded, start + block);
    for (std::int32_t k = start; k < stop; ++k)
      best =
          std::min(best, static_cast<std::uint32_t>(len[k]) << 16 | static_cast<std::uint32_t>(k));
    if ((best >> 16) == 0) break;
  }
  return static_cast<std::int32_t>(best & 0xffff);
#endif
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

}  // namespace xcover::detail
