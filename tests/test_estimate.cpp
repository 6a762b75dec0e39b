// SPDX-License-Identifier: MIT
// Solver::estimate and `--estimate`: Knuth's Monte Carlo estimate of the
// search tree. Each probe is one root-to-leaf path of the tree the search
// explores, weighted by the product of the degrees above each node; checked
// path by path against the tree walked through branching() and assume(),
// exactly on trees whose paths all look alike, and within a stated factor
// of the true counts on queens and pentominoes.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "random_problems.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/solver.hpp"

namespace test_estimate {

namespace {

constexpr xcover::Layout kLayouts[] = {xcover::Layout::links, xcover::Layout::bitsets};

// The tree of the search, walked through the public API: a node is the
// options forced on the way to it; branching() gives its children. Each
// root-to-leaf path, with the value a probe along it must return (nodes:
// the sum over the path of the product of the degrees above each node;
// solutions: that product at a solution, else 0) and the probability that a
// probe takes it (the product of 1/degree).
struct Path {
  double nodes = 0;
  double solutions = 0;
  double probability = 1;
};

struct Tree {
  std::uint64_t nodes = 0;  // every node, as the search counts them
  std::vector<Path> paths;
};

// `drops_dead`: the layout drops an option whose commit leaves a primary
// item without options, entering no node for it (the links and the sparse
// sets with colours): such a child is a dead end that is no node.
void walk(xcover::Solver& solver, std::vector<int>& forced, double weight, Path path, Tree& tree,
          bool drops_dead) {
  solver.clear_assumptions();
  REQUIRE(solver.assume(forced));
  const xcover::Branching b = solver.branching();
  if (drops_dead && !forced.empty() && !b.solved && b.options.empty()) {
    tree.paths.push_back(path);
    return;
  }
  tree.nodes += 1;
  path.nodes += weight;
  if (b.solved) path.solutions = weight;
  if (b.solved || b.options.empty()) {
    tree.paths.push_back(path);
    return;
  }
  const double degree = static_cast<double>(b.options.size());
  path.probability /= degree;
  for (int option : b.options) {
    forced.push_back(option);
    walk(solver, forced, weight * degree, path, tree, drops_dead);
    forced.pop_back();
  }
}

Tree walk_tree(const xcover::Problem& problem, xcover::Layout layout) {
  xcover::Solver solver(problem, layout);
  std::vector<int> forced;
  Tree tree;
  bool colours = false;
  for (int o = 0; o < problem.option_count(); ++o)
    for (const xcover::OptionEntry& e : problem.option(o)) colours = colours || e.color != 0;
  walk(solver, forced, 1, Path{}, tree, colours && solver.layout() != xcover::Layout::bitsets);
  return tree;
}

// Small random problems with secondary items and colours (as in
// test_bruteforce.cpp), with enough options to make trees of a few levels.
xcover::Problem random_problem(std::mt19937& rng) {
  RandomShape shape;
  shape.most_primaries = 6;
  shape.most_options = 14;
  shape.density_low = shape.density_high = 35;
  return random_problem(rng, shape);
}

// The true counts, from a search on one thread.
xcover::Statistics true_counts(const xcover::Problem& problem,
                               xcover::Layout layout = xcover::Layout::automatic) {
  xcover::Solver solver(problem, layout);
  // (Plainly: the whole tree, not one split by symmetry.)
  REQUIRE(solver.count({}, {xcover::Counting::plain}).complete());
  return solver.statistics();
}

// Whether `estimate` is within a factor `factor` of `truth` (both positive).
bool within(double estimate, double truth, double factor) {
  return estimate >= truth / factor && estimate <= truth * factor;
}

xcover::Problem pentomino_problem(const char* names, const char* board) {
  std::vector<xcover::polyomino::PolyominoPiece> pieces;
  for (const auto& piece : xcover::polyomino::pentominoes())
    if (std::string(names).find(piece.name) != std::string::npos) pieces.push_back(piece);
  return xcover::polyomino::make_tiling(*xcover::polyomino::builtin_board(board), pieces).problem;
}

}  // namespace

TEST_CASE("each probe is a path of the tree, and their mean over all paths is the true count") {
  std::mt19937 rng(20261123);
  int trees_with_branches = 0;
  for (int round = 0; round < 150; ++round) {
    const xcover::Problem problem = random_problem(rng);
    for (const xcover::Layout layout : kLayouts) {
      CAPTURE(round);
      const std::string layout_name = xcover::to_string(layout);
      CAPTURE(layout_name);
      const Tree tree = walk_tree(problem, layout);
      const xcover::Statistics truth = true_counts(problem, layout);
      // The walk is the search's tree...
      REQUIRE(tree.nodes == truth.nodes);
      // ... and Knuth's estimator is unbiased: the expectation over the
      // paths is the count, exactly (up to rounding).
      double expected_nodes = 0, expected_solutions = 0;
      std::map<std::pair<double, double>, double> chance;  // (nodes, solutions) -> probability
      for (const Path& p : tree.paths) {
        expected_nodes += p.probability * p.nodes;
        expected_solutions += p.probability * p.solutions;
        chance[{p.nodes, p.solutions}] += p.probability;
      }
      CHECK(expected_nodes == doctest::Approx(static_cast<double>(truth.nodes)).epsilon(1e-12));
      CHECK(expected_solutions ==
            doctest::Approx(static_cast<double>(truth.solutions)).epsilon(1e-12));
      if (tree.paths.size() > 1) ++trees_with_branches;
      // One probe is one path: its values are exactly those of a path.
      xcover::Solver solver(problem, layout);
      std::map<std::pair<double, double>, int> seen;
      const int probes = 200;
      for (std::uint64_t seed = 0; seed < probes; ++seed) {
        const xcover::Estimate e = solver.estimate(1, seed);
        REQUIRE(e.status == xcover::Status::exhausted);
        REQUIRE(e.probes == 1);
        CHECK(e.nodes_spread == 0);
        REQUIRE(chance.count({e.nodes, e.solutions}) == 1);
        ++seen[{e.nodes, e.solutions}];
      }
      // ... taken about as often as its probability says: a path of
      // probability q is seen 200 q times, give or take 5 standard deviations.
      for (const auto& [values, q] : chance) {
        const double mean = probes * q, deviation = std::sqrt(probes * q * std::max(0.0, 1 - q));
        CHECK(std::abs(seen[values] - mean) <= 5 * deviation + 1);
      }
    }
  }
  CHECK(trees_with_branches > 100);
}

TEST_CASE("where every path looks alike, the estimate is exact with no spread") {
  // Items r0..r{n-1} and c0..c{n-1}, an option for every (r, c): the
  // permutations of n; every node at depth k has n - k children.
  for (int n = 1; n <= 6; ++n) {
    xcover::Problem problem;
    for (int i = 0; i < n; ++i) problem.add_primary("r" + std::to_string(i));
    for (int i = 0; i < n; ++i) problem.add_primary("c" + std::to_string(i));
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) problem.add_option({{r, 0}, {n + c, 0}});
    for (const xcover::Layout layout : kLayouts) {
      const xcover::Statistics truth = true_counts(problem, layout);
      xcover::Solver solver(problem, layout);
      const xcover::Estimate e = solver.estimate(50, 7);
      CHECK(e.probes == 50);
      CHECK(e.nodes == static_cast<double>(truth.nodes));
      CHECK(e.solutions == static_cast<double>(truth.solutions));
      CHECK(e.updates == static_cast<double>(truth.updates));
      CHECK(e.nodes_spread == 0);
      CHECK(e.solutions_spread == 0);
    }
  }
  // Queens 5: every path has the same degrees too (10 solutions, 46 nodes).
  const xcover::QueensProblem queens = xcover::make_queens(5);
  const xcover::Statistics truth = true_counts(queens.problem);
  xcover::Solver solver(queens.problem);
  const xcover::Estimate e = solver.estimate(100, 3);
  CHECK(e.nodes == static_cast<double>(truth.nodes));
  CHECK(e.solutions == 10);
  CHECK(e.solutions_spread == 0);
}

