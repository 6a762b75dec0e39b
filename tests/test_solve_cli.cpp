// SPDX-License-Identifier: MIT
// `xcover solve` as a user runs it: output, exit codes and messages.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "slow_run.hpp"

namespace test_solve_cli {

using xcover::test::data_file;
using xcover::test::run_cli;
using xcover::test::run_script;
using xcover::test::temp_file;

TEST_CASE("xcover solve prints numbered solutions, one option a line") {
  const auto r = run_cli("solve " + data_file("knuth_example.dlx"));
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1:\n a d f\n b g\n c e\n");
  CHECK(r.err.empty());
}

TEST_CASE("xcover solve reads standard input and counts") {
  const std::string problem = "a b | x\na x:1\nb x:1\na\nb\na x\n";
  auto r = run_cli("solve --count", problem);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "5\n");
  r = run_cli("solve - --count --limit 2", problem);
  CHECK(r.out == "2\n");
  CHECK(r.exit_code == 0);
}

TEST_CASE("xcover solve --stats writes the counters to stderr only") {
  // One thread: the counters then equal DLX1's.
  const auto r = run_cli("solve --count --stats --threads 1 " + data_file("knuth_example.dlx"));
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1\n");
  CHECK(r.err.find("nodes 6\nupdates 29\nsolutions 1\nseconds ") == 0);
}

TEST_CASE("xcover solve --layout: the layouts give the same answer and counters") {
  const std::string file = data_file("knuth_example.dlx");
  for (const std::string layout : {"links", "bitsets", "sparse", "auto"}) {
    CAPTURE(layout);
    const auto r = run_cli("solve --stats --threads 1 --layout " + layout + " " + file);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "1:\n a d f\n b g\n c e\n");
    CHECK(r.err.find("nodes 6\nupdates 29\nsolutions 1\nseconds ") == 0);
    CHECK(r.err.find("\nbytes ") != std::string::npos);
    // The layout that ran (auto: the bit sets, for so small a problem).
    CHECK(r.err.find("\nlayout " + (layout == "auto" ? "bitsets" : layout) + "\n") !=
          std::string::npos);
  }
  // The two that count otherwise: the counted bit sets prune an option that
  // empties an item before counting its node; Algorithm M.
  for (const std::string layout : {"counted-bitsets", "multiplicities"}) {
    CAPTURE(layout);
    const auto r = run_cli("solve --stats --threads 1 --layout " + layout + " " + file);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "1:\n a d f\n b g\n c e\n");
    CHECK(r.err.find("\nlayout " + layout + "\n") != std::string::npos);
  }
  const auto threads = run_cli("solve --count --threads 2 --layout links " + file);
  CHECK(threads.out == "1\n");
  const auto bad = run_cli("solve --layout fast " + file);
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--layout must be auto, links, bitsets, counted-bitsets, sparse or "
                     "multiplicities, not 'fast'") != std::string::npos);
  // What the layout does not follow is refused, not dropped.
  const auto refused = run_cli("solve --propagate --layout links " + file);
  CHECK(refused.exit_code == 2);
  CHECK(refused.out.empty());
  CHECK(refused.err.find(
            "xcover solve: --propagate is followed by the bitsets layout only, and this problem "
            "runs on the links layout: add --layout bitsets, or leave --propagate out\n") == 0);
  const auto clashes = run_cli("solve --item-choice most-clashes --layout sparse " + file);
  CHECK(clashes.exit_code == 2);
  CHECK(clashes.err.find("--item-choice most-clashes is followed by the bitsets layout only, "
                         "and this problem runs on the sparse layout") != std::string::npos);
  const auto followed = run_cli("solve --count --propagate --layout bitsets " + file);
  CHECK(followed.exit_code == 0);
  CHECK(followed.out == "1\n");
}

