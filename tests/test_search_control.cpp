// SPDX-License-Identifier: MIT
// Limits, budgets, cancellation, statuses, progress, and the counters that
// must equal Knuth's DLX1.
#include <doctest/doctest.h>

#include <atomic>
#include <thread>

#include "xcover/dlx_format.hpp"
#include "xcover/solver.hpp"

namespace test_search_control {

namespace {

// N-queens in the text format, rows and columns primary, diagonals
// secondary, one option per square in row-major order: the file layout used
// to compare with DLX1.
std::string queens_text(int n) {
  std::string text;
  auto add = [&](char kind, int k) { text.append(1, kind).append(std::to_string(k)) += ' '; };
  for (int i = 0; i < n; ++i) add('r', i);
  for (int j = 0; j < n; ++j) add('c', j);
  text += "|";
  for (int d = 0; d < 2 * n - 1; ++d) text.append(" a").append(std::to_string(d));
  for (int d = 0; d < 2 * n - 1; ++d) text.append(" b").append(std::to_string(d));
  text += '\n';
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      text.append("r").append(std::to_string(i)).append(" c").append(std::to_string(j));
      text.append(" a").append(std::to_string(i + j));
      text.append(" b").append(std::to_string(i - j + n - 1)) += '\n';
    }
  }
  return text;
}

}  // namespace

TEST_CASE("node and update counts equal DLX1's on the same input") {
  // Figures printed by Knuth's DLX1 on these files.
  struct Case {
    int n;
    std::uint64_t solutions, nodes, updates;
  };
  xcover::Layout layout = xcover::Layout::links;
  SUBCASE("links") {}
  SUBCASE("bitsets") { layout = xcover::Layout::bitsets; }
  for (const Case c : {Case{8, 92, 1199, 21375}, Case{12, 14200, 327813, 6285452}}) {
    CAPTURE(c.n);
    const auto input = xcover::parse_dlx(queens_text(c.n));
    xcover::Solver solver(input.problem, layout);
    CHECK(solver.search(nullptr) == xcover::Status::exhausted);
    const auto& stats = solver.statistics();
    CHECK(stats.solutions == c.solutions);
    CHECK(stats.nodes == c.nodes);
    CHECK(stats.updates == c.updates);
  }
}

TEST_CASE("limits and budgets stop the search and say why") {
  const auto input = xcover::parse_dlx(queens_text(8));
  xcover::Solver solver(input.problem);
  xcover::SearchOptions options;

  SUBCASE("solution limit") {
    options.solution_limit = 10;
    CHECK(solver.search(nullptr, options) == xcover::Status::solution_limit);
    CHECK(solver.statistics().solutions == 10);
    CHECK(solver.count(options).solutions == 10);
  }
  SUBCASE("a solution limit above the count exhausts the tree") {
    options.solution_limit = 93;
    CHECK(solver.search(nullptr, options) == xcover::Status::exhausted);
    CHECK(solver.statistics().solutions == 92);
  }
  SUBCASE("the visitor stops the search") {
    int seen = 0;
    CHECK(solver.search([&](const xcover::Solution&) { return ++seen < 3; }) ==
          xcover::Status::stopped);
    CHECK(seen == 3);
  }
  SUBCASE("node budget") {
    options.node_limit = 100;
    CHECK(solver.search(nullptr, options) == xcover::Status::node_limit);
    CHECK(solver.statistics().nodes == 100);
  }
  SUBCASE("time budget") {
    const auto big = xcover::parse_dlx(queens_text(16));
    xcover::Solver slow(big.problem);
    options.time_limit = 0.05;
    CHECK(slow.search(nullptr, options) == xcover::Status::time_limit);
    CHECK(slow.statistics().seconds >= 0.05);
    CHECK(slow.statistics().seconds < 5);
  }
  SUBCASE("cancellation from another thread") {
    const auto big = xcover::parse_dlx(queens_text(18));
    xcover::Solver slow(big.problem);
    std::atomic<bool> cancel{false};
    options.cancel = &cancel;
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      cancel = true;
    });
    const auto status = slow.search(nullptr, options);
    canceller.join();
    CHECK(status == xcover::Status::cancelled);
  }
  // Whatever stopped it, the structure is restored: a full count follows.
  CHECK(solver.count().solutions == 92);
  CHECK(solver.statistics().nodes == 1199);
}

