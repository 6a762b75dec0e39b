// SPDX-License-Identifier: MIT
// Preprocessing (xcover::reduce, Knuth's DLX-PRE): on random problems with
// colours the reduced problem's solutions, mapped back, are exactly the
// original's; the numbers removed agree with DLX-PRE's on files it was run
// on; a second reduction removes nothing.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "random_problems.hpp"
#include "slow_run.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/reduce.hpp"
#include "xcover/solver.hpp"

namespace test_reduce {

namespace {

// reduce() with the way of testing an option forced.
xcover::Reduction reduce_by(const xcover::Problem& problem, xcover::ReduceOptions::Method method) {
  xcover::ReduceOptions options;
  options.method = method;
  return xcover::reduce(problem, options);
}

using SolutionSet = std::set<std::vector<int>>;

// Small random problems with secondary items and colours, rigged so that
// reductions happen: few options, some options repeating a pattern.
xcover::Problem random_problem(std::mt19937& rng) {
  RandomShape shape;
  shape.most_primaries = 6;
  shape.most_options = 13;
  shape.density_low = 20;
  shape.density_high = 50;
  shape.raw_draws = true;
  return random_problem(rng, shape);
}

SolutionSet brute_force(const xcover::Problem& problem) {
  SolutionSet found;
  for (unsigned mask = 0; mask < (1u << problem.option_count()); ++mask) {
    if (!is_solution(problem, mask)) continue;
    std::vector<int> options;
    for (int k = 0; k < problem.option_count(); ++k) {
      if (mask >> k & 1u) options.push_back(k);
    }
    found.insert(options);
  }
  return found;
}

// The solutions of the reduced problem (found by brute force), as sets of
// original option numbers.
SolutionSet mapped_back(const xcover::Reduction& reduction) {
  SolutionSet found;
  for (const std::vector<int>& solution : brute_force(reduction.problem)) {
    std::vector<int> original = reduction.original_options(solution);
    std::sort(original.begin(), original.end());
    found.insert(original);
  }
  return found;
}

xcover::Problem read_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  return xcover::read_dlx(in, path).problem;
}

}  // namespace

TEST_CASE("Knuth's two examples in DLX-PRE reduce as his program reduces them") {
  // The first: D implied by A, then F, C and G; three singleton options left.
  const xcover::Problem first = xcover::parse_dlx(
                                    "A B C D E | F G\n"
                                    "C E F\n"
                                    "A D G\n"
                                    "B C F\n"
                                    "A D\n"
                                    "B G\n"
                                    "D E G\n")
                                    .problem;
  const xcover::Reduction r1 = xcover::reduce(first);
  // DLX-PRE: "Removed 3 options and 4 items, ..., 3 rounds."
  CHECK(r1.removed_options == 3);
  CHECK(r1.removed_items == 4);
  CHECK(r1.rounds == 3);
  CHECK(r1.complete);
  CHECK_FALSE(r1.unsolvable);
  // DLX-PRE (v9) prints A (from 4), B (from 5), E (from 1): the same options,
  // here kept in the input's order.
  CHECK(xcover::to_dlx(r1.problem) == "A B E\nE\nA\nB\n");
  CHECK(r1.original_option == std::vector<int>{0, 3, 4});
  CHECK(r1.original_item == std::vector<int>{0, 1, 4});

  const xcover::ReadResult second = xcover::parse_dlx(
      "A B C | X Y\n"
      "A B X:0 Y:0\n"
      "A C X:1 Y:1\n"
      "X:0 Y:1\n"
      "B X:1\n"
      "C Y:1\n");
  CHECK(second.warnings.size() == 1);  // X:0 Y:1, no primary item
  const xcover::Reduction r2 = xcover::reduce(second.problem);
  // DLX-PRE: "Removed 2 options and 1 item, ..., 2 rounds."
  CHECK(r2.removed_options == 2);
  CHECK(r2.removed_items == 1);
  CHECK(r2.rounds == 2);
  CHECK(xcover::to_dlx(r2.problem) == "A B | X Y\nA X:1 Y:1\nB X:1\n");
  CHECK(r2.original_options(std::vector<int>{1, 0}) == std::vector<int>{2, 1});
}

