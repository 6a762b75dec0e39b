// SPDX-License-Identifier: MIT
// `xcover reduce` and `xcover solve --preprocess` as a user runs them.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"

namespace test_reduce_cli {

using xcover::test::data_file;
using xcover::test::lines_of;
using xcover::test::run_cli;
using xcover::test::run_script;
using xcover::test::temp_file;

namespace {

// Knuth's first example in DLX-PRE.
const char* const knuth_first =
    "| A simple example\n"
    "A B C D E | F G\n"
    "C E F\n"
    "A D G\n"
    "B C F\n"
    "A D\n"
    "B G\n"
    "D E G\n";

// The solutions `xcover solve` printed ("N:" then one option a line), each
// as a sorted list of its option lines, in a multiset (two options may read
// alike): equal up to order.
std::multiset<std::vector<std::string>> solutions_of(const std::string& out) {
  std::multiset<std::vector<std::string>> found;
  std::vector<std::string> current;
  bool started = false;
  for (const std::string& line : lines_of(out)) {
    if (!line.empty() && line.back() == ':') {
      if (started) {
        std::sort(current.begin(), current.end());
        found.insert(current);
      }
      current.clear();
      started = true;
    } else {
      current.push_back(line);
    }
  }
  if (started) {
    std::sort(current.begin(), current.end());
    found.insert(current);
  }
  return found;
}

std::string contents(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("xcover reduce writes the smaller problem, the summary on stderr and a map") {
  const std::string map = temp_file("", ".map");
  const auto r = run_cli("reduce --map " + map, knuth_first);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "A B E\nE\nA\nB\n");
  // DLX-PRE: "Removed 3 options and 4 items, after 428+1284 mems, 3 rounds."
  CHECK(r.err == "xcover: removed 3 options and 4 items in 3 rounds\n");
  // The input's options 1, 4 and 5, as DLX-PRE's v9 says "(from 1)"...
  CHECK(contents(map) == "1\n4\n5\n");

  // Its output reads back, and reduces no further.
  const auto again = run_cli("reduce", r.out);
  CHECK(again.exit_code == 0);
  CHECK(again.out == r.out);
  CHECK(again.err == "xcover: removed 0 options and 0 items in 1 round\n");

  // Colours; an option without a primary item is dropped with the reader's
  // warning.
  const auto colours =
      run_cli("reduce", "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n");
  CHECK(colours.exit_code == 0);
  CHECK(colours.out == "A B | X Y\nA X:1 Y:1\nB X:1\n");
  CHECK(colours.err ==
        "<stdin>:4: warning: option ignored, it has no primary item: X:0 Y:1\n"
        "xcover: removed 2 options and 1 item in 2 rounds\n");
}

TEST_CASE("xcover reduce --rounds stops early and says so") {
  const std::string file = data_file("reduce/random363.dlx");
  const auto r = run_cli("reduce --rounds 2 " + file);
  CHECK(r.exit_code == 0);
  // DLX-PRE t3 runs two rounds: "Removed 13 options and 0 items".
  CHECK(r.err ==
        "xcover: removed 13 options and 0 items in 2 rounds (stopped by --rounds; more "
        "may go)\n");
  const auto all = run_cli("reduce --rounds 0 " + file);
  CHECK(all.err == "xcover: removed 17 options and 5 items in 5 rounds\n");
}

TEST_CASE("xcover reduce: an unsolvable problem becomes its item without options") {
  const auto r = run_cli("reduce", "a b c\na c\nc\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "b\n");
  CHECK(r.err ==
        "xcover: removed 2 options and 2 items in 0 rounds: no solution, item 'b' has "
        "no option left\n");
  const auto solved = run_cli("solve", r.out);
  CHECK(solved.exit_code == 0);
  CHECK(solved.out.empty());
  CHECK(solved.err == "xcover: 0 solutions\n");
}

TEST_CASE("xcover reduce: bad input and bad options") {
  const std::string bad = temp_file("a b\na c\n", ".dlx");
  const auto r = run_cli("reduce " + bad);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err == bad + ":2: unknown item 'c'\n");

  const auto missing = run_cli("reduce /nonexistent/problem.dlx");
  CHECK(missing.exit_code == 1);
  CHECK(missing.err == "/nonexistent/problem.dlx: No such file or directory\n");

  const auto empty = run_cli("reduce", "");
  CHECK(empty.exit_code == 1);
  CHECK(empty.err == "<stdin>:1: empty input: no items line\n");

  const auto map = run_cli("reduce --map /nonexistent/dir/map", "a\na\n");
  CHECK(map.exit_code == 1);
  CHECK(map.out.empty());
  CHECK(map.err == "xcover: cannot write '/nonexistent/dir/map': No such file or directory\n");

  const auto rounds = run_cli("reduce --rounds -1", "a\na\n");
  CHECK(rounds.exit_code == 2);
  CHECK(rounds.err.find("--rounds must be a whole number (0 or more), not '-1'") !=
        std::string::npos);
  const auto unknown = run_cli("reduce --fast", "a\na\n");
  CHECK(unknown.exit_code == 2);
  const auto two = run_cli("reduce a.dlx b.dlx");
  CHECK(two.exit_code == 2);
}

TEST_CASE("xcover solve --preprocess prints the same solutions, with the input's options") {
  // Pentominoes on 3x20 (8 tilings), Knuth's examples and the random files.
  std::vector<std::string> inputs = {temp_file(knuth_first, ".dlx")};
  for (const char* name : {"random2.dlx", "random8.dlx", "random16.dlx", "random36.dlx",
                           "random55.dlx", "random108.dlx", "random235.dlx", "random243.dlx"})
    inputs.push_back(data_file(std::string("reduce/") + name));
  const auto emitted = run_cli("polyomino --board 3x20 --emit");
  REQUIRE(emitted.exit_code == 0);
  inputs.push_back(temp_file(emitted.out, ".dlx"));
  for (const std::string& file : inputs) {
    CAPTURE(file);
    const auto plain = run_cli("solve --threads 1 " + file);
    const auto reduced = run_cli("solve --threads 1 --preprocess " + file);
    CHECK(plain.exit_code == 0);
    CHECK(reduced.exit_code == 0);
    CHECK(reduced.err == plain.err);
    CHECK(solutions_of(reduced.out) == solutions_of(plain.out));
    CHECK(lines_of(reduced.out).size() == lines_of(plain.out).size());
    const auto count = run_cli("solve --count --threads 2 --preprocess " + file);
    CHECK(count.out == std::to_string(solutions_of(plain.out).size()) + "\n");
  }
  CHECK(solutions_of(run_cli("solve --preprocess " + inputs.back()).out).size() == 8);
}

TEST_CASE("xcover solve --preprocess: no solution, --stats, bad input") {
  // Found unsolvable by the reduction: as plain solve says it.
  const auto none = run_cli("solve --preprocess", "a b c\na c\nc\n");
  CHECK(none.exit_code == 0);
  CHECK(none.out.empty());
  CHECK(none.err == "xcover: 0 solutions\n");
  const auto counted = run_cli("solve --preprocess --count", "a b c\na c\nc\n");
  CHECK(counted.exit_code == 0);
  CHECK(counted.out == "0\n");

  const auto stats = run_cli("solve --preprocess --stats --threads 1", knuth_first);
  CHECK(stats.exit_code == 0);
  // The input's options, whole, in the order the reduced problem's search
  // chose them (plain solve prints A D, C E F, B G).
  CHECK(stats.out == "1:\n A D\n B G\n C E F\n");
  CHECK(stats.err.find("xcover: removed 3 options and 4 items in 3 rounds\nnodes ") == 0);

  const std::string bad = temp_file("a b\na c\n", ".dlx");
  const auto r = run_cli("solve --preprocess " + bad);
  CHECK(r.exit_code == 1);
  CHECK(r.err == bad + ":2: unknown item 'c'\n");
}

}  // namespace test_reduce_cli
