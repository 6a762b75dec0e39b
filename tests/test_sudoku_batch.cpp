// SPDX-License-Identifier: MIT
// The Sudoku batch runner: one result per line, in input order, on any
// number of threads and any window; bad lines reported in their place; and
// stops (cancellation, time limit, the callback) that hand back exactly the
// results finished before them, in order.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "slow_run.hpp"
#include "sudoku_support.hpp"
#include "support/ordered_runner.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_batch.hpp"
#include "xcover/puzzles/sudoku_generate.hpp"

namespace test_sudoku_batch {

using xcover::test::puzzle_lines;

namespace {

using xcover::SudokuBatch;
using xcover::SudokuBatchOptions;
using xcover::SudokuBatchResult;
using xcover::SudokuBatchStop;
using xcover::SudokuStatus;

const std::string leetcode_puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string inkala_puzzle =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const std::string dead_end_puzzle = "12345678.........9" + std::string(63, '.');

// What a batch handed back, kept for the checks.
struct Collected {
  std::vector<SudokuBatchResult> results;
  SudokuBatch::Callback callback() {
    return [this](const SudokuBatchResult& r) {
      results.push_back(r);
      return true;
    };
  }
};

// Solvable puzzles of three sizes, dead ends, malformed lines and broken
// rules, mixed.
std::vector<std::string> mixed_lines(std::size_t count) {
  const auto sample = puzzle_lines(xcover::test::data_file("sudoku_17clue_sample.txt"));
  std::vector<std::string> lines;
  for (std::size_t k = 0; k < count; ++k) {
    switch (k % 9) {
      case 2:
        lines.push_back(dead_end_puzzle);
        break;
      case 4:
        lines.push_back(std::string(20 + k % 50, '.'));
        break;
      case 5:
        lines.push_back("11" + std::string(79, '.'));
        break;
      case 7:
        lines.push_back(k % 2 ? "1234............" : std::string(256, '.'));
        break;
      default:
        lines.push_back(sample[k % sample.size()]);
        break;
    }
  }
  return lines;
}

// What one SudokuSolver says of `line`, as the batch should report it.
void check_against_solver(const std::string& line, const SudokuBatchResult& r) {
  xcover::SudokuReader reader;
  xcover::SudokuLine read;
  xcover::SudokuBoard solution;
  std::string error;
  if (!reader.read(line, read, error)) {
    CHECK(r.status == SudokuStatus::invalid);
    CHECK(r.error == error);
    return;
  }
  const xcover::SudokuBoard& puzzle = read.board;
  xcover::SudokuSolver solver(*read.rules);
  const xcover::SudokuResult expected = solver.solve(puzzle, solution);
  switch (expected.status) {
    case xcover::SudokuStatus::invalid:
      CHECK(r.status == SudokuStatus::invalid);
      CHECK(r.error == xcover::test::find_conflict(puzzle));
      CHECK(r.error.size() > 0);
      break;
    case xcover::SudokuStatus::solved:
      REQUIRE(r.status == SudokuStatus::solved);
      CHECK(r.solution == solution);
      CHECK(xcover::test::is_solution(puzzle, r.solution));
      CHECK(r.nodes == solver.statistics().nodes);
      break;
    default:
      CHECK(r.status == SudokuStatus::no_solution);
      break;
  }
}

}  // namespace

TEST_CASE("sudoku batch: on many threads every result comes back once, in input order") {
  const std::size_t count = XCOVER_TEST_SLOW_RUN ? 300 : 1500;
  const std::vector<std::string> lines = mixed_lines(count);
  for (const unsigned threads : {1u, 2u, 8u}) {
    // A window smaller than a worker's run, one of a few runs, the default.
    for (const std::size_t window : {std::size_t{5}, std::size_t{100}, std::size_t{4096}}) {
      CAPTURE(threads);
      CAPTURE(window);
      Collected collected;
      SudokuBatch batch({.threads = threads, .window = window}, collected.callback());
      CHECK(batch.threads() == threads);
      for (const std::string& line : lines) REQUIRE(batch.add(line));
      CHECK(batch.flush());
      CHECK(batch.stopped() == SudokuBatchStop::none);
      CHECK(batch.added() == count);
      CHECK(batch.delivered() == count);
      REQUIRE(collected.results.size() == count);
      for (std::size_t k = 0; k < count; ++k) {
        CAPTURE(k);
        CHECK(collected.results[k].index == k);
        if (k < 60 || k % 37 == 0) check_against_solver(lines[k], collected.results[k]);
      }
    }
  }
}

TEST_CASE("sudoku batch: unsolvable and invalid lines are reported in their place (threads 3)") {
  const std::vector<std::string> lines = {
      leetcode_puzzle,      "11" + std::string(79, '.'),   dead_end_puzzle,
      std::string(80, '.'), "12x4" + std::string(12, '.'), leetcode_puzzle};
  Collected collected;
  SudokuBatch batch({.threads = 3}, collected.callback());
  for (const std::string& line : lines) REQUIRE(batch.add(line));
  REQUIRE(batch.flush());
  const auto& r = collected.results;
  REQUIRE(r.size() == 6);
  CHECK(r[0].status == SudokuStatus::solved);
  CHECK(xcover::to_line(r[0].solution) ==
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  CHECK(r[1].status == SudokuStatus::invalid);
  CHECK(r[1].error == "digit 1 twice in row 1 (columns 1 and 2)");
  CHECK(r[1].nodes == 0);
  CHECK(r[2].status == SudokuStatus::no_solution);
  CHECK(r[2].solutions == 0);
  CHECK(r[2].nodes > 0);
  CHECK(r[3].status == SudokuStatus::invalid);
  CHECK(r[3].error.starts_with("80 cells; a puzzle has 16 (4x4), 81 (9x9)"));
  CHECK(r[4].status == SudokuStatus::invalid);
  CHECK(r[4].error.find("'x'") != std::string::npos);
  CHECK(r[5].status == SudokuStatus::solved);
  CHECK(r[5].solution == r[0].solution);
}

TEST_CASE("sudoku batch: counting up to a limit, with and without the solution (threads 2)") {
  // An empty 4x4 board has 288 completions; with a limit of 2 it stops there.
  const std::string empty_4x4(16, '.');
  for (const bool keep : {false, true}) {
    CAPTURE(keep);
    Collected all, two;
    SudokuBatch unlimited({.limit = 0, .keep_solution = keep, .threads = 2}, all.callback());
    SudokuBatch limited({.limit = 2, .keep_solution = keep, .threads = 2}, two.callback());
    for (SudokuBatch* batch : {&unlimited, &limited}) {
      REQUIRE(batch->add(empty_4x4));
      REQUIRE(batch->add(leetcode_puzzle));
      REQUIRE(batch->flush());
    }
    REQUIRE(all.results.size() == 2);
    REQUIRE(two.results.size() == 2);
    CHECK(all.results[0].solutions == 288);
    CHECK(two.results[0].solutions == 2);
    CHECK(all.results[1].solutions == 1);
    CHECK(two.results[1].solutions == 1);
    CHECK(xcover::test::is_solution(xcover::parse_sudoku(empty_4x4), two.results[0].solution) ==
          keep);
  }
}

TEST_CASE("sudoku batch: a node limit gives up on one puzzle only (threads 2)") {
  // Inkala's puzzle takes about 1,500 nodes, the LeetCode example 52.
  Collected collected;
  SudokuBatch batch({.threads = 2, .node_limit = 200}, collected.callback());
  REQUIRE(batch.add(inkala_puzzle));
  REQUIRE(batch.add(leetcode_puzzle));
  REQUIRE(batch.flush());
  REQUIRE(collected.results.size() == 2);
  CHECK(collected.results[0].status == SudokuStatus::stopped);
  CHECK(collected.results[0].nodes >= 200);
  CHECK(collected.results[0].nodes < 200 + 81);
  CHECK(collected.results[1].status == SudokuStatus::solved);
  CHECK(batch.stopped() == SudokuBatchStop::none);
}

TEST_CASE("sudoku batch: results come back while lines go in, and after each flush") {
  Collected collected;
  SudokuBatch batch({.threads = 2, .window = 8}, collected.callback());
  for (int k = 0; k < 3; ++k) REQUIRE(batch.add(leetcode_puzzle));
  REQUIRE(batch.flush());
  CHECK(collected.results.size() == 3);
  // A full window makes room by handing back the oldest.
  for (int k = 0; k < 20; ++k) REQUIRE(batch.add(leetcode_puzzle));
  CHECK(collected.results.size() >= 3 + 20 - 8);
  REQUIRE(batch.flush());
  REQUIRE(collected.results.size() == 23);
  CHECK(collected.results.back().index == 22);
}

namespace {

// Many hard puzzles: enough for a stop to land in the middle.
std::vector<std::string> hard_lines(std::size_t repeats) {
  const auto hardest = puzzle_lines(xcover::test::data_file("sudoku_hardest_sample.txt"));
  std::vector<std::string> lines;
  for (std::size_t k = 0; k < repeats; ++k)
    lines.insert(lines.end(), hardest.begin(), hardest.end());
  return lines;
}

// Adds every line, then flushes; false as soon as the batch refuses.
bool add_and_flush(SudokuBatch& batch, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    if (!batch.add(line)) return false;
  }
  return batch.flush();
}

// The results handed back after a stop are those of the first delivered()
// lines, in order, each complete.
void check_prefix(const SudokuBatch& batch, const std::vector<SudokuBatchResult>& results,
                  const std::vector<std::string>& lines) {
  REQUIRE(results.size() == batch.delivered());
  CHECK(results.size() < lines.size());
  for (std::size_t k = 0; k < results.size(); ++k) {
    CAPTURE(k);
    CHECK(results[k].index == k);
    CHECK(results[k].status == SudokuStatus::solved);
    CHECK(xcover::test::is_solution(xcover::parse_sudoku(lines[k]), results[k].solution));
  }
}

}  // namespace

TEST_CASE("sudoku batch: cancellation on several threads hands back a complete prefix") {
  const std::vector<std::string> lines = hard_lines(XCOVER_TEST_SLOW_RUN ? 40 : 400);
  std::atomic<bool> cancel{false};
  std::vector<SudokuBatchResult> results;
  SudokuBatch batch({.threads = 4, .cancel = &cancel, .window = 64},
                    [&](const SudokuBatchResult& r) {
                      results.push_back(r);
                      if (results.size() == 30) cancel = true;  // as Ctrl-C would
                      return true;
                    });
  CHECK_FALSE(add_and_flush(batch, lines));
  CHECK(batch.stopped() == SudokuBatchStop::cancelled);
  CHECK(results.size() >= 30);
  check_prefix(batch, results, lines);
  // Once stopped, it takes nothing more.
  CHECK_FALSE(batch.add(leetcode_puzzle));
  CHECK_FALSE(batch.flush());

  // Cancelled before the first line: nothing is solved.
  std::atomic<bool> cancelled{true};
  std::size_t delivered = 0;
  SudokuBatch idle({.threads = 2, .cancel = &cancelled}, [&](const SudokuBatchResult&) {
    ++delivered;
    return true;
  });
  CHECK_FALSE(idle.add(leetcode_puzzle));
  CHECK(idle.stopped() == SudokuBatchStop::cancelled);
  CHECK(delivered == 0);
}

TEST_CASE("sudoku batch: the time limit stops the whole batch on several threads") {
  const std::vector<std::string> lines = hard_lines(XCOVER_TEST_SLOW_RUN ? 200 : 2000);
  std::vector<SudokuBatchResult> results;
  SudokuBatch batch({.threads = 2, .time_limit = 0.05, .window = 256},
                    [&](const SudokuBatchResult& r) {
                      results.push_back(r);
                      return true;
                    });
  CHECK_FALSE(add_and_flush(batch, lines));
  CHECK(batch.stopped() == SudokuBatchStop::time_limit);
  check_prefix(batch, results, lines);
}

TEST_CASE("sudoku batch: the callback stops the batch on several threads") {
  const std::vector<std::string> lines = hard_lines(50);
  std::vector<SudokuBatchResult> results;
  SudokuBatch batch({.threads = 3, .window = 32}, [&](const SudokuBatchResult& r) {
    results.push_back(r);
    return results.size() < 17;
  });
  CHECK_FALSE(add_and_flush(batch, lines));
  CHECK(batch.stopped() == SudokuBatchStop::callback);
  CHECK(results.size() == 17);
  check_prefix(batch, results, lines);
}

namespace {

// Lines of one shape: made puzzles (written as the format reads them), a
// line that breaks a rule, a malformed one; with the format that reads them.
struct ShapeLines {
  const char* name;
  xcover::SudokuLineFormat format;
  std::vector<std::string> lines;
};

std::vector<ShapeLines> lines_of_every_shape(int per_shape) {
  using xcover::SudokuRules;
  const std::string regions6 = "AAABBBAAABBBCCCDDDCCCDDDEEEFFFEEEFFF";
  const std::string regions6b = "AABBBBAACCBBAACCDDECCDDDEEEFFDEEFFFF";
  std::vector<ShapeLines> shapes = {
      {"6x6 boxes", {.box_rows = 2, .box_columns = 3}, {}},
      {"X-Sudoku", {.diagonals = true}, {}},
      {"windoku", {.windows = true}, {}},
      {"Latin 5", {.latin = 5}, {}},
      {"jigsaw lines", {.jigsaw_lines = true}, {}},
      {"killer", {.box_rows = 2, .box_columns = 2, .killer = true}, {}},
  };
  for (ShapeLines& shape : shapes) {
    for (int k = 0; k < per_shape; ++k) {
      const std::string regions = k % 2 ? regions6 : regions6b;
      const SudokuRules rules =
          shape.format.jigsaw_lines
              ? SudokuRules::jigsaw(regions)
              : xcover::SudokuReader(shape.format)
                    .rules_for(shape.format.fixed_side() ? shape.format.fixed_side() : 9);
      const xcover::GeneratedSudoku made = xcover::generate_sudoku(
          rules, static_cast<std::uint64_t>(k + 1), {.killer = shape.format.killer});
      std::string line = xcover::to_line(made.puzzle);
      if (shape.format.jigsaw_lines) line += ' ' + regions;
      if (shape.format.killer) line += ' ' + xcover::cages_text(made.rules);
      shape.lines.push_back(line);
      if (k == 1) {
        // Two equal digits in row 1 (or a cage's sum broken): invalid.
        std::string broken = line;
        broken[0] = broken[1] = '1';
        shape.lines.push_back(broken);
        shape.lines.push_back("12");  // malformed
      }
    }
  }
  return shapes;
}

}  // namespace

TEST_CASE("sudoku batch: lines of every shape, in input order, on 1, 2 and 4 threads") {
  for (const ShapeLines& shape : lines_of_every_shape(XCOVER_TEST_SLOW_RUN ? 4 : 12)) {
    CAPTURE(shape.name);
    // What one solver per line's rules says, the reference.
    xcover::SudokuReader reader(shape.format);
    std::vector<SudokuBatchResult> expected;
    for (const std::string& text : shape.lines) {
      SudokuBatchResult r;
      xcover::SudokuLine line;
      if (!reader.read(text, line, r.error)) {
        r.status = SudokuStatus::invalid;
      } else {
        xcover::SudokuSolver solver(*line.rules);
        const xcover::SudokuResult found = solver.solve(line.board, r.solution, 2);
        r.status = found.status;
        r.solutions = found.solutions;
        if (found.status == SudokuStatus::solved)
          CHECK(line.rules->is_solution(line.board, r.solution));
      }
      expected.push_back(r);
    }
    for (const unsigned threads : {1u, 2u, 4u}) {
      CAPTURE(threads);
      Collected collected;
      SudokuBatch batch({.format = shape.format, .limit = 2, .threads = threads, .window = 7},
                        collected.callback());
      for (const std::string& line : shape.lines) REQUIRE(batch.add(line));
      REQUIRE(batch.flush());
      REQUIRE(collected.results.size() == shape.lines.size());
      for (std::size_t k = 0; k < shape.lines.size(); ++k) {
        CAPTURE(shape.lines[k]);
        const SudokuBatchResult& r = collected.results[k];
        CHECK(r.index == k);
        CHECK(r.status == expected[k].status);
        if (r.status == SudokuStatus::invalid) {
          CHECK(!r.error.empty());
          continue;
        }
        CHECK(r.solutions == expected[k].solutions);
        CHECK(r.solutions == 1);  // made puzzles are unique
        CHECK(r.solution == expected[k].solution);
        CHECK(r.puzzle.rules->is_solution(r.puzzle.board, r.solution));
      }
    }
  }
}

}  // namespace test_sudoku_batch