TEST_CASE("reduced problems have the original's solutions, on 3000 random problems with colours") {
  std::mt19937 rng(20261123);
  int reduced = 0, unsolvable = 0;
  for (int trial = 0; trial < xcover::test::slow_run_share(3000); ++trial) {
    const xcover::Problem problem = random_problem(rng);
    CAPTURE(xcover::to_dlx(problem));
    const SolutionSet expected = brute_force(problem);
    const xcover::Reduction reduction = xcover::reduce(problem);
    CHECK(reduction.complete);
    CHECK(reduction.problem.option_count() == problem.option_count() - reduction.removed_options);
    CHECK(reduction.problem.item_count() == problem.item_count() - reduction.removed_items);
    CHECK(static_cast<int>(reduction.original_option.size()) == reduction.problem.option_count());
    CHECK(std::is_sorted(reduction.original_option.begin(), reduction.original_option.end()));
    CHECK(mapped_back(reduction) == expected);
    // The bit-set test and the hide-and-count test remove the same things.
    for (auto bits :
         {xcover::ReduceOptions::Method::bitsets, xcover::ReduceOptions::Method::scan}) {
      const xcover::Reduction forced = reduce_by(problem, bits);
      CHECK(forced.problem == reduction.problem);
      CHECK(forced.original_option == reduction.original_option);
      CHECK(forced.rounds == reduction.rounds);
    }
    if (reduction.unsolvable) {
      ++unsolvable;
      CHECK(expected.empty());
      CHECK(reduction.problem.option_count() == 0);
      CHECK(reduction.problem.primary_count() == 1);
    } else {
      // Every kept option is one of the original's, short of removed items.
      for (int k = 0; k < reduction.problem.option_count(); ++k) {
        const auto original = problem.option(reduction.original_option[k]);
        for (const xcover::OptionEntry& e : reduction.problem.option(k)) {
          const int item = reduction.original_item[e.item];
          CHECK(std::count(original.begin(), original.end(), xcover::OptionEntry{item, e.color}) ==
                1);
        }
      }
      // Solved by the engine too.
      SolutionSet solved;
      xcover::Solver solver(reduction.problem);
      for (const auto& solution : solver.solutions()) {
        std::vector<int> original = reduction.original_options(solution.options);
        std::sort(original.begin(), original.end());
        solved.insert(original);
      }
      CHECK(solved == expected);
    }
    if (reduction.removed_options > 0) ++reduced;
    // Idempotent: a second reduction finds nothing (in one round).
    const xcover::Reduction again = xcover::reduce(reduction.problem);
    CHECK(again.removed_options == 0);
    CHECK(again.removed_items == 0);
    if (!reduction.unsolvable) CHECK(again.rounds == 1);
  }
  // The generator is rigged so that both happen often.
  CHECK(reduced > xcover::test::slow_run_share(1000));
  CHECK(unsolvable > 100);
}

TEST_CASE("bit sets over many words remove what hiding removes, with colours") {
  // Hundreds of options (bit rows of several words, items spread over part
  // of them): the two ways of testing an option must agree.
  std::mt19937 rng(14);
  auto pick = [&](int lo, int hi) { return lo + static_cast<int>(rng() % (hi - lo + 1)); };
  int reduced = 0;
  for (int trial = 0; trial < 40; ++trial) {
    xcover::Problem problem;
    const int primaries = pick(10, 40);
    const int secondaries = pick(0, 12);
    for (int i = 0; i < primaries; ++i) problem.add_primary("p" + std::to_string(i));
    for (int i = 0; i < secondaries; ++i) problem.add_secondary("s" + std::to_string(i));
    for (int c = 1; c <= 3; ++c) problem.add_color("c" + std::to_string(c));
    const int options = pick(100, 700);
    for (int k = 0; k < options; ++k) {
      // Options near each other share items, as in puzzles.
      const int centre = k * problem.item_count() / options;
      std::vector<xcover::OptionEntry> entries;
      for (int n = pick(1, 5); n > 0; --n) {
        const int item = std::clamp(centre + pick(-6, 6), 0, problem.item_count() - 1);
        if (std::any_of(entries.begin(), entries.end(),
                        [&](const xcover::OptionEntry& e) { return e.item == item; }))
          continue;
        entries.push_back({item, problem.is_primary(item) ? 0 : pick(0, 3)});
      }
      problem.add_option(entries);
    }
    CAPTURE(trial);
    const xcover::Reduction bits = reduce_by(problem, xcover::ReduceOptions::Method::bitsets);
    const xcover::Reduction hiding = reduce_by(problem, xcover::ReduceOptions::Method::scan);
    const xcover::Reduction automatic = xcover::reduce(problem);
    CHECK(bits.problem == hiding.problem);
    CHECK(bits.original_option == hiding.original_option);
    CHECK(bits.rounds == hiding.rounds);
    CHECK(bits.unsolvable == hiding.unsolvable);
    CHECK(automatic.problem == hiding.problem);
    if (hiding.removed_options > 0 && !hiding.unsolvable) ++reduced;
  }
  CHECK(reduced > 10);
}