TEST_CASE("xcover solve --propagate and --item-choice: the same solutions") {
  const std::string file = data_file("knuth_example.dlx");
  const auto r = run_cli("solve --stats --threads 1 --layout bitsets --propagate " + file);
  CHECK(r.exit_code == 0);
  // (The same options; those forced together come in the problem's order.)
  CHECK(r.out == "1:\n a d f\n c e\n b g\n");
  // Nodes and updates are counted, though not as DLX1 counts them.
  CHECK(r.err.find("nodes ") == 0);
  CHECK(r.err.find("\nsolutions 1\n") != std::string::npos);
  const auto counted = run_cli("solve --count --threads 2 --propagate " + file);
  CHECK(counted.out == "1\n");
  const auto clashes = run_cli("solve --threads 1 --item-choice most-clashes " + file);
  CHECK(clashes.out == "1:\n a d f\n b g\n c e\n");
  const auto bad = run_cli("solve --item-choice best " + file);
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--item-choice must be first-shortest or most-clashes, not 'best'") !=
        std::string::npos);
}

TEST_CASE("xcover solve: bad input is exit status 1 with FILE:LINE") {
  const std::string file = temp_file("a b\na c\n", ".dlx");
  const auto r = run_cli("solve " + file);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err == file + ":2: unknown item 'c'\n");

  const auto missing = run_cli("solve /nonexistent/problem.dlx");
  CHECK(missing.exit_code == 1);
  CHECK(missing.err == "/nonexistent/problem.dlx: No such file or directory\n");
  // A directory, and a file without read permission (unless run as root).
  const auto directory = run_cli("solve /tmp");
  CHECK(directory.exit_code == 1);
  CHECK(directory.err == "/tmp: Is a directory\n");
  const std::string locked = temp_file("a\na\n", ".dlx");
  const auto unreadable = run_script("chmod 000 " + locked + "; \"$XCOVER\" solve " + locked +
                                     "; code=$?; chmod 600 " + locked + "; exit $code");
  CHECK(unreadable.exit_code == (geteuid() == 0 ? 0 : 1));
  if (geteuid() != 0) CHECK(unreadable.err == locked + ": Permission denied\n");
  std::remove(locked.c_str());

  const auto stdin_error = run_cli("solve", "a\na a\n");
  CHECK(stdin_error.exit_code == 1);
  CHECK(stdin_error.err == "<stdin>:2: item 'a' appears twice in the option\n");
}

TEST_CASE("xcover solve warns about options without a primary item") {
  const auto r = run_cli("solve --count", "a | x\nx\na\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1\n");
  CHECK(r.err == "<stdin>:2: warning: option ignored, it has no primary item: x\n");
}

TEST_CASE("usage errors are exit status 2") {
  CHECK(run_cli("").exit_code == 2);
  CHECK(run_cli("frobnicate").exit_code == 2);
  const auto r = run_cli("solve --limit many");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("xcover solve: ") == 0);
  CHECK(r.err.find("Try 'xcover solve --help'") != std::string::npos);
  CHECK(run_cli("solve --bogus").exit_code == 2);
  CHECK(run_cli("solve a.dlx b.dlx").exit_code == 2);
  const auto help = run_cli("solve --help");
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("--count") != std::string::npos);
  CHECK(run_cli("--help").exit_code == 0);
}

namespace {

// Items i0..i{n-1}, each covered by two one-item options: 2^n solutions.
// The doubling problem's size for a count that a test stops, kills or
// interrupts mid-way: it must outlast the delays below, and it runs 20 to 60
// times slower under the sanitizers and the emulator (a slow run), which so
// count 8 times less.
int long_count(int n) { return XCOVER_TEST_SLOW_RUN ? n - 3 : n; }

std::string doubling_problem(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text.append(i ? " i" : "i").append(std::to_string(i));
  text += '\n';
  for (int i = 0; i < n; ++i)
    for (int copy = 0; copy < 2; ++copy) text.append("i").append(std::to_string(i)) += '\n';
  return text;
}

}  // namespace

TEST_CASE("a node or time limit stops with exit status 3 and the statistics") {
  const auto r = run_cli("solve --count --threads 1 --node-limit 1000", doubling_problem(20));
  CHECK(r.exit_code == 3);
  CHECK(r.out.empty());
  CHECK(r.err.find("xcover: node limit reached; the search is incomplete") == 0);
  CHECK(r.err.find("nodes 1000\n") != std::string::npos);

  const auto t = run_cli("solve --count --no-memo --time-limit 0.2", doubling_problem(40));
  CHECK(t.exit_code == 3);
  CHECK(t.err.find("xcover: time limit reached") == 0);
}

