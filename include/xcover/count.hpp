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
// a negative constant does not compile).
#pragma once

#include <compare>
#include <concepts>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>

#include "xcover/error.hpp"
#include "xcover/export.hpp"

namespace xcover {

namespace detail {
// What a Count is made from: a built-in integer of at most 64 bits other than bool.
template <class T>
concept CountSource =
    std::integral<T> && !std::same_as<T, bool> && sizeof(T) <= sizeof(std::uint64_t);
// Throws Error for a negative value given to Count (out of line: not a
// constant expression, so that a negative constant does not compile).
[[noreturn]] XCOVER_API void throw_negative_count(long long value);
}  // namespace detail

class Count {
 public:
  __extension__ typedef unsigned __int128 Bits;

  constexpr Count() = default;
  // From any integer of 0 or more. Implicit by design: counts mix freely
  // with plain integers (`stats.nodes += 1`, `count == 92`).
  template <detail::CountSource T>
  constexpr Count(T value) : bits_(nonnegative(value)) {}  // NOLINT(google-explicit-constructor)
  // Not from a bool: `Count c = found;` is a bug, not a count.
  Count(bool) = delete;
  static constexpr Count from_bits(Bits bits) {
    Count c;
    c.bits_ = bits;
    return c;
  }
  static constexpr Count max() { return from_bits(~Bits{0}); }

  constexpr Bits bits() const { return bits_; }
  // The count as 64 bits, or nothing when it does not fit.
  constexpr std::optional<std::uint64_t> to_uint64() const {
    if (bits_ > UINT64_MAX) return std::nullopt;
    return static_cast<std::uint64_t>(bits_);
  }
  // The count as 64 bits, UINT64_MAX when it does not fit (for figures of
  // one solver's search, which fit: 2^64 nodes take centuries).
  constexpr std::uint64_t saturate64() const {
    return bits_ > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(bits_);
  }
  explicit constexpr operator double() const { return static_cast<double>(bits_); }
  explicit constexpr operator long double() const { return static_cast<long double>(bits_); }

  constexpr Count& operator+=(Count o) {
    bits_ += o.bits_;
    return *this;
  }
  constexpr Count& operator-=(Count o) {
    bits_ -= o.bits_;
    return *this;
  }
  constexpr Count& operator*=(Count o) {
    bits_ *= o.bits_;
    return *this;
  }
  constexpr Count& operator/=(Count o) {
    bits_ /= o.bits_;
    return *this;
  }
  constexpr Count& operator++() {
    ++bits_;
    return *this;
  }
  constexpr Count operator++(int) {
    Count old = *this;
    ++bits_;
    return old;
  }
  friend constexpr Count operator+(Count a, Count b) { return a += b; }
  friend constexpr Count operator-(Count a, Count b) { return a -= b; }
  friend constexpr Count operator*(Count a, Count b) { return a *= b; }
  friend constexpr Count operator/(Count a, Count b) { return a /= b; }
  friend constexpr Count operator%(Count a, Count b) { return from_bits(a.bits_ % b.bits_); }
  friend constexpr bool operator==(Count a, Count b) { return a.bits_ == b.bits_; }
  friend constexpr std::strong_ordering operator<=>(Count a, Count b) {
    return a.bits_ <=> b.bits_;
  }

 private:
  Bits bits_ = 0;

  template <class T>
  static constexpr std::uint64_t nonnegative(T value) {
    if constexpr (std::is_signed_v<T>) {
      if (value < 0) detail::throw_negative_count(value);
    }
    return static_cast<std::uint64_t>(value);
  }
};

// Decimal digits, e.g. "340282366920938463463374607431768211455".
XCOVER_API std::string to_string(Count count);
// The value of a string of decimal digits (no sign, no spaces), or nothing
// when it is empty, holds another character or exceeds Count::max().
XCOVER_API std::optional<Count> parse_count(std::string_view digits);

inline std::ostream& operator<<(std::ostream& out, Count count) { return out << to_string(count); }

}  // namespace xcover
