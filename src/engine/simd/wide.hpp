// SPDX-License-Identifier: MIT
// Vector kernels of the bit-set layout: sets of up to 16 words held in
// registers (two AVX-512 ones, four AVX2, or eight SSE2, WebAssembly or
// NEON ones), and, with AVX2 or AVX-512, up to 128 lengths kept in
// registers while options are taken off them. Without vectors the
// declarations only let the engine's discarded branches compile.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "engine/simd/isa.hpp"
#include "engine/simd/lanes.hpp"

#if XCOVER_X86_64
#include <immintrin.h>
#endif

#ifndef XCOVER_ISA
#error "simd/wide.hpp belongs in a kernel translation unit (src/engine/kernels/)"
#endif

namespace xcover::detail::XCOVER_ISA {

#if XCOVER_X86_64

// (Operators are members, never friends: GCC 12 compiles a friend defined
// in a class template without the target region's instructions, and where
// it is not inlined (-O0) it returns a vector where the caller does not
// look for it.)
//
// A set of kWords <= 16 words in registers. Loads read kWords words and
// stores write whole vectors (`p` needs room for (kWords + 7) / 8 * 8
// words); words past kWords are zero. (A masked store would not forward to
// the loads that follow it.)
template <int kWords, int kVectorBytes = Isa::vector_bytes>
struct Wide;

// Population counts of 64-bit lanes, summed lane by lane (Counts), from a
// vector's bytes: the bits of each nibble by table lookup, then the bytes
// added up by a sum of absolute differences.
template <typename Reg>
requires std::is_same_v<Reg, __m256i> __m256i lane_popcounts(Reg x) {
  const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                         1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  const __m256i bytes = _mm256_add_epi8(
      _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble)),
      _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi64(x, 4), nibble)));
  return _mm256_sad_epu8(bytes, _mm256_setzero_si256());
}
// SSE2 has no byte shuffle: add bits up in ever wider fields.
template <typename Reg>
requires std::is_same_v<Reg, __m128i> __m128i lane_popcounts(Reg x) {
  const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
  x = _mm_sub_epi8(x, _mm_and_si128(_mm_srli_epi64(x, 1), m1));
  x = _mm_add_epi8(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi64(x, 2), m2));
  x = _mm_and_si128(_mm_add_epi8(x, _mm_srli_epi64(x, 4)), m4);
  return _mm_sad_epu8(x, _mm_setzero_si128());
}

// AVX-512: two registers.
template <int kWords>
struct Wide<kWords, 64> {
  static constexpr unsigned kLowWords = kWords >= 8 ? 0xff : (1u << kWords) - 1;
  static constexpr unsigned kHighWords = kWords >= 16 ? 0xff
                                         : kWords > 8 ? (1u << (kWords - 8)) - 1
                                                      : 0;
  using Counts = __m512i;
  __m512i low, high;