TEST_CASE("xcover solve --count --memo: exact counts past 2^64, the figures, and refusals") {
  // 2^100 solutions: a count no search visits, exact in its 31 digits.
  const auto r = run_cli("solve --count --memo --stats --threads 2", doubling_problem(100));
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1267650600228229401496703205376\n");
  CHECK(r.err.find("\nlayout memo\n") != std::string::npos);
  CHECK(r.err.find("\nthreads 2\n") != std::string::npos);
  CHECK(r.err.find("\nmemo hits ") != std::string::npos);
  CHECK(r.err.find("\nmemo entries ") != std::string::npos);
  // The automatic choice takes the memo for it, and --no-memo does not.
  const auto automatic = run_cli("solve --count --stats", doubling_problem(100));
  CHECK(automatic.out == r.out);
  CHECK(automatic.err.find("\nlayout memo\n") != std::string::npos);
  const auto plain = run_cli("solve --count --no-memo --stats", doubling_problem(10));
  CHECK(plain.out == "1024\n");
  CHECK(plain.err.find("layout memo") == std::string::npos);
  // Past 2^128: refused, not wrapped.
  const auto over = run_cli("solve --count --memo", doubling_problem(128));
  CHECK(over.exit_code == 1);
  CHECK(over.out.empty());
  CHECK(over.err == "xcover: the number of solutions passes 2^128 - 1: no exact count\n");

  const std::string usage = "\nTry 'xcover solve --help'.\n";
  CHECK(run_cli("solve --memo", doubling_problem(3)).err ==
        "xcover solve: --memo applies to --count" + usage);
  CHECK(run_cli("solve --count --memo --no-memo", doubling_problem(3)).err ==
        "xcover solve: --memo and --no-memo do not go together" + usage);
  const auto limited = run_cli("solve --count --memo --limit 5", doubling_problem(3));
  CHECK(limited.exit_code == 2);
  CHECK(limited.err ==
        "xcover solve: --memo does not go with --limit (a memoised count counts whole "
        "sub-problems, by DLX1's choice of item)" +
            usage);
}

TEST_CASE("Ctrl-C stops the search with exit status 130 and the statistics") {
  const std::string file = temp_file(doubling_problem(40), ".dlx");
  const auto r = run_script("\"$XCOVER\" solve --count --no-memo --time-limit 30 " + file +
                            " & pid=$!; handled $pid; sleep 0.3; kill -INT $pid; wait $pid");
  CHECK(r.exit_code == 130);
  CHECK(r.err.find("xcover: interrupted; the search is incomplete") == 0);
  CHECK(r.err.find("solutions ") != std::string::npos);
}

TEST_CASE("xcover solve --threads gives the same count and the same solutions") {
  const std::string file = temp_file(doubling_problem(10), ".dlx");
  const auto one = run_cli("solve --threads 1 " + file);
  for (const char* threads : {"2", "3"}) {
    CHECK(run_cli(std::string("solve --count --threads ") + threads + " " + file).out == "1024\n");
    // Solutions arrive in another order: compare them as sorted blocks.
    const auto many = run_cli(std::string("solve --threads ") + threads + " " + file);
    CHECK(many.exit_code == 0);
    auto blocks = [](const std::string& text) {
      std::vector<std::string> result;
      std::string block;
      std::istringstream in(text);
      for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == ':') {
          if (!block.empty()) result.push_back(block);
          block.clear();
        } else {
          block += line + "\n";
        }
      }
      if (!block.empty()) result.push_back(block);
      std::sort(result.begin(), result.end());
      return result;
    };
    CHECK(blocks(many.out) == blocks(one.out));
    CHECK(blocks(one.out).size() == 1024);
  }
}

