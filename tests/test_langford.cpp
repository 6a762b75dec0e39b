// SPDX-License-Identifier: MIT
// Langford pairs: known counts, every arrangement valid, the CLI.
#include <doctest/doctest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "xcover/puzzles/langford.hpp"

namespace test_langford {

namespace {

// OEIS A014552 for n = 3..12; the exact-cover counts are twice these, since
// an arrangement and its reversal are both solutions.
const std::uint64_t a014552[] = {1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144};

// True when each of 1..n appears twice, the copies of v v+1 positions apart.
bool valid_langford(const std::vector<int>& sequence, int n) {
  if (sequence.size() != 2 * static_cast<std::size_t>(n)) return false;
  std::vector<int> first(static_cast<std::size_t>(n) + 1, -1), seen(first.size(), 0);
  for (int position = 0; position < 2 * n; ++position) {
    const int v = sequence[static_cast<std::size_t>(position)];
    if (v < 1 || v > n) return false;
    const auto k = static_cast<std::size_t>(v);
    if (++seen[k] == 1) {
      first[k] = position;
    } else if (seen[k] > 2 || position - first[k] != v + 1) {
      return false;
    }
  }
  return true;
}

std::vector<int> numbers_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<int> numbers;
  for (int v; in >> v;) numbers.push_back(v);
  return numbers;
}

}  // namespace

TEST_CASE("langford: counts are twice OEIS A014552 and every arrangement is valid") {
  for (int n = 3; n <= 12; ++n) {
    CAPTURE(n);
    const xcover::LangfordProblem langford = xcover::make_langford(n);
    CHECK(langford.problem.primary_count() == 3 * n);
    xcover::Solver solver(langford.problem);
    std::uint64_t invalid = 0;
    static_cast<void>(solver.search([&](const xcover::Solution& s) {
      if (!valid_langford(xcover::langford_sequence(langford, s), n)) ++invalid;
      return true;
    }));
    CHECK(solver.statistics().solutions == 2 * a014552[n - 3]);
    CHECK(invalid == 0);
  }
  CHECK_THROWS_AS(xcover::make_langford(0), xcover::ProblemError);
}

TEST_CASE("langford CLI: sequences, counts, --emit read back by solve") {
  SUBCASE("every printed arrangement for n = 7 is valid, separated by blank lines") {
    const auto result = xcover::test::run_cli("langford 7");
    REQUIRE(result.exit_code == 0);
    std::istringstream out(result.out);
    int arrangements = 0;
    int line_number = 0;
    for (std::string line; std::getline(out, line); ++line_number) {
      CAPTURE(line);
      if (line_number % 2 == 1) {
        CHECK(line.empty());
        continue;
      }
      CHECK(valid_langford(numbers_of(line), 7));
      ++arrangements;
    }
    CHECK(arrangements == 52);
  }
  SUBCASE("--count, --limit and --emit") {
    CHECK(xcover::test::run_cli("langford 8 --count").out == "300\n");
    CHECK(xcover::test::run_cli("langford 8 --count --limit 7").out == "7\n");
    for (int n : {3, 4, 5, 8}) {
      CAPTURE(n);
      const auto emitted = xcover::test::run_cli("langford " + std::to_string(n) + " --emit");
      REQUIRE(emitted.exit_code == 0);
      CHECK(xcover::test::run_cli("solve --count", emitted.out).out ==
            std::to_string(2 * a014552[n - 3]) + "\n");
    }
  }
  SUBCASE("a bad N is a usage error") {
    for (const char* args : {"langford", "langford 0", "langford x", "langford 1001"}) {
      CAPTURE(args);
      const auto result = xcover::test::run_cli(args);
      CHECK(result.exit_code == 2);
      CHECK(result.err.find("xcover langford: ") == 0);
    }
  }
}

}  // namespace test_langford