  static Wide zero() { return {_mm512_setzero_si512(), _mm512_setzero_si512()}; }
  // The set of bit `bit` alone (bit < 64 * kWords).
  static Wide single(int bit) {
    const __m512i word = _mm512_set1_epi64(static_cast<long long>(std::uint64_t{1} << (bit & 63)));
    const unsigned at = 1u << (bit >> 6);
    return {_mm512_maskz_mov_epi64(static_cast<__mmask8>(at), word),
            _mm512_maskz_mov_epi64(static_cast<__mmask8>(at >> 8), word)};
  }
  static Wide load(const std::uint64_t* p) {
    Wide s{_mm512_maskz_loadu_epi64(kLowWords, p), _mm512_setzero_si512()};
    if constexpr (kWords > 8) s.high = _mm512_maskz_loadu_epi64(kHighWords, p + 8);
    return s;
  }
  void store(std::uint64_t* p) const {
    _mm512_storeu_si512(p, low);
    if constexpr (kWords > 8) _mm512_storeu_si512(p + 8, high);
  }
  // (Vector operators: GCC 12 warns falsely inside some of the intrinsics.)
  Wide operator&(Wide b) const { return {low & b.low, high & b.high}; }
  Wide operator|(Wide b) const { return {low | b.low, high | b.high}; }
  // ~a & b
  static Wide andnot(Wide a, Wide b) { return {~a.low & b.low, ~a.high & b.high}; }
  // A bit for each nonzero word.
  unsigned nonzero() const {
    unsigned bits = _mm512_test_epi64_mask(low, low);
    if constexpr (kWords > 8)
      bits |= static_cast<unsigned>(_mm512_test_epi64_mask(high, high)) << 8;
    return bits;
  }
  static Counts no_counts() { return _mm512_setzero_si512(); }
  Counts popcounts() const {
    if constexpr (Isa::vpopcnt) {
      return _mm512_add_epi64(_mm512_popcnt_epi64(low), _mm512_popcnt_epi64(high));
    } else {
      XCOVER_FALSE_WARNINGS_OFF
      const __m512i halves[2] = {low, high};
      __m256i sum = _mm256_setzero_si256();
      for (const __m512i& h : halves) {
        sum = _mm256_add_epi64(sum, lane_popcounts(_mm512_castsi512_si256(h)));
        sum = _mm256_add_epi64(sum, lane_popcounts(_mm512_extracti64x4_epi64(h, 1)));
      }
      XCOVER_FALSE_WARNINGS_ON
      return _mm512_castsi256_si512(sum);
    }
  }
  static Counts add(Counts a, Counts b) { return _mm512_add_epi64(a, b); }
  static std::int64_t sum(Counts v) {
    XCOVER_FALSE_WARNINGS_OFF
    return static_cast<std::int64_t>(_mm512_reduce_add_epi64(v));
    XCOVER_FALSE_WARNINGS_ON
  }
};

template <int kBytes>
struct Register;
template <>
struct Register<32> {
  using type = __m256i;
};
template <>
struct Register<16> {
  using type = __m128i;
};

