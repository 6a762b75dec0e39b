// SPDX-License-Identifier: MIT
// xcover sudoku [FILE...]: puzzles, one a line, solved or counted in input
// order. Lines are read in chunks; a chunk is solved by a few workers, each
// with its own solver per box size, and written in order before the next is
// read, so memory stays bounded however long the input is.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "cli/input.hpp"
#include "xcover/sudoku.hpp"
#include "xcover/text.hpp"

namespace xcover::cli {

namespace {

// At most this many puzzles are held at once.
constexpr std::size_t chunk_capacity = 4096;
// Puzzles a worker takes at a time from the shared queue.
constexpr std::size_t worker_batch = 16;

enum class Format { line, grid };

struct Settings {
  bool count = false;
  std::uint64_t limit = 2;
  std::uint64_t node_limit = 0;  // per puzzle; 0: none
  Format format = Format::line;
};

enum class Outcome { pending, solved, no_solution, error, gave_up, interrupted };

// One puzzle line and what became of it.
struct Slot {
  std::string text;
  const std::string* source = nullptr;
  std::size_t line = 0;
  Outcome outcome = Outcome::pending;
  bool searched = false;
  std::uint64_t nodes = 0;
  std::string output;  // written to stdout, ending in '\n'
  std::string error;   // the reason, for stderr
};

// What a thread keeps from puzzle to puzzle: a solver per box size, made when
// first needed, and grids whose storage is reused.
class Worker {
 public:
  void process(Slot& slot, const Settings& settings) {
    slot.output.clear();
    slot.error.clear();
    slot.searched = false;
    slot.nodes = 0;
    try {
      solve(slot, settings);
    } catch (const std::exception& e) {
      fail(slot, std::string("internal error: ") + e.what());
    }
  }

 private:
  static void fail(Slot& slot, std::string reason) {
    slot.outcome = Outcome::error;
    slot.error = std::move(reason);
    slot.output.append("error: ").append(slot.error).append("\n");
  }

  void solve(Slot& slot, const Settings& settings) {
    if (!parse_sudoku(slot.text, puzzle_, error_)) return fail(slot, error_);
    std::unique_ptr<SudokuSolver>& solver = solvers_[puzzle_.box() - 2];
    if (!solver) {
      solver = std::make_unique<SudokuSolver>(puzzle_.box());
      solver->search_options().cancel = &interrupted();
      solver->search_options().node_limit = settings.node_limit;
    }
    SudokuResult result;
    if (settings.count) {
      result = solver->count_result(puzzle_, settings.limit);
      if (result.status == SudokuStatus::invalid) {
        std::string conflict = find_conflict(puzzle_);
        if (!conflict.empty()) return fail(slot, std::move(conflict));
      }
    } else {
      result = solver->solve(puzzle_, solution_);
      if (result.status == SudokuStatus::invalid) return fail(slot, find_conflict(puzzle_));
    }
    if (interrupted().load()) {
      slot.outcome = Outcome::interrupted;
      return;
    }
    if (result.status == SudokuStatus::stopped) {  // the node limit
      slot.outcome = Outcome::gave_up;
      slot.error =
          "gave up after " + std::to_string(solver->statistics().nodes) + " nodes (--node-limit)";
      slot.output.append("limit: ").append(slot.error).append("\n");
      return;
    }
    slot.searched = true;
    slot.nodes = solver->statistics().nodes;
    if (settings.count) {
      slot.outcome = result.solutions > 0 ? Outcome::solved : Outcome::no_solution;
      slot.output.append(std::to_string(result.solutions)).append("\n");
    } else if (result.status == SudokuStatus::solved) {
      slot.outcome = Outcome::solved;
      if (settings.format == Format::grid) {
        append_grid(slot.output, solution_);
      } else {
        append_line(slot.output, solution_);
        slot.output += '\n';
      }
    } else {
      slot.outcome = Outcome::no_solution;
      slot.output.append("no solution\n");
    }
  }