TEST_CASE("xcover solve: a count killed at random moments resumes to the exact total") {
  // 2^24 solutions take about half a second: kill -9 lands mid-count,
  // and the last checkpoint written before it holds the rest of the work.
  // (A checkpoint is written whole, through a temporary file renamed over
  // it, so a non-empty one is complete.)
  const int n = long_count(24);
  const std::string problem = temp_file(doubling_problem(n), ".dlx");
  const std::string checkpoint = temp_file("", ".ckpt");
  int resumed = 0;
  for (int delay_ms : {0, 40, 120}) {
    std::remove(checkpoint.c_str());
    // The delay counts from the first checkpoint, not from the start: a
    // loaded machine (or a sanitizer) can take longer than any fixed delay
    // to start the process.
    const auto killed =
        run_script("\"$XCOVER\" solve --count --threads 2 --checkpoint " + checkpoint +
                   " --checkpoint-every 0.01 " + problem + " & pid=$!; while [ ! -s " + checkpoint +
                   " ] && kill -0 $pid 2>/dev/null; do sleep 0.005; done; sleep " +
                   std::to_string(delay_ms / 1000.0) + "; kill -9 $pid; wait $pid");
    if (killed.exit_code != 128 + 9) continue;  // it finished first
    std::ifstream saved(checkpoint);
    if (!saved) continue;  // killed before the first checkpoint
    const auto r = run_cli("solve --count --threads 2 --resume " + checkpoint + " " + problem);
    CHECK(r.exit_code == 0);
    CHECK(r.out == std::to_string(1u << n) + "\n");
    ++resumed;
  }
  CHECK(resumed > 0);
  std::remove(checkpoint.c_str());
}

TEST_CASE("xcover solve: Ctrl-C saves a final checkpoint and exits 130") {
  const std::string problem = temp_file(doubling_problem(40), ".dlx");
  const std::string checkpoint = temp_file("", ".ckpt");
  const auto r =
      run_script("\"$XCOVER\" solve --count --time-limit 30 --checkpoint " + checkpoint + " " +
                 problem + " & pid=$!; handled $pid; sleep 0.3; kill -INT $pid; wait $pid");
  CHECK(r.exit_code == 130);
  CHECK(r.out.empty());
  CHECK(r.err.find("--resume " + checkpoint) != std::string::npos);
  // The saved state goes on: a small time limit stops it again (exit 3) with
  // more solutions counted than before.
  const auto again =
      run_cli("solve --count --time-limit 0.3 --resume " + checkpoint + " " + problem);
  CHECK(again.exit_code == 3);
  const auto other = run_cli("solve --count --resume " + checkpoint, "a b\na\nb\n");
  CHECK(other.exit_code == 1);
  CHECK(other.err == checkpoint + ":1: the checkpoint was written for a different problem\n");
  std::remove(checkpoint.c_str());
}

TEST_CASE("xcover solve --memory-limit: a problem too big stops with exit status 3") {
  // Under AddressSanitizer a capped address space breaks the sanitizer itself.
  if (xcover::test::sanitized) return;
  const std::string file = temp_file(xcover::test::forced_chain(300000), ".dlx");
  const auto r = run_cli("solve --count --threads 1 --memory-limit 40 " + file);
  std::remove(file.c_str());
  CHECK(r.exit_code == 3);
  CHECK(r.out.empty());
  CHECK(r.err.find("xcover: out of memory") == 0);
  CHECK(run_cli("solve --count --memory-limit -5 " + file).exit_code == 2);
}

TEST_CASE("xcover --ordered prints solutions in the single-threaded order") {
  const auto one = run_cli("queens 7 --threads 1");
  const auto ordered = run_cli("queens 7 --threads 3 --ordered");
  CHECK(ordered.exit_code == 0);
  CHECK(ordered.out == one.out);
  const std::string file = temp_file(doubling_problem(9), ".dlx");
  CHECK(run_cli("solve --threads 2 --ordered " + file).out ==
        run_cli("solve --threads 1 " + file).out);
  CHECK(run_cli("solve --ordered --checkpoint /tmp/x.ckpt " + file).exit_code == 2);
  std::remove(file.c_str());
}

