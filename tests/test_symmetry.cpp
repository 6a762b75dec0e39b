// SPDX-License-Identifier: MIT
// Counts split by the problem's symmetries (CountOptions::symmetry,
// src/model/automorphisms.cpp): known counts, the classes of random
// problems made symmetric, the figures and reports of a split count, and
// the solver left as it was.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "cli_support.hpp"
#include "families.hpp"
#include "random_problems.hpp"
#include "xcover/parallel.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/solver.hpp"

namespace test_symmetry {
namespace {

using xcover::Count;
using xcover::Counting;
using xcover::CountOptions;
using xcover::Problem;
using xcover::SearchOptions;
using xcover::Solver;

const CountOptions kPlain{Counting::plain};
const CountOptions kMemo{Counting::memo};

Count plain_count(const Problem& problem) {
  Solver solver(problem);
  return solver.count({}, kPlain).solutions;
}

// `problem` with its options closed under a permutation of its items that
// pairs primary with primary and secondary with secondary items at random
// (an involution), duplicates dropped: a problem with a symmetry.
Problem symmetric(const Problem& problem, std::mt19937& rng) {
  std::vector<int> image(static_cast<std::size_t>(problem.item_count()));
  std::iota(image.begin(), image.end(), 0);
  // (One primary item stays: the symmetry maps its options among themselves.)
  auto pair_up = [&](int first, int last, std::size_t kept) {
    std::vector<int> items(static_cast<std::size_t>(last - first));
    std::iota(items.begin(), items.end(), first);
    std::shuffle(items.begin(), items.end(), rng);
    for (std::size_t k = kept; k + 1 < items.size(); k += 2) {
      image[items[k]] = items[k + 1];
      image[items[k + 1]] = items[k];
    }
  };
  pair_up(0, problem.primary_count(), 1);
  pair_up(problem.primary_count(), problem.item_count(), 0);
  Problem out;
  for (int i = 0; i < problem.item_count(); ++i)
    out.add_item(problem.item_name(i), problem.item_kind(i));
  for (int c = 1; c <= problem.color_count(); ++c) out.add_color(problem.color_name(c));
  std::set<std::vector<std::pair<int, int>>> seen;
  auto add = [&](std::vector<xcover::OptionEntry> entries) {
    std::vector<std::pair<int, int>> key;
    for (const auto& e : entries) key.emplace_back(e.item, e.color);
    std::sort(key.begin(), key.end());
    if (seen.insert(key).second) out.add_option(entries);
  };
  for (int o = 0; o < problem.option_count(); ++o) {
    const auto option = problem.option(o);
    add({option.begin(), option.end()});
    std::vector<xcover::OptionEntry> mapped(option.begin(), option.end());
    for (auto& e : mapped) e.item = image[e.item];
    add(mapped);
  }
  return out;
}

}  // namespace

TEST_CASE(
    "counts split by symmetry are the known counts of queens, Langford pairs and pentominoes") {
  // A000170, n = 4..11; the memo looks for the symmetries before it counts.
  const int queens[] = {2, 10, 4, 40, 92, 352, 724, 2680};
  for (int n = 4; n <= 11; ++n) {
    CAPTURE(n);
    const xcover::QueensProblem q = xcover::make_queens(n);
    Solver solver(q.problem);
    CHECK(solver.count().solutions == Count{queens[n - 4]});
    CHECK(solver.count({}, kMemo).solutions == Count{queens[n - 4]});
    // The first row's options: a column and its mirror image count alike.
    CHECK(solver.statistics().symmetry_options == n);
    CHECK(solver.statistics().symmetry_classes == (n + 1) / 2);
  }
  // A014552, each arrangement and its reversal: the automatic count splits
  // once its plain search has run a while (n = 11: 520,000 nodes).
  const std::pair<int, int> langford[] = {{3, 2}, {4, 2}, {7, 52}, {8, 300}, {11, 35584}};
  for (const auto& [n, count] : langford) {
    CAPTURE(n);
    const xcover::LangfordProblem l = xcover::make_langford(n);
    Solver solver(l.problem);
    CHECK(solver.count().solutions == Count{count});
    if (n == 11) {
      // The value 11's ten places, in five pairs of mirror images.
      CHECK(solver.statistics().symmetry_options == 10);
      CHECK(solver.statistics().symmetry_classes == 5);
    }
  }
  // The twelve pentominoes on 3x20: 2 tilings, each turned 4 ways. The
  // split is at X, whose placements the board's turns map onto each other.
  const auto board = xcover::polyomino::builtin_board("3x20");
  REQUIRE(board);
  const Problem pentominoes =
      xcover::polyomino::make_tiling(*board, xcover::polyomino::pentominoes()).problem;
  Solver solver(pentominoes);
  CHECK(solver.count({}, kMemo).solutions == 8);
  // (X's 18 places along the middle row, each and its mirror image.)
  CHECK(solver.statistics().symmetry_options == 18);
  CHECK(solver.statistics().symmetry_classes == 9);
}

TEST_CASE("the classes of random problems made symmetric count alike") {
  std::mt19937 rng(20261129);
  RandomShape shape;
  shape.most_primaries = 8;
  shape.most_secondaries = 4;
  shape.most_colors = 2;
  shape.most_options = 9;
  shape.density_low = 20;
  shape.density_high = 50;
  int split = 0;
  const int cases = 400;
  for (int t = 0; t < cases; ++t) {
    CAPTURE(t);
    const Problem base = random_problem(rng, shape);
    const Problem problem = t % 4 == 0 ? base : symmetric(base, rng);
    const Count expected = plain_count(problem);
    // The memo looks for the classes before it counts: each class's count
    // (its first option assumed, memoised) times its size.
    Solver solver(problem);
    CHECK(solver.count({}, kMemo).solutions == expected);
    const xcover::Statistics& stats = solver.statistics();
    if (stats.symmetry_classes == 0) continue;
    ++split;
    CHECK(3 * stats.symmetry_classes <= 2 * stats.symmetry_options);
  }
  // (About a quarter of them split. The others' kept item has options the
  // pairing maps to themselves, or an item of fewer options is first.)
  CHECK(split * 5 > cases);
}

TEST_CASE("a split count sums its figures and reports, and leaves the solver as it was") {
  const xcover::LangfordProblem l = xcover::make_langford(11);
  const Problem& problem = l.problem;
  const Count total = 35584;
  Solver solver(problem);
  const xcover::Branching root = solver.branching();
  REQUIRE(solver.count({}, kPlain).solutions == total);
  const Count plain_nodes = solver.statistics().nodes;

  SearchOptions reporting;
  reporting.progress_nodes = 20000;
  Count last_nodes = 0;
  int reports = 0;
  bool monotone = true, bounded = true;
  reporting.on_progress = [&](const xcover::Progress& p) {
    ++reports;
    monotone = monotone && p.nodes >= last_nodes && p.fraction_done >= 0 && p.fraction_done <= 1;
    bounded = bounded && p.solutions <= total;
    last_nodes = p.nodes;
  };
  const xcover::CountResult split = solver.count(reporting);
  CHECK(split.complete());
  CHECK(split.solutions == total);
  const xcover::Statistics stats = solver.statistics();
  CHECK(stats.symmetry_classes == 5);
  CHECK(stats.solutions == total);
  CHECK(stats.nodes < plain_nodes);
  CHECK(stats.plain_trial_nodes >= 4096);  // the search that ran before the split
  CHECK(reports > 3);
  CHECK(monotone);
  CHECK(bounded);
  // The representatives' assumptions are gone.
  CHECK(solver.branching().options == root.options);

  // A callback that throws stops the count and leaves the solver usable.
  SearchOptions throwing;
  throwing.progress_nodes = 50000;
  int calls = 0;
  throwing.on_progress = [&](const xcover::Progress&) {
    if (++calls == 4) throw std::runtime_error("enough");
  };
  CHECK_THROWS_AS((void)solver.count(throwing), std::runtime_error);
  CHECK(solver.branching().options == root.options);
  CHECK(solver.count().solutions == total);

  // A stop within a class: a lower bound, with its status.
  std::atomic<bool> cancel{false};
  SearchOptions cancelled;
  cancelled.cancel = &cancel;
  cancelled.progress_nodes = 100000;
  cancelled.on_progress = [&](const xcover::Progress& p) {
    if (p.nodes > 200000) cancel = true;
  };
  const xcover::CountResult cut = solver.count(cancelled);
  CHECK(cut.status == xcover::Status::cancelled);
  CHECK(cut.solutions < total);
  CHECK(solver.branching().options == root.options);

  // Tree options the memo does not follow: the plain count splits all the same.
  SearchOptions propagating;
  propagating.propagate = true;
  CHECK(solver.count(propagating).solutions == total);
  CHECK(solver.statistics().symmetry_classes == 5);

  // Not asked, or with assumptions: no split.
  CountOptions whole;
  whole.symmetry = false;
  CHECK(solver.count({}, whole).solutions == total);
  CHECK(solver.statistics().symmetry_classes == 0);
  CHECK(solver.statistics().nodes == plain_nodes);
  REQUIRE(solver.assume(root.options[0]));
  const Count first = solver.count().solutions;
  CHECK(solver.statistics().symmetry_classes == 0);
  solver.clear_assumptions();
  Solver by_hand(problem);
  REQUIRE(by_hand.assume(root.options[0]));
  CHECK(by_hand.count({}, kPlain).solutions == first);
}

TEST_CASE("a count looks again when its first look ran out of work, and takes one class") {
  // Steiner triple systems on 9 points (840): the triples through one pair
  // are one class, as the symmetric group maps them onto each other. The
  // automatic count finds it once its search has run a while.
  const Problem problem = triple_systems(9);
  Solver solver(problem);
  CHECK(solver.count().solutions == 840);
  CHECK(solver.statistics().symmetry_options == 7);
  CHECK(solver.statistics().symmetry_classes == 1);
  // Partitions of a 7-set (A000110): symmetric too, but the memo pays.
  const Problem sets = partitions(7);
  Solver memo(sets);
  CHECK(memo.count().solutions == 877);
}

TEST_CASE("a memoised count splits too, sharing its memo between the classes") {
  // A001147: 11!! perfect matchings of 12 points.
  const Problem problem = matchings(12);
  Solver solver(problem);
  CHECK(solver.count({}, kMemo).solutions == 10395);
  CHECK(solver.statistics().symmetry_classes == 1);
  CHECK(solver.statistics().symmetry_options == 11);
  CHECK(solver.statistics().layout == xcover::Layout::memo);
}

TEST_CASE("--stats says where a count split by symmetry, and --no-symmetry counts whole") {
  using xcover::test::run_cli;
  const auto split = run_cli("langford 11 --count --stats --threads 1");
  REQUIRE(split.exit_code == 0);
  CHECK(split.out == "35584\n");
  CHECK(split.err.find("\nsymmetry options 10\nsymmetry classes 5\n") != std::string::npos);
  const auto whole = run_cli("langford 11 --count --stats --threads 1 --no-symmetry");
  REQUIRE(whole.exit_code == 0);
  CHECK(whole.out == "35584\n");
  CHECK(whole.err.find("symmetry") == std::string::npos);
  const auto usage = run_cli("langford 11 --no-symmetry");
  CHECK(usage.exit_code == 2);
  CHECK(usage.err.find("--no-symmetry applies to --count") != std::string::npos);
}

}  // namespace test_symmetry

