// SPDX-License-Identifier: MIT
// The 128-bit vector operations that WebAssembly SIMD and Arm's NEON both
// have, under one set of names, so that the lengths (lanes.hpp) and the
// bit sets (wide.hpp) are written once for both: each operation is an
// instruction or a few on either, and only this file knows which.
//
// Included by a kernel translation unit only (see isa.hpp), inside its
// target region, which has defined XCOVER_ISA and Isa.
#pragma once

#include <cstdint>

#include "engine/simd/isa.hpp"

#if XCOVER_WASM_SIMD
#include <wasm_simd128.h>
#endif
#if XCOVER_NEON
#include <arm_neon.h>
#endif

#ifndef XCOVER_ISA
#error "simd/v128.hpp belongs in a kernel translation unit (src/engine/kernels/)"
#endif

#if XCOVER_V128

namespace xcover::detail::XCOVER_ISA::v128 {

#if XCOVER_WASM_SIMD
using Reg = v128_t;
#else
using Reg = uint8x16_t;  // (16-bit operations reinterpret it, at no cost)
#endif

inline Reg load(const void* p) {
#if XCOVER_WASM_SIMD
  return wasm_v128_load(p);
#else
  return vld1q_u8(static_cast<const std::uint8_t*>(p));
#endif
}
inline void store(void* p, Reg x) {
#if XCOVER_WASM_SIMD
  wasm_v128_store(p, x);
#else
  vst1q_u8(static_cast<std::uint8_t*>(p), x);
#endif
}
// Two 64-bit words, `low` first.
inline Reg words(std::uint64_t low, std::uint64_t high) {
#if XCOVER_WASM_SIMD
  return wasm_i64x2_make(static_cast<std::int64_t>(low), static_cast<std::int64_t>(high));
#else
  return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(low), vcreate_u64(high)));
#endif
}
inline Reg zero() { return words(0, 0); }

inline Reg bit_and(Reg a, Reg b) {
#if XCOVER_WASM_SIMD
  return wasm_v128_and(a, b);
#else
  return vandq_u8(a, b);
#endif
}
inline Reg bit_or(Reg a, Reg b) {
#if XCOVER_WASM_SIMD
  return wasm_v128_or(a, b);
#else
  return vorrq_u8(a, b);
#endif
}
// ~a & b
inline Reg and_not(Reg a, Reg b) {
#if XCOVER_WASM_SIMD
  return wasm_v128_andnot(b, a);
#else
  return vbicq_u8(b, a);
#endif
}

// Lanes of Len (8 or 16 bits, unsigned).
template <typename Len>
Reg splat(Len x) {
#if XCOVER_WASM_SIMD
  if constexpr (sizeof(Len) == 1)
    return wasm_i8x16_splat(static_cast<std::int8_t>(x));
  else
    return wasm_i16x8_splat(static_cast<std::int16_t>(x));
#else
  if constexpr (sizeof(Len) == 1)
    return vdupq_n_u8(x);
  else
    return vreinterpretq_u8_u16(vdupq_n_u16(x));
#endif
}
template <typename Len>
Reg min(Reg a, Reg b) {
#if XCOVER_WASM_SIMD
  if constexpr (sizeof(Len) == 1)
    return wasm_u8x16_min(a, b);
  else
    return wasm_u16x8_min(a, b);
#else
  if constexpr (sizeof(Len) == 1)
    return vminq_u8(a, b);
  else
    return vreinterpretq_u8_u16(vminq_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b)));
#endif
}
// All ones in the lanes where a == b.
template <typename Len>
Reg equal(Reg a, Reg b) {
#if XCOVER_WASM_SIMD
  if constexpr (sizeof(Len) == 1)
    return wasm_i8x16_eq(a, b);
  else
    return wasm_i16x8_eq(a, b);
#else
  if constexpr (sizeof(Len) == 1)
    return vceqq_u8(a, b);
  else
    return vreinterpretq_u8_u16(vceqq_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b)));
#endif
}
// All ones in the lanes where a <= b.
template <typename Len>
Reg at_most(Reg a, Reg b) {
#if XCOVER_WASM_SIMD
  if constexpr (sizeof(Len) == 1)
    return wasm_u8x16_le(a, b);
  else
    return wasm_u16x8_le(a, b);
#else
  if constexpr (sizeof(Len) == 1)
    return vcleq_u8(a, b);
  else
    return vreinterpretq_u8_u16(vcleq_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b)));