TEST_CASE("no solution is said, not left to an empty output") {
  // Item a has no option: the search is complete and finds nothing.
  for (const char* threads : {"1", "2"}) {
    CAPTURE(threads);
    const auto r = run_cli(std::string("solve --threads ") + threads, "a b\nb\n");
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(r.err == "xcover: 0 solutions\n");
    const auto counted = run_cli(std::string("solve --count --threads ") + threads, "a b\nb\n");
    CHECK(counted.out == "0\n");
    CHECK(counted.err.empty());
  }
  for (const char* puzzle : {"queens 3", "langford 2", "polyomino --board 5x5"}) {
    CAPTURE(puzzle);
    const auto r = run_cli(std::string(puzzle) + " --threads 1");
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(r.err.find("xcover: 0 solutions\n") != std::string::npos);
    CHECK(run_cli(std::string(puzzle) + " --count").out == "0\n");
  }
  // A search that found solutions, or was stopped, does not say it.
  CHECK(run_cli("queens 4").err.empty());
  CHECK(run_cli("solve --node-limit 1 --threads 1", "a\na\n").err.find("0 solutions") ==
        std::string::npos);
}

TEST_CASE("the default number of threads follows the CPU affinity (taskset)") {
  const std::string file = data_file("knuth_example.dlx");
  // One CPU allowed: one thread, the plain engine (whose --stats have bytes).
  const auto one = run_script("taskset -c 0 \"$XCOVER\" solve --count --stats " + file);
  CHECK(one.exit_code == 0);
  CHECK(one.out == "1\n");
  CHECK(one.err.find("\nthreads 1\n") != std::string::npos);
  CHECK(one.err.find("\nbytes ") != std::string::npos);
  // Two threads search a tree too big for one thread's trial (a count's is
  // 65,536 nodes); a smaller one is searched on one thread, and the figures
  // say so.
  const auto two = run_cli("queens 12 --count --stats --threads 2");
  CHECK(two.out == "14200\n");
  CHECK(two.err.find("\nthreads 2\n") != std::string::npos);
  const auto small = run_cli("solve --count --stats --threads 2 " + file);
  CHECK(small.out == "1\n");
  CHECK(small.err.find("\nthreads 1\n") != std::string::npos);
  const auto queens = run_script("taskset -c 0 \"$XCOVER\" queens 5 --count --stats");
  CHECK(queens.out == "10\n");
  CHECK(queens.err.find("\nthreads 1\n") != std::string::npos);
  const auto sudoku = run_script(
      "taskset -c 0 \"$XCOVER\" sudoku --stats",
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
  CHECK(sudoku.exit_code == 0);
  CHECK(sudoku.err.find("\nthreads 1\n") != std::string::npos);
}

TEST_CASE("malformed or out-of-range numbers are usage errors naming the option") {
  const std::string file = data_file("knuth_example.dlx");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"-n -1", "--limit"},
      {"--limit -1", "--limit"},
      {"--limit=-1", "--limit"},
      {"--limit 1x", "--limit"},
      {"--limit 99999999999999999999", "--limit"},
      {"--node-limit -1", "--node-limit"},
      {"--seed -3", "--seed"},
      {"--threads -1", "--threads"},
      {"-j 100000", "--threads"},
      {"--time-limit nan", "--time-limit"},
      {"--time-limit inf", "--time-limit"},
      {"--time-limit -1", "--time-limit"},
      {"--checkpoint-every nan", "--checkpoint-every"},
      {"--checkpoint-every 0", "--checkpoint-every"},
      {"--memory-limit 1", "--memory-limit"},
      {"--memory-limit inf", "--memory-limit"},
      {"--memory-limit 1e300", "--memory-limit"},
      {"--memory-limit -5", "--memory-limit"},
  };
  for (const auto& [args, option] : cases) {
    for (const std::string& command : {"solve " + file, std::string("queens 4")}) {
      CAPTURE(command);
      CAPTURE(args);
      const auto r = run_cli(command + " " + args);
      CHECK(r.exit_code == 2);
      CHECK(r.out.empty());
      CHECK(r.err.find(option + " must be ") != std::string::npos);
    }
  }
  for (const std::string args : {"-n -1", "--node-limit -1", "--threads -1", "-j 5000"}) {
    CAPTURE(args);
    const auto r = run_cli("sudoku " + args, "");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(" must be ") != std::string::npos);
  }
  // The edges that are fine.
  CHECK(run_cli("solve --count --time-limit 0 --node-limit 0 --limit 0 " + file).out == "1\n");
  CHECK(run_cli("solve --count --threads 1024 " + file).out == "1\n");
  // (A sanitizer reserves far more address space than any limit allows.)
  if (!xcover::test::sanitized)
    CHECK(run_cli("solve --count --memory-limit 1e3 --threads 1 " + file).out == "1\n");
}