TEST_CASE("estimates of queens and pentominoes are within the stated factors") {
  // The factors the README states: nodes within 1.5, solutions within 2,
  // with the probes below and a fixed seed.
  for (int n = 6; n <= 10; ++n) {
    CAPTURE(n);
    const xcover::QueensProblem queens = xcover::make_queens(n);
    const xcover::Statistics truth = true_counts(queens.problem);
    xcover::Solver solver(queens.problem);
    const xcover::Estimate e = solver.estimate(1000, 1);
    CHECK(within(e.nodes, static_cast<double>(truth.nodes), 1.5));
    CHECK(within(e.updates, static_cast<double>(truth.updates), 1.5));
    CHECK(within(e.solutions, static_cast<double>(truth.solutions), 2));
    CHECK(e.seconds >= 0);
    CHECK(std::isfinite(e.seconds));
  }
  // Six pentominoes on a 5x6 board (56 tilings), and all twelve on 3x20
  // (only 8 tilings: the solutions lie on paths too rare for a probe to
  // meet, so only the nodes are checked).
  {
    const xcover::Problem problem = pentomino_problem("LNPUVY", "5x6");
    const xcover::Statistics truth = true_counts(problem);
    xcover::Solver solver(problem);
    const xcover::Estimate e = solver.estimate(10000, 1);
    CHECK(within(e.nodes, static_cast<double>(truth.nodes), 1.5));
    CHECK(within(e.solutions, static_cast<double>(truth.solutions), 2));
  }
  {
    const xcover::Problem problem = pentomino_problem("FILNPTUVWXYZ", "3x20");
    const xcover::Statistics truth = true_counts(problem);
    xcover::Solver solver(problem);
    const xcover::Estimate e = solver.estimate(10000, 1);
    CHECK(within(e.nodes, static_cast<double>(truth.nodes), 1.5));
    CHECK(within(e.updates, static_cast<double>(truth.updates), 1.5));
  }
}

