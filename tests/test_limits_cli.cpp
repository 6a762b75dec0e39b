// SPDX-License-Identifier: MIT
// Limits hold for the whole command, as a user times it: reading, building
// every structure, the automatic count's trials and the search.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "cli_support.hpp"
#include "slow_run.hpp"

namespace test_limits_cli {

using xcover::test::run_cli;
using xcover::test::temp_file;

struct Timed {
  xcover::test::CommandResult result;
  double seconds = 0;
};

Timed timed(const std::string& args) {
  const auto start = std::chrono::steady_clock::now();
  Timed t;
  t.result = run_cli(args);
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

// A command stopped by --time-limit 1 ends within the limit plus what it
// takes to read its input and build the problem (the same command stopped
// after its first node), with room for the time a stop takes to undo the
// search's path.
void check_ends_in_time(const std::string& command) {
  CAPTURE(command);
  const Timed read = timed(command + " --node-limit 1");
  REQUIRE(read.result.exit_code == 3);
  const Timed limited = timed(command + " --time-limit 1 --stats");
  CHECK(limited.result.exit_code == 3);
  CHECK(limited.result.err.find("xcover: time limit reached") == 0);
  CHECK(limited.result.out.empty());
  CAPTURE(read.seconds);
  CAPTURE(limited.result.err);
  CHECK(limited.seconds < 1 + 2 * read.seconds + 1);
}

// Items p0..p{n-1}, an option for every pair: the perfect matchings of n
// points, (n-1)!! of them, where the memo pays.
std::string matchings(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text += " p" + std::to_string(i);
  text += '\n';
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      text += "p" + std::to_string(i) + " p" + std::to_string(j) + '\n';
  return text;
}

TEST_CASE("--time-limit bounds every command that searches, trials and building included") {
  // Big enough to outlast the limit many times over on any machine, and
  // to take a while to build (Langford pairs of 300: 270,000 options).
  const int langford = XCOVER_TEST_SLOW_RUN ? 120 : 300;
  const std::string emitted = run_cli("langford " + std::to_string(langford) + " --emit").out;
  REQUIRE(!emitted.empty());
  const std::string file = temp_file(emitted, ".dlx");
  for (const char* threads : {" --threads 1", " --threads 2"}) {
    check_ends_in_time("solve --count " + file + threads);
    check_ends_in_time("solve " + file + threads);
    check_ends_in_time("langford " + std::to_string(langford) + " --count" + threads);
    check_ends_in_time("queens 40 --count" + std::string(threads));
    check_ends_in_time("polyomino --count " + xcover::test::data_file("pentominoes_twice.txt") +
                       threads);
  }
  // The memo's count, and the diagram's.
  const std::string pairs = temp_file(matchings(XCOVER_TEST_SLOW_RUN ? 34 : 40), ".dlx");
  check_ends_in_time("solve --count --memo --threads 1 " + pairs);
  check_ends_in_time("solve --count --zdd " + temp_file("", ".zdd") + " " + pairs);
}

TEST_CASE("--stats shows the automatic count's trials on their own lines") {
  // Perfect matchings of 22 points: the plain search runs first, then the
  // memo's trial, and the memo counts from the start; the plain search's
  // nodes are on their own line, and `seconds` holds all of it.
  const std::string pairs = temp_file(matchings(22), ".dlx");
  for (const char* threads : {"1", "2"}) {
    CAPTURE(threads);
    const auto r = run_cli(std::string("solve --count --stats --threads ") + threads + " " + pairs);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out == "13749310575\n");  // 21!!
    CHECK(r.err.find("\nlayout memo\n") != std::string::npos);
    CHECK(r.err.find("\nplain trial nodes ") != std::string::npos);
    CHECK(r.err.find("\nplain trial seconds ") != std::string::npos);
    CHECK(r.err.find("\ncommand seconds ") != std::string::npos);
  }
  // Langford pairs of 12 (216,288 arrangements, ten times the time the
  // trial waits for): the memo is tried once the plain search has run long
  // enough, and does not pay; the plain search went on where it was, so
  // its nodes are the whole count's, as --no-memo counts them (not split
  // by symmetry here: see test_symmetry.cpp).
  const auto automatic = run_cli("langford 12 --count --stats --threads 1 --no-symmetry");
  const auto plain = run_cli("langford 12 --count --stats --threads 1 --no-memo");
  REQUIRE(automatic.exit_code == 0);
  CHECK(automatic.out == "216288\n");
  CHECK(automatic.err.find("\nmemo trial nodes ") != std::string::npos);
  CHECK(automatic.err.find("\nplain trial nodes ") == std::string::npos);
  const auto nodes = [](const std::string& err) { return err.substr(0, err.find('\n')); };
  CHECK(nodes(automatic.err) == nodes(plain.err));
  CHECK(plain.err.find("trial") == std::string::npos);
}

}  // namespace test_limits_cli