TEST_CASE("--memory-limit with threads stops with exit status 3, never an abort") {
  if (xcover::test::sanitized) return;
  // Too little for the threads' stacks.
  const auto stacks = run_cli("queens 12 --count --threads 2 --memory-limit 16");
  CHECK(stacks.exit_code == 3);
  CHECK(stacks.err.find("xcover: out of memory") == 0);
  // Room for the threads but not for the workers' solvers.
  const std::string file = temp_file(xcover::test::forced_chain(300000), ".dlx");
  for (const char* limit : {"40", "60", "80"}) {
    CAPTURE(limit);
    const auto r =
        run_cli(std::string("solve --count --threads 2 --memory-limit ") + limit + " " + file);
    CHECK(r.exit_code == 3);
    CHECK(r.err.find("xcover: out of memory") == 0);
  }
  std::remove(file.c_str());
}

TEST_CASE("--version, for the program and every command, names the kernels") {
  const auto top = run_cli("--version");
  CHECK(top.exit_code == 0);
  CHECK(top.out.find("xcover ") == 0);
  CHECK(top.out.find(" (kernels: ") != std::string::npos);
  CHECK(top.out.find("; this processor supports baseline") != std::string::npos);
  for (const char* command : {"solve", "sudoku", "queens", "polyomino", "langford"}) {
    CAPTURE(command);
    const auto r = run_cli(std::string(command) + " --version");
    CHECK(r.exit_code == 0);
    CHECK(r.out == top.out);
    CHECK(run_cli(std::string(command) + " --help").out.find("--version") != std::string::npos);
  }
  const auto chosen = run_script("XCOVER_KERNELS=baseline \"$XCOVER\" queens --version");
  CHECK(chosen.out.find("(kernels: baseline;") != std::string::npos);
}

TEST_CASE("a bad XCOVER_KERNELS is refused as a usage error, by every command") {
  const std::string expected =
      "xcover: XCOVER_KERNELS=sse9: not a kernel set (baseline, avx2, avx512 or avx512icl)\n";
  for (const char* command : {"queens 5 --count", "langford 3 --count", "polyomino --count",
                              "solve --count --threads 2 -", "solve --count --threads 1 -",
                              "sudoku", "sudoku --threads 2"}) {
    CAPTURE(command);
    const auto r = run_script(std::string("XCOVER_KERNELS=sse9 \"$XCOVER\" ") + command,
                              std::string(81, '.') + "\n");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == expected);
  }
  // --version names the refusal in place of the kernels.
  const auto version = run_script("XCOVER_KERNELS=sse9 \"$XCOVER\" --version");
  CHECK(version.exit_code == 0);
  CHECK(version.out.find("(kernels: XCOVER_KERNELS=sse9: not a kernel set") != std::string::npos);
}

TEST_CASE("--stats name the kernels in use, in every command") {
  for (const char* command : {"queens 5 --count", "langford 3 --count",
                              "polyomino --board 1x5 "
                              "--count --threads 2"}) {
    CAPTURE(command);
    const auto r =
        run_script(std::string("XCOVER_KERNELS=baseline \"$XCOVER\" ") + command + " --stats");
    CHECK(r.err.find("\nkernels baseline\n") != std::string::npos);
  }
  const auto solve = run_cli("solve --count --stats --threads 1", "a\na\n");
  CHECK(solve.err.find("\nkernels ") != std::string::npos);
  const auto sudoku =
      run_script("XCOVER_KERNELS=baseline \"$XCOVER\" sudoku --stats", std::string(81, '.') + "\n");
  CHECK(sudoku.err.find("\nkernels baseline\n") != std::string::npos);
}

// A write that fails in a worker thread, or only at the last flush, must be
// reported with its own errno, not whatever errno the main thread holds then.
TEST_CASE("output that cannot be written names the real error, with threads too") {
  if (!std::ifstream("/dev/full")) return;
  const std::string problem = temp_file(doubling_problem(12), ".dlx");
  const std::string no_space = "xcover: cannot write the output: No space left on device\n";
  for (const std::string& command : std::vector<std::string>{
           "queens 10 -j 2", "queens 10 -j 1", "solve -j 2 " + problem, "solve -j 1 " + problem,
           "solve --count -j 2 " + problem, "queens 6 --emit"}) {
    CAPTURE(command);
    const auto r = run_cli(command + " > /dev/full");
    CHECK(r.exit_code == 1);
    CHECK(r.err == no_space);
  }
  std::remove(problem.c_str());
}

