// SPDX-License-Identifier: MIT
#include "xcover/count.hpp"

#include <string>

namespace xcover {

void throw_negative_count(long long value) {
  throw Error("xcover::Count: a count is 0 or more, not " + std::to_string(value));
}

std::string to_string(Count count) {
  // In base 10^19, the largest power of ten in 64 bits: at most 3 digits,
  // each printed by the standard library.
  constexpr std::uint64_t base = 10'000'000'000'000'000'000u;
  std::uint64_t digits[3];
  int n = 0;
  do {
    digits[n++] = (count % base).low_half();
    count /= base;
  } while (count != 0);
  std::string text = std::to_string(digits[n - 1]);
  for (int k = n - 2; k >= 0; --k) {
    const std::string part = std::to_string(digits[k]);
    text.append(19 - part.size(), '0').append(part);
  }
  return text;
}

std::optional<Count> parse_count(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  const Count most = Count::max();
  Count value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<unsigned>(c - '0');
    if (value > (most - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace xcover
