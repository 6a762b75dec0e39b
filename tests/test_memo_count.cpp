// SPDX-License-Identifier: MIT
// Memoised counting (Counting::memo): the counts of known families (OEIS),
// the same counts as a brute force on random problems with colours and
// assumptions, exact past 2^64 and refused past 2^128, a small memo that
// must give way, limits and callbacks, the options it refuses, and the
// automatic choice.
#include <doctest/doctest.h>

#include <atomic>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "error_of.hpp"
#include "families.hpp"
#include "random_problems.hpp"
#include "slow_run.hpp"
#include "xcover/parallel.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/solver.hpp"

namespace test_memo_count {

namespace {

using xcover::Count;
using xcover::Counting;
using xcover::CountOptions;
using xcover::Layout;
using xcover::Problem;
using xcover::SearchOptions;
using xcover::Solver;
using xcover::Status;

// (The memo's own figures: not split by symmetry, which test_symmetry.cpp tests.)
const CountOptions kMemo{Counting::memo, 0, false};
const CountOptions kPlain{Counting::plain};

Count memo_count(const Problem& problem) {
  Solver solver(problem);
  const xcover::CountResult result = solver.count({}, kMemo);
  CHECK(result.status == Status::exhausted);
  CHECK(solver.statistics().layout == Layout::memo);
  return result.solutions;
}

Count brute_force(const Problem& problem, const std::vector<int>& forced) {
  Count found = 0;
  for (unsigned mask = 0; mask < (1u << problem.option_count()); ++mask) {
    bool holds = true;
    for (const int k : forced) holds = holds && (mask >> k & 1u);
    if (holds && is_solution(problem, mask)) ++found;
  }
  return found;
}

}  // namespace

TEST_CASE("memoised counts of known families (OEIS)") {
  // A001147: (n-1)!! perfect matchings of n points.
  Count double_factorial = 1;
  for (int n = 2; n <= 24; n += 2) {
    double_factorial *= n - 1;
    CHECK(memo_count(matchings(n)) == double_factorial);
  }
  // A000110: Bell numbers.
  const std::vector<std::uint64_t> bell = {1, 2, 5, 15, 52, 203, 877, 4140, 21147, 115975};
  for (int n = 1; n <= 10; ++n) CHECK(memo_count(partitions(n)) == bell[n - 1]);
  // A004003: domino tilings of the 2n x 2n board; odd boards have none.
  CHECK(memo_count(dominoes(2)) == 2);
  CHECK(memo_count(dominoes(3)) == 0);
  CHECK(memo_count(dominoes(4)) == 36);
  CHECK(memo_count(dominoes(8)) == 12988816);
  CHECK(memo_count(dominoes(12)) == Count(53060477521960000ull));
  // A030128: labelled Steiner triple systems on 7 and 9 points (none on 8).
  CHECK(memo_count(triple_systems(7)) == 30);
  CHECK(memo_count(triple_systems(8)) == 0);
  CHECK(memo_count(triple_systems(9)) == 840);
  // A002860 and A000315: Latin squares of orders 1-5, reduced ones of 6.
  const std::vector<std::uint64_t> latin = {1, 2, 12, 576, 161280};
  for (int n = 1; n <= 5; ++n) CHECK(memo_count(latin_squares(n, false)) == latin[n - 1]);
  CHECK(memo_count(latin_squares(6, true)) == 9408);
  // Kirkman's schoolgirls on 9 points: the 840 Steiner systems are the affine
  // plane of order 3 relabelled, each resolved one way into 4 parallel
  // classes, which the 4 numbered days order in 4! ways.
  CHECK(memo_count(kirkman_systems(9)) == 840 * 24);
  // Past 2^64 (half a second; the sanitizer run leaves it to the plain run).
  if (!XCOVER_TEST_SLOW_RUN)
    CHECK(xcover::to_string(memo_count(dominoes(14))) == "112202208776036178000000");
}

TEST_CASE("memoised counts equal a brute force on random problems with colours and assumptions") {
  std::mt19937 rng(20261126);
  const RandomShape shape = counting_shape();
  const int cases = xcover::test::slow_run_share(800);
  int nonzero = 0;
  for (int t = 0; t < cases; ++t) {
    const Problem problem = random_problem(rng, shape);
    Solver solver(problem);
    std::vector<int> forced;
    if (t % 3 == 1 && problem.option_count() > 0)
      forced.push_back(static_cast<int>(rng() % static_cast<unsigned>(problem.option_count())));
    if (t % 6 == 2 && problem.option_count() > 1)
      forced.push_back(static_cast<int>(rng() % static_cast<unsigned>(problem.option_count())));
    for (const int k : forced) (void)solver.assume(k);
    const Count expected = brute_force(problem, forced);
    const xcover::CountResult memo = solver.count({}, kMemo);
    CAPTURE(t);
    REQUIRE(memo.status == Status::exhausted);
    CHECK(memo.solutions == expected);
    // The solver is as it was: a plain count after the memo agrees.
    CHECK(solver.count({}, kPlain).solutions == expected);
    CHECK(solver.statistics().layout != Layout::memo);
    if (expected != 0) ++nonzero;
  }
  CHECK(nonzero > cases / 4);
}

TEST_CASE("memoised counts on 1, 2 and 4 threads equal a brute force, with and without colours") {
  std::mt19937 rng(20261127);
  RandomShape shape = counting_shape();
  const int cases = xcover::test::slow_run_share(150);
  for (int t = 0; t < cases; ++t) {
    CAPTURE(t);
    if (t == cases / 2) shape.most_colors = 0;  // then without colours
    const Problem problem = random_problem(rng, shape);
    const Count expected = brute_force(problem, {});
    for (const unsigned threads : {1u, 2u, 4u}) {
      CAPTURE(threads);
      xcover::ParallelOptions options;
      options.threads = threads;
      options.count = kMemo;
      xcover::ParallelSearch search(problem, options);
      REQUIRE(search.run() == Status::exhausted);
      CHECK(search.statistics().solutions == expected);
    }
  }
  // Big enough for every thread to search: the same counts, and the memo's
  // figures add up the threads'.
  const std::vector<Problem> known = {matchings(16), dominoes(8), partitions(9)};
  const std::vector<Count> counts = {2027025, 12988816, 21147};
  for (std::size_t k = 0; k < known.size(); ++k) {
    for (const unsigned threads : {2u, 4u}) {
      xcover::ParallelOptions options;
      options.threads = threads;
      options.count = kMemo;
      xcover::ParallelSearch search(known[k], options);
      REQUIRE(search.run() == Status::exhausted);
      CHECK(search.statistics().solutions == counts[k]);
      CHECK(search.statistics().threads == threads);
      CHECK(search.statistics().layout == Layout::memo);
      CHECK(search.statistics().memo_entries > 0);
    }
  }
  // Cancelled from the start: every thread stops, and the count says so.
  std::atomic<bool> cancel{true};
  xcover::ParallelOptions cancelled;
  cancelled.threads = 2;
  cancelled.count = kMemo;
  cancelled.search.cancel = &cancel;
  const Problem big = matchings(24);
  xcover::ParallelSearch stopped(big, cancelled);
  CHECK(stopped.run() == Status::cancelled);
}

namespace {

// The disjoint union of `parts` (their items renamed apart), plus options
// that each join two random primary items of two parts (`bridges`).
Problem joined(const std::vector<Problem>& parts, int bridges, std::mt19937& rng) {
  Problem p;
  std::vector<std::vector<int>> item(parts.size());
  std::vector<int> color_base(parts.size());
  for (std::size_t k = 0; k < parts.size(); ++k) {
    item[k].resize(static_cast<std::size_t>(parts[k].item_count()));
    for (int i = 0; i < parts[k].primary_count(); ++i)
      item[k][i] = p.add_primary(numbered(static_cast<char>('a' + k), i));
  }
  for (std::size_t k = 0; k < parts.size(); ++k) {
    for (int i = parts[k].primary_count(); i < parts[k].item_count(); ++i)
      item[k][i] = p.add_secondary(numbered('s', static_cast<int>(k) * 100 + i));
    color_base[k] = p.color_count();
    for (int c = 1; c <= parts[k].color_count(); ++c)
      p.add_color(numbered('c', static_cast<int>(k) * 100 + c));
  }
  for (std::size_t k = 0; k < parts.size(); ++k) {
    for (int o = 0; o < parts[k].option_count(); ++o) {
      std::vector<xcover::OptionEntry> entries;
      for (const xcover::OptionEntry& e : parts[k].option(o))
        entries.push_back({item[k][e.item], e.color ? e.color + color_base[k] : 0});
      p.add_option(entries);
    }
  }
  for (int b = 0; b < bridges; ++b) {
    const std::size_t x = rng() % parts.size(),
                      y = (x + 1 + rng() % (parts.size() - 1)) % parts.size();
    const int i = static_cast<int>(rng() % static_cast<unsigned>(parts[x].primary_count()));
    const int j = static_cast<int>(rng() % static_cast<unsigned>(parts[y].primary_count()));
    p.add_option({xcover::OptionEntry{item[x][i]}, xcover::OptionEntry{item[y][j]}});
  }
  return p;
}

}  // namespace

TEST_CASE("a sub-problem that falls into parts is counted part by part, and the counts multiply") {
  // Two perfect matchings side by side: 945 x 945.
  std::mt19937 rng(271828);
  const Problem two = joined({matchings(10), matchings(10)}, 0, rng);
  Solver solver(two);
  CHECK(solver.count({}, kMemo).solutions == 945 * 945);
  CHECK(solver.statistics().memo_splits == 1);
  // Random parts with colours, joined by a few options or none: parts
  // appear at the root or deeper; the counts are plain search's.
  RandomShape shape;
  shape.most_primaries = 4;
  shape.most_secondaries = 2;
  shape.most_colors = 2;
  shape.most_options = 8;
  shape.density_low = 30;
  shape.density_high = 60;
  const int cases = xcover::test::slow_run_share(300);
  Count splits = 0;
  for (int t = 0; t < cases; ++t) {
    CAPTURE(t);
    const Problem a = random_problem(rng, shape), b = random_problem(rng, shape),
                  c = random_problem(rng, shape);
    const Problem problem = joined({a, b, c}, t % 3, rng);
    Solver plain(problem), memo(problem);
    const Count expected = plain.count({}, kPlain).solutions;
    REQUIRE(memo.count({}, kMemo).solutions == expected);
    splits += memo.statistics().memo_splits;
    // Cut short, a count is a lower bound.
    SearchOptions few;
    few.node_limit = 3;
    const xcover::CountResult cut = memo.count(few, kMemo);
    CHECK(cut.solutions <= expected);
    // And the solver is as it was.
    CHECK(memo.count({}, kMemo).solutions == expected);
  }
  // (Many of these problems have an item no option covers: a dead end, seen
  // before any split. Some 40% of them split somewhere.)
  CHECK(splits * 4 > cases);
}

TEST_CASE("a memoised count is exact up to 2^128 - 1 and throws CountOverflow past it") {
  CHECK(memo_count(doubled(127)) == Count::from_halves(std::uint64_t{1} << 63, 0));
  const Problem too_many = doubled(128);
  Solver solver(too_many);
  CHECK(error_of([&] { (void)solver.count({}, kMemo); }) ==
        "the number of solutions passes 2^128 - 1: no exact count");
  CHECK_THROWS_AS((void)solver.count({}, kMemo), xcover::CountOverflow);
  // The links were restored: the solver counts the half that holds option 0.
  REQUIRE(solver.assume(0));
  CHECK(solver.count({}, kMemo).solutions == Count::from_halves(std::uint64_t{1} << 63, 0));
  solver.clear_assumptions();
  SearchOptions first;
  first.solution_limit = 3;
  CHECK(solver.count(first).solutions == 3);
}

TEST_CASE("a memo too small for the count gives way and the count stays exact") {
  const Problem problem = matchings(18);
  Solver solver(problem);
  (void)solver.count({}, kMemo);
  const xcover::Statistics roomy = solver.statistics();
  CHECK(roomy.memo_entries > 4000);
  CountOptions tight = kMemo;
  tight.memo_bytes = 64 * 1024;  // the first table alone: 1,024 entries
  const xcover::CountResult result = solver.count({}, tight);
  CHECK(result.solutions == Count(34459425));  // 17!!
  const xcover::Statistics& cramped = solver.statistics();
  CHECK(cramped.memo_entries <= 1024);
  CHECK(cramped.bytes < roomy.bytes);
  CHECK(cramped.nodes > roomy.nodes);
}

TEST_CASE("a memoised count follows node and time limits and cancellation, and reports progress") {
  const Problem problem = dominoes(10);
  Solver solver(problem);
  SearchOptions limited;
  limited.node_limit = 500;
  const xcover::CountResult cut = solver.count(limited, kMemo);
  CHECK(cut.status == Status::node_limit);
  CHECK(solver.statistics().nodes == 500);
  CHECK(cut.solutions < Count(258584046368ull));

  std::atomic<bool> cancel{true};
  SearchOptions cancelled;
  cancelled.cancel = &cancel;
  CHECK(solver.count(cancelled, kMemo).status == Status::cancelled);

  int reports = 0;
  double last_fraction = -1;
  SearchOptions reporting;
  reporting.on_progress = [&](const xcover::Progress& p) {
    ++reports;
    CHECK(p.fraction_done >= 0);
    CHECK(p.fraction_done <= 1);
    last_fraction = p.fraction_done;
  };
  reporting.progress_nodes = 1000;
  const xcover::CountResult full = solver.count(reporting, kMemo);
  CHECK(full.solutions == Count(258584046368ull));
  CHECK(reports > 5);
  CHECK(last_fraction > 0);
}

TEST_CASE("a memoised count's callback may throw, and may not reach back into the solver") {
  const Problem problem = matchings(16);
  Solver solver(problem);
  SearchOptions throwing;
  throwing.progress_nodes = 100;
  throwing.on_progress = [](const xcover::Progress&) { throw std::runtime_error("enough"); };
  CHECK_THROWS_WITH_AS((void)solver.count(throwing, kMemo), "enough", std::runtime_error);
  CHECK(solver.count({}, kMemo).solutions == Count(2027025));  // 15!!, the links restored

  SearchOptions reentering;
  reentering.progress_nodes = 100;
  reentering.on_progress = [&](const xcover::Progress&) { (void)solver.count({}, kMemo); };
  CHECK(error_of([&] { (void)solver.count(reentering, kMemo); }) ==
        "Solver::count called while the solver is counting (from its progress callback): use "
        "another Solver");
  reentering.on_progress = [&](const xcover::Progress&) { (void)solver.assume(0); };
  CHECK(error_of([&] { (void)solver.count(reentering, kMemo); }).find("Solver::assume called") ==
        0);
  // From a search's visitor: refused too.
  std::string refused;
  (void)solver.search([&](const xcover::Solution&) {
    refused = error_of([&] { (void)solver.count({}, kMemo); });
    return false;
  });
  CHECK(refused.find("Solver::count called while the solver is searching") == 0);
}

TEST_CASE("a memoised count refuses what it does not follow") {
  const Problem problem = matchings(6);
  Solver solver(problem);
  SearchOptions limit;
  limit.solution_limit = 2;
  CHECK(error_of([&] { (void)solver.count(limit, kMemo); }) ==
        "Solver::count: a memoised count does not follow a solution_limit (it counts "
        "sub-problems whole): count plainly (Counting::plain), or leave the limit out");
  SearchOptions seeded;
  seeded.random_seed = 7;
  CHECK(error_of([&] { (void)solver.count(seeded, kMemo); }) ==
        "Solver::count: the memo layout does not follow random_seed");
  SearchOptions propagating;
  propagating.propagate = true;
  CHECK(error_of([&] {
          (void)solver.count(propagating, kMemo);
        }).find("the memo layout does not follow propagate") != std::string::npos);

  Problem bounded;
  bounded.add_primary("a", 0, 2);
  bounded.add_option({"a"});
  bounded.add_option({"a"});
  Solver multiplicities(bounded);
  CHECK_THROWS_AS((void)multiplicities.count({}, kMemo), xcover::ProblemError);
  // The automatic choice counts it plainly.
  CHECK(multiplicities.count().solutions == 4);
  CHECK(multiplicities.statistics().layout == Layout::multiplicities);
  CHECK_THROWS_AS(Solver(problem, Layout::memo), xcover::ProblemError);
}

TEST_CASE("the automatic choice takes the memo where it pays, and plain search elsewhere") {
  // Small: the plain trial finishes it.
  const Problem small = matchings(8);
  Solver small_solver(small);
  CHECK(small_solver.count().solutions == 105);
  CHECK(small_solver.statistics().layout != Layout::memo);
  // Sub-problems that repeat: the memo.
  const Problem repeating = matchings(22);
  Solver memo_solver(repeating);
  CHECK(memo_solver.count().solutions == Count(13749310575ull));  // 21!!
  CHECK(memo_solver.statistics().layout == Layout::memo);
  CHECK(memo_solver.statistics().memo_hits > 0);
  // With a solution limit: plain.
  SearchOptions limit;
  limit.solution_limit = 1000;
  CHECK(memo_solver.count(limit).solutions == 1000);
  CHECK(memo_solver.statistics().layout != Layout::memo);
  // Forced plain: the same count as the memo's, on a problem plain search finishes.
  const Problem board = dominoes(6);
  Solver plain_solver(board);
  CHECK(plain_solver.count({}, kPlain).solutions == 6728);
  CHECK(plain_solver.statistics().layout != Layout::memo);
}

TEST_CASE("a dead end is no part: the memo enters no more nodes than plain search on pentominoes") {
  // 3x20: placements cut cells off, which no option covers; the memo must
  // see the dead end rather than split the cells off as parts of their own
  // (it did: 335,000 nodes against plain search's 33,000).
  namespace poly = xcover::polyomino;
  const Problem problem =
      poly::make_tiling(*poly::builtin_board("3x20"), poly::pentominoes()).problem;
  Solver memo(problem);
  CHECK(memo.count({}, kMemo).solutions == 8);
  Solver plain(problem, Layout::links);
  CHECK(plain.count({}, kPlain).solutions == 8);
  CHECK(memo.statistics().memo_splits == 0);
  CHECK(memo.statistics().nodes <= plain.statistics().nodes);
  // On threads the automatic choice's plain trial is as long as a Solver's:
  // a tree this small is counted plainly there too.
  xcover::ParallelOptions options;
  options.threads = 2;
  xcover::ParallelSearch search(problem, options);
  CHECK(search.run() == Status::exhausted);
  CHECK(search.statistics().solutions == 8);
  CHECK(search.statistics().layout != Layout::memo);
}

TEST_CASE("ParallelSearch counts with the memo on its threads, or refuses with checkpoints") {
  const Problem problem = matchings(20);
  xcover::ParallelOptions options;
  options.threads = 2;
  xcover::ParallelSearch search(problem, options);
  CHECK(search.run() == Status::exhausted);
  CHECK(search.statistics().solutions == Count(654729075));
  CHECK(search.statistics().layout == Layout::memo);
  CHECK(search.statistics().threads == 2);

  xcover::ParallelOptions plain = options;
  plain.count = kPlain;
  const Problem small = matchings(12);
  xcover::ParallelSearch plain_search(small, plain);
  CHECK(plain_search.run() == Status::exhausted);
  CHECK(plain_search.statistics().solutions == 10395);
  CHECK(plain_search.statistics().layout != Layout::memo);

  xcover::ParallelOptions checkpointed = options;
  checkpointed.count = kMemo;
  checkpointed.checkpoint_seconds = 60;
  checkpointed.on_checkpoint = [](const xcover::Checkpoint&) {};
  xcover::ParallelSearch refused(problem, checkpointed);
  CHECK(error_of([&] { (void)refused.run(); }) ==
        "ParallelSearch::run: a memoised count is neither checkpointed nor resumed: count "
        "plainly (Counting::plain) to keep checkpoints");
}

}  // namespace test_memo_count