TEST_CASE("a reader that goes away with SIGPIPE ignored: exit 1, no stale message") {
  for (const char* threads : {"1", "2"}) {
    CAPTURE(threads);
    const auto r = run_script(std::string("trap '' PIPE\n{ \"$XCOVER\" queens 12 -j ") + threads +
                              "; echo \"exit $?\" >&2; } | head -c 10 > /dev/null");
    CHECK(r.err == "exit 1\n");
  }
}

// A job scheduler or a closed terminal stops a run with SIGTERM or SIGHUP:
// the same clean stop as Ctrl-C, with the final checkpoint written.
TEST_CASE("SIGTERM and SIGHUP stop like Ctrl-C: exit 130 and a checkpoint that resumes") {
  const int n = long_count(25);
  const std::string problem = temp_file(doubling_problem(n), ".dlx");
  const std::string checkpoint = temp_file("", ".ckpt");
  // Each waits for its own signal's handler (SigCgt: SIGTERM's bit 0x4000,
  // SIGHUP's 0x1).
  for (const auto& [signal, mask] : {std::pair{"TERM", "0x4000"}, std::pair{"HUP", "0x1"}}) {
    CAPTURE(signal);
    std::remove(checkpoint.c_str());
    const auto r = run_script("\"$XCOVER\" solve --count --threads 2 --checkpoint " + checkpoint +
                              " " + problem + " & pid=$!; handled $pid " + mask +
                              "; sleep 0.3; kill -" + signal + " $pid; wait $pid");
    CHECK(r.exit_code == 130);
    CHECK(r.out.empty());
    CHECK(r.err.find("xcover: interrupted; the search is incomplete") != std::string::npos);
    CHECK(r.err.find("--resume " + checkpoint) != std::string::npos);
    const auto resumed =
        run_cli("solve --count --threads 2 --resume " + checkpoint + " " + problem);
    CHECK(resumed.exit_code == 0);
    CHECK(resumed.out == std::to_string(1u << n) + "\n");
  }
  std::remove(checkpoint.c_str());
  std::remove(problem.c_str());
}

TEST_CASE("a checkpoint that cannot be written is refused before the input is read") {
  // (The input does not exist either: the checkpoint is looked at first.)
  const auto missing = run_cli("solve --count --checkpoint /no/such/dir/c.ckpt /no/such/input");
  CHECK(missing.exit_code == 1);
  CHECK(missing.err == "xcover: cannot write '/no/such/dir/c.ckpt': No such file or directory\n");
  // /proc takes no new files, even from root.
  const auto proc = run_cli("queens 8 --count --checkpoint /proc/xcover_test.ckpt");
  CHECK(proc.exit_code == 1);
  CHECK(proc.out.empty());
  CHECK(proc.err.starts_with("xcover: cannot write '/proc/xcover_test.ckpt': "));
  // A device would be replaced by a regular file: refused.
  const auto device = run_cli("queens 8 --count --checkpoint /dev/null");
  CHECK(device.exit_code == 1);
  CHECK(device.err ==
        "xcover: cannot write '/dev/null': not a regular file: a checkpoint would replace it\n");
}

TEST_CASE("a checkpoint given as a symbolic link is written through it") {
  const int n = long_count(24);
  const std::string problem = temp_file(doubling_problem(n), ".dlx");
  const auto r = run_script(
      "d=$(mktemp -d); ln -s target.ckpt \"$d/link.ckpt\"; "
      "\"$XCOVER\" solve --count --threads 2 --time-limit 0.2 --checkpoint \"$d/link.ckpt\" " +
      problem +
      " 2>/dev/null; echo \"exit $?\"; test -L \"$d/link.ckpt\" && echo link; "
      "head -n 1 \"$d/target.ckpt\"; "
      "\"$XCOVER\" solve --count --threads 2 --resume \"$d/link.ckpt\" " +
      problem + "; test -L \"$d/link.ckpt\" && echo link; rm -r \"$d\"");
  CHECK(r.out == "exit 3\nlink\nxcover checkpoint 2\n" + std::to_string(1u << n) + "\nlink\n");
  std::remove(problem.c_str());
}

