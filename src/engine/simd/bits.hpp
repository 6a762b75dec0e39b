// SPDX-License-Identifier: MIT
// Sets of options, one bit each in 64-bit words: listing a set's members
// and counting the members two sets share, in the instructions of the
// kernel set compiling this (see isa.hpp).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "engine/simd/isa.hpp"

#if XCOVER_X86_64
#include <immintrin.h>
#endif

#ifndef XCOVER_ISA
#error "simd/bits.hpp belongs in a kernel translation unit (src/engine/kernels/)"
#endif

namespace xcover::detail::XCOVER_ISA {

// The places of a byte's set bits, lowest first, and how many, for each
// byte value (list_bits on x86-64 without AVX-512's compress; the rest of
// an entry is zeros).
struct ByteBits {
  std::uint8_t at[256][8] = {};
  std::uint8_t count[256] = {};
  constexpr ByteBits() {
    for (int byte = 0; byte < 256; ++byte)
      for (int bit = 0; bit < 8; ++bit)
        if (byte >> bit & 1) at[byte][count[byte]++] = static_cast<std::uint8_t>(bit);
  }
};
inline constexpr ByteBits kByteBits;

#if XCOVER_X86_64
// list_bits on x86-64 without AVX-512's compress: the same contract.
[[gnu::always_inline]] inline std::int32_t list_bytes(const std::uint64_t* set, std::int32_t words,
                                                      std::uint16_t* list) {
  std::int32_t n = 0;
  // A mask of the bytes that have bits, four words at a time with AVX2,
  // two with SSE2; then for each such byte its bits' places from a table,
  // widened to 16 bits and moved to the byte's index, eight entries in
  // one store. Zero bytes, most of a sparse set's, cost nothing, and no
  // branch waits on a bit (pentominoes 6x10, whole tree: 0.84 of the
  // time with AVX2, 0.83 with SSE2).
  constexpr std::int32_t step = Isa::vector_bytes >= 32 ? 4 : 2;  // (AVX-512 without compress: 4)
  const auto* bytes = reinterpret_cast<const unsigned char*>(set);
  for (std::int32_t w = 0; w < words; w += step) {
    std::uint32_t some;
    if constexpr (step == 4) {
      const __m256i lanes = _mm256_set_epi64x(3, 2, 1, 0);
      const __m256i v =
          words - w >= 4
              ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(set + w))
              : _mm256_maskload_epi64(reinterpret_cast<const long long*>(set + w),
                                      _mm256_cmpgt_epi64(_mm256_set1_epi64x(words - w), lanes));
      some = ~static_cast<std::uint32_t>(
          _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256())));
    } else {
      const __m128i v = words - w >= 2 ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(set + w))
                                       : _mm_loadl_epi64(reinterpret_cast<const __m128i*>(set + w));
      some =
          ~static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()))) &
          0xffff;
    }
    for (; some != 0; some &= some - 1) {
      const int b = w * 8 + std::countr_zero(some);
      const unsigned byte = bytes[b];
      std::uint64_t places;
      std::memcpy(&places, kByteBits.at[byte], 8);
      const __m128i index = _mm_add_epi16(
          _mm_unpacklo_epi8(_mm_cvtsi64_si128(static_cast<long long>(places)), _mm_setzero_si128()),
          _mm_set1_epi16(static_cast<short>(b * 8)));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(list + n), index);
      n += kByteBits.count[byte];
    }
  }
  return n;
}
#endif