  std::array<std::unique_ptr<SudokuSolver>, 4> solvers_;  // box sizes 2..5
  SudokuGrid puzzle_, solution_;
  std::string error_;
};

// Solves slots[0..count) with the workers, each puzzle by exactly one.
void solve_chunk(std::vector<Slot>& slots, std::size_t count, std::vector<Worker>& workers,
                 const Settings& settings) {
  std::atomic<std::size_t> next{0};
  auto work = [&](Worker& worker) {
    for (;;) {
      const std::size_t begin = next.fetch_add(worker_batch);
      if (begin >= count) return;
      const std::size_t end = std::min(count, begin + worker_batch);
      for (std::size_t k = begin; k < end; ++k) {
        if (interrupted().load(std::memory_order_relaxed)) return;
        worker.process(slots[k], settings);
      }
    }
  };
  const std::size_t useful = (count + worker_batch - 1) / worker_batch;
  const std::size_t thread_count = std::min(workers.size(), useful);
  std::vector<std::thread> threads;
  for (std::size_t t = 1; t < thread_count; ++t) threads.emplace_back(work, std::ref(workers[t]));
  work(workers[0]);
  for (std::thread& thread : threads) thread.join();
}

struct Tally {
  std::uint64_t puzzles = 0;
  std::uint64_t solved = 0;
  std::uint64_t no_solution = 0;
  std::uint64_t errors = 0;
  std::uint64_t gave_up = 0;  // stopped by --node-limit
  std::uint64_t searched = 0;
  std::uint64_t nodes = 0;
};

void print_tally(const Tally& tally, double seconds, unsigned threads) {
  char line[160];
  std::cerr << "puzzles " << tally.puzzles << '\n'
            << "solved " << tally.solved << '\n'
            << "no solution " << tally.no_solution << '\n'
            << "errors " << tally.errors << '\n';
  if (tally.gave_up) std::cerr << "gave up " << tally.gave_up << '\n';
  std::snprintf(line, sizeof line, "seconds %.3f\npuzzles per second %.0f\n", seconds,
                seconds > 0 ? static_cast<double>(tally.puzzles) / seconds : 0.0);
  std::cerr << line;
  std::snprintf(line, sizeof line, "mean nodes per puzzle %.1f\n",
                tally.searched
                    ? static_cast<double>(tally.nodes) / static_cast<double>(tally.searched)
                    : 0.0);
  std::cerr << line << "threads " << threads << '\n' << "kernels " << kernels_in_use() << '\n';
}

bool is_puzzle_line(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  return first != std::string::npos && text[first] != '#';
}

}  // namespace

int run_sudoku(const std::vector<std::string>& args) {
  po::options_description visible("Options");
  Settings settings;
  bool stats = false;
  unsigned threads = 0;
  std::string format = "line";
  // clang-format off
  visible.add_options()
      ("help,h", "show this help")
      ("count,c", po::bool_switch(&settings.count),
       "print the number of solutions of each puzzle instead of a solution")
      ("limit,n", number(settings.limit, "--limit", parse_count)->value_name("N"),
       "with --count, stop counting at N (default 2: 1 means unique; 0 = no limit)")
      ("node-limit", number(settings.node_limit, "--node-limit", parse_count)->value_name("N"),
       "give up on a puzzle after N search nodes: its line says 'limit: ...' and the "
       "exit status is 3")
      ("threads,j", number(threads, "--threads", parse_threads)->value_name("N"),
       "solve with N threads (default, and 0: one per CPU this process may use, as taskset sets "
       "it); output stays in input order")
      ("format,f", po::value(&format)->value_name("line|grid"),
       "a solution as one line (default) or as a board with box separators")
      ("stats,s", po::bool_switch(&stats),
       "print puzzles, solved, no solution, errors, seconds, puzzles per second and mean "
       "search nodes per puzzle to stderr");
  // clang-format on
  po::options_description hidden;
  std::vector<std::string> files;
  hidden.add_options()("file", po::value(&files));
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse_options(
          "sudoku",
          "[FILE...] [options]\n\n"
          "Solves Sudoku puzzles read from the FILEs or standard input ('-' or none), one\n"
          "a line: the cells row by row, '.' or '0' for a blank, digits 1-9 then letters\n"
          "A-P. The length gives the size: 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25)\n"
          "cells. Anything after the cells and a space, ',' or ':' is ignored; empty lines\n"
          "and lines starting with '#' are skipped.\n\n"
          "Each puzzle line gives one output line, in input order: its solution (the\n"
          "first the search meets when there are several; --count tells), 'no solution',\n"
          "or 'error: REASON' (and FILE:LINE: REASON on stderr).\n"
          "Exit status: 0 when every puzzle was solved, 1 when one had no solution or an\n"
          "error, 2 usage, 3 when --node-limit made it give up on one, 130 interrupted\n"
          "by a signal (Ctrl-C, SIGTERM or SIGHUP).",
          visible, hidden, positional, args, vm))
    return exit_success;
  if (format == "line") {
    settings.format = Format::line;
  } else if (format == "grid") {
    settings.format = Format::grid;
  } else {
    throw UsageError("--format must be 'line' or 'grid', not '" + format + "'");
  }
  if (vm.count("limit") && !settings.count) throw UsageError("--limit applies to --count");
  threads = thread_count(threads);
  if (files.empty()) files.push_back("-");
  const std::vector<std::string> sources = [&] {
    std::vector<std::string> names;
    for (const std::string& file : files) names.push_back(file == "-" ? "<stdin>" : file);
    return names;
  }();