TEST_CASE("Ctrl-C and the time limit stop a command still waiting for its input") {
  // Standard input stays open and empty: the reader waits until stopped.
  const std::string open_stdin =
      "d=$(mktemp -d); mkfifo \"$d/in\"; \"$XCOVER\" solve --count COMMAND < \"$d/in\" & "
      "pid=$!; exec 3>\"$d/in\"; ";
  auto script = [&](const std::string& options, const std::string& then) {
    std::string text = open_stdin;
    text.replace(text.find("COMMAND"), 7, options);
    return text + then + "wait $pid; code=$?; exec 3>&-; rm -r \"$d\"; exit $code";
  };
  const auto interrupted = run_script(script("", "handled $pid; sleep 0.3; kill -INT $pid; "));
  CHECK(interrupted.exit_code == 130);
  CHECK(interrupted.out.empty());
  CHECK(interrupted.err == "xcover: interrupted while reading <stdin>\n");
  // The time limit holds for the whole command, reading included.
  const auto timed = run_script(script("--time-limit 0.3", ""));
  CHECK(timed.exit_code == 3);
  CHECK(timed.err == "xcover: time limit reached while reading <stdin>\n");
}

TEST_CASE("xcover solve --progress writes plain lines when stderr is a file") {
  // A count of 2^40 runs until the time limit: a report about every second.
  const auto r = run_cli("solve --count --no-memo --progress --threads 1 --time-limit 2.5",
                         doubling_problem(40));
  CHECK(r.exit_code == 3);
  CHECK(r.out.empty());
  CHECK(r.err.find('\r') == std::string::npos);  // no redrawing in place
  std::size_t reports = 0;
  for (const std::string& line : xcover::test::lines_of(r.err)) {
    if (line.find(" nodes/s ") != std::string::npos) {
      ++reports;
      CHECK(line.find("% done") != std::string::npos);
    }
  }
  CHECK(reports >= 2);
}

TEST_CASE("xcover solve: multiplicities (DLX3's u:v|name items), on threads and checkpoints") {
  // Knuth's example in DLX3: one solution, 6 nodes and 14 updates there.
  const std::string file = temp_file(
      "| A simple example of color controls\n"
      "A B 2:3|C | X Y\n"
      "A B X:0 Y:0\n"
      "A C X:1 Y:1\n"
      "C X:0\n"
      "B X:1\n"
      "C Y:1\n",
      ".dlx");
  auto r = run_cli("solve " + file);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1:\n A C X:1 Y:1\n B X:1\n C Y:1\n");
  CHECK(r.err.empty());
  r = run_cli("solve --count --stats " + file);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1\n");
  CHECK(r.err.find("nodes 6\nupdates 14\nsolutions 1\n") != std::string::npos);
  CHECK(r.err.find("threads 1\n") != std::string::npos);
  // More threads: the same count, nothing on stderr.
  r = run_cli("solve --count --threads 2 " + file);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1\n");
  CHECK(r.err.empty());
  // No bit sets.
  r = run_cli("solve --count --layout bitsets " + file);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "xcover: the bitsets layout does not take multiplicities (primary items with bounds "
        "other than 1:1): the multiplicities layout (Algorithm M) does\n");
  // A checkpointed count: the same count.
  r = run_cli("solve --count --checkpoint " + temp_file("", ".ckpt") + " " + file);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1\n");
  // A bad bound is bad input, on its line.
  r = run_cli("solve -", "| c\na 3:2|b\na b\n");
  CHECK(r.exit_code == 1);
  CHECK(r.err == "<stdin>:2: Lower bound exceeds upper bound in '3:2|b'\n");
  // Two copies of a domino in a 1x4 strip: one tiling.
  r = run_cli("solve --count -", "2|D c1 c2 c3 c4\nD c1 c2\nD c2 c3\nD c3 c4\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "1\n");
}

}  // namespace test_solve_cli
