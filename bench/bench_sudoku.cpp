// SPDX-License-Identifier: MIT
// Sudoku throughput on the public benchmark sets, as the published Sudoku
// benchmarks measure it: each puzzle is solved and its solution proved unique
// (solution limit 2), through the library's batch runner (SudokuBatch), as
// `xcover sudoku` solves them. Parsing the line is included; the solver per
// size is built once per thread, outside the timing.
//
//   bench_sudoku [DATA_DIR] [MAX_PUZZLES_PER_SET] [REPS]
//   bench_sudoku --kernels [DATA_DIR] [MAX_PUZZLES_PER_SET] [REPS]
//
// DATA_DIR defaults to ../shared/data/sudoku, REPS to 3. Prints, per set,
// puzzles per second and microseconds per puzzle with one thread and with
// every core (the median of REPS runs), mean search nodes per puzzle, then
// where a puzzle's time goes outside the search.
//
// --kernels: one thread, each kernel set this processor runs side by side
// in one run (forced as XCOVER_KERNELS does), with each set's speed as a
// fraction of the best set's.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_batch.hpp"
#include "xcover/solver.hpp"
#include "xcover/threads.hpp"

namespace {

using Clock = std::chrono::steady_clock;

const char* const set_names[] = {
    "puzzles0_kaggle_first9999",   "puzzles2_17_clue",
    "puzzles3_magictour_top1465",  "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106", "puzzles7_serg_benchmark",
};

std::vector<std::string> read_puzzles(const std::string& path, std::size_t max) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line) && (max == 0 || lines.size() < max);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

struct RunResult {
  double seconds = 0;
  std::uint64_t solved = 0;
  std::uint64_t unique = 0;
  std::uint64_t nodes = 0;
  std::uint64_t bad = 0;  // malformed lines or wrong solutions
};

// The library's batch runner with its threads and a solver per thread built
// before any clock starts; each run() solves one set with them.
class Runner {
 public:
  explicit Runner(unsigned threads)
      : batch_({.limit = 2, .threads = threads}, [this](const xcover::SudokuBatchResult& r) {
          record(r);
          return true;
        }) {
    batch_.prepare(9);
  }

  RunResult run(const std::vector<std::string>& puzzles) {
    result_ = {};
    solutions_.assign(puzzles.size() * 81, 0);
    first_index_ = batch_.added();
    const auto start = Clock::now();
    for (const std::string& line : puzzles) batch_.add(line);
    batch_.flush();
    result_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    // Every solution is checked, outside the timing.
    xcover::SudokuBoard solution(9);
    const xcover::SudokuRules rules = xcover::SudokuRules::boxes(3, 3);
    for (std::size_t k = 0; k < puzzles.size(); ++k) {
      if (solutions_[k * 81] == 0) continue;
      std::copy_n(&solutions_[k * 81], 81, solution.cells.data());
      if (!rules.is_solution(xcover::parse_sudoku(puzzles[k]), solution)) ++result_.bad;
    }
    return result_;
  }

 private:
  void record(const xcover::SudokuBatchResult& r) {
    using xcover::SudokuStatus;
    result_.nodes += r.nodes;
    if (r.status == SudokuStatus::invalid ||
        (r.status == SudokuStatus::solved && r.solution.side != 9)) {
      ++result_.bad;
      return;
    }
    if (r.status != SudokuStatus::solved) return;
    ++result_.solved;
    result_.unique += r.solutions == 1;
    const std::size_t k = r.index - first_index_;
    std::memcpy(&solutions_[k * 81], r.solution.cells.data(), 81);
  }

  xcover::SudokuBatch batch_;
  RunResult result_;
  std::vector<std::uint8_t> solutions_;
  std::uint64_t first_index_ = 0;
};

// Microseconds per puzzle spent outside the search: reading the line, and a
// search whose givens fill the board (every given forced, the engine's set-up
// for a search, one solution decoded, the givens undone).
void overhead(const std::vector<std::string>& puzzles) {
  xcover::SudokuSolver solver;
  xcover::SudokuReader reader;
  xcover::SudokuLine read;
  const xcover::SudokuBoard& puzzle = read.board;
  xcover::SudokuBoard solution;
  std::string error;
  std::vector<xcover::SudokuBoard> full;
  std::uint64_t given_count = 0;
  for (const std::string& line : puzzles) {
    if (!reader.read(line, read, error) || puzzle.side != 9) continue;
    given_count += static_cast<std::uint64_t>(puzzle.given_count());
    if (solver.solve(puzzle, solution).status == xcover::SudokuStatus::solved)
      full.push_back(solution);
  }
  const double n = static_cast<double>(puzzles.size());
  auto start = Clock::now();
  std::uint64_t check = 0;
  for (int repeat = 0; repeat < 5; ++repeat) {
    for (const std::string& line : puzzles) {
      reader.read(line, read, error);
      check += puzzle.cells[80];
    }
  }
  const double parse = std::chrono::duration<double>(Clock::now() - start).count() / (5 * n);
  start = Clock::now();
  for (const xcover::SudokuBoard& grid : full) check += solver.solve(grid, solution, 2).solutions;
  const double filled = std::chrono::duration<double>(Clock::now() - start).count() /
                        static_cast<double>(full.size());
  std::printf(
      "  parse a line: %.3f us; a search on a full board (81 givens forced, searched,\n"
      "  decoded, undone): %.3f us; mean givens %.1f  [check %llu]\n",
      parse * 1e6, filled * 1e6, static_cast<double>(given_count) / n,
      static_cast<unsigned long long>(check % 10));
}

