// SPDX-License-Identifier: MIT
// Decision diagrams of all solutions (Solver::zdd, Zdd): the counts of known
// families in either order, diagrams reduced (and ordered when asked), every
// solution of random problems with colours listed by nth() exactly once, the
// text and the binary form written and read back, their errors located,
// uniform samples, and what Solver::zdd refuses.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "error_of.hpp"
#include "families.hpp"
#include "random_problems.hpp"
#include "slow_run.hpp"
#include "xcover/solver.hpp"
#include "xcover/zdd.hpp"

namespace test_zdd {

namespace {

using xcover::Count;
using xcover::Problem;
using xcover::SearchOptions;
using xcover::Solver;
using xcover::Status;
using xcover::Zdd;
using xcover::ZddFormat;
using xcover::ZddOrder;

Zdd diagram_of(const Problem& problem, ZddOrder order = ZddOrder::fewest) {
  Solver solver(problem);
  xcover::ZddResult made = solver.zdd({}, 0, order);
  REQUIRE(made.status == Status::exhausted);
  CHECK(solver.statistics().layout == xcover::Layout::memo);
  return std::move(made.zdd);
}

// Whether the diagram is ordered (options by their first primary item, then
// index, along every path) and reduced (no HI of 0, no two nodes alike).
// Reduced alone: no HI of 0, no two nodes alike.
bool reduced(const Zdd& zdd) {
  std::set<std::tuple<int, std::uint64_t, std::uint64_t>> seen;
  for (const Zdd::Node& n : zdd.nodes())
    if (n.hi == Zdd::kNone || !seen.emplace(n.option, n.lo, n.hi).second) return false;
  return true;
}

bool ordered_and_reduced(const Problem& problem, const Zdd& zdd) {
  auto rank = [&](int option) {
    int first = problem.primary_count();
    for (const xcover::OptionEntry& e : problem.option(option))
      if (e.item < problem.primary_count()) first = std::min(first, e.item);
    return std::pair(first, option);
  };
  std::set<std::tuple<int, std::uint64_t, std::uint64_t>> seen;
  for (const Zdd::Node& n : zdd.nodes()) {
    if (n.hi == Zdd::kNone) return false;
    if (!seen.emplace(n.option, n.lo, n.hi).second) return false;
    for (const std::uint64_t child : {n.lo, n.hi})
      if (child >= 2 && !(rank(n.option) < rank(zdd.nodes()[child - 2].option))) return false;
  }
  return true;
}

std::string text_of(const Zdd& zdd) {
  std::ostringstream out;
  zdd.write(out);
  return out.str();
}

std::string binary_of(const Zdd& zdd) {
  std::ostringstream out;
  zdd.write(out, ZddFormat::binary);
  return out.str();
}

Zdd read_text(const std::string& text) {
  std::istringstream in(text);
  return Zdd::read(in, "d.zdd");
}

}  // namespace

TEST_CASE("a diagram counts the known families, reduced in either order, ordered when asked") {
  Count double_factorial = 1;
  for (int n = 2; n <= 16; n += 2) {
    double_factorial *= n - 1;
    const Problem problem = matchings(n);
    CHECK(diagram_of(problem).count() == double_factorial);
    CHECK(reduced(diagram_of(problem)));
    const Zdd ordered = diagram_of(problem, ZddOrder::first);
    CHECK(ordered.count() == double_factorial);
    CHECK(ordered_and_reduced(problem, ordered));
  }
  const std::vector<std::uint64_t> bell = {1, 2, 5, 15, 52, 203, 877, 4140};
  for (int n = 1; n <= 8; ++n) {
    const Problem problem = partitions(n);
    CHECK(diagram_of(problem).count() == bell[n - 1]);
    CHECK(reduced(diagram_of(problem)));
    const Zdd ordered = diagram_of(problem, ZddOrder::first);
    CHECK(ordered.count() == bell[n - 1]);
    CHECK(ordered_and_reduced(problem, ordered));
  }
  CHECK(diagram_of(dominoes(8)).count() == 12988816);
  CHECK(diagram_of(dominoes(8), ZddOrder::first).count() == 12988816);
  const Problem sts9 = triple_systems(9);
  CHECK(diagram_of(sts9).count() == 840);
  CHECK(reduced(diagram_of(sts9)));
  const Zdd steiner = diagram_of(sts9, ZddOrder::first);
  CHECK(steiner.count() == 840);
  CHECK(ordered_and_reduced(sts9, steiner));
  for (const ZddOrder order : {ZddOrder::fewest, ZddOrder::first}) {
    CHECK(diagram_of(dominoes(3), order).root() == Zdd::kNone);
    CHECK(diagram_of(Problem(), order).root() == Zdd::kEmpty);
  }
}

// The count makes most nodes without asking its unique table: when
// duplicates are impossible. Where they are possible, the diagram is still
// reduced: a memo too small to keep every sub-problem counts some twice,
// and two sub-problems that differ in secondary items alone may have the
// same solutions.
TEST_CASE("a diagram is reduced with a memo that drops entries, and with secondary items") {
  const Problem problem = matchings(16);
  const Zdd whole = diagram_of(problem);
  Solver solver(problem);
  xcover::ZddResult small = solver.zdd({}, 1);  // the memo's first table, no more
  REQUIRE(small.status == Status::exhausted);
  CHECK(small.zdd.count() == whole.count());
  CHECK(reduced(small.zdd));
  CHECK(small.zdd.node_count() == whole.node_count());

  // Options a x, a, b and b again: the sub-problem under either option of
  // a is b alone, with x covered or not, and the same two solutions.
  Problem secondary;
  const int a = secondary.add_primary("a"), b = secondary.add_primary("b");
  const int x = secondary.add_secondary("x");
  secondary.add_option({xcover::OptionEntry{a}, xcover::OptionEntry{x}});
  secondary.add_option({xcover::OptionEntry{a}});
  secondary.add_option({xcover::OptionEntry{b}});
  secondary.add_option({xcover::OptionEntry{b}});
  const Zdd zdd = diagram_of(secondary);
  CHECK(zdd.count() == 4);
  CHECK(reduced(zdd));
  CHECK(zdd.node_count() == 4);  // b's two nodes, made once, and a's two
}

TEST_CASE("nth lists every solution of random problems with colours once") {
  std::mt19937 rng(20261127);
  const RandomShape shape = counting_shape();
  const int cases = xcover::test::slow_run_share(400);
  int nonzero = 0;
  for (int t = 0; t < cases; ++t) {
    CAPTURE(t);
    const Problem problem = random_problem(rng, shape);
    std::set<std::vector<int>> expected;
    for (unsigned mask = 0; mask < (1u << problem.option_count()); ++mask) {
      if (!is_solution(problem, mask)) continue;
      std::vector<int> options;
      for (int k = 0; k < problem.option_count(); ++k)
        if (mask >> k & 1u) options.push_back(k);
      expected.insert(options);
    }
    for (const ZddOrder order : {ZddOrder::fewest, ZddOrder::first}) {
      const Zdd zdd = diagram_of(problem, order);
      REQUIRE(zdd.count() == expected.size());
      CHECK(reduced(zdd));
      if (order == ZddOrder::first) CHECK(ordered_and_reduced(problem, zdd));
      std::set<std::vector<int>> listed;
      for (std::size_t k = 0; k < expected.size(); ++k) listed.insert(zdd.nth(k));
      CHECK(listed == expected);
      // The text and the binary form keep it all.
      const Zdd back = read_text(text_of(zdd));
      CHECK(back.count() == zdd.count());
      CHECK(text_of(back) == text_of(zdd));
      const Zdd from_binary = read_text(binary_of(zdd));
      CHECK(text_of(from_binary) == text_of(zdd));
    }
    if (!expected.empty()) ++nonzero;
  }
  CHECK(nonzero > cases / 4);
}

TEST_CASE("nth follows the diagram's order: with a node's option first") {
  // Two items, options {a}, {a}, {b}, {b}: four solutions.
  Problem p;
  p.add_primary("a");
  p.add_primary("b");
  p.add_option({xcover::OptionEntry{0}});
  p.add_option({xcover::OptionEntry{0}});
  p.add_option({xcover::OptionEntry{1}});
  p.add_option({xcover::OptionEntry{1}});
  const Zdd zdd = diagram_of(p, ZddOrder::first);
  REQUIRE(zdd.count() == 4);
  CHECK(zdd.nth(0) == std::vector<int>{0, 2});
  CHECK(zdd.nth(1) == std::vector<int>{0, 3});
  CHECK(zdd.nth(2) == std::vector<int>{1, 2});
  CHECK(zdd.nth(3) == std::vector<int>{1, 3});
  CHECK(error_of([&] { (void)zdd.nth(4); }) ==
        "Zdd::nth: index 4 is past the last solution (there are 4)");
  // Its text, node by node.
  CHECK(text_of(zdd) ==
        "# xcover ZDD: 4 nodes, 4 solutions\n"
        "# one node a line, children first: ID OPTION LO HI (OPTION from 1; B: no solution,\n"
        "# T: the empty solution); the root is the last; '.' ends the diagram\n"
        "2 4 B T\n"
        "3 3 2 T\n"
        "4 2 B 3\n"
        "5 1 4 3\n"
        ".\n");
}

TEST_CASE("the binary form: a quarter of the text or less, read back, its errors located") {
  const Zdd zdd = diagram_of(matchings(16));
  const std::string text = text_of(zdd), binary = binary_of(zdd);
  CHECK(binary.size() < text.size() / 4);
  const Zdd back = read_text(binary);
  CHECK(back.count() == 2027025);
  CHECK(text_of(back) == text);
  CHECK(binary_of(back) == binary);
  for (const std::uint64_t terminal : {Zdd::kNone, Zdd::kEmpty}) {
    const Zdd alone({}, terminal);
    CHECK(read_text(binary_of(alone)).root() == terminal);
  }
  // Cut short anywhere: refused, with the byte it ends at.
  CHECK(error_of([&] { (void)read_text(binary.substr(0, 5)); }) ==
        "d.zdd:5: (byte offset) binary ZDD: the file ends inside the number of nodes (is it cut "
        "short?)");
  for (const std::size_t cut :
       {std::size_t{3}, std::size_t{9}, binary.size() / 2, binary.size() - 1}) {
    CAPTURE(cut);
    CHECK(error_of([&] { (void)read_text(binary.substr(0, cut)); }).find("is it cut short?") !=
          std::string::npos);
  }
  CHECK(error_of([&] { (void)read_text(binary + '\0'); }) ==
        "d.zdd:" + std::to_string(binary.size()) +
            ": (byte offset) binary ZDD: bytes after the last node");
  std::string version = binary;
  version[4] = 9;
  CHECK(error_of([&] { (void)read_text(version); }) ==
        "d.zdd:5: (byte offset) binary ZDD: version 9 is not one this xcover reads (1)");
  // A node count past what the file holds takes no memory for it: the file
  // ends first.
  std::string huge = binary.substr(0, 5) + std::string(9, '\xff') + '\x01' + '\x00';
  CHECK(error_of([&] { (void)read_text(huge); }) ==
        "d.zdd:15: (byte offset) binary ZDD: 18446744073709551615 nodes: more than a diagram "
        "can hold");
  std::string many = binary.substr(0, 5) + "\xff\xff\xff\xff\x0f" + "\x80\x80\x80\x80\x10";
  CHECK(error_of([&] { (void)read_text(many); }) ==
        "d.zdd:15: (byte offset) binary ZDD: the file ends inside a node's option (is it cut "
        "short?)");
  // A child that names a node not below its parent.
  std::string forward = binary.substr(0, 5) + std::string("\x01\x02\x00\x00\x05", 5);
  CHECK(error_of([&] { (void)read_text(forward); }) ==
        "d.zdd:10: (byte offset) binary ZDD: node 2's HI names no node below it (children "
        "come before their parents)");
}

TEST_CASE("samples are uniform, and the same for a seed") {
  const Zdd zdd = diagram_of(matchings(6));  // 15 solutions
  REQUIRE(zdd.count() == 15);
  std::map<std::vector<int>, int> seen;
  const int draws = 15 * 400;
  for (int seed = 0; seed < draws; ++seed) ++seen[zdd.sample(static_cast<std::uint64_t>(seed))];
  CHECK(seen.size() == 15);
  // Pearson's chi-squared with 14 degrees of freedom: above 36.1 one time
  // in a thousand for uniform draws (the seeds are fixed: the test is
  // deterministic).
  double chi = 0;
  for (const auto& [solution, times] : seen) chi += (times - 400.0) * (times - 400.0) / 400.0;
  CHECK(chi < 36.1);
  CHECK(zdd.sample(7) == zdd.sample(7));
  CHECK(error_of([] { (void)diagram_of(dominoes(3)).sample(1); }) ==
        "Zdd::sample: the diagram has no solution");
  // A family past 2^64: samples are still drawn, from 128-bit counts.
  const Zdd big = diagram_of(doubled(100));
  CHECK(big.sample(1).size() == 100);
  CHECK(big.sample(1) != big.sample(2));
}

TEST_CASE("the terminals alone, the text's errors, and counts past 2^128") {
  CHECK(text_of(Zdd()) ==
        "# xcover ZDD: 0 nodes, 0 solutions\n"
        "# one node a line, children first: ID OPTION LO HI (OPTION from 1; B: no solution,\n"
        "# T: the empty solution); the root is the last; '.' ends the diagram\n"
        "B\n.\n");
  CHECK(read_text("T\n.\n").count() == 1);
  CHECK(read_text("B\n.\n").count() == 0);
  // Another program's IDs (any numbers), comments, blank lines.
  const Zdd other = read_text("# made elsewhere\n\n17 3 B T  # a node\n9 1 B 17\n12 2 9 17\n.\n");
  CHECK(other.count() == 2);
  CHECK(other.nth(0) == std::vector<int>{1, 2});
  CHECK(other.nth(1) == std::vector<int>{0, 2});

  auto refused = [](const std::string& text) { return error_of([&] { (void)read_text(text); }); };
  CHECK(refused("") == "d.zdd:1: empty input: no diagram");
  CHECK(refused("2 1 B T\n") ==
        "d.zdd:1: the diagram ends without its '.' line (is the file cut short?)");
  CHECK(refused("2 1 B\n.\n") == "d.zdd:1: a node is 'ID OPTION LO HI', 4 words; this line has 3");
  CHECK(refused("2 0 B T\n.\n") == "d.zdd:1: the option '0' is not a number from 1 to 2147483647");
  CHECK(refused("x 1 B T\n.\n") == "d.zdd:1: the ID 'x' is not a number");
  CHECK(refused("2 1 B 3\n.\n") ==
        "d.zdd:1: HI 3 names no node above it (children come before their parents)");
  CHECK(refused("2 1 Q T\n.\n") ==
        "d.zdd:1: LO is 'Q': a node's ID, B (no solution) or T (the empty solution)");
  CHECK(refused("2 1 B T\n2 2 B T\n.\n") == "d.zdd:2: node 2 is defined twice");
  CHECK(refused(".\n") == "d.zdd:1: the diagram is empty: no node before the '.'");
  CHECK(refused("2 1 B T\n.\n3 1 B T\n") == "d.zdd:3: a line after the '.' that ends the diagram");
  CHECK_THROWS_AS((void)read_text("2 1 B\n.\n"), xcover::ParseError);

  CHECK(error_of([] {
          (void)Zdd({{0, 0, 3}}, 2);
        }) == "Zdd: node 2 has a child that is not below it (children come first)");
  CHECK(error_of([] { (void)Zdd({}, 2); }) ==
        "Zdd: the root 2 is no node (there are 2, with the terminals 0 and 1)");

  // 2^128 solutions: Solver::zdd stops at the count, as a memoised count
  // does; a diagram of them is held, written, but not counted.
  const Problem doubled_128 = doubled(128);
  Solver too_many(doubled_128);
  CHECK_THROWS_AS((void)too_many.zdd(), xcover::CountOverflow);
  std::vector<Zdd::Node> nodes;
  std::uint64_t below = Zdd::kEmpty;
  for (int item = 127; item >= 0; --item) {
    nodes.push_back({2 * item + 1, Zdd::kNone, below});
    nodes.push_back({2 * item, nodes.size() + 1, below});
    below = nodes.size() + 1;
  }
  const Zdd huge(nodes, below);
  CHECK(huge.node_count() == 256);
  CHECK_THROWS_AS((void)huge.count(), xcover::CountOverflow);
  CHECK_THROWS_AS((void)huge.sample(1), xcover::CountOverflow);
  CHECK(text_of(huge).find("more than 2^128 - 1 solutions") != std::string::npos);
}

TEST_CASE("Solver::zdd follows limits and refuses what it does not follow") {
  const Problem problem = matchings(14);
  Solver solver(problem);
  SearchOptions few;
  few.node_limit = 10;
  const xcover::ZddResult cut = solver.zdd(few);
  CHECK(cut.status == Status::node_limit);
  CHECK(!cut.complete());
  CHECK(cut.zdd.root() == Zdd::kNone);
  CHECK(cut.zdd.node_count() == 0);
  // The solver is as it was.
  CHECK(solver.count().solutions == 135135);

  SearchOptions limited;
  limited.solution_limit = 1;
  CHECK(error_of([&] { (void)solver.zdd(limited); }) ==
        "Solver::zdd: a diagram holds every solution and follows no solution_limit: leave it "
        "out, and take solutions from the diagram (Zdd::nth)");
  SearchOptions propagating;
  propagating.propagate = true;
  CHECK_THROWS_AS((void)solver.zdd(propagating), xcover::Error);
  REQUIRE(solver.assume(0));
  CHECK(error_of([&] { (void)solver.zdd(); }).find("made without assumptions") !=
        std::string::npos);
  solver.clear_assumptions();
  Problem bounded;
  bounded.add_primary("a", 1, 2);
  bounded.add_option({xcover::OptionEntry{0}});
  Solver multiple(bounded);
  CHECK_THROWS_AS((void)multiple.zdd(), xcover::ProblemError);
  // From the solver's own progress callback: refused.
  SearchOptions reentering;
  reentering.progress_nodes = 1;
  reentering.on_progress = [&](const xcover::Progress&) { (void)solver.zdd(); };
  CHECK(error_of([&] { (void)solver.zdd(reentering); }).find("called while the solver is") !=
        std::string::npos);
  CHECK(solver.zdd().zdd.count() == 135135);
}

}  // namespace test_zdd