  install_interrupt_handler();
  const auto start = std::chrono::steady_clock::now();
  std::vector<Worker> workers(static_cast<std::size_t>(threads));
  std::vector<Slot> slots(chunk_capacity);
  Tally tally;
  bool written_any = false;
  bool stopped = false;

  // Writes the solved slots in order; false when an interrupted one stops it.
  auto write_chunk = [&](std::size_t count) {
    for (std::size_t k = 0; k < count; ++k) {
      const Slot& slot = slots[k];
      if (slot.outcome == Outcome::pending || slot.outcome == Outcome::interrupted) return false;
      if (settings.format == Format::grid && written_any) std::cout << '\n';
      std::cout << slot.output;
      written_any = true;
      ++tally.puzzles;
      switch (slot.outcome) {
        case Outcome::solved:
          ++tally.solved;
          break;
        case Outcome::no_solution:
          ++tally.no_solution;
          break;
        case Outcome::gave_up:
          ++tally.gave_up;
          std::cerr << *slot.source << ':' << slot.line << ": " << slot.error << '\n';
          break;
        default:
          ++tally.errors;
          std::cerr << *slot.source << ':' << slot.line << ": " << slot.error << '\n';
          break;
      }
      if (slot.searched) {
        ++tally.searched;
        tally.nodes += slot.nodes;
      }
    }
    return true;
  };

  std::size_t filled = 0;
  auto flush_chunk = [&] {
    if (filled == 0) return true;
    solve_chunk(slots, filled, workers, settings);
    const bool complete = write_chunk(filled);
    filled = 0;
    std::cout.flush();
    return complete && static_cast<bool>(std::cout);  // stop when output fails
  };

  bool unreadable = false;
  for (std::size_t f = 0; f < files.size() && !stopped; ++f) {
    std::optional<Input> opened;
    try {
      opened.emplace(files[f]);
    } catch (const InputError& e) {
      std::cerr << e.what() << '\n';
      unreadable = true;
      continue;
    }
    Input* in = &*opened;
    std::size_t line = 0;
    for (;;) {
      Slot& slot = slots[filled];
      if (!read_line(*in, slot.text)) break;  // "\n", "\r\n" or "\r"
      ++line;
      if (line == 1) strip_byte_order_mark(slot.text);
      if (is_puzzle_line(slot.text)) {
        slot.source = &sources[f];
        slot.line = line;
        slot.outcome = Outcome::pending;
        ++filled;
      }
      // Solve what is there when the chunk is full or reading on would wait
      // for input, so that interactive use answers line by line.
      if (filled == chunk_capacity || (filled > 0 && in->rdbuf()->in_avail() <= 0)) {
        if (!flush_chunk()) {
          stopped = true;
          break;
        }
      }
      if (interrupted().load()) {
        stopped = true;
        break;
      }
    }
    if (in->stopped() != Input::Stop::none) stopped = true;
    if (in->bad()) {
      std::cerr << sources[f] << ':' << line << ": read error\n";
      unreadable = true;
    }
  }
  if (!stopped && !flush_chunk()) stopped = true;
  std::cout.flush();

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!std::cout) return exit_bad_input;  // main says why
  if (stopped || interrupted().load()) {
    std::cerr << "xcover: interrupted after " << tally.puzzles << " puzzles\n";
    if (stats) print_tally(tally, seconds, threads);
    return exit_interrupted;
  }
  if (stats) print_tally(tally, seconds, threads);
  if (tally.gave_up) return exit_limit;
  return tally.solved == tally.puzzles && !unreadable ? exit_success : exit_bad_input;
}

}  // namespace xcover::cli