TEST_CASE(
    "an estimate is deterministic for a seed, and the same with every layout and kernel set") {
  const xcover::QueensProblem queens = xcover::make_queens(9);
  xcover::Solver links(queens.problem, xcover::Layout::links);
  xcover::Solver bitsets(queens.problem, xcover::Layout::bitsets);
  const xcover::Estimate a = links.estimate(300, 42);
  const xcover::Estimate b = links.estimate(300, 42);
  const xcover::Estimate c = bitsets.estimate(300, 42);
  for (const xcover::Estimate* other : {&b, &c}) {
    CHECK(a.nodes == other->nodes);
    CHECK(a.updates == other->updates);  // (no colours: the same updates)
    CHECK(a.solutions == other->solutions);
    CHECK(a.nodes_spread == other->nodes_spread);
    CHECK(a.solutions_spread == other->solutions_spread);
  }
  const xcover::Estimate d = links.estimate(300, 43);
  CHECK(d.nodes != a.nodes);
  // Every kernel set this processor runs gives the same figures.
  for (const xcover::Kernels kernels : {xcover::Kernels::baseline, xcover::Kernels::avx2,
                                        xcover::Kernels::avx512, xcover::Kernels::avx512icl}) {
    if (!xcover::supports(kernels)) continue;
    for (const xcover::Layout layout : kLayouts) {
      xcover::Solver solver(queens.problem, layout, kernels);
      const xcover::Estimate e = solver.estimate(300, 42);
      CHECK(e.nodes == a.nodes);
      CHECK(e.updates == a.updates);
      CHECK(e.solutions == a.solutions);
    }
  }
}

TEST_CASE("an estimate follows the assumptions and leaves the solver as it was") {
  const xcover::QueensProblem queens = xcover::make_queens(8);
  for (const xcover::Layout layout : kLayouts) {
    xcover::Solver solver(queens.problem, layout);
    const xcover::Statistics before = true_counts(queens.problem, layout);
    (void)solver.estimate(100, 5);
    const xcover::CountResult count = solver.count();
    CHECK(count.solutions == 92);
    CHECK(solver.statistics().nodes == before.nodes);
    // Under an assumption: the estimate is of the subtree.
    REQUIRE(solver.assume(0));
    const xcover::CountResult sub = solver.count();
    const xcover::Count sub_nodes = solver.statistics().nodes;
    const xcover::Estimate e = solver.estimate(2000, 5);
    CHECK(within(e.nodes, static_cast<double>(sub_nodes), 1.5));
    CHECK(within(e.solutions, static_cast<double>(sub.solutions), 2));
    // An assumption that conflicts: nothing to search.
    solver.clear_assumptions();
    REQUIRE(solver.assume(0));
    CHECK_FALSE(solver.assume(1));  // the same row
    const xcover::Estimate none = solver.estimate(10, 5);
    CHECK(none.probes == 10);
    CHECK(none.nodes == 0);
    CHECK(none.solutions == 0);
  }
}