#endif
}
// The smallest lane.
template <typename Len>
Len smallest(Reg m) {
#if XCOVER_WASM_SIMD
  m = min<Len>(m, wasm_i64x2_shuffle(m, m, 1, 0));
  m = min<Len>(m, wasm_i32x4_shuffle(m, m, 1, 0, 3, 2));
  m = min<Len>(m, wasm_i16x8_shuffle(m, m, 1, 0, 3, 2, 5, 4, 7, 6));
  if constexpr (sizeof(Len) == 1) {
    m = min<Len>(m, wasm_i8x16_shuffle(m, m, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
    return static_cast<Len>(wasm_u8x16_extract_lane(m, 0));
  } else {
    return static_cast<Len>(wasm_u16x8_extract_lane(m, 0));
  }
#else
  if constexpr (sizeof(Len) == 1)
    return vminvq_u8(m);
  else
    return vminvq_u16(vreinterpretq_u16_u8(m));
#endif
}
// Four registers of comparison results (lanes of all ones or zeros) as a
// mask with bit k for lane k, the first register's lanes lowest.
template <typename Len>
std::uint64_t mask(Reg m0, Reg m1, Reg m2, Reg m3) {
#if XCOVER_WASM_SIMD
  if constexpr (sizeof(Len) == 1) {
    return std::uint64_t{wasm_i8x16_bitmask(m0)} | std::uint64_t{wasm_i8x16_bitmask(m1)} << 16 |
           std::uint64_t{wasm_i8x16_bitmask(m2)} << 32 |
           std::uint64_t{wasm_i8x16_bitmask(m3)} << 48;
  } else {
    return std::uint64_t{wasm_i16x8_bitmask(m0)} | std::uint64_t{wasm_i16x8_bitmask(m1)} << 8 |
           std::uint64_t{wasm_i16x8_bitmask(m2)} << 16 |
           std::uint64_t{wasm_i16x8_bitmask(m3)} << 24;
  }
#else
  // NEON has no movemask: each byte keeps its own bit of its group of
  // eight, and pairwise additions sum the groups into bytes.
  const uint8x16_t bit = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  if constexpr (sizeof(Len) == 1) {
    const uint8x16_t sums = vpaddq_u8(vpaddq_u8(vandq_u8(m0, bit), vandq_u8(m1, bit)),
                                      vpaddq_u8(vandq_u8(m2, bit), vandq_u8(m3, bit)));
    return vgetq_lane_u64(vreinterpretq_u64_u8(vpaddq_u8(sums, sums)), 0);
  } else {
    // 16-bit lanes narrowed to bytes first: two registers of 16.
    const uint8x16_t low =
        vcombine_u8(vmovn_u16(vreinterpretq_u16_u8(m0)), vmovn_u16(vreinterpretq_u16_u8(m1)));
    const uint8x16_t high =
        vcombine_u8(vmovn_u16(vreinterpretq_u16_u8(m2)), vmovn_u16(vreinterpretq_u16_u8(m3)));
    uint8x16_t sums = vpaddq_u8(vandq_u8(low, bit), vandq_u8(high, bit));
    sums = vpaddq_u8(sums, sums);
    sums = vpaddq_u8(sums, sums);
    return vgetq_lane_u32(vreinterpretq_u32_u8(sums), 0);
  }
#endif
}

// A bit for each nonzero 64-bit word of x.
inline unsigned nonzero_words(Reg x) {
#if XCOVER_WASM_SIMD
  return static_cast<unsigned>(wasm_i64x2_bitmask(wasm_i64x2_ne(x, wasm_i64x2_splat(0))));
#else
  const uint64x2_t some = vtstq_u64(vreinterpretq_u64_u8(x), vreinterpretq_u64_u8(x));
  return static_cast<unsigned>(vgetq_lane_u64(some, 0) & 1) |
         static_cast<unsigned>(vgetq_lane_u64(some, 1) & 2);
#endif
}
// The bits set in each byte.
inline Reg byte_popcounts(Reg x) {
#if XCOVER_WASM_SIMD
  return wasm_i8x16_popcnt(x);
#else
  return vcntq_u8(x);
#endif
}
inline Reg add_bytes(Reg a, Reg b) {
#if XCOVER_WASM_SIMD
  return wasm_i8x16_add(a, b);
#else
  return vaddq_u8(a, b);
#endif
}
// Each 64-bit lane: the sum of its bytes.
inline Reg sum_bytes_by_word(Reg x) {
#if XCOVER_WASM_SIMD
  const v128_t words = wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(x));
  return wasm_i64x2_add(wasm_u64x2_extend_low_u32x4(words), wasm_u64x2_extend_high_u32x4(words));
#else
  return vreinterpretq_u8_u64(vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(x))));
#endif
}
inline Reg add_words(Reg a, Reg b) {
#if XCOVER_WASM_SIMD
  return wasm_i64x2_add(a, b);
#else
  return vreinterpretq_u8_u64(vaddq_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)));
#endif
}
// The sum of the two 64-bit lanes.
inline std::int64_t sum_words(Reg x) {
#if XCOVER_WASM_SIMD
  return wasm_i64x2_extract_lane(x, 0) + wasm_i64x2_extract_lane(x, 1);
#else
  return static_cast<std::int64_t>(vaddvq_u64(vreinterpretq_u64_u8(x)));
#endif
}

}  // namespace xcover::detail::XCOVER_ISA::v128

#endif  // XCOVER_V128
