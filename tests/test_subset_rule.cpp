// SPDX-License-Identifier: MIT
// SearchOptions::propagate's subset rule in the bit sets: when every active
// option (two) of an uncovered primary item A also covers a primary item B,
// the options of B without A go (Sudoku's locked candidates). It must fire
// where it applies, and never change the set of solutions.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "random_problems.hpp"
#include "slow_run.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/solver.hpp"

namespace test_subset_rule {

namespace {

using SolutionSet = std::set<std::vector<int>>;

SolutionSet solutions(xcover::Solver& solver, const xcover::SearchOptions& options) {
  SolutionSet found;
  static_cast<void>(solver.search(
      [&](const xcover::Solution& s) {
        std::vector<int> sorted(s.options.begin(), s.options.end());
        std::sort(sorted.begin(), sorted.end());
        CHECK(found.insert(sorted).second);  // each solution once
        return true;
      },
      options));
  return found;
}

}  // namespace

TEST_CASE("the subset rule removes the options it may, and nothing else") {
  // (x y) is forced, which takes (a b y) away: a's two options left both
  // cover b, so b's option (b c) goes, and (c) is forced too. Without the
  // rule only (x y) is forced at the root. (The rule is tried on items that
  // share three options with another: a and b do.)
  const auto input = xcover::parse_dlx(
      "a b c d x y\n"
      "a b\n"
      "a b d\n"
      "a b y\n"
      "b c\n"
      "c\n"
      "d\n"
      "x y\n");
  const SolutionSet expected{{0, 4, 5, 6}, {1, 4, 6}};
  xcover::Solver plain(input.problem, xcover::Layout::bitsets);
  CHECK(solutions(plain, {}) == expected);
  CHECK(plain.statistics().level_nodes[0] == 1);

  xcover::SearchOptions options;
  options.propagate = true;
  xcover::Solver solver(input.problem, xcover::Layout::bitsets);
  CHECK(solutions(solver, options) == expected);
  // The root's node, and (x y) and (c) forced there.
  CHECK(solver.statistics().level_nodes[0] == 3);
  // Then a is branched on: (a b) forces (d), (a b d) solves.
  CHECK(solver.statistics().nodes == 6);
  CHECK(solver.statistics().nodes < plain.statistics().nodes);
}

TEST_CASE("the subset rule can end the search at the root") {
  // (y z) is forced; then a's two options left cover b, and so do x's:
  // b's options without a go, and so do those without x. No option is left
  // to a or x, and nothing is branched on.
  const auto dead = xcover::parse_dlx(
      "a b x y z\n"
      "a b\n"
      "a b\n"
      "a b y\n"
      "b x\n"
      "b x\n"
      "b x y\n"
      "y z\n");
  xcover::SearchOptions options;
  options.propagate = true;
  xcover::Solver solver(dead.problem, xcover::Layout::bitsets);
  CHECK(solver.count(options).solutions == 0);
  CHECK(solver.statistics().nodes == 2);  // the root and (y z)
  xcover::Solver plain(dead.problem, xcover::Layout::bitsets);
  CHECK(plain.count().solutions == 0);
  CHECK(plain.statistics().nodes > 2);
}

TEST_CASE("the subset rule keeps the solutions of random problems") {
  // Dense problems with many primary items, where options often share
  // items: the rule fires in many of them.
  std::mt19937 rng(2024);
  RandomShape shape;
  shape.most_primaries = 8;
  shape.most_secondaries = 2;
  shape.most_options = 16;
  shape.density_low = 20;
  shape.density_high = 60;
  int fewer = 0;
  for (int round = 0; round < xcover::test::slow_run_share(600); ++round) {
    const xcover::Problem problem = random_problem(rng, shape);
    CAPTURE(xcover::to_dlx(problem));
    xcover::Solver links(problem, xcover::Layout::links);
    const SolutionSet expected = solutions(links, {});
    // Brute force: every subset of the options.
    SolutionSet brute;
    for (unsigned mask = 0; mask < (1u << problem.option_count()); ++mask) {
      if (!is_solution(problem, mask)) continue;
      std::vector<int> chosen;
      for (int k = 0; k < problem.option_count(); ++k)
        if (mask >> k & 1u) chosen.push_back(k);
      brute.insert(chosen);
    }
    REQUIRE(expected == brute);
    for (auto choice : {xcover::ItemChoice::first_shortest, xcover::ItemChoice::most_clashes}) {
      xcover::SearchOptions options;
      options.item_choice = choice;
      xcover::Solver plain(problem, xcover::Layout::bitsets);
      CHECK(solutions(plain, options) == expected);
      options.propagate = true;
      xcover::Solver solver(problem, xcover::Layout::bitsets);
      CHECK(solutions(solver, options) == expected);
      CHECK(solver.statistics().solutions == expected.size());
      std::uint64_t total = 0;
      for (auto n : solver.statistics().level_nodes) total += n;
      CHECK(total == solver.statistics().nodes);
      // With an assumption: the solutions that hold it.
      if (problem.option_count() > 0) {
        const int option = static_cast<int>(rng() % static_cast<unsigned>(problem.option_count()));
        SolutionSet holding;
        for (const auto& s : expected)
          if (std::find(s.begin(), s.end(), option) != s.end()) holding.insert(s);
        xcover::Solver assumed(problem, xcover::Layout::bitsets);
        if (assumed.assume(option)) {
          CHECK(solutions(assumed, options) == holding);
        } else {
          CHECK(holding.empty());
        }
      }
      if (choice == xcover::ItemChoice::first_shortest) {
        // Fewer nodes than the plain search is what propagation is for;
        // count how often.
        fewer += solver.statistics().nodes < plain.statistics().nodes;
      }
    }
  }
  CHECK(fewer > 0);
}

}  // namespace test_subset_rule
