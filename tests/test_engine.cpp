// SPDX-License-Identifier: MIT
// The search engine on small problems whose answers are known by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace test_engine {

namespace {

// Every solution as a sorted list of option texts.
std::set<std::vector<std::string>> solutions_of(const xcover::Problem& problem) {
  std::set<std::vector<std::string>> found;
  xcover::Solver solver(problem);
  static_cast<void>(solver.search([&](const xcover::Solution& s) {
    std::vector<std::string> texts;
    for (int option : s.options) texts.push_back(problem.option_text(option));
    std::sort(texts.begin(), texts.end());
    found.insert(texts);
    return true;
  }));
  return found;
}

// The first `limit` solutions the layout finds, in order, each as its
// sorted options, and the search's statistics.
struct FirstSolutions {
  std::vector<std::vector<int>> solutions;
  xcover::Statistics statistics;
};
FirstSolutions first_solutions(const xcover::Problem& problem, xcover::Layout layout,
                               bool propagate, std::uint64_t limit) {
  xcover::Solver solver(problem, layout);
  REQUIRE(solver.layout() == layout);
  xcover::SearchOptions options;
  options.solution_limit = limit;
  options.propagate = propagate;
  FirstSolutions first;
  static_cast<void>(solver.search(
      [&](const xcover::Solution& s) {
        std::vector<int> sorted(s.options.begin(), s.options.end());
        std::sort(sorted.begin(), sorted.end());
        first.solutions.push_back(sorted);
        return true;
      },
      options));
  first.statistics = solver.statistics();
  return first;
}

}  // namespace

TEST_CASE("Knuth's example from 'Dancing Links' has one solution") {
  const auto input = xcover::parse_dlx(
      "a b c d e f g\n"
      "c e\n"
      "a d g\n"
      "b c f\n"
      "a d f\n"
      "b g\n"
      "d e g\n");
  const auto found = solutions_of(input.problem);
  REQUIRE(found.size() == 1);
  CHECK(*found.begin() == std::vector<std::string>{"a d f", "b g", "c e"});

  xcover::Solver solver(input.problem);
  CHECK(solver.count().solutions == 1);
  // DLX1 reports 6 nodes and 29 updates on this input.
  CHECK(solver.statistics().nodes == 6);
  CHECK(solver.statistics().updates == 29);
}

TEST_CASE("secondary items are covered at most once") {
  // x is secondary: {a x} and {b x} may not both be chosen, but a solution
  // need not use x at all.
  const auto input = xcover::parse_dlx(
      "a b | x\n"
      "a x\n"
      "b x\n"
      "a\n"
      "b\n");
  const auto found = solutions_of(input.problem);
  CHECK(found == std::set<std::vector<std::string>>{{"a", "b"}, {"a x", "b"}, {"a", "b x"}});
}

TEST_CASE("options that agree on a colour share a secondary item") {
  const auto input = xcover::parse_dlx(
      "a b c | x y\n"
      "a x:red\n"
      "b x:red y\n"
      "b x:blue\n"
      "c x\n"
      "c y:green\n"
      "c\n");
  // a takes x red. b: x red (with y) agrees, x blue does not. c: plain x
  // conflicts with red; y green conflicts with b's plain y.
  const auto found = solutions_of(input.problem);
  CHECK(found == std::set<std::vector<std::string>>{{"a x:red", "b x:red y", "c"}});
}

TEST_CASE("colours: a plain use excludes every coloured use") {
  const auto input = xcover::parse_dlx(
      "a b | x\n"
      "a x\n"
      "b x:red\n"
      "b\n");
  CHECK(solutions_of(input.problem) == std::set<std::vector<std::string>>{{"a x", "b"}});
}

TEST_CASE("colours: many options may share one colour") {
  xcover::Problem problem;
  for (int i = 0; i < 6; ++i) problem.add_primary(std::string(1, static_cast<char>('a' + i)));
  problem.add_secondary("x");
  for (int i = 0; i < 6; ++i) {
    const std::string item(1, static_cast<char>('a' + i));
    problem.add_option({std::string_view(item), "x:one"});
    problem.add_option({std::string_view(item), "x:two"});
  }
  // Every item picks the same colour: two solutions.
  xcover::Solver solver(problem);
  CHECK(solver.count().solutions == 2);
}