TEST_CASE("a visitor that throws leaves the solver usable") {
  const auto input = xcover::parse_dlx(queens_text(8));
  xcover::Solver solver(input.problem);
  int seen = 0;
  CHECK_THROWS_AS(static_cast<void>(solver.search([&](const xcover::Solution&) -> bool {
                    if (++seen == 7) throw std::runtime_error("enough");
                    return true;
                  })),
                  std::runtime_error);
  CHECK(solver.count().solutions == 92);
  CHECK(solver.statistics().nodes == 1199);
}

TEST_CASE("status names") {
  CHECK(std::string(xcover::to_string(xcover::Status::exhausted)) == "exhausted");
  CHECK(std::string(xcover::to_string(xcover::Status::node_limit)) == "node limit");
  CHECK(std::string(xcover::to_string(xcover::Status::cancelled)) == "cancelled");
}

TEST_CASE("progress reports come every N nodes with a growing fraction done") {
  const auto input = xcover::parse_dlx(queens_text(10));
  xcover::Solver solver(input.problem);
  std::vector<xcover::Progress> reports;
  xcover::SearchOptions options;
  options.progress_nodes = 2000;
  options.on_progress = [&](const xcover::Progress& p) { reports.push_back(p); };
  static_cast<void>(solver.search(nullptr, options));
  const auto& stats = solver.statistics();
  // Solutions count as nodes too, so a report may come a few nodes late.
  REQUIRE(reports.size() + 1 >= stats.nodes / 2000);
  REQUIRE(reports.size() <= stats.nodes / 2000);
  for (std::size_t k = 0; k < reports.size(); ++k) {
    CHECK(reports[k].nodes >= 2000 * (k + 1));
    CHECK(reports[k].nodes < 2000 * (k + 1) + 20);
    CHECK(reports[k].fraction_done > 0);
    CHECK(reports[k].fraction_done < 1);
    if (k > 0) CHECK(reports[k].fraction_done >= reports[k - 1].fraction_done);
    CHECK(reports[k].solutions <= stats.solutions);
  }
  // Knuth's estimate is close to the share of nodes done for queens.
  CHECK(reports[reports.size() / 2].fraction_done == doctest::Approx(0.5).epsilon(0.25));
}

TEST_CASE("random tie-breaking finds the same solutions") {
  const auto input = xcover::parse_dlx(queens_text(8));
  xcover::Solver solver(input.problem);
  for (std::uint64_t seed : {1, 2, 3}) {
    xcover::SearchOptions options;
    options.random_seed = seed;
    CHECK(solver.count(options).solutions == 92);
  }
}

