// SPDX-License-Identifier: MIT
// Item lengths 64 bytes at a time (64 lanes of 8 bits or 32 of 16), in the
// vectors of the kernel set compiling this: one AVX-512 register, two AVX2,
// four SSE2, WebAssembly or NEON, or a plain array. A mask has bit k for
// lane k. Comparisons are unsigned: a covered item's length has its high
// bit set.
//
// Included by a kernel translation unit only (see isa.hpp), inside its
// target region, which has defined XCOVER_ISA and Isa.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/simd/isa.hpp"
#include "engine/simd/v128.hpp"

#if XCOVER_X86_64
#include <immintrin.h>
#endif

#ifndef XCOVER_ISA
#error "simd/lanes.hpp belongs in a kernel translation unit (src/engine/kernels/)"
#endif

// GCC 12 warns falsely inside some AVX-512 intrinsics (extractions,
// reductions; -Wuninitialized when sanitizers instrument them); clang has
// no such warning, nor the option to silence it.
#if defined(__clang__)
#define XCOVER_FALSE_WARNINGS_OFF
#define XCOVER_FALSE_WARNINGS_ON
#else
#define XCOVER_FALSE_WARNINGS_OFF                                                            \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"") \
      _Pragma("GCC diagnostic ignored \"-Wuninitialized\"")
#define XCOVER_FALSE_WARNINGS_ON _Pragma("GCC diagnostic pop")
#endif

namespace xcover::detail::XCOVER_ISA {

template <typename Len, int kVectorBytes = Isa::vector_bytes>
struct Lanes;

// Without vectors: a plain array, loops the compiler may vectorise itself.
template <typename Len>
struct Lanes<Len, 0> {
  static constexpr int count = 64 / sizeof(Len);
  using V = std::array<Len, count>;
  static V load(const Len* p) {
    V v;
    for (int k = 0; k < count; ++k) v[k] = p[k];
    return v;
  }
  static V splat(Len x) {
    V v;
    v.fill(x);
    return v;
  }
  static V min(const V& a, const V& b) {
    V v;
    for (int k = 0; k < count; ++k) v[k] = a[k] < b[k] ? a[k] : b[k];
    return v;
  }
  static std::uint64_t equal(const V& a, const V& b) {
    std::uint64_t m = 0;
    for (int k = 0; k < count; ++k) m |= static_cast<std::uint64_t>(a[k] == b[k]) << k;
    return m;
  }
  static std::uint64_t at_most(const V& a, const V& b) {
    std::uint64_t m = 0;
    for (int k = 0; k < count; ++k) m |= static_cast<std::uint64_t>(a[k] <= b[k]) << k;
    return m;
  }
  static Len smallest(const V& v) {
    Len s = v[0];
    for (int k = 1; k < count; ++k) s = v[k] < s ? v[k] : s;
    return s;
  }
};

#if XCOVER_X86_64

// SSE2: four registers. (Unsigned 16-bit minimum and comparison come from
// saturating subtraction, which SSE2 has: min(a, b) = a - (a -sat b).)
template <typename Len>
struct Lanes<Len, 16> {
  static constexpr int count = 64 / sizeof(Len);
  struct V {
    __m128i r[4];
  };
  static V load(const Len* p) {
    const auto* q = reinterpret_cast<const __m128i*>(p);
    return {{_mm_loadu_si128(q), _mm_loadu_si128(q + 1), _mm_loadu_si128(q + 2),
             _mm_loadu_si128(q + 3)}};
  }
  static V splat(Len x) {
    const __m128i s = sizeof(Len) == 1 ? _mm_set1_epi8(static_cast<char>(x))
                                       : _mm_set1_epi16(static_cast<short>(x));
    return {{s, s, s, s}};
  }
  static __m128i min1(__m128i a, __m128i b) {
    if constexpr (sizeof(Len) == 1)
      return _mm_min_epu8(a, b);
    else
      return _mm_sub_epi16(a, _mm_subs_epu16(a, b));
  }
  static V min(const V& a, const V& b) {
    return {
        {min1(a.r[0], b.r[0]), min1(a.r[1], b.r[1]), min1(a.r[2], b.r[2]), min1(a.r[3], b.r[3])}};
  }
  // Lanes of all ones where true, gathered into a mask.
  static std::uint64_t gather(__m128i m0, __m128i m1, __m128i m2, __m128i m3) {
    if constexpr (sizeof(Len) == 1) {
      return static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(m0))) |
             static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(m1))) << 16 |
             static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(m2))) << 32 |
             static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(m3))) << 48;
    } else {
      const auto low = static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_packs_epi16(m0, m1)));
      const auto high = static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_packs_epi16(m2, m3)));
      return static_cast<std::uint64_t>(low) | static_cast<std::uint64_t>(high) << 16;
    }
  }
  static __m128i equal1(__m128i a, __m128i b) {
    if constexpr (sizeof(Len) == 1)
      return _mm_cmpeq_epi8(a, b);
    else
      return _mm_cmpeq_epi16(a, b);
  }
  static std::uint64_t equal(const V& a, const V& b) {
    return gather(equal1(a.r[0], b.r[0]), equal1(a.r[1], b.r[1]), equal1(a.r[2], b.r[2]),
                  equal1(a.r[3], b.r[3]));
  }
  static std::uint64_t at_most(const V& a, const V& b) {
    return gather(equal1(min1(a.r[0], b.r[0]), a.r[0]), equal1(min1(a.r[1], b.r[1]), a.r[1]),
                  equal1(min1(a.r[2], b.r[2]), a.r[2]), equal1(min1(a.r[3], b.r[3]), a.r[3]));
  }
  static Len smallest(const V& v) {
    __m128i m = min1(min1(v.r[0], v.r[1]), min1(v.r[2], v.r[3]));
    m = min1(m, _mm_srli_si128(m, 8));
    m = min1(m, _mm_srli_si128(m, 4));
    m = min1(m, _mm_srli_si128(m, 2));
    if constexpr (sizeof(Len) == 1) m = min1(m, _mm_srli_si128(m, 1));
    return static_cast<Len>(_mm_cvtsi128_si32(m));
  }
};

