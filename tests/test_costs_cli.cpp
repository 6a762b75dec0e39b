// SPDX-License-Identifier: MIT
// `xcover solve` with option costs: --cheapest, and costs in plain solutions.
#include <doctest/doctest.h>

#include <string>

#include "cli_support.hpp"

namespace test_costs_cli {

using xcover::test::run_cli;
using xcover::test::temp_file;

namespace {

// Five solutions, of costs 9, 8, 5, 5 and 4.
const std::string problem =
    "a b c | x\n"
    "a b |5\n"
    "c |1 |2\n"
    "a |1 x:r\n"
    "b c x:r |4\n"
    "b |2 x:s\n"
    "c x:s\n"
    "a b c |9\n"
    "b\n";

}  // namespace

TEST_CASE("xcover solve --cheapest K prints the K cheapest, cheapest first, with costs") {
  const std::string file = temp_file(problem, ".dlx");
  {
    auto r = run_cli("solve --cheapest 3 " + file);
    CHECK(r.exit_code == 0);
    // Ties (cost 5) in the order of the sorted option numbers: (0 5) before
    // (2 3).
    CHECK(r.out ==
          "1: cost 4\n c |3\n a x:r |1\n b\n"
          "2: cost 5\n a b |5\n c x:s\n"
          "3: cost 5\n a x:r |1\n b c x:r |4\n");
    CHECK(r.err.empty());
  }
  // DLX5's links by DLX5's rule: a layout, an item choice or a seed would not
  // be followed.
  for (const std::string flag : {"--layout bitsets", "--item-choice most-clashes", "--seed 3"}) {
    CAPTURE(flag);
    auto r = run_cli("solve --cheapest 3 " + flag + " " + file);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--cheapest does not go with --" + flag.substr(2, flag.find(' ') - 2) +
                     " (it searches DLX5's links by DLX5's rule)") != std::string::npos);
  }
  auto r = run_cli("solve --cheapest 1 --stats", problem);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1: cost 4\n c |3\n a x:r |1\n b\n");
  CHECK(r.err.find("nodes ") == 0);
  CHECK(r.err.find("\nlayout costs\n") != std::string::npos);
  // More than there are: all five.
  r = run_cli("solve --cheapest 10 " + file);
  CHECK(r.out.find("5: cost 9\n a b c |9\n") != std::string::npos);
  // None at all.
  r = run_cli("solve --cheapest 2", "a b\na |1\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out.empty());
  CHECK(r.err == "xcover: 0 solutions\n");
}

TEST_CASE("xcover solve on a file with costs prints each solution's cost") {
  const auto r = run_cli("solve --threads 1", problem);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("1: cost 8\n a b |5\n c |3\n2: cost 5\n a b |5\n c x:s\n") == 0);
  CHECK(r.out.find("\n5: cost 9\n a b c |9\n") != std::string::npos);
  const auto count = run_cli("solve --count", problem);
  CHECK(count.out == "5\n");
}

TEST_CASE("xcover solve --cheapest: limits, usage errors and bad costs") {
  // A node limit: the best so far, exit status 3.
  std::string many = "i0 i1 i2 i3 i4 i5 i6 i7\n";
  for (int i = 0; i < 8; ++i) {
    for (int j = i + 1; j < 8; ++j)
      many += "i" + std::to_string(i) + " i" + std::to_string(j) + " |" +
              std::to_string((i * 7 + j * 3) % 11) + "\n";
  }
  auto r = run_cli("solve --cheapest 3 --node-limit 10", many);
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("node limit reached; the search is incomplete") != std::string::npos);
  r = run_cli("solve --cheapest 0", problem);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--cheapest must be 1 or more, not 0") != std::string::npos);
  r = run_cli("solve --cheapest 2 --count", problem);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--cheapest does not go with --count") != std::string::npos);
  r = run_cli("solve --cheapest 2 --threads 2", problem);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--cheapest searches on one thread") != std::string::npos);
  r = run_cli("solve --cheapest", problem);
  CHECK(r.exit_code == 2);
  r = run_cli("solve --cheapest 1", "a b\na b |1x\n");
  CHECK(r.exit_code == 1);
  CHECK(r.err == "<stdin>:2: illegal digit 'x' in option cost '|1x'\n");
}

TEST_CASE("xcover solve --preprocess keeps costs: the same cheapest and the same solutions") {
  // A costly extra option that some solutions take.
  const std::string text = problem + "b |7 c\n";
  const std::string file = temp_file(text, ".dlx");
  const auto plain = run_cli("solve --cheapest 4 " + file);
  const auto reduced = run_cli("solve --preprocess --cheapest 4 " + file);
  CHECK(plain.exit_code == 0);
  CHECK(reduced.exit_code == 0);
  CHECK(reduced.out == plain.out);
  const auto all = run_cli("solve --preprocess --stats " + file);
  CHECK(all.exit_code == 0);
  CHECK(all.out.find("1: cost ") == 0);
}

TEST_CASE("xcover solve --cheapest refuses multiplicities with a clear error") {
  const std::string file = temp_file("2|a b\na |1\na b |2\nb\n", ".dlx");
  const auto r = run_cli("solve --cheapest 1 " + file);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err.find("multiplicities") != std::string::npos);
}

}  // namespace test_costs_cli