// Writes the indices of the bits set in set[0, words) to `list`, in order,
// and returns how many. The list needs room for 32 entries more than that.
[[gnu::always_inline]] inline std::int32_t list_bits(const std::uint64_t* set, std::int32_t words,
                                                     std::uint16_t* list) {
  std::int32_t n = 0;
  if constexpr (Isa::compress) {
#if XCOVER_X86_64
    // Each half word's bits select the indices to keep from a vector of 32
    // of them, without a branch.
    const __m512i iota =
        _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13,
                         12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    if (words < 16) {
      __m512i index = iota;
      const __m512i step = _mm512_set1_epi16(32);
      for (std::int32_t w = 0; w < words; ++w) {
        const std::uint64_t bits = set[w];
        const auto low = static_cast<std::uint32_t>(bits);
        const auto high = static_cast<std::uint32_t>(bits >> 32);
        _mm512_storeu_si512(list + n, _mm512_maskz_compress_epi16(low, index));
        n += std::popcount(low);
        index = _mm512_add_epi16(index, step);
        _mm512_storeu_si512(list + n, _mm512_maskz_compress_epi16(high, index));
        n += std::popcount(high);
        index = _mm512_add_epi16(index, step);
      }
      return n;
    }
    // Longer sets (mostly sparse, as the options one choice removes from
    // thousands) skip the half words that have no bits, 32 words' worth at
    // a time: a mask of those that have some, then a loop over its bits
    // (Bedlam's cube, 53 words: 8% less time).
    for (std::int32_t start = 0; start < words; start += 32) {
      std::uint64_t some = 0;
      for (std::int32_t w = start; w < words && w < start + 32; w += 8) {
        const auto load = static_cast<__mmask8>(words - w >= 8 ? 0xff : (1u << (words - w)) - 1);
        const __m512i v = _mm512_maskz_loadu_epi64(load, set + w);
        some |= std::uint64_t{_mm512_test_epi32_mask(v, v)} << (2 * (w - start));
      }
      const auto* halves = reinterpret_cast<const unsigned char*>(set + start);
      for (; some != 0; some &= some - 1) {
        const int h = std::countr_zero(some);
        std::uint32_t bits;
        std::memcpy(&bits, halves + 4 * h, 4);
        const __m512i index =
            _mm512_add_epi16(iota, _mm512_set1_epi16(static_cast<short>(start * 64 + h * 32)));
        _mm512_storeu_si512(list + n, _mm512_maskz_compress_epi16(bits, index));
        n += std::popcount(bits);
      }
    }
#endif
  } else if constexpr (XCOVER_X86_64 && Isa::vector_bytes != 0) {
#if XCOVER_X86_64
    n = list_bytes(set, words, list);
#endif
  } else if constexpr (Isa::popcnt && !XCOVER_X86_64) {
    // WebAssembly and NEON: as below, but each word's entries go at places fixed
    // from where the word starts, and the count moves on by the word's
    // population count (one instruction): the words wait on one addition
    // each, not on each other's bits. (Node 20: 13-queens and Langford 12
    // counted in 14% less time.)
    for (std::int32_t w = 0; w < words; ++w) {
      std::uint64_t bits = set[w];
      const auto base = static_cast<std::uint16_t>(w << 6);
      std::uint16_t* out = list + n;
      n += std::popcount(bits);
      for (int k = 0; k < 4; ++k) {
        out[k] = static_cast<std::uint16_t>(base + std::countr_zero(bits));
        bits &= bits - 1;
      }
      for (std::uint16_t* at = out + 4; bits != 0; bits &= bits - 1)
        *at++ = static_cast<std::uint16_t>(base + std::countr_zero(bits));
    }
  } else {
    // (Processors without vectors.) The first four bits of each word
    // without a branch (a write past the last bit is overwritten, or lies
    // in the room past the list), then a loop for the rest, which sparse
    // sets seldom need. A loop per bit would end where the processor
    // cannot predict.
    for (std::int32_t w = 0; w < words; ++w) {
      std::uint64_t bits = set[w];
      const auto base = static_cast<std::uint16_t>(w << 6);
      for (int k = 0; k < 4; ++k) {
        list[n] = static_cast<std::uint16_t>(base + std::countr_zero(bits));
        n += bits != 0;
        bits &= bits - 1;
      }
      for (; bits != 0; bits &= bits - 1)
        list[n++] = static_cast<std::uint16_t>(base + std::countr_zero(bits));
    }
  }
  return n;
}

// The number of bits set in both a[0, words) and b[0, words).
[[gnu::always_inline]] inline std::int64_t count_common(const std::uint64_t* a,
                                                        const std::uint64_t* b,
                                                        std::int32_t words) {
  std::int64_t total = 0;
  if constexpr (Isa::popcnt || Isa::vector_bytes == 0) {
    for (std::int32_t w = 0; w < words; ++w) total += std::popcount(a[w] & b[w]);
  } else {
#if XCOVER_X86_64
    // SSE2 has no population count: add bits up in ever wider fields, and
    // the bytes with a sum of absolute differences.
    const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
    __m128i sum = _mm_setzero_si128();
    std::int32_t w = 0;
    for (; w + 2 <= words; w += 2) {
      __m128i x = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + w)),
                                _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + w)));
      x = _mm_sub_epi8(x, _mm_and_si128(_mm_srli_epi64(x, 1), m1));
      x = _mm_add_epi8(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi64(x, 2), m2));
      x = _mm_and_si128(_mm_add_epi8(x, _mm_srli_epi64(x, 4)), m4);
      sum = _mm_add_epi64(sum, _mm_sad_epu8(x, _mm_setzero_si128()));
    }
    total = _mm_cvtsi128_si64(sum) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum));
    for (; w < words; ++w) total += std::popcount(a[w] & b[w]);
#endif
  }
  return total;
}

}  // namespace xcover::detail::XCOVER_ISA
