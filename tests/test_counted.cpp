// SPDX-License-Identifier: MIT
// The counted bit sets (src/engine/layouts/counted/counted.hpp), which the bit-set
// layout takes for colour problems with few primary items and many options
// grouped by item: they must search the links' very tree (same nodes, the
// same solutions in the same order), under limits, assumptions, random
// tie-breaking and threads, and count word squares right.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "layout_run.hpp"
#include "slow_run.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"
#include "xcover/solver.hpp"

namespace test_counted {

namespace {

std::string name(char prefix, int k) { return std::string(1, prefix).append(std::to_string(k)); }

// A colour problem shaped like word squares: a few primary items, each
// with a few hundred options in a row (now and then one with a second
// primary item), meeting secondary items with colours (or, now and then,
// without one).
xcover::Problem grouped_problem(std::mt19937& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  xcover::Problem problem;
  const int primaries = pick(1, 5);
  const int secondaries = pick(2, 10);
  const int colors = pick(1, 5);
  const int density = pick(30, 70);  // percent of the secondary items an option meets
  for (int i = 0; i < primaries; ++i) problem.add_primary(name('p', i));
  for (int i = 0; i < secondaries; ++i) problem.add_secondary(name('s', i));
  for (int c = 0; c < colors; ++c) problem.add_color(name('c', c));
  const int per_item = pick(300, 600) / primaries;
  for (int item = 0; item < primaries; ++item) {
    for (int k = 0; k < per_item; ++k) {
      std::vector<xcover::OptionEntry> entries{{item, 0}};
      if (primaries > 1 && pick(0, 99) < 3) {
        const int other = pick(0, primaries - 1);
        if (other != item) entries.push_back({other, 0});
      }
      for (int s = 0; s < secondaries; ++s) {
        if (pick(0, 99) >= density) continue;
        entries.push_back({primaries + s, pick(0, 99) < 10 ? 0 : pick(1, colors)});
      }
      std::shuffle(entries.begin() + 1, entries.end(), rng);
      problem.add_option(entries);
    }
  }
  return problem;
}

bool counted(const xcover::Problem& problem, xcover::Layout asked) {
  return xcover::layout_for(problem, asked) == xcover::Layout::counted_bitsets;
}

// Whether the options cover every primary item once and every secondary
// item at most once or always with one colour.
bool obeys_rules(const xcover::Problem& problem, const std::vector<int>& options) {
  std::vector<int> uses(problem.item_count(), 0), colour(problem.item_count(), -1);
  for (const int option : options) {
    for (const xcover::OptionEntry& e : problem.option(option)) {
      ++uses[e.item];
      if (problem.is_primary(e.item)) continue;
      if (colour[e.item] < 0) {
        colour[e.item] = e.color;
      } else if (colour[e.item] == 0 || e.color != colour[e.item]) {
        return false;
      }
    }
  }
  for (int item = 0; item < problem.primary_count(); ++item)
    if (uses[item] != 1) return false;
  return true;
}

// The n x n word squares over `words` as Knuth's XCC problem (as
// bench/word_squares.sh writes it).
xcover::Problem squares(const std::vector<std::string>& words, int n) {
  std::string text;
  for (int i = 1; i <= n; ++i) text += name('r', i) + " ";
  for (int j = 1; j <= n; ++j) text += name('c', j) + " ";
  text += "|";
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= n; ++j) text += " " + std::to_string(i) + std::to_string(j);
  text += "\n";
  for (int line = 0; line < 2; ++line) {
    for (int i = 1; i <= n; ++i) {
      for (const std::string& w : words) {
        text += name(line == 0 ? 'r' : 'c', i);
        for (int j = 1; j <= n; ++j) {
          const int row = line == 0 ? i : j, col = line == 0 ? j : i;
          text += " " + std::to_string(row) + std::to_string(col) + ":" + w[j - 1];
        }
        text += "\n";
      }
    }
  }
  return xcover::parse_dlx(text, "squares").problem;
}

// The squares counted another way: rows from the list, a square kept while
// its columns begin words. (A prefix is a number: letter k of it, 1 to 26,
// is digit k in base 27.)
std::uint64_t squares_by_rows(const std::vector<std::string>& words, int n) {
  std::vector<std::uint64_t> prefixes;
  for (const std::string& w : words) {
    std::uint64_t code = 0, place = 1;
    for (int k = 0; k < n; ++k, place *= 27) {
      code += static_cast<std::uint64_t>(w[k] - 'a' + 1) * place;
      prefixes.push_back(code);
    }
  }
  std::sort(prefixes.begin(), prefixes.end());
  std::uint64_t count = 0;
  std::vector<std::uint64_t> columns(static_cast<std::size_t>(n), 0);
  auto go = [&](auto&& self, int depth, std::uint64_t place) -> void {
    if (depth == n) {
      ++count;
      return;
    }
    for (const std::string& w : words) {
      bool alive = true;
      for (int j = 0; j < n && alive; ++j) {
        columns[j] += static_cast<std::uint64_t>(w[j] - 'a' + 1) * place;
        alive = std::binary_search(prefixes.begin(), prefixes.end(), columns[j]);
        if (!alive) {
          for (int k = 0; k <= j; ++k)
            columns[k] -= static_cast<std::uint64_t>(w[k] - 'a' + 1) * place;
        }
      }
      if (!alive) continue;
      self(self, depth + 1, place * 27);
      for (int j = 0; j < n; ++j) columns[j] -= static_cast<std::uint64_t>(w[j] - 'a' + 1) * place;
    }
  };
  go(go, 0, 1);
  return count;
}

}  // namespace