// AVX2 (32-byte registers) and SSE2 (16-byte ones): as many registers as
// the words need.
template <int kWords, int kVectorBytes>
requires(kVectorBytes == 32 || kVectorBytes == 16) struct Wide<kWords, kVectorBytes> {
  static constexpr bool kAvx2 = kVectorBytes == 32;
  using Reg = typename Register<kVectorBytes>::type;
  static constexpr int kPerReg = kVectorBytes / 8;
  static_assert(kWords % kPerReg == 0, "set sizes are multiples of 4 words");
  static constexpr int kRegs = kWords / kPerReg;
  using Counts = Reg;
  Reg r[kRegs];

  static Reg zero_reg() {
    if constexpr (kAvx2)
      return _mm256_setzero_si256();
    else
      return _mm_setzero_si128();
  }
  static Wide zero() {
    Wide s;
    for (Reg& x : s.r) x = zero_reg();
    return s;
  }
  // The set of bit `bit` alone (bit < 64 * kWords).
  static Wide single(int bit) {
    const auto value = static_cast<long long>(std::uint64_t{1} << (bit & 63));
    const int at = bit >> 6;
    Wide s;
    for (int k = 0; k < kRegs; ++k) {
      auto word = [&](int lane) { return at == k * kPerReg + lane ? value : 0; };
      if constexpr (kAvx2)
        s.r[k] = _mm256_set_epi64x(word(3), word(2), word(1), word(0));
      else
        s.r[k] = _mm_set_epi64x(word(1), word(0));
    }
    return s;
  }
  static Wide load(const std::uint64_t* p) {
    Wide s;
    for (int k = 0; k < kRegs; ++k) {
      if constexpr (kAvx2)
        s.r[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + k * kPerReg));
      else
        s.r[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k * kPerReg));
    }
    return s;
  }
  void store(std::uint64_t* p) const {
    for (int k = 0; k < kRegs; ++k) {
      if constexpr (kAvx2)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + k * kPerReg), r[k]);
      else
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p + k * kPerReg), r[k]);
    }
  }
  Wide operator&(const Wide& b) const {
    Wide s;
    for (int k = 0; k < kRegs; ++k) s.r[k] = r[k] & b.r[k];
    return s;
  }
  Wide operator|(const Wide& b) const {
    Wide s;
    for (int k = 0; k < kRegs; ++k) s.r[k] = r[k] | b.r[k];
    return s;
  }
  // ~a & b
  static Wide andnot(const Wide& a, const Wide& b) {
    Wide s;
    for (int k = 0; k < kRegs; ++k) s.r[k] = ~a.r[k] & b.r[k];
    return s;
  }
  // A bit for each nonzero word.
  unsigned nonzero() const {
    unsigned bits = 0;
    for (int k = 0; k < kRegs; ++k) {
      unsigned zero;
      if constexpr (kAvx2) {
        zero = static_cast<unsigned>(
            _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(r[k], zero_reg()))));
      } else {
        // (SSE2 compares 32-bit lanes: a word is zero when both halves are.)
        const __m128i half = _mm_cmpeq_epi32(r[k], zero_reg());
        const __m128i both = _mm_and_si128(half, _mm_shuffle_epi32(half, 0xb1));
        zero = static_cast<unsigned>(_mm_movemask_pd(_mm_castsi128_pd(both)));
      }
      bits |= (~zero & ((1u << kPerReg) - 1)) << (k * kPerReg);
    }
    return bits;
  }
  static Counts no_counts() { return zero_reg(); }
  Counts popcounts() const {
    Counts sum = lane_popcounts(r[0]);
    for (int k = 1; k < kRegs; ++k) sum = add(sum, lane_popcounts(r[k]));
    return sum;
  }
  static Counts add(Counts a, Counts b) {
    if constexpr (kAvx2)
      return _mm256_add_epi64(a, b);
    else
      return _mm_add_epi64(a, b);
  }
  static std::int64_t sum(Counts v) {
    if constexpr (kAvx2) {
      const __m128i h = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
      return _mm_cvtsi128_si64(h) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(h, h));
    } else {
      return _mm_cvtsi128_si64(v) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v));
    }
  }
};

