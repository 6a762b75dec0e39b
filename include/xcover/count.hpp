// SPDX-License-Identifier: MIT
// Counts of nodes, updates and solutions. They are 128 bits wide, so no
// count can overflow: a long count is summed over threads, MPI ranks and
// resumed checkpoints, and at a billion updates a second on each of a
// thousand processors 64 bits would last about seven months; 128 bits
// outlast the universe. A Count takes the arithmetic counting needs and
// prints like a number:
//
//   std::cout << solver.statistics().solutions << '\n';
//   std::string text = xcover::to_string(result.solutions);
//   double share = static_cast<double>(stats.nodes) / total;
//
// A Count is made from any integer of 0 or more, implicitly (`Count c = 5;`),
// but not from a bool, and a negative integer throws Error (at compile time,
// a negative constant does not compile). Wider values come as two 64-bit
// halves (from_halves). Subtraction below 0 wraps around modulo 2^128.
//
// The count is kept as two 64-bit halves. The arithmetic on them uses the
// compiler's unsigned __int128 where it has one (GCC and Clang on 64-bit
// processors), else portable code on the halves: the same results either way,
// and the same layout, so a program may define XCOVER_COUNT_PORTABLE (before
// any xcover header) to take the portable code with a library built without.
#pragma once

#include <bit>
#include <compare>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>

#include "xcover/error.hpp"
#include "xcover/export.hpp"

#if defined(__SIZEOF_INT128__) && !defined(XCOVER_COUNT_PORTABLE)
#define XCOVER_DETAIL_COUNT_INT128 1
#else
#define XCOVER_DETAIL_COUNT_INT128 0
#endif

namespace xcover {

// Throws Error for a negative value given to Count (out of line: not a
// constant expression, so that a negative constant does not compile). Only
// Count calls it; it is outside `detail` because the library exports it.
[[noreturn]] XCOVER_API void throw_negative_count(long long value);

namespace detail {
// What a Count is made from: a built-in integer of at most 64 bits other than bool.
template <class T>
concept CountSource =
    std::integral<T> && !std::same_as<T, bool> && sizeof(T) <= sizeof(std::uint64_t);
// The value of an integer given to Count, which must be 0 or more.
template <CountSource T>
constexpr std::uint64_t count_value(T value) {
  if constexpr (std::is_signed_v<T>) {
    if (value < 0) throw_negative_count(value);
  }
  return static_cast<std::uint64_t>(value);
}
}  // namespace detail

// An unsigned 128-bit count with the arithmetic of an unsigned integer
// (modulo 2^128), compared and printed as a number.
class Count {
 public:
  constexpr Count() = default;
  // From any integer of 0 or more. Implicit by design: counts mix freely
  // with plain integers (`stats.nodes += 1`, `count == 92`).
  template <detail::CountSource T>
  constexpr Count(T value)
      : low_(detail::count_value(value)) {}  // NOLINT(google-explicit-constructor)
  // Not from a bool: `Count c = found;` is a bug, not a count.
  Count(bool) = delete;
  // The count high * 2^64 + low.
  static constexpr Count from_halves(std::uint64_t high, std::uint64_t low) {
    Count c;
    c.high_ = high;
    c.low_ = low;
    return c;
  }
  // 2^128 - 1.
  static constexpr Count max() { return from_halves(UINT64_MAX, UINT64_MAX); }

  // The count is high_half() * 2^64 + low_half().
  constexpr std::uint64_t high_half() const { return high_; }
  constexpr std::uint64_t low_half() const { return low_; }
  // The count as 64 bits, or nothing when it does not fit.
  constexpr std::optional<std::uint64_t> to_uint64() const {
    if (high_ != 0) return std::nullopt;
    return low_;
  }
  // The count as 64 bits, UINT64_MAX when it does not fit (for figures of
  // one solver's search, which fit: 2^64 nodes take centuries).
  constexpr std::uint64_t saturate64() const { return high_ != 0 ? UINT64_MAX : low_; }
  // The nearest double (ties to even), as a conversion of the 128-bit number.
  explicit constexpr operator double() const { return to_double(*this); }
  explicit constexpr operator long double() const { return to_long_double(*this); }

  // Arithmetic modulo 2^128, as for an unsigned built-in integer.
  constexpr Count& operator+=(Count o) { return *this = add(*this, o); }
  constexpr Count& operator-=(Count o) { return *this = subtract(*this, o); }
  constexpr Count& operator*=(Count o) { return *this = multiply(*this, o); }
  // Division and remainder by 0 are undefined, as for built-in integers.
  constexpr Count& operator/=(Count o) { return *this = divide(*this, o, nullptr); }
  // The remainder of the division by `o`.
  constexpr Count& operator%=(Count o) {
    Count rest;
    divide(*this, o, &rest);
    return *this = rest;
  }
  // One more.
  constexpr Count& operator++() { return *this += 1; }
  // One more; returns the count before.
  constexpr Count operator++(int) {
    Count old = *this;
    *this += 1;
    return old;
  }
  // Arithmetic modulo 2^128, as for an unsigned built-in integer.
  friend constexpr Count operator+(Count a, Count b) { return a += b; }
  friend constexpr Count operator-(Count a, Count b) { return a -= b; }
  friend constexpr Count operator*(Count a, Count b) { return a *= b; }
  friend constexpr Count operator/(Count a, Count b) { return a /= b; }
  friend constexpr Count operator%(Count a, Count b) { return a %= b; }
  // Compared as numbers.
  friend constexpr bool operator==(Count a, Count b) {
    return a.high_ == b.high_ && a.low_ == b.low_;
  }
  // Ordered as numbers.
  friend constexpr std::strong_ordering operator<=>(Count a, Count b) {
    if (a.high_ != b.high_) return a.high_ <=> b.high_;
    return a.low_ <=> b.low_;
  }

