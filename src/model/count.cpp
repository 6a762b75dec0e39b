// SPDX-License-Identifier: MIT
#include "xcover/count.hpp"

#include <algorithm>
#include <string>

namespace xcover {

namespace detail {

void throw_negative_count(long long value) {
  throw Error("xcover::Count: a count is 0 or more, not " + std::to_string(value));
}

}  // namespace detail

std::string to_string(Count count) {
  Count::Bits bits = count.bits();
  std::string digits;
  do {
    digits.push_back(static_cast<char>('0' + static_cast<int>(bits % 10)));
    bits /= 10;
  } while (bits != 0);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

std::optional<Count> parse_count(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  const Count::Bits most = Count::max().bits();
  Count::Bits value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<unsigned>(c - '0');
    if (value > (most - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return Count::from_bits(value);
}

}  // namespace xcover