TEST_CASE("options removed, items removed and rounds as DLX-PRE counts them") {
  struct Expected {
    const char* file;
    int options, items, rounds;
  };
  // The numbers are those printed by Knuth's DLX-PRE ("Removed N options and
  // M items, after ... mems, R rounds.") run on each file: dlx-pre < FILE.
  // The files (tests/data/reduce) were drawn at random, with colours, among
  // problems where DLX-PRE removes something in several rounds.
  const Expected cases[] = {
      {"random8.dlx", 24, 9, 5},    {"random16.dlx", 20, 3, 4},  {"random36.dlx", 26, 6, 4},
      {"random108.dlx", 15, 12, 4}, {"random131.dlx", 9, 11, 2}, {"random235.dlx", 16, 9, 3},
      {"random243.dlx", 23, 11, 4}, {"random363.dlx", 17, 5, 5}, {"random2.dlx", 10, 3, 2},
      {"random55.dlx", 10, 6, 3},
  };
  for (const Expected& expected : cases) {
    CAPTURE(expected.file);
    const xcover::Problem problem =
        read_file(xcover::test::data_file(std::string("reduce/") + expected.file));
    for (auto bits :
         {xcover::ReduceOptions::Method::bitsets, xcover::ReduceOptions::Method::scan}) {
      const xcover::Reduction reduction = reduce_by(problem, bits);
      CHECK_FALSE(reduction.unsolvable);
      CHECK(reduction.removed_options == expected.options);
      CHECK(reduction.removed_items == expected.items);
      CHECK(reduction.rounds == expected.rounds);
    }
  }
}

TEST_CASE("pentominoes on 3x20 and 8x8-centre: DLX-PRE's numbers, either way of testing") {
  // DLX-PRE on `xcover polyomino --board 3x20 --emit` (the problem built
  // here): "Removed 150 options and 0 items, ... 3 rounds."; on
  // --board 8x8-centre: "Removed 152 options and 0 items, ... 2 rounds."
  struct Expected {
    const char* board;
    int options, rounds;
  };
  for (const Expected& expected : {Expected{"3x20", 150, 3}, Expected{"8x8-centre", 152, 2}}) {
    CAPTURE(expected.board);
    const xcover::polyomino::TilingProblem tiling = xcover::polyomino::make_tiling(
        *xcover::polyomino::builtin_board(expected.board), xcover::polyomino::pentominoes());
    const xcover::Reduction automatic = xcover::reduce(tiling.problem);
    CHECK(automatic.removed_options == expected.options);
    CHECK(automatic.removed_items == 0);
    CHECK(automatic.rounds == expected.rounds);
    for (auto bits :
         {xcover::ReduceOptions::Method::bitsets, xcover::ReduceOptions::Method::scan}) {
      const xcover::Reduction forced = reduce_by(tiling.problem, bits);
      CHECK(forced.problem == automatic.problem);
      CHECK(forced.original_option == automatic.original_option);
    }
    CHECK(xcover::Solver(automatic.problem).count().solutions ==
          xcover::Solver(tiling.problem).count().solutions);
  }
}

TEST_CASE("an unsolvable problem: DLX-PRE's numbers, but one primary item kept") {
  // DLX-PRE on random1.dlx: "Removed 22 options and 11 items, ..., 0 rounds."
  // (p1 is in no option from the start); on random68.dlx: "Removed 30
  // options and 17 items, ..., 2 rounds." (an item loses its last option in
  // round 2). It counts every item removed and prints the blocked item's
  // name alone; we keep that item, as a problem with no solution, so one
  // item fewer is removed.
  struct Expected {
    const char* file;
    int options, items, rounds;
  };
  const Expected cases[] = {{"random1.dlx", 22, 10, 0}, {"random68.dlx", 30, 16, 2}};
  for (const Expected& expected : cases) {
    CAPTURE(expected.file);
    const xcover::Problem problem =
        read_file(xcover::test::data_file(std::string("reduce/") + expected.file));
    const xcover::Reduction reduction = xcover::reduce(problem);
    CHECK(reduction.unsolvable);
    CHECK(reduction.removed_options == expected.options);
    CHECK(reduction.removed_items == expected.items);
    CHECK(reduction.rounds == expected.rounds);
    REQUIRE(reduction.problem.item_count() == 1);
    CHECK(reduction.problem.primary_count() == 1);
    CHECK(reduction.problem.option_count() == 0);
    CHECK(problem.is_primary(reduction.original_item[0]));
    xcover::Solver solver(reduction.problem);
    CHECK(solver.count().solutions == 0);
  }
}