TEST_CASE("items by name: found as the table grows, after reserve_items, and once only") {
  xcover::Problem problem;
  CHECK(problem.find_item("a") == -1);
  problem.reserve_items(3);  // then past it: the table grows again
  for (int k = 0; k < 5000; ++k) {
    const std::string name = (k % 2 ? "s" : "p") + std::to_string(k);
    REQUIRE(problem.add_primary(name) == k);
    CHECK(problem.find_item(name) == k);
  }
  for (int k = 0; k < 5000; ++k) {
    const std::string name = (k % 2 ? "s" : "p") + std::to_string(k);
    CHECK(problem.find_item(name) == k);
    CHECK_THROWS_WITH_AS(problem.add_primary(name), ("duplicate item name '" + name + "'").c_str(),
                         xcover::ProblemError);
  }
  CHECK(problem.find_item("p1") == -1);
  CHECK(problem.find_item("") == -1);
  problem.reserve_items(100000);
  CHECK(problem.item_count() == 5000);
  CHECK(problem.find_item("s4999") == 4999);
  problem.add_secondary("x");
  const xcover::Problem copy = problem;
  CHECK(copy.find_item("x") == 5000);
  CHECK(copy == problem);
}

TEST_CASE("empty and unsatisfiable problems") {
  SUBCASE("no items at all: the empty set is the one solution") {
    xcover::Problem problem;
    xcover::Solver solver(problem);
    int visits = 0;
    static_cast<void>(solver.search([&](const xcover::Solution& s) {
      CHECK(s.options.empty());
      ++visits;
      return true;
    }));
    CHECK(visits == 1);
  }
  SUBCASE("only secondary items: one empty solution") {
    const auto input = xcover::parse_dlx(" | x y\n");
    CHECK(xcover::Solver(input.problem).count().solutions == 1);
  }
  SUBCASE("a primary item no option covers") {
    const auto input = xcover::parse_dlx("a b\na\n");
    xcover::Solver solver(input.problem);
    CHECK(solver.search(nullptr) == xcover::Status::exhausted);
    CHECK(solver.statistics().solutions == 0);
  }
  SUBCASE("options that always overlap") {
    const auto input = xcover::parse_dlx("a b c\na b\nb c\na c\n");
    CHECK(xcover::Solver(input.problem).count().solutions == 0);
  }
}

TEST_CASE("the visitor sees each solution's options with their text") {
  const auto input = xcover::parse_dlx("a b | x\na x:1\nb x:1\n");
  xcover::Solver solver(input.problem);
  std::vector<std::string> lines;
  static_cast<void>(solver.search([&](const xcover::Solution& s) {
    CHECK(s.problem == &input.problem);
    for (int option : s.options) lines.push_back(s.problem->option_text(option));
    return true;
  }));
  CHECK(lines == std::vector<std::string>{"a x:1", "b x:1"});
}

TEST_CASE("forced options committed ahead can solve or end the search at the root") {
  xcover::SearchOptions options;
  options.propagate = true;
  SUBCASE("every item has one option: solved before any branching") {
    const auto input = xcover::parse_dlx("a b c\nc\na b\n");
    xcover::Solver solver(input.problem, xcover::Layout::bitsets);
    std::vector<int> seen;
    static_cast<void>(solver.search(
        [&](const xcover::Solution& s) {
          seen.assign(s.options.begin(), s.options.end());
          return true;
        },
        options));
    std::sort(seen.begin(), seen.end());
    CHECK(seen == std::vector<int>{0, 1});
    CHECK(solver.statistics().solutions == 1);
    CHECK(solver.statistics().nodes == 3);  // two forced options, and the solution
  }
  SUBCASE("two forced options clash: no solution") {
    const auto input = xcover::parse_dlx("a b c\na b\na c\n");
    xcover::Solver solver(input.problem, xcover::Layout::bitsets);
    CHECK(solver.count(options).solutions == 0);
    CHECK(solver.count().solutions == 0);
  }
  SUBCASE("a wave with a clash commits none of its options, whatever the items' order") {
    // a, b and c each have one option; (a x) and (b x) clash. Only the root
    // is a node, whichever item comes first, with sets in registers and
    // (1,100 more options, for d) without.
    std::string many_d;
    for (int k = 0; k < 1100; ++k) many_d += "d\n";
    for (const std::string& text :
         {std::string("a b c x\na x\nb x\nc\n"), std::string("c b a x\nc\nb x\na x\n"),
          "a b c d x\n" + many_d + "a x\nb x\nc\n", "c b a d x\n" + many_d + "c\nb x\na x\n"}) {
      CAPTURE(text.substr(0, 10));
      const auto input = xcover::parse_dlx(text);
      xcover::Solver solver(input.problem, xcover::Layout::bitsets);
      CHECK(solver.count(options).solutions == 0);
      CHECK(solver.statistics().nodes == 1);
    }
  }
  SUBCASE("an assumption leaves the rest forced") {
    const auto input = xcover::parse_dlx("a b c d\na b\nc d\na c\nb d\n");
    xcover::Solver solver(input.problem, xcover::Layout::bitsets);
    CHECK(solver.count(options).solutions == 2);
    REQUIRE(solver.assume(2));
    std::vector<int> seen;
    static_cast<void>(solver.search(
        [&](const xcover::Solution& s) {
          seen.assign(s.options.begin(), s.options.end());
          return false;  // stop at once
        },
        options));
    CHECK(seen == std::vector<int>{2, 3});  // the assumption first
  }
}