// Lengths in kRegs vector registers (64 8-bit lengths or 32 16-bit ones
// each, at most 128 lengths): `count` options each subtract one at the
// items of their bit set `items(option)` (a masked subtraction per
// register, not a decrement per item), then the items in the bit set
// `covering` get `covered`. A bit set is 64-bit words, lowest item first.
// Reads `from`, writes `to`.
template <int kRegs, typename Len, class Items>
[[gnu::always_inline]] inline void subtract_lengths_masked(const std::uint16_t* list,
                                                           std::int32_t count, Items&& items,
                                                           const Len* from, Len* to,
                                                           const std::uint64_t* covering,
                                                           Len covered) {
  constexpr int kLanes = 64 / sizeof(Len);
  static_assert(kRegs >= 1 && kRegs * kLanes <= 128);
  // A register's mask: its lanes' bits of a set, loaded from memory as
  // they are (a load; building masks in general registers takes the port
  // the subtractions need).
  auto mask_of = [](const std::uint64_t* set, int r) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(set) + r * (kLanes / 8);
    if constexpr (sizeof(Len) == 1) {
      __mmask64 mask;
      std::memcpy(&mask, bytes, sizeof mask);
      return mask;
    } else {
      __mmask32 mask;
      std::memcpy(&mask, bytes, sizeof mask);
      return mask;
    }
  };
  auto sub = [](__m512i v, auto mask, __m512i one) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_mask_sub_epi8(v, mask, v, one);
    else
      return _mm512_mask_sub_epi16(v, mask, v, one);
  };
  auto set = [](__m512i v, auto mask, __m512i mark) {
    if constexpr (sizeof(Len) == 1)
      return _mm512_mask_mov_epi8(v, mask, mark);
    else
      return _mm512_mask_mov_epi16(v, mask, mark);
  };
  const __m512i one = sizeof(Len) == 1 ? _mm512_set1_epi8(1) : _mm512_set1_epi16(1);
  const __m512i mark = sizeof(Len) == 1 ? _mm512_set1_epi8(static_cast<char>(covered))
                                        : _mm512_set1_epi16(static_cast<short>(covered));
  __m512i v[kRegs];
  for (int r = 0; r < kRegs; ++r) v[r] = _mm512_loadu_si512(from + kLanes * r);
  if constexpr (sizeof(Len) == 2 && kRegs >= 2) {
    // 16-bit lengths in two registers or more: the options are counted
    // per item in bytes first (one masked add per 64 items, not one
    // subtraction per 32), then taken off the lengths, widened, every 255
    // options (a byte's most).
    constexpr int kBytes = (kRegs + 1) / 2;
    const __m512i one_byte = _mm512_set1_epi8(1);
    for (std::int32_t j = 0; j < count;) {
      __m512i d[kBytes];
      for (int b = 0; b < kBytes; ++b) d[b] = _mm512_setzero_si512();
      const std::int32_t stop = count - j > 255 ? j + 255 : count;
      for (; j < stop; ++j) {
        const auto* bytes = reinterpret_cast<const unsigned char*>(items(list[j]));
        for (int b = 0; b < kBytes; ++b) {
          __mmask64 mask;
          std::memcpy(&mask, bytes + 8 * b, sizeof mask);
          d[b] = _mm512_mask_add_epi8(d[b], mask, d[b], one_byte);
        }
      }
      for (int r = 0; r < kRegs; ++r) {
        // (The zero-masked extraction: GCC 12 takes the plain one's
        // undefined source for an uninitialised read. Two calls: the half
        // is an immediate, which an unoptimised build cannot see r % 2 is.)
        const __m256i half = r % 2 == 0 ? _mm512_maskz_extracti64x4_epi64(0xf, d[r / 2], 0)
                                        : _mm512_maskz_extracti64x4_epi64(0xf, d[r / 2], 1);
        v[r] = _mm512_sub_epi16(v[r], _mm512_cvtepu8_epi16(half));
      }
    }
  } else {
    for (std::int32_t j = 0; j < count; ++j) {
      const std::uint64_t* bits = items(list[j]);
      for (int r = 0; r < kRegs; ++r) v[r] = sub(v[r], mask_of(bits, r), one);
    }
  }
  for (int r = 0; r < kRegs; ++r) {
    v[r] = set(v[r], mask_of(covering, r), mark);
    _mm512_storeu_si512(to + kLanes * r, v[r]);
  }
}