TEST_CASE("a round limit stops the reduction early, with the same solutions") {
  const xcover::Problem problem =
      read_file(xcover::test::data_file("reduce/random363.dlx"));  // 5 rounds in all
  xcover::ReduceOptions options;
  options.max_rounds = 2;
  const xcover::Reduction partial = xcover::reduce(problem, options);
  CHECK(partial.rounds == 2);
  CHECK_FALSE(partial.complete);
  // DLX-PRE t3 (which runs two rounds): "Removed 13 options and 0 items, ...
  // 3 rounds."
  CHECK(partial.removed_options == 13);
  CHECK(partial.removed_items == 0);
  // The rest goes in later rounds; all of it together is the full reduction.
  const xcover::Reduction rest = xcover::reduce(partial.problem);
  CHECK(partial.removed_options + rest.removed_options == 17);
  CHECK(partial.removed_items + rest.removed_items == 5);
  CHECK(xcover::Solver(partial.problem).count().solutions ==
        xcover::Solver(problem).count().solutions);

  options.max_rounds = -1;
  CHECK_THROWS_WITH_AS(static_cast<void>(xcover::reduce(problem, options)),
                       "reduce: max_rounds is -1, it must be 0 (no limit) or more", xcover::Error);
}

TEST_CASE("a cancelled reduction stops after the item it is on, and what it did holds") {
  const xcover::Problem problem = read_file(xcover::test::data_file("reduce/random8.dlx"));
  std::atomic<bool> cancel{true};
  xcover::ReduceOptions options;
  options.cancel = &cancel;
  const xcover::Reduction partial = xcover::reduce(problem, options);
  CHECK(partial.cancelled);
  CHECK_FALSE(partial.complete);
  CHECK(partial.rounds == 1);
  // One item's turn: less than the whole reduction (24 options, 9 items).
  CHECK(partial.removed_options < 24);
  CHECK(xcover::Solver(partial.problem).count().solutions ==
        xcover::Solver(problem).count().solutions);
  const xcover::Reduction rest = xcover::reduce(partial.problem);
  CHECK(partial.removed_options + rest.removed_options == 24);
  cancel = false;
  const xcover::Reduction whole = xcover::reduce(problem, options);
  CHECK_FALSE(whole.cancelled);
  CHECK(whole.complete);
  CHECK(whole.removed_options == 24);
}

TEST_CASE("options without a primary item and unused secondary items are dropped") {
  xcover::Problem problem;
  problem.add_primary("a");
  problem.add_secondary("x");
  problem.add_secondary("y");
  problem.add_option({"x"});  // the builder takes it; no solution can use it
  problem.add_option({"a", "y:red"});
  const xcover::Reduction reduction = xcover::reduce(problem);
  CHECK(xcover::to_dlx(reduction.problem) == "a | y\na y:red\n");
  CHECK(reduction.removed_options == 1);
  CHECK(reduction.removed_items == 1);
  CHECK(reduction.original_option == std::vector<int>{1});
  CHECK_THROWS_AS(static_cast<void>(reduction.original_options(std::vector<int>{1})),
                  xcover::ProblemError);

  // No primary item at all: the one solution is the empty set. The
  // secondary items stay (a problem without items has no text form).
  xcover::Problem empty;
  empty.add_secondary("x");
  empty.add_option({"x"});
  const xcover::Reduction nothing = xcover::reduce(empty);
  CHECK(xcover::to_dlx(nothing.problem) == " | x\n");
  CHECK(nothing.removed_options == 1);
  CHECK(nothing.removed_items == 0);
  CHECK(xcover::Solver(nothing.problem).count().solutions == 1);
}

}  // namespace test_reduce