TEST_CASE("bit sets: items of 127 options and of 128 (8- and 16-bit lengths)") {
  // (600: covering a takes 300 options off c at once, past what a byte
  // counts.)
  for (int n : {126, 127, 128, 129, 600}) {
    CAPTURE(n);
    // n ways to cover a (alone or with c), one to cover b: n solutions.
    xcover::Problem problem;
    problem.add_primary("a");
    problem.add_primary("b");
    problem.add_primary("c");
    for (int k = 0; k < n; ++k) {
      if (k % 2) {
        problem.add_option({"a", "c"});
      } else {
        problem.add_option({"a"});
      }
    }
    problem.add_option({"b"});
    problem.add_option({"c"});
    // 40 more items of one option each, in every solution: lengths in more
    // than one vector register, where 16-bit ones are counted in bytes
    // first.
    for (int k = 0; k < 40; ++k) {
      const std::string name = "d" + std::to_string(k);
      problem.add_primary(name);
      problem.add_option({name});
    }
    // Solutions: each {a, c} option with b, or each {a} option with b and c.
    for (bool propagate : {false, true}) {
      xcover::Solver solver(problem, xcover::Layout::bitsets);
      xcover::SearchOptions options;
      options.propagate = propagate;
      CHECK(solver.count(options).solutions == static_cast<std::uint64_t>(n));
      xcover::Solver links(problem, xcover::Layout::links);
      CHECK(links.count().solutions == static_cast<std::uint64_t>(n));
      if (!propagate) CHECK(solver.statistics().nodes == links.statistics().nodes);
    }
  }
}

TEST_CASE("bit sets of more than 16 words with 8-bit lengths agree with the links") {
  // 20 items of 60 options each: 1,200 options, 60^20 solutions; the first
  // 500 are compared, in order.
  xcover::Problem problem;
  for (int i = 0; i < 20; ++i) problem.add_primary("x" + std::to_string(i));
  for (int i = 0; i < 20; ++i) {
    for (int k = 0; k < 60; ++k) problem.add_option({xcover::OptionEntry{i}});
  }
  auto first = [&](xcover::Layout layout, bool propagate) {
    return first_solutions(problem, layout, propagate, 500).solutions;
  };
  const auto links = first(xcover::Layout::links, false);
  REQUIRE(links.size() == 500);
  CHECK(first(xcover::Layout::bitsets, false) == links);
  CHECK(first(xcover::Layout::bitsets, true) == links);
}

TEST_CASE("bit sets: lengths in one and two vector blocks of 64 items agree with the links") {
  // n primary items, cut into runs of 1 to 4 items in `ways` random ways:
  // each run is an option, so every way is a solution and runs of
  // different ways combine into more. Around 64 and 128 items the lengths
  // move from one block of registers to two, and to memory; with 4 ways an
  // item has a few options (8-bit lengths), with 200 over 127 (16-bit).
  for (int ways : {4, 200}) {
    for (int n : {62, 63, 64, 65, 100, 126, 127, 128}) {
      CAPTURE(ways);
      CAPTURE(n);
      std::mt19937 rng(static_cast<unsigned>(n * 1000 + ways));
      xcover::Problem problem;
      for (int i = 0; i < n; ++i) problem.add_primary("x" + std::to_string(i));
      for (int w = 0; w < ways; ++w) {
        for (int i = 0; i < n;) {
          const int run = std::min(n - i, 1 + static_cast<int>(rng() % 4));
          std::vector<xcover::OptionEntry> option;
          for (int k = 0; k < run; ++k) option.push_back(xcover::OptionEntry{i + k});
          problem.add_option(option);
          i += run;
        }
      }
      auto first = [&](xcover::Layout layout, bool propagate) {
        const FirstSolutions found = first_solutions(problem, layout, propagate, 300);
        return std::make_pair(found.solutions, found.statistics);
      };
      const auto [links, links_stats] = first(xcover::Layout::links, false);
      REQUIRE(links.size() >= static_cast<std::size_t>(std::min(ways, 300)));
      const auto [bits, bits_stats] = first(xcover::Layout::bitsets, false);
      CHECK(bits == links);
      CHECK(bits_stats.nodes == links_stats.nodes);
      CHECK(bits_stats.updates == links_stats.updates);
      // Forced options change the order and the nodes, not the solutions.
      auto forced = first(xcover::Layout::bitsets, true).first;
      auto sorted = links;
      std::sort(forced.begin(), forced.end());
      std::sort(sorted.begin(), sorted.end());
      if (links.size() < 300)
        CHECK(forced == sorted);
      else
        CHECK(forced.size() == 300);
    }
  }
}

