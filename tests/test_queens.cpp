// SPDX-License-Identifier: MIT
// N queens: known counts, every solution a valid placement, the CLI.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "xcover/puzzles/queens.hpp"

namespace test_queens {

using xcover::test::blocks_of;

namespace {

// OEIS A000170, N = 1..12.
const std::uint64_t queens_counts[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

// True when every row and column holds one queen and no two share a diagonal.
bool valid_queens(const std::vector<int>& columns) {
  const int n = static_cast<int>(columns.size());
  for (int r = 0; r < n; ++r) {
    if (columns[r] < 0 || columns[r] >= n) return false;
    for (int s = 0; s < r; ++s) {
      const int dc = columns[r] - columns[s];
      if (dc == 0 || dc == r - s || dc == s - r) return false;
    }
  }
  return true;
}

// Reads a printed board back into columns; -1 for a row without one 'Q'.
std::vector<int> columns_of(const std::vector<std::string>& rows) {
  std::vector<int> columns;
  for (const std::string& row : rows) {
    const auto q = row.find('Q');
    const bool single = q != std::string::npos && row.find('Q', q + 1) == std::string::npos;
    columns.push_back(single ? static_cast<int>(q) : -1);
  }
  return columns;
}

}  // namespace

TEST_CASE("queens: counts match OEIS A000170 and every solution is valid") {
  for (int n = 1; n <= 12; ++n) {
    CAPTURE(n);
    const xcover::QueensProblem queens = xcover::make_queens(n);
    CHECK(queens.problem.primary_count() == 2 * n);
    xcover::Solver solver(queens.problem);
    std::uint64_t invalid = 0;
    static_cast<void>(solver.search([&](const xcover::Solution& s) {
      if (!valid_queens(xcover::queens_columns(queens, s))) ++invalid;
      return true;
    }));
    CHECK(solver.statistics().solutions == queens_counts[n - 1]);
    CHECK(invalid == 0);
  }
}

TEST_CASE("queens: the picture marks one queen a row") {
  CHECK(xcover::queens_picture({1, 3, 0, 2}) ==
        std::vector<std::string>{".Q..", "...Q", "Q...", "..Q."});
  CHECK_THROWS_AS(xcover::make_queens(0), xcover::ProblemError);
}

TEST_CASE("queens CLI: pictures, counts, --emit read back by solve") {
  SUBCASE("every printed board of 6 queens is valid, separated by blank lines") {
    const auto result = xcover::test::run_cli("queens 6");
    REQUIRE(result.exit_code == 0);
    const auto blocks = blocks_of(result.out);
    CHECK(blocks.size() == 4);
    for (const auto& block : blocks) {
      CHECK(block.size() == 6);
      CHECK(valid_queens(columns_of(block)));
    }
  }
  SUBCASE("--count and --limit") {
    CHECK(xcover::test::run_cli("queens 8 --count").out == "92\n");
    CHECK(xcover::test::run_cli("queens 8 --count --limit 5").out == "5\n");
    CHECK(blocks_of(xcover::test::run_cli("queens 8 --limit 3").out).size() == 3);
  }
  SUBCASE("--stats goes to stderr") {
    const auto result = xcover::test::run_cli("queens 5 --count --stats");
    CHECK(result.out == "10\n");
    CHECK(result.err.find("solutions 10\n") != std::string::npos);
  }
  SUBCASE("emitted problems give the same counts through 'xcover solve'") {
    for (int n : {1, 2, 6, 8}) {
      CAPTURE(n);
      const auto emitted = xcover::test::run_cli("queens " + std::to_string(n) + " --emit");
      REQUIRE(emitted.exit_code == 0);
      const auto solved = xcover::test::run_cli("solve --count", emitted.out);
      CHECK(solved.exit_code == 0);
      CHECK(solved.out == std::to_string(queens_counts[n - 1]) + "\n");
    }
  }
  SUBCASE("a bad N is a usage error") {
    for (const char* args : {"queens", "queens 0", "queens abc", "queens 1001", "queens 4 5"}) {
      CAPTURE(args);
      const auto result = xcover::test::run_cli(args);
      CHECK(result.exit_code == 2);
      CHECK(result.out.empty());
      CHECK(result.err.find("xcover queens: ") == 0);
    }
    CHECK(xcover::test::run_cli("queens abc")
              .err.find("N must be a whole number from 1 to 1000, not 'abc'") != std::string::npos);
  }
}

}  // namespace test_queens
