// SPDX-License-Identifier: MIT
// `xcover sudoku` as a user runs it: one output line per puzzle line in input
// order, errors located on stderr, counts, grids, threads and exit codes.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "sudoku_support.hpp"
#include "xcover/puzzles/sudoku.hpp"

namespace test_sudoku_cli {

using xcover::test::lines_of;
using xcover::test::puzzle_lines;
using xcover::test::sanitized;

namespace {

using xcover::test::run_cli;
using xcover::test::run_script;

const std::string leetcode_puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string leetcode_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const std::string dead_end_puzzle = "12345678.........9" + std::string(63, '.');
const std::string sizes = "; a puzzle has 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25)";

}  // namespace

TEST_CASE("sudoku cli: a puzzle on standard input is solved") {
  const auto r = run_cli("sudoku", leetcode_puzzle + "\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == leetcode_solution + "\n");
  CHECK(r.err.empty());

  const auto dash = run_cli("sudoku -", leetcode_puzzle);  // no final newline
  CHECK(dash.exit_code == 0);
  CHECK(dash.out == leetcode_solution + "\n");
}

TEST_CASE("sudoku cli: one line per puzzle, in order, with located errors") {
  std::string zeros = leetcode_puzzle;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  const std::string input = "# a comment\n" + leetcode_puzzle + "\n\n" + dead_end_puzzle + "\n" +
                            "55" + std::string(79, '.') + "\n" + "123\n" + zeros +
                            ":1:" + leetcode_solution + "\r\n" + "1234............\n" + "   \n" +
                            std::string(80, '.') + "x\n";
  const auto r = run_cli("sudoku", input);
  CHECK(r.exit_code == 1);
  const auto out = lines_of(r.out);
  REQUIRE(out.size() == 7);
  CHECK(out[0] == leetcode_solution);
  CHECK(out[1] == "no solution");
  CHECK(out[2] == "error: digit 5 twice in row 1 (columns 1 and 2)");
  CHECK(out[3] == "error: 3 cells" + sizes);
  CHECK(out[4] == leetcode_solution);
  CHECK(xcover::test::is_solution(xcover::parse_sudoku("1234............"),
                                  xcover::parse_sudoku(out[5])));
  CHECK(out[6] ==
        "error: 'x' at position 81 (row 9, column 9) is not a symbol of a 9x9 board "
        "(1-9; '.' or '0' for a blank)");
  const std::string expected_err =
      "<stdin>:5: digit 5 twice in row 1 (columns 1 and 2)\n<stdin>:6: 3 cells" + sizes +
      "\n<stdin>:10: 'x' at position 81 (row 9, column 9) is not a symbol of a 9x9 board "
      "(1-9; '.' or '0' for a blank)\n";
  CHECK(r.err == expected_err);
}

TEST_CASE("sudoku cli: exit codes") {
  CHECK(run_cli("sudoku", leetcode_puzzle + "\n" + leetcode_puzzle + "\n").exit_code == 0);
  CHECK(run_cli("sudoku", "").exit_code == 0);  // nothing to solve, nothing failed
  CHECK(run_cli("sudoku", leetcode_puzzle + "\n" + dead_end_puzzle + "\n").exit_code == 1);
  CHECK(run_cli("sudoku", "12\n").exit_code == 1);
  CHECK(run_cli("sudoku --count", dead_end_puzzle + "\n").exit_code == 1);
  for (const char* args : {"sudoku --format table", "sudoku --threads -1", "sudoku --limit 3",
                           "sudoku --no-such-option", "sudoku --threads many"}) {
    CAPTURE(args);
    const auto r = run_cli(args, leetcode_puzzle + "\n");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("Try 'xcover sudoku --help'") != std::string::npos);
  }
  const auto help = run_cli("sudoku --help");
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("--threads") != std::string::npos);
}