// AVX2: two registers.
template <typename Len>
struct Lanes<Len, 32> {
  static constexpr int count = 64 / sizeof(Len);
  struct V {
    __m256i low, high;
  };
  static V load(const Len* p) {
    const auto* q = reinterpret_cast<const __m256i*>(p);
    return {_mm256_loadu_si256(q), _mm256_loadu_si256(q + 1)};
  }
  static V splat(Len x) {
    const __m256i s = sizeof(Len) == 1 ? _mm256_set1_epi8(static_cast<char>(x))
                                       : _mm256_set1_epi16(static_cast<short>(x));
    return {s, s};
  }
  static __m256i min1(__m256i a, __m256i b) {
    if constexpr (sizeof(Len) == 1)
      return _mm256_min_epu8(a, b);
    else
      return _mm256_min_epu16(a, b);
  }
  static V min(const V& a, const V& b) { return {min1(a.low, b.low), min1(a.high, b.high)}; }
  static std::uint64_t gather(__m256i m0, __m256i m1) {
    if constexpr (sizeof(Len) == 1) {
      return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm256_movemask_epi8(m0))) |
             static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm256_movemask_epi8(m1))) << 32;
    } else {
      // Packing works within 128-bit halves: put the quarters back in order.
      const __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi16(m0, m1), 0xd8);
      return static_cast<std::uint32_t>(_mm256_movemask_epi8(packed));
    }
  }
  static __m256i equal1(__m256i a, __m256i b) {
    if constexpr (sizeof(Len) == 1)
      return _mm256_cmpeq_epi8(a, b);
    else
      return _mm256_cmpeq_epi16(a, b);
  }
  static std::uint64_t equal(const V& a, const V& b) {
    return gather(equal1(a.low, b.low), equal1(a.high, b.high));
  }
  static std::uint64_t at_most(const V& a, const V& b) {
    return gather(equal1(min1(a.low, b.low), a.low), equal1(min1(a.high, b.high), a.high));
  }
  static Len smallest(const V& v) {
    const __m256i m = min1(v.low, v.high);
    __m128i q;
    if constexpr (sizeof(Len) == 1) {
      q = _mm_min_epu8(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
      q = _mm_min_epu8(q, _mm_srli_epi16(q, 8));  // each 16-bit lane: the min of its bytes
      q = _mm_and_si128(q, _mm_set1_epi16(0xff));
    } else {
      q = _mm_min_epu16(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    }
    return static_cast<Len>(_mm_cvtsi128_si32(_mm_minpos_epu16(q)));
  }
};

// AVX-512BW: one register.
template <typename Len>
struct Lanes<Len, 64> {
  static constexpr int count = 64 / sizeof(Len);
  using V = __m512i;
  static V load(const Len* p) { return _mm512_loadu_si512(p); }
  static V splat(Len x) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_set1_epi8(static_cast<char>(x));
    else
      return _mm512_set1_epi16(static_cast<short>(x));
  }
  static V min(V a, V b) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_min_epu8(a, b);
    else
      return _mm512_min_epu16(a, b);
  }
  static std::uint64_t equal(V a, V b) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_cmpeq_epi8_mask(a, b);
    else
      return _mm512_cmpeq_epi16_mask(a, b);
  }
  static std::uint64_t at_most(V a, V b) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_cmple_epu8_mask(a, b);
    else
      return _mm512_cmple_epu16_mask(a, b);
  }
  static Len smallest(V v) {
    XCOVER_FALSE_WARNINGS_OFF
    const __m256i lo = _mm512_castsi512_si256(v), hi = _mm512_extracti64x4_epi64(v, 1);
    XCOVER_FALSE_WARNINGS_ON
    return Lanes<Len, 32>::smallest({lo, hi});
  }
};