 private:
  std::uint64_t low_ = 0;
  std::uint64_t high_ = 0;

  static constexpr long double to_long_double(Count c) {
    // high * 2^64 and low are exact in a long double of 64 digits or more:
    // the sum is the one rounding.
    if constexpr (std::numeric_limits<long double>::digits >= 64)
      return static_cast<long double>(c.high_) * 0x1p64L + static_cast<long double>(c.low_);
    else
      return to_double(c);
  }

#if XCOVER_DETAIL_COUNT_INT128
  __extension__ typedef unsigned __int128 Wide;
  static constexpr Wide wide(Count c) { return static_cast<Wide>(c.high_) << 64 | c.low_; }
  static constexpr Count of(Wide w) {
    return from_halves(static_cast<std::uint64_t>(w >> 64), static_cast<std::uint64_t>(w));
  }
  static constexpr Count add(Count a, Count b) { return of(wide(a) + wide(b)); }
  static constexpr Count subtract(Count a, Count b) { return of(wide(a) - wide(b)); }
  static constexpr Count multiply(Count a, Count b) { return of(wide(a) * wide(b)); }
  static constexpr Count divide(Count a, Count b, Count* rest) {
    if (rest) *rest = of(wide(a) % wide(b));
    return of(wide(a) / wide(b));
  }
  static constexpr double to_double(Count c) { return static_cast<double>(wide(c)); }
#else
  // The same on the halves, modulo 2^128.
  static constexpr Count add(Count a, Count b) {
    const std::uint64_t low = a.low_ + b.low_;
    return from_halves(a.high_ + b.high_ + (low < a.low_ ? 1 : 0), low);
  }
  static constexpr Count subtract(Count a, Count b) {
    return from_halves(a.high_ - b.high_ - (a.low_ < b.low_ ? 1 : 0), a.low_ - b.low_);
  }
  // The full product of two 64-bit numbers, by 32-bit quarters.
  static constexpr Count multiply64(std::uint64_t a, std::uint64_t b) {
    constexpr std::uint64_t mask = 0xffffffffu;
    const std::uint64_t a0 = a & mask, a1 = a >> 32, b0 = b & mask, b1 = b >> 32;
    const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const std::uint64_t middle = (p00 >> 32) + (p01 & mask) + (p10 & mask);
    return from_halves(p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32),
                       middle << 32 | (p00 & mask));
  }
  static constexpr Count multiply(Count a, Count b) {
    Count product = multiply64(a.low_, b.low_);
    product.high_ += a.low_ * b.high_ + a.high_ * b.low_;
    return product;
  }
  // Long division, a bit at a time from the dividend's highest.
  static constexpr Count divide(Count a, Count b, Count* rest) {
    if (a.high_ == 0 && b.high_ == 0) {
      if (rest) *rest = Count(a.low_ % b.low_);
      return Count(a.low_ / b.low_);
    }
    Count quotient, remainder;
    const int bits = a.high_ != 0 ? 128 - std::countl_zero(a.high_) : 64 - std::countl_zero(a.low_);
    for (int k = bits - 1; k >= 0; --k) {
      // remainder < b: doubled, it may pass 2^128, and is then above b.
      const bool carry = (remainder.high_ >> 63) != 0;
      remainder.high_ = remainder.high_ << 1 | remainder.low_ >> 63;
      remainder.low_ = remainder.low_ << 1 | ((k >= 64 ? a.high_ >> (k - 64) : a.low_ >> k) & 1);
      if (carry || remainder >= b) {
        remainder = subtract(remainder, b);
        if (k >= 64)
          quotient.high_ |= std::uint64_t{1} << (k - 64);
        else
          quotient.low_ |= std::uint64_t{1} << k;
      }
    }
    if (rest) *rest = remainder;
    return quotient;
  }
  // Rounded once: the 64 bits from the highest set bit down, the lowest of
  // them also set when any bit below them is (so that the conversion sees a
  // tie only where there is one), then scaled by a power of two (exact).
  static constexpr double to_double(Count c) {
    if (c.high_ == 0) return static_cast<double>(c.low_);
    const int shift = 64 - std::countl_zero(c.high_);  // 1 to 64
    if (shift == 64) return static_cast<double>(c.high_ | (c.low_ != 0 ? 1 : 0)) * 0x1p64;
    const std::uint64_t top = c.high_ << (64 - shift) | c.low_ >> shift;
    const bool below = (c.low_ << (64 - shift)) != 0;
    return static_cast<double>(top | (below ? 1 : 0)) *
           static_cast<double>(std::uint64_t{1} << shift);
  }
#endif
};

// Decimal digits, e.g. "340282366920938463463374607431768211455".
XCOVER_API std::string to_string(Count count);
// The value of a string of decimal digits (no sign, no spaces), or nothing
// when it is empty, holds another character or exceeds Count::max().
XCOVER_API std::optional<Count> parse_count(std::string_view digits);

// Writes the count in decimal, as to_string does.
inline std::ostream& operator<<(std::ostream& out, Count count) { return out << to_string(count); }

}  // namespace xcover

#undef XCOVER_DETAIL_COUNT_INT128