TEST_CASE("sudoku cli: files in order, and a missing file") {
  const std::string first = xcover::test::temp_file(leetcode_puzzle + "\n12\n");
  const std::string second = xcover::test::temp_file("# comment\n" + dead_end_puzzle + "\n1\n");
  const auto r =
      run_cli("sudoku '" + first + "' - '" + second + "' /no/such/file.txt", "1234............\n");
  CHECK(r.exit_code == 1);
  const auto out = lines_of(r.out);
  REQUIRE(out.size() == 5);
  CHECK(out[0] == leetcode_solution);
  CHECK(out[1] == "error: 2 cells" + sizes);
  CHECK(out[2].size() == 16);
  CHECK(out[3] == "no solution");
  CHECK(out[4] == "error: 1 cell" + sizes);
  CHECK(r.err == first + ":2: 2 cells" + sizes + "\n" + second + ":3: 1 cell" + sizes + "\n" +
                     "/no/such/file.txt: No such file or directory\n");
  std::remove(first.c_str());
  std::remove(second.c_str());

  const auto sample =
      run_cli("sudoku '" + xcover::test::data_file("sudoku_hardest_sample.txt") + "'");
  CHECK(sample.exit_code == 0);
  const auto puzzles = puzzle_lines(xcover::test::data_file("sudoku_hardest_sample.txt"));
  const auto solutions = lines_of(sample.out);
  REQUIRE(solutions.size() == puzzles.size());
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    CHECK(xcover::test::is_solution(xcover::parse_sudoku(puzzles[k]),
                                    xcover::parse_sudoku(solutions[k])));
  }
}

TEST_CASE("sudoku cli: --count with --limit") {
  // The 4x4 board with its first row given has 12 completions.
  const std::string partial = "1234............\n";
  CHECK(run_cli("sudoku --count", partial).out == "2\n");
  CHECK(run_cli("sudoku --count --limit 5", partial).out == "5\n");
  CHECK(run_cli("sudoku -c -n 0", partial).out == "12\n");
  CHECK(run_cli("sudoku --count --limit 0", std::string(16, '.') + "\n").out == "288\n");
  const auto r = run_cli("sudoku --count", leetcode_puzzle + "\n" + dead_end_puzzle + "\n" + "5.5" +
                                               std::string(78, '.') + "\n");
  CHECK(r.out == "1\n0\nerror: digit 5 twice in row 1 (columns 1 and 3)\n");
  CHECK(r.exit_code == 1);
}

TEST_CASE("sudoku cli: --format grid") {
  const auto r = run_cli("sudoku --format grid", leetcode_puzzle + "\n12\n" + leetcode_puzzle);
  CHECK(r.exit_code == 1);
  // The puzzle (its givens alone) beside the solution.
  const std::string grid =
      "5 3 . | . 7 . | . . .    5 3 4 | 6 7 8 | 9 1 2\n"
      "6 . . | 1 9 5 | . . .    6 7 2 | 1 9 5 | 3 4 8\n"
      ". 9 8 | . . . | . 6 .    1 9 8 | 3 4 2 | 5 6 7\n"
      "------+-------+------    ------+-------+------\n"
      "8 . . | . 6 . | . . 3    8 5 9 | 7 6 1 | 4 2 3\n"
      "4 . . | 8 . 3 | . . 1    4 2 6 | 8 5 3 | 7 9 1\n"
      "7 . . | . 2 . | . . 6    7 1 3 | 9 2 4 | 8 5 6\n"
      "------+-------+------    ------+-------+------\n"
      ". 6 . | . . . | 2 8 .    9 6 1 | 5 3 7 | 2 8 4\n"
      ". . . | 4 1 9 | . . 5    2 8 7 | 4 1 9 | 6 3 5\n"
      ". . . | . 8 . | . 7 9    3 4 5 | 2 8 6 | 1 7 9\n";
  CHECK(r.out == grid + "\nerror: 2 cells" + sizes + "\n\n" + grid);
}

TEST_CASE("sudoku cli: --stats go to stderr") {
  const auto r = run_cli("sudoku --stats",
                         leetcode_puzzle + "\n" + dead_end_puzzle + "\n12\n" + leetcode_puzzle);
  CHECK(r.exit_code == 1);
  CHECK(r.out == leetcode_solution + "\nno solution\nerror: 2 cells" + sizes + "\n" +
                     leetcode_solution + "\n");
  CHECK(r.err.find("puzzles 4\nsolved 2\nno solution 1\nerrors 1\nseconds ") != std::string::npos);
  CHECK(r.err.find("\npuzzles per second ") != std::string::npos);
  CHECK(r.err.find("\nmean nodes per puzzle ") != std::string::npos);
}