// The run of median time among `reps`.
RunResult median_run(const std::vector<std::string>& puzzles, Runner& runner, int reps) {
  std::vector<RunResult> runs;
  for (int k = 0; k < reps; ++k) runs.push_back(runner.run(puzzles));
  std::sort(runs.begin(), runs.end(),
            [](const RunResult& a, const RunResult& b) { return a.seconds < b.seconds; });
  return runs[runs.size() / 2];
}

// One thread per kernel set, the sets interleaved per puzzle set so that
// they meet the same machine conditions.
int kernels_table(const std::string& dir, std::size_t max, int reps) {
  using xcover::Kernels;
  std::vector<Kernels> sets;
  for (Kernels k : {Kernels::baseline, Kernels::avx2, Kernels::avx512, Kernels::avx512icl})
    if (xcover::supports(k)) sets.push_back(k);
  std::printf(
      "xcover Sudoku benchmark per kernel set: one thread, solve and prove unique,\n"
      "puzzles per second (median of %d runs) and the fraction of the best set's speed\n"
      "data %s; this processor runs:",
      reps, dir.c_str());
  for (Kernels k : sets) std::printf(" %s", xcover::to_string(k));
  std::printf("\n\n%-32s %8s", "set", "puzzles");
  for (Kernels k : sets) std::printf(" | %16s", xcover::to_string(k));
  std::printf("\n");
  // The solvers pick their kernels when built: XCOVER_KERNELS at that moment.
  std::vector<std::unique_ptr<Runner>> runners;
  for (Kernels k : sets) {
    setenv("XCOVER_KERNELS", xcover::to_string(k), 1);
    runners.push_back(std::make_unique<Runner>(1));
  }
  unsetenv("XCOVER_KERNELS");
  bool failed = false;
  for (const char* name : set_names) {
    const auto puzzles = read_puzzles(dir + "/" + name, max);
    if (puzzles.empty()) {
      std::printf("%-32s missing or empty\n", name);
      continue;
    }
    std::vector<std::vector<double>> seconds(sets.size());
    for (int r = 0; r < reps; ++r) {
      for (std::size_t k = 0; k < sets.size(); ++k) {
        const RunResult result = runners[k]->run(puzzles);
        failed |= result.bad != 0 || result.solved != puzzles.size();
        seconds[k].push_back(result.seconds);
      }
    }
    std::vector<double> rate(sets.size());
    double best = 0;
    for (std::size_t k = 0; k < sets.size(); ++k) {
      std::sort(seconds[k].begin(), seconds[k].end());
      rate[k] = static_cast<double>(puzzles.size()) / seconds[k][seconds[k].size() / 2];
      best = std::max(best, rate[k]);
    }
    std::printf("%-32s %8zu", name, puzzles.size());
    for (double r : rate) std::printf(" | %9.0f %5.2fx", r, r / best);
    std::printf("\n");
    std::fflush(stdout);
  }
  if (failed) std::printf("ERROR: a puzzle was malformed, unsolved or wrongly solved\n");
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--kernels") == 0) {
    const std::string dir = argc > 2 ? argv[2] : "../shared/data/sudoku";
    const std::size_t max = argc > 3 ? std::stoul(argv[3]) : 0;
    const int reps = argc > 4 ? std::max(1, std::stoi(argv[4])) : 3;
    return kernels_table(dir, max, reps);
  }
  const std::string dir = argc > 1 ? argv[1] : "../shared/data/sudoku";
  const std::size_t max = argc > 2 ? std::stoul(argv[2]) : 0;
  const int reps = argc > 3 ? std::max(1, std::stoi(argv[3])) : 3;
  const unsigned cores = xcover::default_threads();
  std::printf(
      "xcover Sudoku benchmark: solve and prove unique (limit 2), parsing included\n"
      "data %s, %u hardware threads, median of %d runs, kernels %s\n\n",
      dir.c_str(), cores, reps, xcover::to_string(xcover::default_kernels()));
  Runner one_thread(1), all_threads(cores);
  char threads_label[32];
  std::snprintf(threads_label, sizeof threads_label, "%u threads/s", cores);
  std::printf("%-32s %8s | %11s %9s | %11s %9s | %9s %8s\n", "set", "puzzles", "1 thread/s",
              "us/puzzle", threads_label, "us/puzzle", "nodes/puz", "unique");
  bool failed = false;
  std::vector<std::string> overhead_set;
  for (const char* name : set_names) {
    const auto puzzles = read_puzzles(dir + "/" + name, max);
    if (puzzles.empty()) {
      std::printf("%-32s missing or empty\n", name);
      continue;
    }
    const RunResult one = median_run(puzzles, one_thread, reps);
    const RunResult all = median_run(puzzles, all_threads, reps);
    const double n = static_cast<double>(puzzles.size());
    std::printf("%-32s %8zu | %11.0f %9.2f | %11.0f %9.2f | %9.1f %8llu\n", name, puzzles.size(),
                n / one.seconds, one.seconds / n * 1e6, n / all.seconds, all.seconds / n * 1e6,
                static_cast<double>(one.nodes) / n, static_cast<unsigned long long>(one.unique));
    std::fflush(stdout);
    if (one.bad || all.bad || one.solved != puzzles.size() || all.solved != puzzles.size() ||
        one.unique != all.unique) {
      std::printf("  ERROR: %llu bad, %llu/%llu solved\n",
                  static_cast<unsigned long long>(one.bad + all.bad),
                  static_cast<unsigned long long>(one.solved),
                  static_cast<unsigned long long>(all.solved));
      failed = true;
    }
    if (std::strcmp(name, "puzzles2_17_clue") == 0) overhead_set = puzzles;
  }
  if (!overhead_set.empty()) {
    std::printf("\nOutside the search, one thread, puzzles2_17_clue:\n");
    overhead(overhead_set);
  }
  return failed ? 1 : 0;
}
