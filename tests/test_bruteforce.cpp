// SPDX-License-Identifier: MIT
// Property test: on random small problems with secondary items and colours,
// the engine finds exactly the solutions a brute-force enumerator finds, with
// and without assumptions, and with random tie-breaking.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "slow_run.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"
#include "xcover/solver.hpp"

// Work sharing is internal: ParallelSearch and MPI pass it to the engine.
#include "engine/work_sharing.hpp"
#include "layout_run.hpp"
#include "random_problems.hpp"

namespace test_bruteforce {

namespace {

using SolutionSet = std::set<std::vector<int>>;

// With `bounds`, primary items take random bounds (multiplicities) from
// 0:1 to 3:3 as often as not, and options are more numerous.
xcover::Problem random_problem(std::mt19937& rng, bool bounds = false) {
  RandomShape shape;
  shape.most_primaries = bounds ? 4 : 5;
  shape.most_options = bounds ? 12 : 11;
  shape.bounds = bounds;
  return random_problem(rng, shape);
}

SolutionSet brute_force(const xcover::Problem& problem, const std::vector<int>& forced) {
  SolutionSet found;
  const unsigned masks = 1u << problem.option_count();
  for (unsigned mask = 0; mask < masks; ++mask) {
    bool has_forced =
        std::all_of(forced.begin(), forced.end(), [&](int k) { return (mask >> k & 1u) != 0; });
    if (!has_forced || !is_solution(problem, mask)) continue;
    std::vector<int> options;
    for (int k = 0; k < problem.option_count(); ++k)
      if (mask >> k & 1u) options.push_back(k);
    found.insert(options);
  }
  return found;
}

// A visitor that adds each solution, as a sorted list of options, to
// `found` and counts the visits.
xcover::Visitor collect(SolutionSet& found, std::size_t& visits) {
  return [&found, &visits](const xcover::Solution& s) {
    std::vector<int> sorted(s.options.begin(), s.options.end());
    std::sort(sorted.begin(), sorted.end());
    found.insert(sorted);
    ++visits;
    return true;
  };
}

SolutionSet engine(xcover::Solver& solver, bool propagate, xcover::ItemChoice choice,
                   std::uint64_t seed = 0) {
  SolutionSet found;
  std::size_t visits = 0;
  xcover::SearchOptions options;
  options.random_seed = seed;
  options.propagate = propagate;
  options.item_choice = choice;
  static_cast<void>(solver.search(collect(found, visits), options));
  CHECK(visits == found.size());  // no solution is visited twice
  CHECK(solver.statistics().solutions == visits);
  return found;
}

}  // namespace

TEST_CASE("both layouts agree with brute force on 1500 random problems") {
  xcover::Layout layout = xcover::Layout::links;
  bool propagate = false;
  SUBCASE("links") {}
  SUBCASE("bitsets") { layout = xcover::Layout::bitsets; }
  SUBCASE("sparse") { layout = xcover::Layout::sparse; }
  xcover::ItemChoice choice = xcover::ItemChoice::first_shortest;
  SUBCASE("bitsets, forced options committed ahead") {
    layout = xcover::Layout::bitsets;
    propagate = true;
  }
  SUBCASE("bitsets, branching on the most clashes") {
    layout = xcover::Layout::bitsets;
    choice = xcover::ItemChoice::most_clashes;
  }
  SUBCASE("bitsets, both") {
    layout = xcover::Layout::bitsets;
    propagate = true;
    choice = xcover::ItemChoice::most_clashes;
  }
  std::mt19937 rng(20261122);
  int with_solutions = 0, with_colors = 0;
  for (int round = 0; round < xcover::test::slow_run_share(1500); ++round) {
    const xcover::Problem problem = random_problem(rng);
    CAPTURE(round);
    CAPTURE(xcover::to_dlx(problem));
    xcover::Solver solver(problem, layout);
    REQUIRE(solver.layout() == layout);
    const SolutionSet expected = brute_force(problem, {});
    REQUIRE(engine(solver, propagate, choice) == expected);
    CHECK(engine(solver, propagate, choice, round + 1) == expected);
    with_solutions += !expected.empty();
    with_colors += problem.color_count() > 0;

    // Assumptions: forcing one or two options gives the solutions that
    // contain them, and clearing them gives everything back.
    if (problem.option_count() > 0) {
      std::uniform_int_distribution<int> option(0, problem.option_count() - 1);
      std::vector<int> forced{option(rng)};
      if (round % 2) forced.push_back(option(rng));
      bool feasible = true;
      for (int k : forced) feasible = solver.assume(k) && feasible;
      const SolutionSet reduced = brute_force(problem, forced);
      if (!feasible) CHECK(reduced.empty());
      CHECK(engine(solver, propagate, choice) == reduced);
      solver.clear_assumptions();
      CHECK(engine(solver, propagate, choice) == expected);
    }
  }
  // The generator must exercise the interesting cases.
  CHECK(with_solutions > xcover::test::slow_run_share(300));
  CHECK(with_colors > xcover::test::slow_run_share(500));
}

TEST_CASE("multiplicities: Algorithm M agrees with brute force on 1000 random problems") {
  std::mt19937 rng(20261123);
  int with_solutions = 0, with_bounds = 0, with_colors = 0, with_empty = 0;
  for (int round = 0; round < xcover::test::slow_run_share(1000); ++round) {
    const xcover::Problem problem = random_problem(rng, true);
    CAPTURE(round);
    CAPTURE(xcover::to_dlx(problem));
    // Algorithm M's layout, asked for, takes the problems without bounds too.
    xcover::Solver solver(problem,
                          round % 2 ? xcover::Layout::multiplicities : xcover::Layout::automatic);
    CHECK((solver.layout() == xcover::Layout::multiplicities) ==
          (round % 2 == 1 || problem.has_multiplicities()));
    const SolutionSet expected = brute_force(problem, {});
    REQUIRE(engine(solver, false, xcover::ItemChoice::first_shortest) == expected);
    CHECK(solver.count().solutions == expected.size());
    CHECK(engine(solver, false, xcover::ItemChoice::first_shortest, round + 1) == expected);
    with_solutions += !expected.empty();
    with_bounds += problem.has_multiplicities();
    with_colors += problem.has_multiplicities() && problem.color_count() > 0;
    with_empty += expected.count({}) > 0;  // every item may go uncovered

    // The same solutions one at a time.
    SolutionSet pulled;
    for (const xcover::Solution& s : solver.solutions()) {
      std::vector<int> sorted = s.to_vector();
      std::sort(sorted.begin(), sorted.end());
      CHECK(pulled.insert(sorted).second);
    }
    CHECK(pulled == expected);

    // Assumptions force options into every solution.
    if (problem.option_count() > 0) {
      std::uniform_int_distribution<int> option(0, problem.option_count() - 1);
      std::vector<int> forced{option(rng)};
      if (round % 2) forced.push_back(option(rng));
      bool feasible = true;
      for (int k : forced) feasible = solver.assume(k) && feasible;
      const SolutionSet reduced = brute_force(problem, forced);
      if (!feasible) CHECK(reduced.empty());
      CHECK(engine(solver, false, xcover::ItemChoice::first_shortest) == reduced);
      solver.clear_assumptions();
      CHECK(engine(solver, false, xcover::ItemChoice::first_shortest) == expected);
    }
  }
  CHECK(with_solutions > xcover::test::slow_run_share(300));
  CHECK(with_bounds > xcover::test::slow_run_share(600));
  CHECK(with_colors > xcover::test::slow_run_share(200));
  CHECK(with_empty > 10);
}

namespace {

// Solves `problem` as a pool of workers would: subproblems (forced options)
// in a queue, each searched with work given away at every node (`yield`:
// all of it at once at a random node; otherwise a share at every node).
SolutionSet solve_by_pieces(const xcover::Problem& problem, xcover::Layout layout, bool propagate,
                            xcover::ItemChoice choice, bool yield, std::mt19937& rng,
                            std::size_t& pieces) {
  xcover::Solver solver(problem, layout);
  std::vector<std::vector<int>> queue{{}};
  SolutionSet found;
  std::size_t visits = 0;
  pieces = 0;
  while (!queue.empty()) {
    const std::vector<int> forced = queue.back();
    queue.pop_back();
    ++pieces;
    bool feasible = true;
    for (int k : forced) feasible = solver.assume(k) && feasible;
    REQUIRE(feasible);  // a subproblem handed out is never a conflict
    std::atomic<bool> share{false}, give_up{false};
    const int yield_at = std::uniform_int_distribution<int>(1, 6)(rng);
    xcover::SearchOptions options;
    options.propagate = propagate;
    options.item_choice = choice;
    options.progress_nodes = 1;
    options.on_progress = [&](const xcover::Progress& p) {
      if (!yield) share = true;
      if (yield && p.nodes >= yield_at) give_up = true;
    };
    xcover::detail::WorkSharing sharing;
    sharing.share_request = &share;
    sharing.yield_request = &give_up;
    sharing.on_split = [&](std::span<const int> more, double part) {
      CHECK(part > 0);
      CHECK(part <= 1);
      queue.emplace_back(more.begin(), more.end());
    };
    // Exhausted, having given work away or not: what a search kept is done.
    CHECK(xcover::detail::SharedSearch::run(solver, collect(found, visits), options, sharing) ==
          xcover::Status::exhausted);
    solver.clear_assumptions();
  }
  CHECK(visits == found.size());  // the pieces do not overlap
  return found;
}

}  // namespace

TEST_CASE("work given away (shared or yielded) loses and repeats no solution") {
  xcover::Layout layout = xcover::Layout::links;
  bool propagate = false;
  SUBCASE("links") {}
  SUBCASE("bitsets") { layout = xcover::Layout::bitsets; }
  SUBCASE("sparse") { layout = xcover::Layout::sparse; }
  xcover::ItemChoice choice = xcover::ItemChoice::first_shortest;
  SUBCASE("bitsets, forced options committed ahead, branching on the most clashes") {
    layout = xcover::Layout::bitsets;
    propagate = true;
    choice = xcover::ItemChoice::most_clashes;
  }
  std::mt19937 rng(7);
  std::size_t split_runs = 0;
  for (int round = 0; round < xcover::test::slow_run_share(500); ++round) {
    const xcover::Problem problem = random_problem(rng);
    CAPTURE(round);
    CAPTURE(xcover::to_dlx(problem));
    const SolutionSet expected = brute_force(problem, {});
    std::size_t pieces = 0;
    CHECK(solve_by_pieces(problem, layout, propagate, choice, false, rng, pieces) == expected);
    split_runs += pieces > 1;
    CHECK(solve_by_pieces(problem, layout, propagate, choice, true, rng, pieces) == expected);
    split_runs += pieces > 1;
  }
  // The problems were big enough to be split (less often with propagation,
  // which shrinks the trees).
  CHECK(split_runs > xcover::test::slow_run_share(propagate ? 150 : 200));
}

TEST_CASE("multiplicities: work given away (~k entries and all) loses and repeats no solution") {
  // Algorithm M's pieces force the options of their path and leave out
  // those tried before them; shared at every node, or all yielded at once.
  std::mt19937 rng(20261202);
  std::size_t split_runs = 0, left_out = 0;
  for (int round = 0; round < xcover::test::slow_run_share(600); ++round) {
    const xcover::Problem problem = random_problem(rng, true);
    CAPTURE(round);
    CAPTURE(xcover::to_dlx(problem));
    const SolutionSet expected = brute_force(problem, {});
    std::size_t pieces = 0;
    const xcover::ItemChoice choice = xcover::ItemChoice::first_shortest;
    const xcover::Layout layout = xcover::Layout::multiplicities;
    CHECK(solve_by_pieces(problem, layout, false, choice, false, rng, pieces) == expected);
    split_runs += pieces > 1;
    CHECK(solve_by_pieces(problem, layout, false, choice, true, rng, pieces) == expected);
    split_runs += pieces > 1;
    // The first cut: the pieces' solutions are the problem's, once each.
    SolutionSet cut;
    std::size_t visits = 0;
    xcover::Solver solver(problem, layout);
    for (const xcover::WorkPiece& piece : xcover::cut_into_pieces(problem, 8)) {
      left_out += std::count_if(piece.forced.begin(), piece.forced.end(),
                                [](int entry) { return entry < 0; });
      static_cast<void>(solver.assume(piece.forced));
      CHECK(solver.search(collect(cut, visits)) == xcover::Status::exhausted);
      solver.clear_assumptions();
    }
    CHECK(visits == cut.size());
    CHECK(cut == expected);
  }
  CHECK(split_runs > xcover::test::slow_run_share(200));
  CHECK(left_out > 0);
}

TEST_CASE("branching() splits a problem into disjoint subproblems") {
  xcover::Layout layout = xcover::Layout::links;
  SUBCASE("links") {}
  SUBCASE("bitsets") { layout = xcover::Layout::bitsets; }
  SUBCASE("sparse") { layout = xcover::Layout::sparse; }
  std::mt19937 rng(99);
  for (int round = 0; round < xcover::test::slow_run_share(300); ++round) {
    const xcover::Problem problem = random_problem(rng);
    CAPTURE(xcover::to_dlx(problem));
    xcover::Solver solver(problem, layout);
    const auto branching = solver.branching();
    const xcover::Count total = solver.count().solutions;
    xcover::Count sum = branching.solved ? 1 : 0;
    for (int option : branching.options) {
      REQUIRE(solver.assume(option));
      sum += solver.count().solutions;
      solver.clear_assumptions();
    }
    CHECK(sum == total);
  }
}

TEST_CASE("the layouts visit the same solutions in the same order, with the same counts") {
  std::mt19937 rng(31);
  for (int round = 0; round < xcover::test::slow_run_share(1000); ++round) {
    const xcover::Problem problem = random_problem(rng);
    CAPTURE(xcover::to_dlx(problem));
    // With random tie-breaking too: the same seed draws the same choices.
    xcover::SearchOptions options;
    options.random_seed = round % 2 ? static_cast<std::uint64_t>(round) : 0;
    CAPTURE(options.random_seed);
    std::vector<std::vector<int>> order[2];
    xcover::Statistics stats[2];
    const xcover::Layout layouts[2] = {xcover::Layout::links, xcover::Layout::bitsets};
    for (int k = 0; k < 2; ++k) {
      xcover::Solver solver(problem, layouts[k]);
      static_cast<void>(solver.search(
          [&](const xcover::Solution& s) {
            order[k].emplace_back(s.options.begin(), s.options.end());
            return true;
          },
          options));
      stats[k] = solver.statistics();
    }
    CHECK(order[0] == order[1]);
    if (problem.color_count() > 0 && options.random_seed == 0) {
      // With colours the links never enter a node where a primary item has
      // no option left (see Links::next); the bit sets do.
      CHECK(stats[0].nodes <= stats[1].nodes);
      CHECK(stats[0].solutions == stats[1].solutions);
      continue;
    }
    CHECK(stats[0].nodes == stats[1].nodes);
    CHECK(stats[0].level_nodes == stats[1].level_nodes);
    // Colours make Algorithm C count its updates its own way.
    if (problem.color_count() == 0) CHECK(stats[0].updates == stats[1].updates);
  }
}

TEST_CASE("forced options committed ahead: the same solutions") {
  std::mt19937 rng(5);
  int forced_at_root = 0, differ = 0;
  // Every case, sanitizer or not: propagation changes the search in few.
  for (int round = 0; round < 1000; ++round) {
    const xcover::Problem problem = random_problem(rng);
    CAPTURE(xcover::to_dlx(problem));
    std::vector<std::vector<int>> order[2];
    xcover::Statistics stats[2];
    std::vector<int> forced;
    if (round % 3 == 0 && problem.option_count() > 0)
      forced.push_back(std::uniform_int_distribution<int>(0, problem.option_count() - 1)(rng));
    for (int k = 0; k < 2; ++k) {
      xcover::Solver solver(problem, xcover::Layout::bitsets);
      // (An option without a primary item cannot be forced: nothing then.)
      static_cast<void>(solver.assume(forced));
      xcover::SearchOptions options;
      options.propagate = k == 1;
      static_cast<void>(solver.search(
          [&](const xcover::Solution& s) {
            // The assumptions first; the rest in any order.
            REQUIRE(s.options.size() >= forced.size());
            CHECK(std::equal(forced.begin(), forced.end(), s.options.begin()));
            std::vector<int> sorted(s.options.begin(), s.options.end());
            std::sort(sorted.begin(), sorted.end());
            order[k].push_back(sorted);
            return true;
          },
          options));
      stats[k] = solver.statistics();
    }
    // (In another order at times: the subset rule shortens items, and the
    // branching may then differ.)
    std::sort(order[0].begin(), order[0].end());
    std::sort(order[1].begin(), order[1].end());
    CHECK(order[0] == order[1]);
    CHECK(stats[0].solutions == stats[1].solutions);
    std::uint64_t total = 0;
    for (auto n : stats[1].level_nodes) total += n;
    CHECK(total == stats[1].nodes);  // the profile still sums to the node count
    forced_at_root += stats[1].level_nodes.size() > 0 && stats[1].level_nodes[0] > 1;
    differ += stats[0].nodes != stats[1].nodes;
  }
  CHECK(forced_at_root > 50);  // the root itself often had forced options
  CHECK(differ > 0);           // and propagation did change the search
}

TEST_CASE("branching on the most clashes changes the tree, not the solutions") {
  std::mt19937 rng(8);
  int smaller = 0, larger = 0;
  for (int round = 0; round < xcover::test::slow_run_share(1000); ++round) {
    const xcover::Problem problem = random_problem(rng);
    CAPTURE(xcover::to_dlx(problem));
    xcover::Solver solver(problem, xcover::Layout::bitsets);
    const SolutionSet expected = engine(solver, false, xcover::ItemChoice::first_shortest);
    const xcover::Count nodes = solver.statistics().nodes;
    CHECK(engine(solver, false, xcover::ItemChoice::most_clashes) == expected);
    smaller += solver.statistics().nodes < nodes;
    larger += solver.statistics().nodes > nodes;
  }
  CHECK(smaller + larger > 0);  // it did choose other items
}

// (The links refuse SearchOptions::propagate and most_clashes, which they
// do not follow: test_layouts.cpp.)

TEST_CASE("with over a thousand items the links still branch as DLX1 does") {
  // From 1,024 primary items on, the links stop their scan at the first
  // item of length one when no item can have length zero (see links.hpp).
  // Random problems padded with 1,100 forced items, spread among their own
  // items and options: the links' node counts level by level must equal
  // the bit sets', which always scan every item.
  std::mt19937 rng(47);
  for (int round = 0; round < xcover::test::slow_run_share(200); ++round) {
    const std::string text = xcover::to_dlx(random_problem(rng));
    std::istringstream in(text);
    std::string items_line;
    std::getline(in, items_line);
    const std::size_t bar = items_line.find('|');
    std::istringstream primaries(items_line.substr(0, bar));
    std::vector<std::string> items;
    for (std::string item; primaries >> item;) items.push_back(item);
    std::vector<std::string> options;
    for (std::string line; std::getline(in, line);) options.push_back(line);
    for (int k = 0; k < 1100; ++k) {
      const std::string name = "f" + std::to_string(k);
      items.insert(items.begin() + std::uniform_int_distribution<std::size_t>(0, items.size())(rng),
                   name);
      options.insert(
          options.begin() + std::uniform_int_distribution<std::size_t>(0, options.size())(rng),
          name);
    }
    std::string padded;
    for (const std::string& item : items) padded += item + ' ';
    if (bar != std::string::npos) padded += items_line.substr(bar);
    padded += '\n';
    for (const std::string& option : options) padded += option + '\n';
    CAPTURE(text);
    const xcover::Problem problem = xcover::parse_dlx(padded).problem;
    xcover::Statistics stats[3];
    const xcover::Layout layouts[3] = {xcover::Layout::links, xcover::Layout::bitsets,
                                       xcover::Layout::sparse};
    for (int k = 0; k < 3; ++k) {
      xcover::Solver solver(problem, layouts[k]);
      static_cast<void>(solver.count());
      stats[k] = solver.statistics();
    }
    CHECK(stats[0].solutions == stats[1].solutions);
    // The sparse sets (which undo by walking the options again beyond 256
    // items) search the links' tree, colours or not.
    CHECK(stats[2].solutions == stats[0].solutions);
    CHECK(stats[2].nodes == stats[0].nodes);
    CHECK(stats[2].level_nodes == stats[0].level_nodes);
    if (problem.color_count() > 0) {  // see the test above
      CHECK(stats[0].nodes <= stats[1].nodes);
      continue;
    }
    CHECK(stats[0].nodes == stats[1].nodes);
    CHECK(stats[0].level_nodes == stats[1].level_nodes);
  }
}

TEST_CASE("the sparse sets search the links' tree: same solutions, order and counts") {
  // Under limits and assumptions too, and with random tie-breaking, whose
  // draws must match. Small problems: each level saves and restores the
  // lengths (see sparse.hpp).
  std::mt19937 rng(2026);
  int cut = 0;
  for (int round = 0; round < xcover::test::slow_run_share(1000); ++round) {
    const xcover::Problem problem = random_problem(rng);
    CAPTURE(round);
    CAPTURE(xcover::to_dlx(problem));
    xcover::SearchOptions options;
    options.random_seed = round % 3 == 1 ? static_cast<std::uint64_t>(round) : 0;
    if (round % 4 == 2) options.solution_limit = 1 + round % 3;
    if (round % 4 == 3) options.node_limit = 1 + round % 7;
    std::vector<int> forced;
    if (round % 5 == 4 && problem.option_count() > 0)
      forced.push_back(std::uniform_int_distribution<int>(0, problem.option_count() - 1)(rng));
    const LayoutRun links = run_layout(problem, xcover::Layout::links, forced, options);
    const LayoutRun sparse = run_layout(problem, xcover::Layout::sparse, forced, options);
    cut += links.status != xcover::Status::exhausted;
    CHECK(links.status == sparse.status);
    CHECK(links.branching == sparse.branching);
    CHECK(links.order == sparse.order);
    CHECK(links.stats.nodes == sparse.stats.nodes);
    CHECK(links.stats.level_nodes == sparse.stats.level_nodes);
    CHECK(links.stats.updates == sparse.stats.updates);
  }
  CHECK(cut > xcover::test::slow_run_share(100));
}

}  // namespace test_bruteforce