TEST_CASE("the profile counts nodes per level and sums to the node count") {
  const auto input = xcover::parse_dlx("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n");
  xcover::Solver solver(input.problem);
  solver.count().solutions;
  const auto& stats = solver.statistics();
  std::uint64_t total = 0;
  for (auto n : stats.level_nodes) total += n;
  CHECK(total == stats.nodes);
  CHECK(stats.level_nodes[0] == 1);
}

TEST_CASE("the layout follows the problem's size, or the caller") {
  // One item and n options, each of which covers it: n solutions.
  auto wide = [](int n) {
    xcover::Problem problem;
    problem.add_primary("a");
    for (int k = 0; k < n; ++k) problem.add_option({xcover::OptionEntry{0, 0}});
    return problem;
  };
  const xcover::Problem small = wide(100), large = wide(20000), huge = wide(40000);
  CHECK(xcover::Solver(small).layout() == xcover::Layout::bitsets);
  CHECK(xcover::Solver(large).layout() == xcover::Layout::links);
  // Between 1,025 and 4,096 options it depends on how many options clash
  // with each: all of them here, none in a chain of items of one option each.
  const xcover::Problem dense = wide(2000);
  CHECK(xcover::Solver(dense).layout() == xcover::Layout::bitsets);
  xcover::Problem chain;
  for (int k = 0; k < 2000; ++k) chain.add_primary("i" + std::to_string(k));
  for (int k = 0; k < 2000; ++k) chain.add_option({xcover::OptionEntry{k, 0}});
  CHECK(xcover::Solver(chain).layout() == xcover::Layout::links);
  CHECK(xcover::Solver(chain).count().solutions == 1);
  CHECK(xcover::Solver(small, xcover::Layout::links).layout() == xcover::Layout::links);
  xcover::Solver forced(large, xcover::Layout::bitsets);
  CHECK(forced.layout() == xcover::Layout::bitsets);
  CHECK(forced.count().solutions == 20000);
  CHECK(xcover::Solver(large).count().solutions == 20000);
  CHECK_THROWS_WITH_AS(
      xcover::Solver(huge, xcover::Layout::bitsets),
      "the bitsets layout takes at most 32767 options: links, sparse and multiplicities "
      "take any problem",
      xcover::ProblemError);
  CHECK(xcover::Solver(huge).count().solutions == 40000);

  // Mask ids are 16-bit: more than 65,536 items go to the links.
  xcover::Problem many_items;
  many_items.add_primary("a");
  for (int k = 0; k < 70000; ++k) many_items.add_secondary("s" + std::to_string(k));
  many_items.add_option({xcover::OptionEntry{0, 0}, xcover::OptionEntry{69999, 0}});
  CHECK(xcover::Solver(many_items).layout() == xcover::Layout::links);
  CHECK(xcover::Solver(many_items).count().solutions == 1);
  CHECK_THROWS_WITH_AS(
      xcover::Solver(many_items, xcover::Layout::bitsets),
      "the bitsets layout takes at most 65536 items and (item, colour) pairs: links, "
      "sparse and multiplicities take any problem",
      xcover::ProblemError);

  // Exactly 65,536 items, and colours: their pairs need ids beyond that.
  xcover::Problem colored;
  colored.add_primary("p0");
  colored.add_primary("p1");
  for (int k = 2; k < 65536; ++k) colored.add_secondary("s" + std::to_string(k));
  colored.add_option({"p0", "s2:red"});
  colored.add_option({"p1", "s2:blue"});
  CHECK(xcover::Solver(colored).layout() == xcover::Layout::links);
  CHECK(xcover::Solver(colored).count().solutions == 0);
  CHECK_THROWS_AS(xcover::Solver(colored, xcover::Layout::bitsets), xcover::ProblemError);

  // Colours, too many options for the bit sets: the sparse sets while the
  // items are few (under 256), else the links.
  for (const int primaries : {100, 300}) {
    xcover::Problem many;
    for (int k = 0; k < primaries; ++k) many.add_primary("p" + std::to_string(k));
    for (int k = 0; k < 20; ++k) many.add_secondary("s" + std::to_string(k));
    for (int k = 0; k < 4200; ++k)
      many.add_option({"p" + std::to_string(k % primaries),
                       "s" + std::to_string(k % 20) + ":c" + std::to_string(k % 3)});
    CAPTURE(primaries);
    xcover::Solver automatic(many);
    CHECK(automatic.layout() ==
          (primaries == 100 ? xcover::Layout::sparse : xcover::Layout::links));
    xcover::Solver links(many, xcover::Layout::links);
    xcover::SearchOptions limited;
    limited.node_limit = 5000;
    CHECK(automatic.count(limited).solutions == links.count(limited).solutions);
    CHECK(automatic.statistics().nodes == links.statistics().nodes);
  }
}

}  // namespace test_engine
