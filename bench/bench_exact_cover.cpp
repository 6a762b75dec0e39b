// SPDX-License-Identifier: MIT
// Exact-cover throughput of the engine on the classic problems, built by the
// project's own adapters: every solution counted (no visitor), one thread,
// default branching (the one DLX1 uses), so node and update counts can be
// checked against Knuth's DLX1 on the same problem.
//
//   bench_exact_cover [--reps R] [--only NAME] [--quick] [--layout links|bitsets] [--propagate]
//
// --reps R     repetitions per problem (default 3); the median time is shown
// --only NAME  run one problem (e.g. queens13, langford12, pento6x10)
// --quick      skip the slow problems (queens14, pento5x12, pento6x10)
// --layout L   links or bitsets (default: the solver's automatic choice)
// --propagate  commit forced options ahead (SearchOptions::propagate); the
//              counts then differ from DLX1's, so they are not compared
//
// Prints a Markdown table. "peak RSS" is the process's resident-set high-water
// mark (VmHWM in /proc/self/status), reset before each problem is built, so it
// covers the problem, the solver and the search, plus the program's own
// baseline (shown in the header). "dlx1-equal" says whether solutions, nodes
// and updates equal DLX1's counts for the same problem (Knuth's text of it is
// `xcover queens 13 --emit` and so on).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/solver.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// DLX1's figures for a problem (0 where unknown).
struct Counts {
  xcover::Count solutions = 0;
  xcover::Count nodes = 0;
  xcover::Count updates = 0;
};

struct Benchmark {
  std::string name;
  bool slow;
  std::function<xcover::Problem()> build;
  Counts dlx1;  // measured with DLX1 on the problem as `--emit` writes it
};

xcover::Problem tiling(const char *board) {
  return xcover::polyomino::make_tiling(*xcover::polyomino::builtin_board(board),
                                        xcover::polyomino::pentominoes())
      .problem;
}

