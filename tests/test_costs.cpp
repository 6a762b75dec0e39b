// SPDX-License-Identifier: MIT
// Option costs (Knuth's DLX5): the model, the "|n" tokens of the text
// format, and Solver::cheapest against brute force and against DLX5.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "random_problems.hpp"
#include "slow_run.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/solver.hpp"

namespace test_costs {

using xcover::CostedSolution;
using xcover::parse_dlx;
using xcover::ParseError;
using xcover::Problem;
using xcover::ProblemError;

namespace {

std::string parse_error(const std::string& text) {
  try {
    static_cast<void>(parse_dlx(text, "in.dlx"));
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

// A random problem as in test_bruteforce.cpp (secondary items, colours),
// each option with a random cost from 0 to max_cost.
Problem random_costed_problem(std::mt19937& rng, std::uint64_t max_cost) {
  RandomShape shape;
  shape.most_options = 12;
  return random_problem(rng, shape, [&](Problem& problem, int option) {
    problem.set_option_cost(option, std::uniform_int_distribution<std::uint64_t>(0, max_cost)(rng));
  });
}

// Every solution holding `forced`, with its cost, in CostedSolution's order
// (by cost, then by the sorted option list).
std::vector<CostedSolution> brute_force(const Problem& problem, const std::vector<int>& forced) {
  std::vector<CostedSolution> all;
  for (unsigned mask = 0; mask < (1u << problem.option_count()); ++mask) {
    if (!std::all_of(forced.begin(), forced.end(), [&](int k) { return mask >> k & 1u; })) continue;
    if (!is_solution(problem, mask)) continue;
    CostedSolution s;
    for (int k = 0; k < problem.option_count(); ++k) {
      if (mask >> k & 1u) {
        s.options.push_back(k);
        s.cost += problem.option_cost(k);
      }
    }
    all.push_back(s);
  }
  std::sort(all.begin(), all.end());
  return all;
}

std::vector<CostedSolution> first(const std::vector<CostedSolution>& all, std::size_t k) {
  return {all.begin(), all.begin() + static_cast<std::ptrdiff_t>(std::min(k, all.size()))};
}

}  // namespace

TEST_CASE("option costs in the model: default 0, summed total, overflow refused") {
  Problem p;
  p.add_primary("a");
  p.add_primary("b");
  const int ab = p.add_option({"a", "b"});
  const int a = p.add_option({"a"});
  CHECK(p.option_cost(ab) == 0);
  CHECK_FALSE(p.has_costs());
  p.set_option_cost(a, 7);
  CHECK(p.has_costs());
  CHECK(p.option_cost(a) == 7);
  CHECK(p.total_cost() == 7);
  p.set_option_cost(ab, UINT64_MAX - 7);
  CHECK(p.total_cost() == UINT64_MAX);
  CHECK_THROWS_WITH_AS(p.set_option_cost(a, 8),
                       "option 1 cannot cost 8: the costs of all options together would pass "
                       "18446744073709551615",
                       ProblemError);
  CHECK(p.option_cost(a) == 7);  // unchanged by the refusal
  p.set_option_cost(ab, 1);
  const int b = p.add_option({"b"});
  CHECK(p.option_cost(b) == 0);
  p.set_option_cost(b, 3);
  p.remove_last_option();
  CHECK(p.total_cost() == 8);
  CHECK_THROWS_WITH_AS(p.option_cost(2), "option index 2 out of range: the problem has 2 options",
                       ProblemError);
  CHECK_THROWS_AS(p.set_option_cost(-1, 1), ProblemError);
  p.set_option_cost(a, 0);
  p.set_option_cost(ab, 0);
  CHECK_FALSE(p.has_costs());
}

TEST_CASE("reading costs: '|n' after any item, several add up") {
  const auto r = parse_dlx("| costs\na b c | x\na |3 b\nb |1 c |2 |0 x:r\nc\n");
  REQUIRE(r.problem.option_count() == 3);
  CHECK(r.problem.option_cost(0) == 3);
  CHECK(r.problem.option_cost(1) == 3);
  CHECK(r.problem.option_cost(2) == 0);
  CHECK(r.problem.option_text(1) == "b c x:r");
  CHECK(parse_dlx("a\na |18446744073709551615\n").problem.option_cost(0) == UINT64_MAX);
  CHECK(parse_dlx("a\na |007\n").problem.option_cost(0) == 7);
  // A dropped option (no primary item) costs nothing.
  CHECK_FALSE(parse_dlx("a | x\nx |5\na\n").problem.has_costs());
}

TEST_CASE("bad costs name the line and the reason") {
  CHECK(parse_error("a b\na |\n") ==
        "in.dlx:2: option cost '|' should be '|' and a decimal number");
  CHECK(parse_error("a b\na |x\n") ==
        "in.dlx:2: option cost '|x' should be '|' and a decimal number");
  CHECK(parse_error("a b\na |-1\n") ==
        "in.dlx:2: option cost '|-1' should be '|' and a decimal number");
  CHECK(parse_error("a b\n\na |12a b\n") == "in.dlx:3: illegal digit 'a' in option cost '|12a'");
  CHECK(parse_error("a b\na |1|2\n") == "in.dlx:2: illegal digit '|' in option cost '|1|2'");
  CHECK(parse_error("a b\na |18446744073709551616\n") ==
        "in.dlx:2: option cost '|18446744073709551616' is more than 18446744073709551615");
  CHECK(parse_error("a b\na |18446744073709551615 |1\n") ==
        "in.dlx:2: the option's costs add up to more than 18446744073709551615");
  CHECK(parse_error("a b\na |18446744073709551615\nb |1\n") ==
        "in.dlx:3: option 1 cannot cost 1: the costs of all options together would pass "
        "18446744073709551615");
  // A line that starts with '|' is a comment, cost or not.
  CHECK(parse_dlx("a\n|5 a\na\n").problem.option_count() == 1);
}

TEST_CASE("costs are written back and read the same") {
  const auto first = parse_dlx("a b | x\na |2 |3 x:r\nb\na b |0\nb x |7\n");
  const std::string written = xcover::to_dlx(first.problem);
  CHECK(written == "a b | x\na x:r |5\nb\na b\nb x |7\n");
  CHECK(parse_dlx(written).problem == first.problem);
  CHECK_FALSE(parse_dlx("a\na |1\n").problem == parse_dlx("a\na |2\n").problem);
  CHECK_FALSE(parse_dlx("a\na |1\n").problem == parse_dlx("a\na\n").problem);
  std::mt19937 rng(145);
  for (int round = 0; round < xcover::test::slow_run_share(200); ++round) {
    const Problem p = random_costed_problem(rng, round % 2 ? 5 : UINT64_MAX / 16);
    CAPTURE(xcover::to_dlx(p));
    // (The reader drops an option without a primary item.)
    bool all_read = true;
    for (int k = 0; k < p.option_count(); ++k) all_read = all_read && p.has_primary(k);
    if (all_read) CHECK(parse_dlx(xcover::to_dlx(p)).problem == p);
  }
}

TEST_CASE("cheapest: the k cheapest equal brute force's, on both layouts") {
  xcover::Layout layout = xcover::Layout::links;
  SUBCASE("links") {}
  SUBCASE("bitsets") { layout = xcover::Layout::bitsets; }
  std::mt19937 rng(20261123);
  int with_solutions = 0, with_ties = 0;
  for (int round = 0; round < xcover::test::slow_run_share(1200); ++round) {
    // Few distinct costs make ties; large ones test the sums.
    const std::uint64_t max_cost = round % 3 == 0 ? 0 : round % 3 == 1 ? 3 : UINT64_MAX / 16;
    const Problem problem = random_costed_problem(rng, max_cost);
    CAPTURE(round);
    CAPTURE(xcover::to_dlx(problem));
    const std::vector<CostedSolution> all = brute_force(problem, {});
    with_solutions += !all.empty();
    with_ties += all.size() > 1 && all[0].cost == all[1].cost;
    xcover::Solver solver(problem, layout);
    for (std::size_t k : {std::size_t{1}, std::size_t{2}, std::size_t{3}, all.size() + 1}) {
      CAPTURE(k);
      const xcover::CheapestResult result = solver.cheapest(k);
      CHECK(result.complete());
      CHECK(result.solutions == first(all, k));
      CHECK(solver.statistics().solutions >= result.solutions.size());
    }
    // Plain searches still find every solution, costs or not.
    CHECK(solver.count().solutions == all.size());
    if (problem.option_count() > 0) {
      const int forced = std::uniform_int_distribution<int>(0, problem.option_count() - 1)(rng);
      static_cast<void>(solver.assume(forced));
      CHECK(solver.cheapest(2).solutions == first(brute_force(problem, {forced}), 2));
      solver.clear_assumptions();
      CHECK(solver.cheapest(2).solutions == first(all, 2));
    }
  }
  CHECK(with_solutions > xcover::test::slow_run_share(300));
  CHECK(with_ties > xcover::test::slow_run_share(100));
}

TEST_CASE("cheapest: k of 0 is refused, a limit gives the best so far, marked incomplete") {
  std::mt19937 rng(7);
  Problem problem;
  for (int i = 0; i < 8; ++i) problem.add_primary(std::string("i").append(std::to_string(i)));
  for (int i = 0; i < 8; ++i) {
    for (int j = i + 1; j < 8; ++j) {
      problem.set_option_cost(problem.add_option({{i, 0}, {j, 0}}), rng() % 50);
    }
    problem.set_option_cost(problem.add_option({{i, 0}}), 30 + rng() % 50);
  }
  xcover::Solver solver(problem);
  CHECK_THROWS_AS(static_cast<void>(solver.cheapest(0)), xcover::Error);
  const auto full = solver.cheapest(5);
  REQUIRE(full.complete());
  REQUIRE(full.solutions.size() == 5);
  xcover::CheapestOptions options;
  options.node_limit = 20;
  const auto partial = solver.cheapest(5, options);
  CHECK(partial.status == xcover::Status::node_limit);
  CHECK_FALSE(partial.complete());
  CHECK(std::is_sorted(partial.solutions.begin(), partial.solutions.end()));
  CHECK(solver.statistics().nodes <= 20);
  for (const CostedSolution& s : partial.solutions) CHECK(s >= full.solutions.front());
  // The solver is whole again: the full answer once more.
  CHECK(solver.cheapest(5).solutions == full.solutions);
  // A callback that throws leaves it whole too.
  options = {};
  options.progress_nodes = 3;
  options.on_progress = [](const xcover::Progress&) { throw std::runtime_error("stop"); };
  CHECK_THROWS_AS(static_cast<void>(solver.cheapest(5, options)), std::runtime_error);
  CHECK(solver.cheapest(5).solutions == full.solutions);
  CHECK(solver.count().solutions == 764);  // perfect matchings and singletons of 8 items
}

namespace {

// Generated problems for the comparison with DLX5: planted solutions (random
// partitions of the primary items into blocks of 1 to 4) among random
// options, every option with a cost from 0 to 99; names short enough for
// DLX5 (8 characters) and single-character colours. The numbers come from
// the generator's raw 32-bit output, the same with every standard library.
std::string dlx5_problem(std::uint32_t seed, int primaries, int extra) {
  std::mt19937 rng(seed);
  auto below = [&](std::uint32_t n) { return static_cast<int>(rng() % n); };
  std::string text = "| generated for test_costs.cpp, seed " + std::to_string(seed) + "\n";
  for (int i = 0; i < primaries; ++i) text += "p" + std::to_string(i) + " ";
  text += "| x y\n";
  auto option = [&](std::vector<int> items) {
    std::string line;
    for (int i : items) line += "p" + std::to_string(i) + " ";
    const int secondary = below(6);
    if (secondary < 2) line += std::string(secondary ? "y" : "x") + ":" + "AB"[below(2)] + " ";
    line += "|" + std::to_string(below(100));
    text += line + "\n";
  };
  for (int planted = 0; planted < 3; ++planted) {
    std::vector<int> items(static_cast<std::size_t>(primaries));
    for (int i = 0; i < primaries; ++i) items[i] = i;
    for (int i = primaries - 1; i > 0; --i) std::swap(items[i], items[below(i + 1)]);
    for (std::size_t at = 0; at < items.size();) {
      const std::size_t size = std::min<std::size_t>(1 + below(4), items.size() - at);
      option({items.begin() + static_cast<std::ptrdiff_t>(at),
              items.begin() + static_cast<std::ptrdiff_t>(at + size)});
      at += size;
    }
  }
  for (int k = 0; k < extra; ++k) {
    std::set<int> items;
    const int size = 1 + below(4);
    while (static_cast<int>(items.size()) < size) items.insert(below(primaries));
    option({items.begin(), items.end()});
  }
  return text;
}

}  // namespace

TEST_CASE("cheapest: the optimum costs DLX5 finds on generated problems") {
  // The expected costs are what Knuth's DLX5 printed ("The optimum costs
  // are") run as `dlx5 k5 < FILE` on the exact text dlx5_problem() makes.
  // To look again: XCOVER_COSTS_DUMP=DIR writes the files there.
  struct Case {
    std::uint32_t seed;
    int primaries, extra;
    std::vector<std::uint64_t> costs;
  };
  const std::vector<Case> cases = {
      {1, 12, 40, {85, 96, 98, 108, 109}},
      {2, 16, 80, {93, 103, 128, 130, 130}},
      {3, 20, 150, {95, 113, 116, 121, 125}},
  };
  for (const Case& c : cases) {
    const std::string text = dlx5_problem(c.seed, c.primaries, c.extra);
    if (const char* dir = std::getenv("XCOVER_COSTS_DUMP"))
      std::ofstream(std::string(dir) + "/costs" + std::to_string(c.seed) + ".dlx") << text;
    const Problem problem = parse_dlx(text).problem;
    for (auto layout : {xcover::Layout::links, xcover::Layout::bitsets}) {
      xcover::Solver solver(problem, layout);
      const auto result = solver.cheapest(5);
      REQUIRE(result.complete());
      std::vector<std::uint64_t> costs;
      for (const CostedSolution& s : result.solutions) costs.push_back(s.cost);
      CAPTURE(c.seed);
      CHECK(costs == c.costs);
    }
  }
}

}  // namespace test_costs