// The runner's contract: a job cut short (work() returns false) comes with
// a stop that work() saw through must_stop(). One that breaks it fails the
// runner with an error, where the caller used to wait for that job forever.
TEST_CASE("ordered runner: a job cut short without a stop fails it, and with one stops it") {
  using Runner = xcover::detail::OrderedRunner<int, int>;
  for (unsigned threads : {1u, 2u}) {
    CAPTURE(threads);
    xcover::detail::RunnerSettings settings;
    settings.threads = threads;
    settings.window = 4;
    settings.run_length = 1;
    std::vector<int> delivered;
    auto deliver = [&](std::uint64_t, int& result) {
      delivered.push_back(result);
      return true;
    };
    auto run = [](Runner& runner) {
      for (int k = 0; k < 40; ++k)
        if (!runner.add([k](int& job) { job = k; })) return;
      runner.flush();
    };
    {
      Runner broken(
          settings,
          [](unsigned, int& job, int& result) {
            result = job;
            return job != 5;
          },
          deliver);
      CHECK_THROWS_WITH_AS(run(broken), "ordered runner: a job was cut short without a stop",
                           std::logic_error);
    }
    // Cut short with the stop: the jobs before it come back, in order, and
    // nothing is thrown.
    std::atomic<bool> cancel{false};
    settings.cancel = &cancel;
    delivered.clear();
    Runner* self = nullptr;
    Runner stopped(
        settings,
        [&](unsigned, int& job, int& result) {
          result = job;
          if (job < 5) return true;
          cancel = true;
          (void)self->must_stop();
          return false;
        },
        deliver);
    self = &stopped;
    CHECK_NOTHROW(run(stopped));
    CHECK(delivered.size() <= 5);
    for (std::size_t k = 0; k < delivered.size(); ++k) CHECK(delivered[k] == static_cast<int>(k));
  }
}
