// SPDX-License-Identifier: MIT
// The Solver's contract: counts that say whether they are complete, no
// borrowed problem that can dangle, callbacks that may throw, no re-entry,
// and solutions pulled one at a time.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iterator>
#include <ranges>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "heap_count.hpp"
#include "xcover/error.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/solver.hpp"

// Work sharing is internal: ParallelSearch and MPI pass it to the engine.
#include "engine/work_sharing.hpp"

namespace test_solver_api {

namespace {

constexpr xcover::Layout kLayouts[] = {xcover::Layout::links, xcover::Layout::bitsets};

std::vector<std::vector<int>> all_solutions(xcover::Solver& solver) {
  std::vector<std::vector<int>> found;
  REQUIRE(solver.search([&](const xcover::Solution& s) {
    found.push_back(s.to_vector());
    return true;
  }) == xcover::Status::exhausted);
  return found;
}

}  // namespace

static_assert(std::is_constructible_v<xcover::Solver, const xcover::Problem&>);
static_assert(!std::is_constructible_v<xcover::Solver, xcover::Problem&&>,
              "a Solver must refuse a temporary Problem");
static_assert(!std::is_constructible_v<xcover::Solver, const xcover::Problem&&>);

// Status holds only what a search can return to its caller: the parallel
// searches' hand-over of work is internal (a search that yields its work
// returns exhausted), so a switch over Status names no such case.
template <class S>
constexpr bool has_yielded = requires {
  S::yielded;
};
static_assert(!has_yielded<xcover::Status>);

TEST_CASE("every Status a search returns has a name") {
  for (const xcover::Status status :
       {xcover::Status::exhausted, xcover::Status::stopped, xcover::Status::solution_limit,
        xcover::Status::node_limit, xcover::Status::time_limit, xcover::Status::cancelled})
    CHECK(std::string(xcover::to_string(status)) != "unknown");
  CHECK(std::string(xcover::to_string(xcover::Status::cancelled)) == "cancelled");
}

TEST_CASE("a count says whether it is complete") {
  const xcover::Problem problem = xcover::make_queens(8).problem;
  for (const xcover::Layout layout : kLayouts) {
    xcover::Solver solver(problem, layout);
    const xcover::CountResult all = solver.count();
    CHECK(all.solutions == 92);
    CHECK(all.status == xcover::Status::exhausted);
    CHECK(all.complete());
    xcover::SearchOptions options;
    options.node_limit = 100;
    const xcover::CountResult cut = solver.count(options);
    CHECK(cut.status == xcover::Status::node_limit);
    CHECK_FALSE(cut.complete());
    CHECK(cut.solutions < 92);
    options = {};
    options.solution_limit = 10;
    const xcover::CountResult limited = solver.count(options);
    CHECK(limited.solutions == 10);
    CHECK(limited.status == xcover::Status::solution_limit);
  }
}

TEST_CASE("a solution's owning copy outlives the search") {
  const xcover::Problem problem = xcover::make_queens(6).problem;
  xcover::Solver solver(problem);
  std::vector<int> kept;
  CHECK(solver.search([&](const xcover::Solution& s) {
    kept = s.to_vector();
    return false;
  }) == xcover::Status::stopped);
  REQUIRE(kept.size() == 6);
  // Each option is a queen: six different rows.
  std::vector<int> rows;
  for (const int option : kept) rows.push_back(option / 6);
  std::sort(rows.begin(), rows.end());
  CHECK(std::unique(rows.begin(), rows.end()) == rows.end());
}

TEST_CASE("a callback that throws leaves the solver usable") {
  const xcover::Problem problem = xcover::make_queens(8).problem;
  for (const xcover::Layout layout : kLayouts) {
    const std::string layout_name = xcover::to_string(layout);
    CAPTURE(layout_name);
    xcover::Solver fresh(problem, layout);
    const xcover::CountResult expected = fresh.count();
    const xcover::Count expected_nodes = fresh.statistics().nodes;
    xcover::Solver solver(problem, layout);
    SUBCASE("progress") {
      xcover::SearchOptions options;
      options.progress_nodes = 50;
      int reports = 0;
      options.on_progress = [&](const xcover::Progress&) {
        if (++reports == 3) throw std::runtime_error("progress failed");
      };
      CHECK_THROWS_WITH_AS(static_cast<void>(solver.search(nullptr, options)), "progress failed",
                           std::runtime_error);
      CHECK(reports == 3);
    }
    SUBCASE("split") {
      // (Asked for once the search is a few levels deep, so that there is
      // work to share.)
      // (Work sharing is the library's own, for ParallelSearch and MPI.)
      std::atomic<bool> share{false};
      xcover::SearchOptions options;
      xcover::detail::WorkSharing sharing;
      sharing.share_request = &share;
      options.progress_nodes = 100;
      options.on_progress = [&](const xcover::Progress&) { share = true; };
      sharing.on_split = [&](std::span<const int>, double) {
        throw std::runtime_error("split failed");
      };
      CHECK_THROWS_WITH_AS(
          static_cast<void>(xcover::detail::SharedSearch::run(solver, nullptr, options, sharing)),
          "split failed", std::runtime_error);
    }
    SUBCASE("visitor") {
      int seen = 0;
      CHECK_THROWS_AS(static_cast<void>(solver.search([&](const xcover::Solution&) -> bool {
                        if (++seen == 5) throw std::runtime_error("visitor failed");
                        return true;
                      })),
                      std::runtime_error);
    }
    // The structure is whole again: the same count and the same tree.
    CHECK(solver.count().solutions == expected.solutions);
    CHECK(solver.statistics().nodes == expected_nodes);
  }
}

TEST_CASE("a solver refuses calls from inside its own callbacks") {
  const xcover::Problem problem = xcover::make_queens(6).problem;
  xcover::Solver solver(problem);
  const char* const message =
      "called while the solver is searching (from one of its own callbacks, or with a "
      "solutions() range still open): use another Solver";
  SUBCASE("search from the visitor") {
    CHECK_THROWS_WITH_AS(static_cast<void>(solver.search([&](const xcover::Solution&) {
                           static_cast<void>(solver.search(nullptr));
                           return true;
                         })),
                         (std::string("Solver::search ") + message).c_str(), xcover::Error);
  }
  SUBCASE("count from the visitor, however it counts") {
    for (const xcover::Counting counting :
         {xcover::Counting::automatic, xcover::Counting::plain, xcover::Counting::memo}) {
      CHECK_THROWS_WITH_AS(static_cast<void>(solver.search([&](const xcover::Solution&) {
                             static_cast<void>(solver.count({}, {counting}));
                             return true;
                           })),
                           (std::string("Solver::count ") + message).c_str(), xcover::Error);
    }
  }
  SUBCASE("assume from progress") {
    xcover::SearchOptions options;
    options.progress_nodes = 1;
    options.on_progress = [&](const xcover::Progress&) { static_cast<void>(solver.assume(0)); };
    CHECK_THROWS_WITH_AS(static_cast<void>(solver.search(nullptr, options)),
                         (std::string("Solver::assume ") + message).c_str(), xcover::Error);
  }
  CHECK(solver.count().solutions == 4);
}

TEST_CASE("solutions() pulls the solutions one at a time") {
  const xcover::Problem problem = xcover::make_queens(8).problem;
  for (const xcover::Layout layout : kLayouts) {
    const std::string layout_name = xcover::to_string(layout);
    CAPTURE(layout_name);
    xcover::Solver solver(problem, layout);
    const std::vector<std::vector<int>> expected = all_solutions(solver);
    const xcover::Count all_nodes = solver.statistics().nodes;
    REQUIRE(expected.size() == 92);

    SUBCASE("all of them, in the visitor's order, with the same statistics") {
      std::vector<std::vector<int>> pulled;
      auto range = solver.solutions();
      for (const xcover::Solution& s : range) pulled.push_back(s.to_vector());
      CHECK(range.status() == xcover::Status::exhausted);
      CHECK(pulled == expected);
      CHECK(solver.statistics().nodes == all_nodes);
    }
    SUBCASE("stopping early searches no further") {
      std::vector<std::vector<int>> pulled;
      {
        auto range = solver.solutions();
        for (const xcover::Solution& s : range) {
          pulled.push_back(s.to_vector());
          if (pulled.size() == 3) break;
        }
        // While the range lives the solver refuses other work.
        CHECK_THROWS_AS(static_cast<void>(solver.count()), xcover::Error);
      }
      CHECK(pulled == std::vector<std::vector<int>>(expected.begin(), expected.begin() + 3));
      CHECK(solver.statistics().solutions == 3);
      CHECK(solver.statistics().nodes < all_nodes / 4);
      // The structure was restored when the range ended.
      CHECK(solver.count().solutions == 92);
    }
    SUBCASE("limits apply, and a range is walked once") {
      xcover::SearchOptions options;
      options.solution_limit = 5;
      auto range = solver.solutions(options);
      int n = 0;
      for (const xcover::Solution& s : range) n += s.options.size() == 8;
      CHECK(n == 5);
      CHECK(range.status() == xcover::Status::solution_limit);
      CHECK_THROWS_AS(range.begin(), xcover::Error);
    }
  }
}

TEST_CASE("a range's status() says stopped until its search has ended") {
  const xcover::Problem problem = xcover::make_queens(6).problem;  // 4 solutions
  for (const xcover::Layout layout : kLayouts) {
    const std::string layout_name = xcover::to_string(layout);
    CAPTURE(layout_name);
    xcover::Solver solver(problem, layout);
    SUBCASE("before begin()") {
      auto range = solver.solutions();
      CHECK(range.status() == xcover::Status::stopped);
    }
    SUBCASE("after a break") {
      auto range = solver.solutions();
      int seen = 0;
      for (const xcover::Solution& s : range) {
        static_cast<void>(s);
        if (++seen == 2) break;
      }
      CHECK(range.status() == xcover::Status::stopped);
    }
    SUBCASE("after a break at the last solution: the search had not looked further") {
      auto range = solver.solutions();
      int seen = 0;
      for (const xcover::Solution& s : range) {
        static_cast<void>(s);
        if (++seen == 4) break;
      }
      CHECK(range.status() == xcover::Status::stopped);
    }
    SUBCASE("after std::views::take") {
      auto range = solver.solutions();
      int seen = 0;
      for (const xcover::Solution& s : range | std::views::take(3)) seen += !s.options.empty();
      CHECK(seen == 3);
      CHECK(range.status() == xcover::Status::stopped);
    }
    SUBCASE("after the loop ran out") {
      auto range = solver.solutions();
      int seen = 0;
      for (const xcover::Solution& s : range) seen += !s.options.empty();
      CHECK(seen == 4);
      CHECK(range.status() == xcover::Status::exhausted);
    }
    // The solver is whole again once the range is gone.
    CHECK(solver.count().solutions == 4);
  }
}

TEST_CASE("a Solution copied out of the loop keeps its own options") {
  const xcover::Problem problem = xcover::make_queens(8).problem;
  for (const xcover::Layout layout : kLayouts) {
    const std::string layout_name = xcover::to_string(layout);
    CAPTURE(layout_name);
    xcover::Solver solver(problem, layout);
    const std::vector<std::vector<int>> expected = all_solutions(solver);
    REQUIRE(expected.size() == 92);
    auto options_of = [&](const std::vector<xcover::Solution>& kept) {
      std::vector<std::vector<int>> lists;
      for (const xcover::Solution& s : kept) {
        CHECK(s.problem == &problem);
        lists.emplace_back(s.options.begin(), s.options.end());
      }
      return lists;
    };
    // (Before, every copy showed the last solution: they borrowed the
    // solver's buffer.)
    SUBCASE("from a range, one by one") {
      std::vector<xcover::Solution> kept;
      for (const xcover::Solution& s : solver.solutions()) kept.push_back(s);
      CHECK(options_of(kept) == expected);
    }
    SUBCASE("from a range, with a range algorithm") {
      std::vector<xcover::Solution> kept;
      auto range = solver.solutions();
      std::ranges::copy(range, std::back_inserter(kept));
      CHECK(options_of(kept) == expected);
    }
    SUBCASE("from a visitor") {
      std::vector<xcover::Solution> kept;
      CHECK(solver.search([&](const xcover::Solution& s) {
        kept.push_back(s);
        return true;
      }) == xcover::Status::exhausted);
      CHECK(options_of(kept) == expected);
    }
  }
}

TEST_CASE("the search allocates nothing per solution it hands out") {
  if (!xcover::test::heap_counted()) return;  // (glibc, no sanitizer)
  const xcover::Problem problem = xcover::make_queens(8).problem;
  for (const xcover::Layout layout :
       {xcover::Layout::links, xcover::Layout::bitsets, xcover::Layout::sparse}) {
    const std::string layout_name = xcover::to_string(layout);
    CAPTURE(layout_name);
    xcover::Solver solver(problem, layout);
    // The allocations between one solution and the next: none, once the
    // first is handed out.
    std::vector<std::int64_t> at(93, 0);
    std::size_t n = 0;
    CHECK(solver.search([&](const xcover::Solution& s) {
      at[n++] = xcover::test::heap_allocations();
      return !s.options.empty();
    }) == xcover::Status::exhausted);
    REQUIRE(n == 92);
    CHECK(at[91] == at[0]);
    n = 0;
    for (const xcover::Solution& s : solver.solutions()) {
      at[n++] = xcover::test::heap_allocations();
      static_cast<void>(s);
    }
    REQUIRE(n == 92);
    CHECK(at[91] == at[0]);
  }
}

// What a user sets: limits, cancellation, progress, item choice, seed,
// propagation. The plumbing the library's own parallel searches use to pass
// work between workers stays out of it.
template <class T>
concept has_share_request = requires(T o) {
  o.share_request;
};
template <class T>
concept has_yield_request = requires(T o) {
  o.yield_request;
};
template <class T>
concept has_on_split = requires(T o) {
  o.on_split;
};
static_assert(!has_share_request<xcover::SearchOptions> &&
              !has_yield_request<xcover::SearchOptions> && !has_on_split<xcover::SearchOptions>);
static_assert(has_share_request<xcover::detail::WorkSharing> &&
              has_yield_request<xcover::detail::WorkSharing> &&
              has_on_split<xcover::detail::WorkSharing>);

TEST_CASE("a sibling searches as the solver it came from, with state of its own") {
  const xcover::Problem problem = xcover::make_queens(8).problem;
  for (const xcover::Layout layout : kLayouts) {
    CAPTURE(layout);
    xcover::Solver first(problem, layout);
    REQUIRE(first.assume(0));
    xcover::Solver second = first.sibling();
    CHECK(&second.problem() == &problem);
    CHECK(second.layout() == layout);
    CHECK(second.kernels() == first.kernels());
    CHECK(second.assumptions().empty());  // the first's are its own
    CHECK(second.count().solutions == 92);
    const xcover::Statistics all = second.statistics();
    CHECK(first.count().solutions == 4);  // queens in the first row's first column
    // Each goes on alone: the sibling's search is the first's, node for node.
    first.clear_assumptions();
    CHECK(first.count().solutions == 92);
    CHECK(first.statistics().nodes == all.nodes);
    CHECK(first.statistics().updates == all.updates);
    CHECK(all_solutions(first) == all_solutions(second));
  }
}

}  // namespace test_solver_api
