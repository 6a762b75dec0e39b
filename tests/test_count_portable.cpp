// SPDX-License-Identifier: MIT
// Count's portable arithmetic, for compilers without unsigned __int128: this
// file and the library's src/model/count.cpp are built into a program of
// their own with XCOVER_COUNT_PORTABLE (tests/CMakeLists.txt), so every use of
// Count in it takes the code on two 64-bit halves. Where the compiler has
// unsigned __int128, the results are checked against it.
#ifndef XCOVER_COUNT_PORTABLE
#error "built with XCOVER_COUNT_PORTABLE only (tests/CMakeLists.txt)"
#endif

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "xcover/count.hpp"

using xcover::Count;

namespace {

const Count two64 = Count(UINT64_MAX) + 1;

// Numbers of every size, with the edges that carries and borrows cross.
std::vector<Count> samples() {
  std::vector<Count> all;
  for (std::uint64_t high : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2},
                             std::uint64_t{1} << 63, UINT64_MAX - 1, UINT64_MAX})
    for (std::uint64_t low :
         {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{9}, std::uint64_t{10},
          std::uint64_t{0xffffffff}, std::uint64_t{1} << 32, std::uint64_t{1} << 63, UINT64_MAX})
      all.push_back(Count::from_halves(high, low));
  std::mt19937_64 rng(25);
  for (int k = 0; k < 300; ++k) {
    const std::uint64_t high = k % 3 == 0 ? 0 : rng() >> (rng() % 64);
    all.push_back(Count::from_halves(high, rng() >> (k % 5 == 0 ? rng() % 64 : 0)));
  }
  return all;
}

}  // namespace

TEST_CASE("portable Count: known values") {
  static_assert(Count::max() / 3 * 3 == Count::max());
  static_assert(Count(UINT64_MAX) * Count(UINT64_MAX) == Count::from_halves(UINT64_MAX - 1, 1));
  CHECK(two64 - 1 == Count(UINT64_MAX));
  CHECK(Count(0) - 1 == Count::max());
  CHECK(Count::max() + 1 == 0);
  CHECK(two64 * two64 == 0);
  CHECK(Count::max() / two64 == Count(UINT64_MAX));
  CHECK(Count::max() % 10 == 5);
  CHECK(two64 > Count(UINT64_MAX));
  CHECK(xcover::to_string(0) == "0");
  CHECK(xcover::to_string(two64) == "18446744073709551616");
  CHECK(xcover::to_string(Count::max()) == "340282366920938463463374607431768211455");
  CHECK(xcover::to_string(Count(10'000'000'000'000'000'000u)) == "10000000000000000000");
  CHECK(xcover::parse_count("340282366920938463463374607431768211455") == Count::max());
  CHECK_FALSE(xcover::parse_count("340282366920938463463374607431768211456"));
  CHECK((two64 * 3 + 7).saturate64() == UINT64_MAX);
  CHECK(Count(42).saturate64() == 42);
  CHECK_FALSE(two64.to_uint64());
  CHECK(static_cast<double>(two64) == 18446744073709551616.0);
  CHECK(static_cast<double>(Count::max()) == 340282366920938463463374607431768211456.0);
  // 2^64 + 2^11 + 1: above the tie between two doubles, so rounded up.
  CHECK(static_cast<double>(two64 + 2049) == 18446744073709555712.0);
  std::ostringstream out;
  out << two64 * 3;
  CHECK(out.str() == "55340232221128654848");
  const int minus_one = -1;
  CHECK_THROWS_AS(Count{minus_one}, xcover::Error);
}

#if defined(__SIZEOF_INT128__)
TEST_CASE("portable Count: the same results as unsigned __int128") {
  __extension__ typedef unsigned __int128 Wide;
  auto wide = [](Count c) { return static_cast<Wide>(c.high_half()) << 64 | c.low_half(); };
  auto same = [](Count c, Wide w) {
    return c.high_half() == static_cast<std::uint64_t>(w >> 64) &&
           c.low_half() == static_cast<std::uint64_t>(w);
  };
  // The decimal digits of a number, by the compiler's arithmetic.
  auto decimal = [](Wide w) {
    std::string digits;
    do {
      digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(w % 10)));
      w /= 10;
    } while (w != 0);
    return digits;
  };
  const std::vector<Count> all = samples();
  int checked = 0;
  for (const Count a : all) {
    const Wide x = wide(a);
    REQUIRE(xcover::to_string(a) == decimal(x));
    REQUIRE(xcover::parse_count(decimal(x)) == a);
    REQUIRE(a.saturate64() == (x >> 64 != 0 ? UINT64_MAX : static_cast<std::uint64_t>(x)));
    REQUIRE(a.to_uint64().has_value() == (x >> 64 == 0));
    REQUIRE(static_cast<double>(a) == static_cast<double>(x));
    REQUIRE(static_cast<long double>(a) == static_cast<long double>(x));
    Count next = a;
    REQUIRE(same(++next, x + 1));
    for (const Count b : all) {
      const Wide y = wide(b);
      REQUIRE(same(a + b, x + y));
      REQUIRE(same(a - b, x - y));
      REQUIRE(same(a * b, x * y));
      REQUIRE((a == b) == (x == y));
      REQUIRE((a < b) == (x < y));
      REQUIRE((a >= b) == (x >= y));
      if (y != 0) {
        REQUIRE(same(a / b, x / y));
        REQUIRE(same(a % b, x % y));
      }
      ++checked;
    }
  }
  CHECK(checked == static_cast<int>(all.size() * all.size()));
}
#endif