namespace test_symmetry {

// Stops a split count on two threads at its k-th progress report, for
// several k (so that some classes have ended and others not, all counted
// in one queue), and checks that going on counts exactly.
void check_stops_later(const Problem& problem, Count total) {
  for (int stop_at : {2, 5, 12}) {
    CAPTURE(stop_at);
    xcover::ParallelOptions options;
    options.threads = 2;
    std::atomic<bool> cancel{false};
    int reports = 0;
    options.search.cancel = &cancel;
    options.search.progress_seconds = 0.001;
    options.search.on_progress = [&](const xcover::Progress&) {
      if (++reports == stop_at) cancel = true;
    };
    xcover::ParallelSearch search(problem, options);
    if (search.run() == xcover::Status::exhausted) {
      CHECK(search.statistics().solutions == total);
      continue;
    }
    CHECK(search.checkpoint().solutions < total);
    cancel = false;
    CHECK(search.run() == xcover::Status::exhausted);
    CHECK(search.statistics().solutions == total);
  }
}

TEST_CASE("a parallel count splits too, and a stop within it leaves the work whole and exact") {
  const xcover::LangfordProblem l = xcover::make_langford(12);
  const Problem& problem = l.problem;
  const Count total = 216288;
  xcover::ParallelOptions options;
  options.threads = 2;
  {
    xcover::ParallelSearch search(problem, options);
    REQUIRE(search.run() == xcover::Status::exhausted);
    CHECK(search.statistics().solutions == total);
    CHECK(search.statistics().symmetry_options == 11);
    CHECK(search.statistics().symmetry_classes == 6);
  }
  {
    // The seconds hold the plain trial before the split, as a Solver's do:
    // 12-queens' classes take its two threads about as long as the trial.
    const xcover::QueensProblem queens = xcover::make_queens(12);
    xcover::ParallelSearch search(queens.problem, options);
    REQUIRE(search.run() == xcover::Status::exhausted);
    const xcover::Statistics& st = search.statistics();
    CHECK(st.solutions == 14200);
    CHECK(st.symmetry_classes > 0);
    CHECK(st.plain_trial_nodes > 0);
    CHECK(st.seconds > st.plain_trial_seconds);
  }
  // Cancelled within the classes (at the first report, which comes from
  // the workers: the trial before them reports nothing): the checkpoint
  // holds the work left as plain pieces, and both going on and resuming it
  // count exactly. (Should every class end before the watcher's first
  // look, 10 ms, the count is whole: checked, and said.)
  std::atomic<bool> cancel{false};
  bool armed = true;
  options.search.cancel = &cancel;
  options.search.progress_seconds = 0.001;
  options.search.on_progress = [&](const xcover::Progress&) {
    if (armed) cancel = true;
  };
  xcover::ParallelSearch search(problem, options);
  const xcover::Status first = search.run();
  if (first == xcover::Status::exhausted) {
    MESSAGE("the split count ended before the first report: nothing to stop");
    CHECK(search.statistics().solutions == total);
    return;
  }
  REQUIRE(first == xcover::Status::cancelled);
  check_stops_later(problem, total);
  const xcover::Checkpoint left = search.checkpoint();
  CHECK_NOTHROW(xcover::check_checkpoint(problem, left));
  CHECK(left.solutions < total);
  CHECK(left.pending.size() > 1);
  armed = false;
  cancel = false;
  CHECK(search.run() == xcover::Status::exhausted);
  CHECK(search.statistics().solutions == total);
  xcover::ParallelSearch resumed(problem, options);
  resumed.resume(left);
  CHECK(resumed.run() == xcover::Status::exhausted);
  CHECK(resumed.statistics().solutions == total);
  // Not asked: the workers count it whole.
  options.count.symmetry = false;
  xcover::ParallelSearch whole(problem, options);
  CHECK(whole.run() == xcover::Status::exhausted);
  CHECK(whole.statistics().solutions == total);
  CHECK(whole.statistics().symmetry_classes == 0);
}

}  // namespace test_symmetry