TEST_CASE("the counted bit sets search the links' tree: same solutions, order and counts") {
  // Under limits and assumptions too, and with random tie-breaking, whose
  // draws must match.
  std::mt19937 rng(1123);
  int cut = 0, taken = 0;
  for (int round = 0; round < xcover::test::slow_run_share(200); ++round) {
    const xcover::Problem problem = grouped_problem(rng);
    CAPTURE(round);
    const bool fits = counted(problem, xcover::Layout::automatic);
    taken += fits;
    if (!fits) continue;
    CHECK(counted(problem, xcover::Layout::counted_bitsets));
    CHECK_FALSE(counted(problem, xcover::Layout::bitsets));  // what is asked runs
    xcover::SearchOptions options;
    options.random_seed = round % 3 == 1 ? static_cast<std::uint64_t>(round) : 0;
    options.node_limit = round % 4 == 3 ? 1 + round % 50 : 20000;
    if (round % 4 == 2) options.solution_limit = 1 + round % 5;
    std::vector<int> forced;
    if (round % 5 == 4)
      forced.push_back(std::uniform_int_distribution<int>(0, problem.option_count() - 1)(rng));
    const LayoutRun links = run_layout(problem, xcover::Layout::links, forced, options);
    const LayoutRun bits = run_layout(problem, xcover::Layout::counted_bitsets, forced, options);
    cut += links.status != xcover::Status::exhausted;
    CHECK(links.status == bits.status);
    CHECK(links.branching == bits.branching);
    CHECK(links.order == bits.order);
    CHECK(links.stats.nodes == bits.stats.nodes);
    CHECK(links.stats.level_nodes == bits.stats.level_nodes);
    for (const std::vector<int>& s : bits.order) CHECK(obeys_rules(problem, s));
  }
  CHECK(taken > xcover::test::slow_run_share(150));
  CHECK(cut > 20);
}

TEST_CASE("the counted bit sets are not taken where they do not pay") {
  std::mt19937 rng(7);
  xcover::Problem problem = grouped_problem(rng);
  REQUIRE(counted(problem, xcover::Layout::automatic));
  CHECK_FALSE(counted(problem, xcover::Layout::links));
  CHECK_FALSE(counted(problem, xcover::Layout::sparse));
  // Without colours.
  xcover::Problem plain;
  plain.add_primary("a");
  plain.add_primary("b");
  for (int k = 0; k < 600; ++k) plain.add_option({{k % 2, 0}});
  CHECK_FALSE(counted(plain, xcover::Layout::automatic));
  // Few options: a set of under 4 words.
  const xcover::Problem small = squares({"ab", "ba", "aa"}, 2);
  CHECK_FALSE(counted(small, xcover::Layout::automatic));
  // An item's options spread over every word: the same problem with its
  // options interleaved.
  xcover::Problem spread;
  for (int item = 0; item < problem.primary_count(); ++item) spread.add_primary(name('p', item));
  for (int item = problem.primary_count(); item < problem.item_count(); ++item)
    spread.add_secondary(problem.item_name(item));
  for (int c = 1; c <= problem.color_count(); ++c) spread.add_color(problem.color_name(c));
  std::vector<int> order(problem.option_count());
  for (int k = 0; k < problem.option_count(); ++k) order[k] = k;
  std::shuffle(order.begin(), order.end(), rng);
  for (const int k : order) spread.add_option(problem.option(k));
  if (problem.primary_count() > 2) CHECK_FALSE(counted(spread, xcover::Layout::automatic));
}

TEST_CASE("the counted bit sets count word squares, as rows checked by columns do") {
  // Words of 4 letters over a, b, c: a random half of them.
  std::mt19937 rng(44);
  for (int round = 0; round < 2; ++round) {
    std::vector<std::string> words;
    for (int w = 0; w < 81; ++w) {
      if (std::uniform_int_distribution<int>(0, 1)(rng)) continue;
      std::string word;
      for (int k = 0, v = w; k < 4; ++k, v /= 3) word += static_cast<char>('a' + v % 3);
      words.push_back(word);
    }
    CAPTURE(words.size());
    const xcover::Problem problem = squares(words, 4);
    REQUIRE(counted(problem, xcover::Layout::automatic));
    xcover::Solver solver(problem);
    const xcover::CountResult result = solver.count();
    CHECK(result.solutions == squares_by_rows(words, 4));
    // The links' tree.
    xcover::Solver links(problem, xcover::Layout::links);
    CHECK(links.count().solutions == result.solutions);
    CHECK(links.statistics().nodes == solver.statistics().nodes);
    // And on two threads, cut into pieces.
    xcover::ParallelOptions two;
    two.threads = 2;
    two.single_thread_nodes = 0;
    xcover::ParallelSearch search(problem, two);
    CHECK(search.run() == xcover::Status::exhausted);
    CHECK(search.statistics().solutions == result.solutions);
  }
}

TEST_CASE("an estimate of the counted bit sets is the links' estimate") {
  // The same tree and the same draws: the same nodes and solutions.
  std::mt19937 rng(9);
  const xcover::Problem problem = grouped_problem(rng);
  REQUIRE(counted(problem, xcover::Layout::automatic));
  xcover::Solver links(problem, xcover::Layout::links);
  xcover::Solver bits(problem, xcover::Layout::counted_bitsets);
  const xcover::Estimate a = links.estimate(200, 5), b = bits.estimate(200, 5);
  CHECK(a.probes == b.probes);
  CHECK(a.nodes == b.nodes);
  CHECK(a.solutions == b.solutions);
}

}  // namespace test_counted
