// SPDX-License-Identifier: MIT
// The edges every command shares: exact option names, operands counted,
// hints on stderr; and `xcover solve --format json`.
#include <doctest/doctest.h>

#include <string>

#include "cli_support.hpp"

namespace test_commands_cli {

using xcover::test::data_file;
using xcover::test::run_cli;

namespace {

// What each command needs besides the option under test to run at all.
struct Command {
  const char* name;
  const char* operands;
};
constexpr Command kCommands[] = {
    {"solve", ""},     {"reduce", ""},    {"queens", "4"},
    {"langford", "3"}, {"polyomino", ""}, {"sudoku", ""},
};

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("options are taken by their exact names only, in every command") {
  // (Boost would take any unambiguous prefix: --vers for --version.)
  for (const Command& c : kCommands) {
    CAPTURE(c.name);
    const auto r = run_cli(std::string(c.name) + " " + c.operands + " --vers", "");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(has(r.err, "unrecognised option '--vers'"));
    CHECK(run_cli(std::string(c.name) + " --version").exit_code == 0);
  }
  const std::string file = data_file("knuth_example.dlx");
  auto r = run_cli("solve --count --thread 2 " + file);
  CHECK(r.exit_code == 2);
  CHECK(has(r.err, "'--thread'"));
  CHECK(run_cli("solve --count --threads 2 " + file).out == "1\n");
  r = run_cli("sudoku --gen 1");
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(has(r.err, "'--gen'"));
  // Short options still stick together with their values.
  CHECK(run_cli("solve -cn1 " + file).out == "1\n");
}

TEST_CASE("more operands than a command takes: a usage error that says so") {
  const std::string file = data_file("knuth_example.dlx");
  auto r = run_cli("solve " + file + " " + file);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(has(r.err,
            "xcover solve: one problem at a time: give one FILE (or none, for standard "
            "input), not 2"));
  CHECK(has(r.err, "Try 'xcover solve --help'"));
  CHECK(!has(r.err, "positional"));
  r = run_cli("reduce " + file + " " + file);
  CHECK(r.exit_code == 2);
  CHECK(has(r.err,
            "xcover reduce: one problem at a time: give one FILE (or none, for standard "
            "input), not 2"));
  r = run_cli("langford 3 4");
  CHECK(r.exit_code == 2);
  CHECK(has(r.err, "xcover langford: too many operands: usage: xcover langford N [options]"));
  CHECK(!has(r.err, "positional"));
}

TEST_CASE("xcover langford N without solutions says why on stderr") {
  for (const char* n : {"1", "2", "5", "6"}) {
    CAPTURE(n);
    const auto r = run_cli(std::string("langford ") + n);
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(has(r.err, std::string("xcover langford: no arrangement of ") + n +
                         " pairs exists: only N with N mod 4 = 0 or 3 has one"));
    CHECK(has(r.err, "xcover: 0 solutions"));
    const auto count = run_cli(std::string("langford --count ") + n);
    CHECK(count.out == "0\n");
    CHECK(has(count.err, "N mod 4 = 0 or 3"));
  }
  // On several threads (the default) the two solutions come in either order;
  // --ordered and --threads 1 give the order one thread finds them in.
  const auto r = run_cli("langford 3");
  CHECK((r.out == "3 1 2 1 3 2\n\n2 3 1 2 1 3\n" || r.out == "2 3 1 2 1 3\n\n3 1 2 1 3 2\n"));
  CHECK(r.err.empty());
  for (const char* order : {"--ordered", "--threads 1"}) {
    CAPTURE(order);
    const auto ordered = run_cli(std::string("langford 3 ") + order);
    CHECK(ordered.out == "3 1 2 1 3 2\n\n2 3 1 2 1 3\n");
  }
}

TEST_CASE("xcover solve --format json: solutions, count, status and statistics on stdout") {
  const std::string file = data_file("knuth_example.dlx");
  auto r = run_cli("solve --format json --threads 1 " + file);
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  // One object, one line, then a newline.
  CHECK(r.out.find("{\"solutions\":[{\"options\":[3,4,0],\"lines\":[\"a d f\",\"b g\",\"c e\"]}],"
                   "\"count\":1,\"status\":\"exhausted\",\"complete\":true,"
                   "\"statistics\":{\"nodes\":6,\"updates\":29,\"solutions\":1,\"seconds\":") == 0);
  CHECK(has(r.out, ",\"bytes\":"));
  CHECK(r.out.back() == '\n');
  CHECK(r.out.find('\n') == r.out.size() - 1);

  // The option numbers are the file's, counted from 0; text is escaped.
  r = run_cli("solve --format json --threads 1", "a b\\ c\"\nb\\ c\"\na b\\ c\"\na\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("{\"solutions\":[{\"options\":[1],\"lines\":[\"a b\\\\ c\\\"\"]},"
                   "{\"options\":[2,0],\"lines\":[\"a\",\"b\\\\ c\\\"\"]}],\"count\":2,") == 0);

  // --count leaves the solutions out; a limit is a status, not a failure.
  r = run_cli("solve --format json --count --threads 2 " + file);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("{\"count\":1,\"status\":\"exhausted\",\"complete\":true,\"statistics\":{") ==
        0);
  const std::string doubling = "a b c\na\na\nb\nb\nc\nc\n";  // 8 solutions
  r = run_cli("solve --format json --count --limit 3 --threads 1", doubling);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("{\"count\":3,\"status\":\"solution_limit\",\"complete\":false,") == 0);
  r = run_cli("solve --format json --count --node-limit 2 --threads 1", doubling);
  CHECK(r.exit_code == 3);
  CHECK(has(r.out, "\"status\":\"node_limit\",\"complete\":false,"));
  CHECK(has(r.err, "node limit reached"));

  // Costs come with each solution and each line as in the text output.
  r = run_cli("solve --format json --threads 1", "a b\na b |5\na |1\nb |2\n");
  CHECK(r.out.find("{\"solutions\":[{\"options\":[0],\"cost\":5,\"lines\":[\"a b |5\"]},"
                   "{\"options\":[1,2],\"cost\":3,\"lines\":[\"a |1\",\"b |2\"]}],") == 0);

  // No solution: an empty list, and stderr says so as always.
  r = run_cli("solve --format json --threads 1", "a b\na\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("{\"solutions\":[],\"count\":0,\"status\":\"exhausted\"") == 0);

  // Text stays the default; other formats and combinations are refused up front.
  CHECK(run_cli("solve --format text " + file).out == "1:\n a d f\n b g\n c e\n");
  r = run_cli("solve --format yaml " + file);
  CHECK(r.exit_code == 2);
  CHECK(has(r.err, "--format must be text or json, not 'yaml'"));
  for (const char* other : {"--estimate 10", "--cheapest 1"}) {
    CAPTURE(other);
    r = run_cli(std::string("solve --format json ") + other + " " + file);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--format json does not go with"));
  }
}

}  // namespace test_commands_cli
