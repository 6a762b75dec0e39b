// SPDX-License-Identifier: MIT
// The layouts as a closed list: each one can be asked for where it can take
// the problem, runs when asked, and is reported as the one that ran; an
// option the layout (or the call) does not follow is refused, never dropped.
#include <doctest/doctest.h>

#include <atomic>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "error_of.hpp"
#include "families.hpp"
#include "random_problems.hpp"
#include "xcover/parallel.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/solver.hpp"

namespace test_layouts {

namespace {

using xcover::Layout;

const Layout searchable[] = {Layout::links, Layout::bitsets, Layout::counted_bitsets,
                             Layout::sparse, Layout::multiplicities};

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Three primary items, a secondary one with two colours: small enough for
// every layout.
xcover::Problem coloured() {
  xcover::Problem p;
  p.add_primary("a");
  p.add_primary("b");
  p.add_primary("c");
  p.add_secondary("x");
  const int red = p.add_color("red");
  const int blue = p.add_color("blue");
  p.add_option({{0, 0}, {3, red}});
  p.add_option({{1, 0}, {3, red}});
  p.add_option({{1, 0}, {3, blue}});
  p.add_option({{2, 0}, {3, blue}});
  p.add_option({{2, 0}});
  p.add_option({{0, 0}, {1, 0}});
  return p;
}

std::vector<std::vector<int>> solutions_of(xcover::Solver& solver,
                                           const xcover::SearchOptions& options = {}) {
  std::vector<std::vector<int>> found;
  const xcover::Status status = solver.search(
      [&](const xcover::Solution& s) {
        found.push_back(s.options);
        return true;
      },
      options);
  CHECK(status == xcover::Status::exhausted);
  return found;
}

// A 16x16 Sudoku in the form of Knuth's SUDOKU-DLX (bench/sudoku_to_dlx.py):
// the givens removed, an item for each open cell and each digit a row,
// column or box still lacks, an option for each candidate. The givens are
// the first `givens` cells 37 apart (mod 256) of a filled grid.
xcover::Problem sudoku16_without_givens(int givens) {
  constexpr int side = 16;
  const auto digit = [](int r, int c) { return (4 * (r % 4) + r / 4 + c) % side; };
  std::vector<bool> given(side * side, false);
  for (int k = 0; k < givens; ++k) given[static_cast<std::size_t>(k * 37 % (side * side))] = true;
  // used[kind][unit][digit]: rows, columns, boxes.
  bool used[3][side][side] = {};
  for (int cell = 0; cell < side * side; ++cell) {
    if (!given[static_cast<std::size_t>(cell)]) continue;
    const int r = cell / side, c = cell % side, d = digit(r, c);
    used[0][r][d] = used[1][c][d] = used[2][r / 4 * 4 + c / 4][d] = true;
  }
  xcover::Problem p;
  std::vector<int> cell_item(side * side, -1);
  int unit_item[3][side][side];
  for (int cell = 0; cell < side * side; ++cell)
    if (!given[static_cast<std::size_t>(cell)])
      cell_item[static_cast<std::size_t>(cell)] = p.add_primary(numbered('p', cell));
  for (int kind = 0; kind < 3; ++kind)
    for (int unit = 0; unit < side; ++unit)
      for (int d = 0; d < side; ++d)
        if (!used[kind][unit][d])
          unit_item[kind][unit][d] =
              p.add_primary(std::string(1, "rcb"[kind]) + std::to_string(unit * side + d));
  for (int cell = 0; cell < side * side; ++cell) {
    if (given[static_cast<std::size_t>(cell)]) continue;
    const int r = cell / side, c = cell % side, b = r / 4 * 4 + c / 4;
    for (int d = 0; d < side; ++d)
      if (!used[0][r][d] && !used[1][c][d] && !used[2][b][d])
        p.add_option({xcover::OptionEntry{cell_item[static_cast<std::size_t>(cell)]},
                      xcover::OptionEntry{unit_item[0][r][d]},
                      xcover::OptionEntry{unit_item[1][c][d]},
                      xcover::OptionEntry{unit_item[2][b][d]}});
  }
  return p;
}

}  // namespace

TEST_CASE("every layout runs when asked, and reports itself") {
  const xcover::Problem problem = coloured();
  xcover::Solver links(problem, Layout::links);
  const auto expected = solutions_of(links);
  REQUIRE(expected.size() == 3);
  for (const Layout layout : searchable) {
    CAPTURE(xcover::to_string(layout));
    CHECK(xcover::layout_for(problem, layout) == layout);
    xcover::Solver solver(problem, layout);
    CHECK(solver.layout() == layout);
    auto found = solutions_of(solver);
    std::sort(found.begin(), found.end());
    auto sorted = expected;
    std::sort(sorted.begin(), sorted.end());
    CHECK(found == sorted);
    CHECK(solver.statistics().layout == layout);
    CHECK(solver.sibling().layout() == layout);
  }
  // cheapest() runs DLX5's links, and its statistics say so.
  xcover::Solver solver(problem, Layout::sparse);
  static_cast<void>(solver.cheapest(1));
  CHECK(solver.statistics().layout == Layout::costs);
  CHECK(solver.layout() == Layout::sparse);
  static_cast<void>(solver.count());
  CHECK(solver.statistics().layout == Layout::sparse);
}

TEST_CASE("the automatic layout is one of the list, the same layout_for() says") {
  std::mt19937 rng(2026);
  RandomShape shape;
  shape.bounds = true;
  for (int round = 0; round < 60; ++round) {
    CAPTURE(round);
    const xcover::Problem problem = random_problem(rng, shape);
    xcover::Solver solver(problem);
    CHECK(solver.layout() != Layout::automatic);
    CHECK(solver.layout() != Layout::costs);
    CHECK(solver.layout() == xcover::layout_for(problem));
    CHECK((solver.layout() == Layout::multiplicities) == problem.has_multiplicities());
  }
}

// The bounds of the automatic choice between bit sets and links, on the
// problems they were measured on (bench/compare_layouts.sh; the figures are
// in bitsets_preferred's comment).
TEST_CASE("the automatic layout takes bit sets where they measured faster") {
  const auto words = [](const xcover::Problem& p) { return (p.option_count() + 63) / 64; };
  // A 16x16 Sudoku with 30 givens: 42 words, its items 1.2 options a word,
  // 1.4x faster on the bit sets. With all its candidates, 64 words: links.
  const xcover::Problem sparse_sudoku = sudoku16_without_givens(30);
  CHECK(words(sparse_sudoku) > 24);
  CHECK(words(sparse_sudoku) <= 48);
  CHECK(xcover::layout_for(sparse_sudoku) == Layout::bitsets);
  const xcover::Problem all_candidates = sudoku16_without_givens(0);
  CHECK(all_candidates.option_count() == 4096);
  CHECK(xcover::layout_for(all_candidates) == Layout::links);
  // Dominoes: an option clashes with at most 6, about 0.3 a word. Bit sets
  // up to 24 words (28x28, 1,512 options), links from 25 (29x29, 1,624).
  CHECK(xcover::layout_for(dominoes(28)) == Layout::bitsets);
  CHECK(xcover::layout_for(dominoes(29)) == Layout::links);
  // Queens, 3.8-3.9 options a word: bit sets up to 48 words (54-queens,
  // 2,916 options), links from 49 (56-queens, 3,136), where they want 4.
  CHECK(xcover::layout_for(xcover::make_queens(54).problem) == Layout::bitsets);
  CHECK(xcover::layout_for(xcover::make_queens(56).problem) == Layout::links);
  // Either way the tree is the same.
  xcover::SearchOptions limited;
  limited.node_limit = 20000;
  xcover::Solver automatic(sparse_sudoku), links(sparse_sudoku, Layout::links);
  CHECK(automatic.count(limited).solutions == links.count(limited).solutions);
  CHECK(automatic.statistics().nodes == links.statistics().nodes);
  CHECK(automatic.statistics().updates == links.statistics().updates);
}

TEST_CASE("a layout that cannot take the problem is refused, saying which can") {
  xcover::Problem bounded;
  bounded.add_primary("a", 0, 2);
  bounded.add_option({xcover::OptionEntry{0, 0}});
  CHECK(xcover::layout_for(bounded) == Layout::multiplicities);
  for (const Layout layout :
       {Layout::links, Layout::bitsets, Layout::counted_bitsets, Layout::sparse}) {
    CAPTURE(xcover::to_string(layout));
    const std::string message = error_of([&] { xcover::Solver solver(bounded, layout); });
    CHECK(has(message, std::string("the ") + xcover::to_string(layout) +
                           " layout does not take multiplicities"));
    CHECK(has(message, "the multiplicities layout (Algorithm M) does"));
    CHECK_THROWS_AS(static_cast<void>(xcover::layout_for(bounded, layout)), xcover::ProblemError);
  }
  // costs is cheapest()'s own.
  const xcover::Problem problem = coloured();
  CHECK(has(error_of([&] { xcover::Solver solver(problem, Layout::costs); }),
            "the costs layout is Solver::cheapest's own"));
  // The counted bit sets: at most 64 primary items.
  xcover::Problem wide;
  for (int k = 0; k < 65; ++k) wide.add_primary(numbered('p', k));
  for (int k = 0; k < 65; ++k) wide.add_option({{k, 0}});
  CHECK(has(error_of([&] { xcover::Solver solver(wide, Layout::counted_bitsets); }),
            "the counted_bitsets layout takes at most 64 primary items: links, sparse and "
            "multiplicities take any problem"));
  xcover::Solver solver(wide, Layout::multiplicities);
  CHECK(solver.count().solutions == 1);
}

TEST_CASE("tree options a layout does not follow are refused, not ignored") {
  const xcover::QueensProblem queens = xcover::make_queens(6);
  xcover::SearchOptions propagate;
  propagate.propagate = true;
  xcover::SearchOptions clashes;
  clashes.item_choice = xcover::ItemChoice::most_clashes;
  xcover::SearchOptions seeded;
  seeded.random_seed = 5;
  for (const Layout layout : searchable) {
    CAPTURE(xcover::to_string(layout));
    xcover::Solver solver(queens.problem, layout);
    const bool bitsets = layout == Layout::bitsets;
    CHECK(xcover::follows(layout, propagate) == bitsets);
    CHECK(xcover::follows(layout, clashes) == bitsets);
    CHECK(xcover::follows(layout, seeded));
    CHECK(solver.count(seeded).solutions == 4);
    if (bitsets) {
      CHECK(solver.count(propagate).solutions == 4);
      CHECK(solver.count(clashes).solutions == 4);
      continue;
    }
    const std::string message = error_of([&] { static_cast<void>(solver.count(propagate)); });
    CHECK(has(message, std::string("Solver::search: the ") + xcover::to_string(layout) +
                           " layout does not follow propagate; the bitsets layout does"));
    CHECK(has(error_of([&] { static_cast<void>(solver.solutions(clashes)); }),
              "Solver::solutions: the " + std::string(xcover::to_string(layout)) +
                  " layout does not follow most_clashes"));
    if (layout != Layout::multiplicities) {
      xcover::EstimateOptions estimate;
      estimate.propagate = true;
      CHECK(has(error_of([&] { static_cast<void>(solver.estimate(10, 1, estimate)); }),
                "Solver::estimate: the"));
    }
    // The refusal leaves the solver whole.
    CHECK(solver.count().solutions == 4);
  }
  CHECK_FALSE(xcover::follows(Layout::costs, seeded));
  // Parallel searches refuse before a thread starts.
  xcover::ParallelOptions parallel;
  parallel.threads = 2;
  parallel.layout = Layout::links;
  parallel.search.propagate = true;
  xcover::ParallelSearch search(queens.problem, parallel);
  CHECK(has(error_of([&] { static_cast<void>(search.run()); }),
            "ParallelSearch::run: the links layout does not follow propagate"));
  parallel.layout = Layout::bitsets;
  xcover::ParallelSearch bits(queens.problem, parallel);
  CHECK(bits.run() == xcover::Status::exhausted);
  CHECK(bits.statistics().solutions == 4);
  CHECK(bits.statistics().layout == Layout::bitsets);
}

// What each call follows is its options' type: the others cannot be given.
template <class T>
concept TakesTreeOptions = requires(T o) {
  o.propagate;
  o.item_choice;
  o.random_seed;
};
template <class T>
concept TakesLimits = requires(T o) {
  o.solution_limit;
  o.node_limit;
};
template <class T>
concept TakesProgress = requires(T o) {
  o.on_progress;
};
template <class T>
concept TakesStops = requires(T o) {
  o.time_limit;
  o.cancel;
};
static_assert(TakesTreeOptions<xcover::SearchOptions> && TakesLimits<xcover::SearchOptions> &&
              TakesProgress<xcover::SearchOptions> && TakesStops<xcover::SearchOptions>);
static_assert(!TakesTreeOptions<xcover::CheapestOptions> && TakesLimits<xcover::CheapestOptions> &&
              TakesProgress<xcover::CheapestOptions> && TakesStops<xcover::CheapestOptions>);
static_assert(TakesTreeOptions<xcover::EstimateOptions> && !TakesLimits<xcover::EstimateOptions> &&
              !TakesProgress<xcover::EstimateOptions> && TakesStops<xcover::EstimateOptions>);
static_assert(!std::is_convertible_v<xcover::SearchOptions, xcover::CheapestOptions>);
static_assert(!std::is_convertible_v<xcover::SearchOptions, xcover::EstimateOptions>);

}  // namespace test_layouts