TEST_CASE("an estimate stops on cancellation and the time limit, and refuses re-entry") {
  const xcover::QueensProblem queens = xcover::make_queens(10);
  xcover::Solver solver(queens.problem);
  std::atomic<bool> cancel{true};
  xcover::EstimateOptions options;
  options.cancel = &cancel;
  const xcover::Estimate cancelled = solver.estimate(1000, 1, options);
  CHECK(cancelled.status == xcover::Status::cancelled);
  CHECK(cancelled.probes == 0);
  CHECK(cancelled.nodes == 0);

  options = {};
  options.time_limit = 1e-6;
  const xcover::Estimate timed = solver.estimate(1'000'000'000, 1, options);
  CHECK(timed.status == xcover::Status::time_limit);
  CHECK(timed.probes < 1'000'000'000);

  // (Limits of solutions and nodes, and progress reports, which an estimate
  // would not follow, cannot be given to it: test_layouts.cpp.)

  // The solver is usable afterwards.
  CHECK(solver.count().solutions == 724);
  // From inside its own search: refused.
  bool refused = false;
  (void)solver.search([&](const xcover::Solution&) {
    try {
      (void)solver.estimate(1);
    } catch (const xcover::Error&) {
      refused = true;
    }
    return false;
  });
  CHECK(refused);
  CHECK(solver.count().solutions == 724);
}

TEST_CASE("xcover solve --estimate prints the estimate, one figure a line") {
  using xcover::test::lines_of;
  using xcover::test::run_cli;
  const std::string file = xcover::test::temp_file(
      [] {
        std::ostringstream out;
        xcover::write_dlx(out, xcover::make_queens(8).problem);
        return out.str();
      }(),
      ".dlx");
  const auto r = run_cli("solve " + file + " --estimate 2000 --seed 3");
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  const auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 5);
  CHECK(lines[0] == "probes 2000");
  const char* names[] = {"nodes ", "updates ", "solutions ", "seconds "};
  for (int i = 0; i < 4; ++i) {
    CAPTURE(lines[i + 1]);
    CHECK(lines[i + 1].rfind(names[i], 0) == 0);
    CHECK(lines[i + 1].find(" +- ") != std::string::npos);
  }
  // The figures are the library's, and near the truth (queens 8: 1049
  // nodes and 92 solutions on one thread).
  const xcover::Statistics truth = true_counts(xcover::make_queens(8).problem);
  const double nodes = std::stod(lines[1].substr(6));
  const double solutions = std::stod(lines[3].substr(10));
  CHECK(within(nodes, static_cast<double>(truth.nodes), 1.5));
  CHECK(within(solutions, 92, 2));
  // Deterministic for the seed (but for the time).
  const auto again = run_cli("solve " + file + " --estimate 2000 --seed 3");
  CHECK(lines_of(again.out)[1] == lines[1]);
  CHECK(lines_of(again.out)[3] == lines[3]);
  // The puzzle commands share it.
  const auto q = run_cli("queens 8 --estimate 2000 --seed 3");
  CHECK(q.exit_code == 0);
  CHECK(lines_of(q.out)[1] == lines[1]);
}

TEST_CASE("xcover --estimate: usage errors, a time limit and Ctrl-C") {
  using xcover::test::run_cli;
  const std::string problem = "a b\na\nb\na b\n";
  for (const char* bad : {"0", "-1", "many", "", "18446744073709551616"}) {
    CAPTURE(bad);
    const auto r = run_cli(std::string("solve --estimate '") + bad + "'", problem);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--estimate must be a whole number from 1 to 2^64 - 1, not '" +
                     std::string(bad) + "'") != std::string::npos);
  }
  for (const char* other : {"--count", "--limit 3", "--node-limit 5"}) {
    CAPTURE(other);
    const auto r = run_cli(std::string("solve --estimate 10 ") + other, problem);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--estimate does not go with") != std::string::npos);
  }
  // Probes that outlast the time limit: exit status 3, the estimate so far.
  const auto t = run_cli("queens 12 --estimate 1000000000 --time-limit 0.2");
  CHECK(t.exit_code == 3);
  CHECK(t.err.find("xcover: time limit reached after ") == 0);
  CHECK(t.out.rfind("probes ", 0) == 0);
  // Ctrl-C: exit status 130.
  const auto c = xcover::test::run_script(
      "\"$XCOVER\" queens 12 --estimate 1000000000 --time-limit 30 & pid=$!; handled $pid; sleep "
      "0.3; "
      "kill -INT $pid; wait $pid");
  CHECK(c.exit_code == 130);
  CHECK(c.err.find("xcover: interrupted after ") == 0);
}

TEST_CASE("estimate: a problem with multiplicities is refused, the solver stays usable") {
  xcover::Problem p;
  p.add_primary("a", 0, 2);
  p.add_primary("b");
  p.add_option({"a", "b"});
  p.add_option({"a"});
  p.add_option({"b"});
  xcover::Solver solver(p);
  CHECK_THROWS_WITH_AS(static_cast<void>(solver.estimate(10)), doctest::Contains("multiplicities"),
                       xcover::ProblemError);
  // b once, a 0 to 2 times, each option at most once: {ab}, {b}, {ab, a}, {b, a}.
  CHECK(solver.count().solutions == 4);
}

}  // namespace test_estimate