// AVX2, without mask registers: an option's bits for the lengths, loaded
// once into both 128-bit halves of a register, are spread to 32 byte lanes
// per register by a byte shuffle and compared with each lane's bit, and
// the all-ones lanes (-1 where set) added: 8-bit lengths directly, 16-bit
// ones counted per item in bytes first (one register per 32 items, not
// two), then taken off the lengths, widened, every 255 options, as AVX-512
// does. The covering set is blended in the same way.
template <int kRegs, typename Len, class Items>
[[gnu::always_inline]] inline void subtract_lengths_compared(const std::uint16_t* list,
                                                             std::int32_t count, Items&& items,
                                                             const Len* from, Len* to,
                                                             const std::uint64_t* covering,
                                                             Len covered) {
  constexpr int kLanes = 32 / sizeof(Len);  // lengths per 256-bit register
  constexpr int kYmm = 2 * kRegs;           // registers of lengths
  constexpr int kItems = kYmm * kLanes;     // lengths, the spare ones too
  constexpr int kBytes = kItems / 32;       // registers of byte lanes
  constexpr int kBitBytes = kItems / 8;     // bytes of an option's bits
  static_assert(kRegs >= 1 && kItems <= 128);
  // An option's bits in both halves of a register (a set of one word
  // takes no more than its word).
  auto load_bits = [](const std::uint64_t* set, auto /*tag*/) {
    if constexpr (kBitBytes <= 8) {
      return _mm256_set1_epi64x(static_cast<long long>(set[0]));
    } else {
      return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(set)));
    }
  };
  // The byte lanes of register b whose bits are set in `x`, as all ones.
  // (Generic lambdas: GCC 12 compiles a plain one returning a vector
  // without the target region's instructions.)
  const __m256i bit = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ull));
  __m256i spread[kBytes];
  for (int b = 0; b < kBytes; ++b)
    spread[b] = _mm256_add_epi8(_mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2,
                                                 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3),
                                _mm256_set1_epi8(static_cast<char>(4 * b)));
  auto lanes_of = [&](__m256i x, auto b) {
    return _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(x, spread[b]), bit), bit);
  };
  __m256i v[kYmm];
  for (int y = 0; y < kYmm; ++y)
    v[y] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + kLanes * y));
  if constexpr (sizeof(Len) == 1) {
    for (std::int32_t j = 0; j < count; ++j) {
      const __m256i x = load_bits(items(list[j]), 0);
      for (int y = 0; y < kYmm; ++y) v[y] = _mm256_add_epi8(v[y], lanes_of(x, y));
    }
  } else {
    for (std::int32_t j = 0; j < count;) {
      __m256i d[kBytes];
      for (int b = 0; b < kBytes; ++b) d[b] = _mm256_setzero_si256();
      const std::int32_t stop = count - j > 255 ? j + 255 : count;
      for (; j < stop; ++j) {
        const __m256i x = load_bits(items(list[j]), 0);
        for (int b = 0; b < kBytes; ++b) d[b] = _mm256_sub_epi8(d[b], lanes_of(x, b));
      }
      for (int b = 0; b < kBytes; ++b) {
        v[2 * b] = _mm256_sub_epi16(v[2 * b], _mm256_cvtepu8_epi16(_mm256_castsi256_si128(d[b])));
        v[2 * b + 1] =
            _mm256_sub_epi16(v[2 * b + 1], _mm256_cvtepu8_epi16(_mm256_extracti128_si256(d[b], 1)));
      }
    }
  }
  // The covering set: its lanes of each register of lengths, blended.
  const __m256i mark = sizeof(Len) == 1 ? _mm256_set1_epi8(static_cast<char>(covered))
                                        : _mm256_set1_epi16(static_cast<short>(covered));
  const __m256i cover = load_bits(covering, 0);
  for (int b = 0; b < kBytes; ++b) {
    const __m256i lanes = lanes_of(cover, b);
    if constexpr (sizeof(Len) == 1) {
      v[b] = _mm256_blendv_epi8(v[b], mark, lanes);
    } else {
      // (Each byte lane's all ones, widened to the two of its length.)
      v[2 * b] =
          _mm256_blendv_epi8(v[2 * b], mark, _mm256_cvtepi8_epi16(_mm256_castsi256_si128(lanes)));
      v[2 * b + 1] = _mm256_blendv_epi8(v[2 * b + 1], mark,
                                        _mm256_cvtepi8_epi16(_mm256_extracti128_si256(lanes, 1)));
    }
  }
  for (int y = 0; y < kYmm; ++y)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(to + kLanes * y), v[y]);
}

// The kernel set's way of keeping lengths in registers (Isa::lengths_in_registers).
template <int kRegs, typename Len, class Items>
[[gnu::always_inline]] inline void subtract_lengths(const std::uint16_t* list, std::int32_t count,
                                                    Items&& items, const Len* from, Len* to,
                                                    const std::uint64_t* covering, Len covered) {
  if constexpr (Isa::avx512)
    subtract_lengths_masked<kRegs>(list, count, items, from, to, covering, covered);
  else
    subtract_lengths_compared<kRegs>(list, count, items, from, to, covering, covered);
}

#elif XCOVER_V128