std::vector<Benchmark> benchmarks() {
  return {
      {"queens12",
       false,
       [] { return xcover::make_queens(12).problem; },
       {14'200, 211'716, 3'594'752}},
      {"queens13",
       false,
       [] { return xcover::make_queens(13).problem; },
       {73'712, 1'046'319, 17'463'157}},
      {"queens14",
       true,
       [] { return xcover::make_queens(14).problem; },
       {365'596, 5'474'542, 91'497'926}},
      {"langford11",
       false,
       [] { return xcover::make_langford(11).problem; },
       {35'584, 439'747, 5'974'979}},
      {"langford12",
       false,
       [] { return xcover::make_langford(12).problem; },
       {216'288, 2'831'065, 38'673'459}},
      {"pento3x20", false, [] { return tiling("3x20"); }, {8, 32'978, 10'986'975}},
      {"pento5x12", true, [] { return tiling("5x12"); }, {4'040, 2'295'156, 770'490'101}},
      {"pento6x10", true, [] { return tiling("6x10"); }, {9'356, 3'637'261, 1'242'377'480}},
  };
}

// A "VmHWM:" or "VmRSS:" line of /proc/self/status, in KiB (0 if absent).
long status_kib(const std::string &key) {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);) {
    if (line.compare(0, key.size(), key) == 0) return std::stol(line.substr(key.size()));
  }
  return 0;
}

// Lowers the high-water mark to the current resident set (Linux: writing 5
// to clear_refs), so that VmHWM then tells the peak of what follows.
bool reset_peak_rss() {
  std::ofstream out("/proc/self/clear_refs");
  return static_cast<bool>(out << "5" << std::flush);
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

std::string with_commas(xcover::Count n) {
  std::string digits = xcover::to_string(n), out;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) out += ',';
    out += digits[k];
  }
  return out;
}

// Runs one benchmark and prints its row; false when the counts differ from
// DLX1's or from one repetition to the next.
bool run(const Benchmark &bench, int reps, xcover::Layout layout, bool propagate,
         bool peak_resettable) {
  peak_resettable = peak_resettable && reset_peak_rss();
  const xcover::Problem problem = bench.build();
  xcover::Solver solver(problem, layout);
  std::vector<double> seconds;
  Counts counts;
  bool steady = true;
  xcover::SearchOptions options;
  // (Only the bit sets follow --propagate; another layout would refuse it,
  // and its row says which layout ran.)
  options.propagate = propagate && solver.layout() == xcover::Layout::bitsets;
  for (int rep = 0; rep < reps; ++rep) {
    const auto start = Clock::now();
    const xcover::Count solutions = solver.count(options).solutions;
    seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    const xcover::Statistics &stats = solver.statistics();
    const Counts now{solutions, stats.nodes, stats.updates};
    if (rep > 0)
      steady = steady && now.solutions == counts.solutions && now.nodes == counts.nodes &&
               now.updates == counts.updates;
    counts = now;
  }
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds[seconds.size() / 2];
  char peak[16] = "n/a";
  if (peak_resettable)
    std::snprintf(peak, sizeof peak, "%.1f", static_cast<double>(status_kib("VmHWM:")) / 1024);

  const char *equal = "unknown";
  bool ok = steady;
  if (bench.dlx1.nodes != 0 && !propagate) {
    const bool same = counts.solutions == bench.dlx1.solutions &&
                      counts.nodes == bench.dlx1.nodes && counts.updates == bench.dlx1.updates;
    equal = same ? "yes" : "no";
    ok = ok && same;
  } else if (bench.dlx1.nodes != 0) {
    equal = counts.solutions == bench.dlx1.solutions ? "solutions" : "no";
    ok = ok && counts.solutions == bench.dlx1.solutions;
  }
  std::printf("| %s | %s | %s | %s | %s | %.3f | %.2f | %.1f | %s | %s |\n", bench.name.c_str(),
              xcover::to_string(solver.layout()), with_commas(counts.solutions).c_str(),
              with_commas(counts.nodes).c_str(), with_commas(counts.updates).c_str(), median,
              median * 1e9 / static_cast<double>(std::max<xcover::Count>(counts.updates, 1)),
              static_cast<double>(counts.nodes) / median / 1e6, peak, equal);
  if (!steady) std::printf("  ERROR: counts changed between repetitions\n");
  std::fflush(stdout);
  return ok;
}

int usage(const char *program) {
  std::fprintf(
      stderr,
      "usage: %s [--reps R] [--only NAME] [--quick] [--layout links|bitsets] [--propagate]\n"
      "problems:",
      program);
  for (const Benchmark &bench : benchmarks()) std::fprintf(stderr, " %s", bench.name.c_str());
  std::fprintf(stderr, "\n");
  return 2;
}

}  // namespace

int main(int argc, char **argv) {
  int reps = 3;
  std::string only;
  bool quick = false;
  bool propagate = false;
  xcover::Layout layout = xcover::Layout::automatic;
  for (int k = 1; k < argc; ++k) {
    const std::string arg = argv[k];
    if (arg == "--reps" && k + 1 < argc) {
      reps = std::atoi(argv[++k]);
      if (reps < 1) return usage(argv[0]);
    } else if (arg == "--only" && k + 1 < argc) {
      only = argv[++k];
    } else if (arg == "--quick") {
      quick = true;
    } else if (arg == "--propagate") {
      propagate = true;
    } else if (arg == "--layout" && k + 1 < argc) {
      const std::string name = argv[++k];
      if (name == "links") {
        layout = xcover::Layout::links;
      } else if (name == "bitsets") {
        layout = xcover::Layout::bitsets;
      } else {
        return usage(argv[0]);
      }
    } else {
      return usage(argv[0]);
    }
  }
  const std::vector<Benchmark> all = benchmarks();
  if (!only.empty() &&
      std::none_of(all.begin(), all.end(), [&](const Benchmark &b) { return b.name == only; }))
    return usage(argv[0]);

  const bool peak_resettable = reset_peak_rss();
  std::printf(
      "xcover exact-cover benchmark: all solutions counted, one thread, DLX1 "
      "branching\n"
      "median of %d repetition%s; load average %s; baseline RSS %.1f MiB\n\n",
      reps, reps == 1 ? "" : "s", load_average().c_str(),
      static_cast<double>(status_kib("VmRSS:")) / 1024);
  std::printf(
      "| problem | layout | solutions | nodes | updates | seconds | ns/update | "
      "Mnodes/s | peak RSS MiB "
      "| dlx1-equal |\n"
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
  std::fflush(stdout);
  bool ok = true;
  for (const Benchmark &bench : all) {
    if (!only.empty() ? bench.name != only : quick && bench.slow) continue;
    ok = run(bench, reps, layout, propagate, peak_resettable) && ok;
  }
  return ok ? 0 : 1;
}