TEST_CASE("assumptions equal solving the reduced problem") {
  const auto input = xcover::parse_dlx(queens_text(8));
  const auto& problem = input.problem;
  xcover::Solver solver(problem);

  SUBCASE("a queen on a1 (option 0)") {
    // The reduced problem: the same text without the options that clash
    // with the forced one, and with the forced option's items removed.
    REQUIRE(solver.assume(0));
    std::vector<std::vector<int>> with_assumption;
    static_cast<void>(solver.search([&](const xcover::Solution& s) {
      CHECK(s.options[0] == 0);  // forced options come first
      with_assumption.emplace_back(s.options.begin(), s.options.end());
      return true;
    }));
    CHECK(with_assumption.size() == 4);  // 4 of the 92 solutions have a queen on a1
    solver.clear_assumptions();
    std::size_t containing = 0;
    static_cast<void>(solver.search([&](const xcover::Solution& s) {
      for (int o : s.options) containing += o == 0;
      return true;
    }));
    CHECK(containing == 4);
  }
  SUBCASE("conflicting assumptions give no solution and no corruption") {
    CHECK(solver.assume(0));        // r0 c0
    CHECK_FALSE(solver.assume(1));  // r0 c1: same row
    CHECK(solver.count().solutions == 0);
    CHECK_FALSE(solver.assume(20));  // once infeasible, stays so until cleared
    solver.clear_assumptions();
    CHECK(solver.assumptions().empty());
    CHECK(solver.count().solutions == 92);
    CHECK(solver.statistics().nodes == 1199);
  }
  SUBCASE("a diagonal clash (secondary items) is a conflict too") {
    CHECK(solver.assume(0));        // r0 c0: diagonal b7
    CHECK_FALSE(solver.assume(9));  // r1 c1: also on b7
    CHECK(solver.count().solutions == 0);
  }
  SUBCASE("one solver serves many instances") {
    xcover::Count total = 0;
    for (int column = 0; column < 8; ++column) {
      REQUIRE(solver.assume(column));  // queen in row 0, column `column`
      total += solver.count().solutions;
      solver.clear_assumptions();
    }
    CHECK(total == 92);
  }
  SUBCASE("assuming a whole solution leaves exactly it") {
    std::vector<int> first;
    static_cast<void>(solver.search([&](const xcover::Solution& s) {
      first.assign(s.options.begin(), s.options.end());
      return false;
    }));
    for (int o : first) REQUIRE(solver.assume(o));
    CHECK(solver.count().solutions == 1);
    CHECK(solver.statistics().nodes == 1);
  }
  SUBCASE("many at once, in every layout, as one at a time") {
    std::vector<int> first;
    static_cast<void>(solver.search([&](const xcover::Solution& s) {
      first.assign(s.options.begin(), s.options.end());
      return false;
    }));
    for (const xcover::Layout layout : {xcover::Layout::links, xcover::Layout::bitsets}) {
      CAPTURE(xcover::to_string(layout));
      xcover::Solver one(problem, layout);
      // Two queens of the first solution: the solutions with both.
      const std::vector<int> two = {first[0], first[3]};
      std::uint64_t with_both = 0;
      static_cast<void>(one.search([&](const xcover::Solution& s) {
        int seen = 0;
        for (const int o : s.options) seen += o == two[0] || o == two[1];
        with_both += seen == 2;
        return true;
      }));
      REQUIRE(with_both >= 1);
      REQUIRE(one.assume(two));
      CHECK(one.assumptions().size() == 2);
      CHECK(one.count().solutions == with_both);
      one.clear_assumptions();
      // The whole first solution: most options go, and exactly it is left.
      REQUIRE(one.assume(first));
      CHECK(one.count().solutions == 1);
      one.clear_assumptions();
      const std::vector<int> clashing = {0, 1, 20};  // a1 and b1 share row 0
      CHECK_FALSE(one.assume(clashing));
      CHECK(one.count().solutions == 0);
      one.clear_assumptions();
      // One index out of range: refused before anything is forced.
      const std::vector<int> bad = {0, 64};
      CHECK_THROWS_WITH_AS(static_cast<void>(one.assume(bad)),
                           "option index 64 out of range (the problem has 64 options)",
                           xcover::ProblemError);
      CHECK(one.assumptions().empty());
      CHECK(one.count().solutions == 92);
    }
  }
  SUBCASE("option indices out of range are rejected") {
    CHECK_THROWS_WITH_AS(static_cast<void>(solver.assume(-1)),
                         "option index -1 out of range (the problem has 64 options)",
                         xcover::ProblemError);
    CHECK_THROWS_AS(static_cast<void>(solver.assume(problem.option_count())), xcover::ProblemError);
  }
}

}  // namespace test_search_control
