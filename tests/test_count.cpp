// SPDX-License-Identifier: MIT
// Counts are 128 bits: totals past 2^64 print, parse, survive checkpoints
// and resumed counts exactly.
#include <doctest/doctest.h>

#include <cstdio>
#include <sstream>
#include <type_traits>

#include "cli_support.hpp"
#include "xcover/count.hpp"
#include "xcover/parallel.hpp"
#include "xcover/puzzles/queens.hpp"

namespace test_count {

namespace {

const xcover::Count two64 = xcover::Count(UINT64_MAX) + 1;

// Whether Count(N) is a constant expression.
template <long long N>
constexpr bool constant_count = requires {
  typename std::integral_constant<int, (xcover::Count(N), 0)>;
};

}  // namespace

// A bool is not a count: `Count c = found;` does not compile.
static_assert(!std::is_convertible_v<bool, xcover::Count>);
static_assert(!std::is_constructible_v<xcover::Count, bool>);
static_assert(std::is_convertible_v<int, xcover::Count>);
static_assert(std::is_convertible_v<std::uint64_t, xcover::Count>);
static_assert(std::is_convertible_v<char, xcover::Count>);
// A negative constant does not compile; others are constant expressions.
static_assert(constant_count<5> && constant_count<0>);
static_assert(!constant_count<-1>);
static_assert(xcover::Count(5) * 4 + 2 == 22);

TEST_CASE("Count: a negative integer throws Error, and nothing wraps around") {
  const int minus_one = -1;
  CHECK_THROWS_WITH_AS(xcover::Count{minus_one}, "xcover::Count: a count is 0 or more, not -1",
                       xcover::Error);
  const long long most_negative = INT64_MIN;
  CHECK_THROWS_WITH_AS(xcover::Count{most_negative},
                       "xcover::Count: a count is 0 or more, not -9223372036854775808",
                       xcover::Error);
  xcover::Count c = 3;
  const short minus_two = -2;
  CHECK_THROWS_AS(c += minus_two, xcover::Error);
  CHECK(c == 3);
  const std::uint64_t big = UINT64_MAX;
  CHECK(xcover::Count{big}.to_uint64() == UINT64_MAX);
  CHECK(xcover::Count(std::int64_t{INT64_MAX}).to_uint64() == std::uint64_t{INT64_MAX});
}

TEST_CASE("Count: two 64-bit halves both ways") {
  CHECK(two64.high_half() == 1);
  CHECK(two64.low_half() == 0);
  CHECK(xcover::Count::from_halves(2, 5) == two64 * 2 + 5);
  CHECK(xcover::Count::max() == xcover::Count::from_halves(UINT64_MAX, UINT64_MAX));
  CHECK(xcover::Count(7).high_half() == 0);
  CHECK(xcover::Count(7).low_half() == 7);
}

TEST_CASE("Count: decimal text both ways, up to 2^128 - 1") {
  CHECK(xcover::to_string(0) == "0");
  CHECK(xcover::to_string(xcover::Count(1234567)) == "1234567");
  CHECK(xcover::to_string(two64) == "18446744073709551616");
  CHECK(xcover::to_string(xcover::Count::max()) == "340282366920938463463374607431768211455");
  for (const xcover::Count c : {xcover::Count(0), xcover::Count(9), two64 - 1, two64,
                                two64 * 1000 + 7, xcover::Count::max()})
    CHECK(xcover::parse_count(xcover::to_string(c)) == c);
  CHECK_FALSE(xcover::parse_count("340282366920938463463374607431768211456"));
  CHECK_FALSE(xcover::parse_count(""));
  CHECK_FALSE(xcover::parse_count("-1"));
  CHECK_FALSE(xcover::parse_count("12 "));
  std::ostringstream out;
  out << two64 * 3;
  CHECK(out.str() == "55340232221128654848");
}

TEST_CASE("Count: arithmetic past 64 bits, narrowing made explicit") {
  xcover::Count c = UINT64_MAX;
  c += 2;
  CHECK(c > xcover::Count(UINT64_MAX));
  CHECK(c - two64 == 1);
  CHECK_FALSE(c.to_uint64());
  CHECK(c.saturate64() == UINT64_MAX);
  CHECK(xcover::Count(42).to_uint64() == 42u);
  CHECK(static_cast<double>(two64) == doctest::Approx(1.8446744073709552e19));
}

TEST_CASE("a checkpoint carries totals past 2^64, and a resumed count adds to them") {
  const xcover::QueensProblem queens = xcover::make_queens(8);
  const xcover::Problem& problem = queens.problem;
  xcover::ParallelOptions options;
  options.threads = 2;
  options.search.node_limit = 200;
  xcover::ParallelSearch first(problem, options);
  REQUIRE(first.run() == xcover::Status::node_limit);
  xcover::Checkpoint checkpoint = first.checkpoint();
  const xcover::Count found = checkpoint.solutions, nodes = checkpoint.nodes;
  // As if the finished part of a count had found more than 2^64 already.
  checkpoint.solutions += two64 * 5;
  checkpoint.nodes += two64 * 7;
  checkpoint.updates += xcover::Count::max() / 2;
  const std::string path = xcover::test::temp_file("", ".ckpt");
  xcover::write_checkpoint(path, checkpoint);
  const xcover::Checkpoint reread = xcover::read_checkpoint(path);
  std::remove(path.c_str());
  CHECK(reread == checkpoint);
  CHECK(xcover::checkpoint_text(reread).find("solutions " + xcover::to_string(found + two64 * 5)) !=
        std::string::npos);

  xcover::ParallelSearch second(problem, xcover::ParallelOptions{});
  second.resume(reread);
  REQUIRE(second.run() == xcover::Status::exhausted);
  CHECK(second.statistics().solutions == two64 * 5 + 92);
  CHECK(second.statistics().nodes > two64 * 7 + nodes);
}

}  // namespace test_count