TEST_CASE("sudoku cli: several threads keep the input order") {
  // Solvable, unsolvable, malformed and rule-breaking lines, and boards of
  // other sizes, mixed; the output must match a single thread's line for line.
  const auto sample = puzzle_lines(xcover::test::data_file("sudoku_17clue_sample.txt"));
  REQUIRE(sample.size() == 100);
  const std::size_t count = sanitized ? 300 : 2000;
  std::vector<std::string> puzzles;
  std::string input;
  for (std::size_t k = 0; k < count; ++k) {
    std::string line;
    switch (k % 7) {
      case 3:
        line = dead_end_puzzle;
        break;
      case 5:
        line = std::string(20 + k % 60, '.');
        break;
      case 6:
        line = k % 2 ? "1234............" : "11" + std::string(79, '.');
        break;
      default:
        line = sample[k % sample.size()];
        break;
    }
    puzzles.push_back(line);
    input += line + "\n";
    if (k % 100 == 0) input += "# a comment\n\n";
  }
  const auto one = run_cli("sudoku --threads 1", input);
  const auto four = run_cli("sudoku --threads 4", input);
  CHECK(one.exit_code == 1);
  CHECK(four.exit_code == 1);
  CHECK(four.out == one.out);
  CHECK(four.err == one.err);
  const auto out = lines_of(four.out);
  REQUIRE(out.size() == count);
  std::size_t solved = 0;
  for (std::size_t k = 0; k < count; ++k) {
    CAPTURE(k);
    if (k % 7 == 3) {
      CHECK(out[k] == "no solution");
    } else if (k % 7 == 5 || (k % 7 == 6 && k % 2 == 0)) {
      CHECK(out[k].rfind("error: ", 0) == 0);
    } else {
      const xcover::SudokuBoard puzzle = xcover::parse_sudoku(puzzles[k]);
      CHECK(xcover::test::is_solution(puzzle, xcover::parse_sudoku(out[k])));
      ++solved;
    }
  }
  CHECK(solved > count / 2);
}

TEST_CASE("sudoku cli: --node-limit gives up on a hard puzzle, in its place") {
  // Inkala's puzzle takes about 1,500 nodes, the LeetCode example 52.
  const std::string input =
      "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n"
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
  const auto r = run_cli("sudoku --threads 1 --node-limit 200", input);
  CHECK(r.exit_code == 3);
  const auto out = lines_of(r.out);
  REQUIRE(out.size() == 2);
  // The forced moves after a choice are made at once, so the count can pass
  // the limit by those of one step.
  const std::string prefix = "limit: gave up after ";
  REQUIRE(out[0].starts_with(prefix));
  const int nodes = std::stoi(out[0].substr(prefix.size()));
  CHECK(nodes >= 200);
  CHECK(nodes < 200 + 81);
  CHECK(out[0] == prefix + std::to_string(nodes) + " nodes (--node-limit)");
  CHECK(out[1] ==
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  CHECK(r.err.starts_with("<stdin>:1: gave up after " + std::to_string(nodes) +
                          " nodes (--node-limit)"));
  const auto counted = run_cli("sudoku --count --threads 1 --node-limit 200", input);
  CHECK(counted.exit_code == 3);
  CHECK(lines_of(counted.out)[0].starts_with("limit: "));
  // Without the limit both are solved.
  CHECK(run_cli("sudoku --threads 1", input).exit_code == 0);
}

TEST_CASE("sudoku cli: -j 0 means one thread per available CPU, as in every command") {
  const std::string puzzle =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
  const auto r = run_script("taskset -c 0 \"$XCOVER\" sudoku -j 0 --stats", puzzle);
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("\nthreads 1\n") != std::string::npos);
  const auto queens = run_script("taskset -c 0 \"$XCOVER\" queens 6 -j 0 --count --stats");
  CHECK(queens.out == "4\n");
  CHECK(queens.err.find("\nthreads 1\n") != std::string::npos);
}

TEST_CASE("sudoku cli: lines may end in \\r\\n or a lone \\r (old Mac files)") {
  const std::string two = leetcode_puzzle + "\r" + leetcode_puzzle + "\r";
  const auto r = run_cli("sudoku", two);
  CHECK(r.exit_code == 0);
  CHECK(lines_of(r.out) == std::vector<std::string>{leetcode_solution, leetcode_solution});
  const auto crlf = run_cli("sudoku", leetcode_puzzle + "\r\n\r\n" + leetcode_puzzle + "\r\n");
  CHECK(lines_of(crlf.out).size() == 2);
}

TEST_CASE("sudoku cli: a full disk is reported with its own error, with threads too") {
  if (!std::ifstream("/dev/full")) return;
  std::string input;
  for (int k = 0; k < 300; ++k) input += leetcode_puzzle + "\n";
  for (const char* threads : {"1", "2"}) {
    CAPTURE(threads);
    const auto r = run_cli(std::string("sudoku -j ") + threads + " > /dev/full", input);
    CHECK(r.exit_code == 1);
    CHECK(r.err == "xcover: cannot write the output: No space left on device\n");
  }
}

}  // namespace test_sudoku_cli