#endif  // XCOVER_X86_64

#if XCOVER_V128

// WebAssembly SIMD and NEON: four registers, as SSE2's, with unsigned
// minimum and comparison of 16-bit lanes built in (v128.hpp).
template <typename Len>
struct Lanes<Len, 16> {
  static constexpr int count = 64 / sizeof(Len);
  static constexpr int per_register = 16 / sizeof(Len);
  struct V {
    v128::Reg r[4];
  };
  static V load(const Len* p) {
    return {{v128::load(p), v128::load(p + per_register), v128::load(p + 2 * per_register),
             v128::load(p + 3 * per_register)}};
  }
  static V splat(Len x) {
    const v128::Reg s = v128::splat<Len>(x);
    return {{s, s, s, s}};
  }
  static V min(const V& a, const V& b) {
    return {{v128::min<Len>(a.r[0], b.r[0]), v128::min<Len>(a.r[1], b.r[1]),
             v128::min<Len>(a.r[2], b.r[2]), v128::min<Len>(a.r[3], b.r[3])}};
  }
  static std::uint64_t equal(const V& a, const V& b) {
    return v128::mask<Len>(v128::equal<Len>(a.r[0], b.r[0]), v128::equal<Len>(a.r[1], b.r[1]),
                           v128::equal<Len>(a.r[2], b.r[2]), v128::equal<Len>(a.r[3], b.r[3]));
  }
  static std::uint64_t at_most(const V& a, const V& b) {
    return v128::mask<Len>(v128::at_most<Len>(a.r[0], b.r[0]), v128::at_most<Len>(a.r[1], b.r[1]),
                           v128::at_most<Len>(a.r[2], b.r[2]), v128::at_most<Len>(a.r[3], b.r[3]));
  }
  static Len smallest(const V& v) {
    return v128::smallest<Len>(
        v128::min<Len>(v128::min<Len>(v.r[0], v.r[1]), v128::min<Len>(v.r[2], v.r[3])));
  }
};

#endif  // XCOVER_V128

}  // namespace xcover::detail::XCOVER_ISA