template <int kWords, int kVectorBytes = Isa::vector_bytes>
struct Wide;

// WebAssembly SIMD and NEON: a set of up to 16 words in 128-bit registers,
// as SSE2's above (with a byte population count built in; v128.hpp).
template <int kWords>
struct Wide<kWords, 16> {
  static_assert(kWords % 2 == 0, "a set fills whole 128-bit registers");
  static constexpr int kRegs = kWords / 2;
  using Counts = v128::Reg;
  v128::Reg r[kRegs];

  static Wide zero() {
    Wide s;
    for (v128::Reg& x : s.r) x = v128::zero();
    return s;
  }
  // The set of bit `bit` alone (bit < 64 * kWords).
  static Wide single(int bit) {
    const std::uint64_t value = std::uint64_t{1} << (bit & 63);
    const int at = bit >> 6;
    Wide s;
    for (int k = 0; k < kRegs; ++k)
      s.r[k] = v128::words(at == 2 * k ? value : 0, at == 2 * k + 1 ? value : 0);
    return s;
  }
  static Wide load(const std::uint64_t* p) {
    Wide s;
    for (int k = 0; k < kRegs; ++k) s.r[k] = v128::load(p + 2 * k);
    return s;
  }
  void store(std::uint64_t* p) const {
    for (int k = 0; k < kRegs; ++k) v128::store(p + 2 * k, r[k]);
  }
  Wide operator&(const Wide& b) const {
    Wide s;
    for (int k = 0; k < kRegs; ++k) s.r[k] = v128::bit_and(r[k], b.r[k]);
    return s;
  }
  Wide operator|(const Wide& b) const {
    Wide s;
    for (int k = 0; k < kRegs; ++k) s.r[k] = v128::bit_or(r[k], b.r[k]);
    return s;
  }
  // ~a & b
  static Wide andnot(const Wide& a, const Wide& b) {
    Wide s;
    for (int k = 0; k < kRegs; ++k) s.r[k] = v128::and_not(a.r[k], b.r[k]);
    return s;
  }
  // A bit for each nonzero word.
  unsigned nonzero() const {
    unsigned bits = 0;
    for (int k = 0; k < kRegs; ++k) bits |= v128::nonzero_words(r[k]) << (2 * k);
    return bits;
  }
  static Counts no_counts() { return v128::zero(); }
  // The bits of each register's bytes (at most 8 x 8 a byte), added up
  // into 64-bit lanes.
  Counts popcounts() const {
    v128::Reg bytes = v128::byte_popcounts(r[0]);
    for (int k = 1; k < kRegs; ++k) bytes = v128::add_bytes(bytes, v128::byte_popcounts(r[k]));
    return v128::sum_bytes_by_word(bytes);
  }
  static Counts add(Counts a, Counts b) { return v128::add_words(a, b); }
  static std::int64_t sum(Counts v) { return v128::sum_words(v); }
};
template <int kRegs, typename Len, class Items>
void subtract_lengths(const std::uint16_t* list, std::int32_t count, Items&& items, const Len* from,
                      Len* to, const std::uint64_t* covering, Len covered);

#else  // neither: declared only, never called (Isa::vector_bytes is 0)

template <int kWords>
struct Wide {
  using Counts = int;
  static Wide zero();
  static Wide single(int bit);
  static Wide load(const std::uint64_t* p);
  void store(std::uint64_t* p) const;
  Wide operator&(Wide b) const;
  Wide operator|(Wide b) const;
  static Wide andnot(Wide a, Wide b);
  unsigned nonzero() const;
  static Counts no_counts();
  Counts popcounts() const;
  static Counts add(Counts a, Counts b);
  static std::int64_t sum(Counts v);
};
template <int kRegs, typename Len, class Items>
void subtract_lengths(const std::uint16_t* list, std::int32_t count, Items&& items, const Len* from,
                      Len* to, const std::uint64_t* covering, Len covered);

#endif

}  // namespace xcover::detail::XCOVER_ISA
