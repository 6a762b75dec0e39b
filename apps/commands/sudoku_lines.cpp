// SPDX-License-Identifier: MIT
// xcover sudoku [FILE...]: puzzle lines of any shape, solved, counted or
// rated in input order. The library's SudokuBatch reads and solves them on
// the threads and hands each result back in order while more lines are
// read, so memory stays bounded however long the input is; this file reads
// the files, and writes what comes back.
#include <chrono>
#include <cstdio>
#include <deque>
#include <iostream>
#include <optional>

#include "cli/cli.hpp"
#include "cli/input.hpp"
#include "commands/sudoku_command.hpp"
#include "xcover/puzzles/sudoku_batch.hpp"
#include "xcover/solver.hpp"
#include "xcover/text.hpp"

namespace xcover::cli {

namespace {

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

bool tabular(SudokuFormat format) {
  return format == SudokuFormat::csv || format == SudokuFormat::json;
}

// Where a puzzle not yet written came from: results come back in the same
// order. The text is kept only where a row shows an unreadable line.
struct Origin {
  const std::string* source;
  std::size_t line;
  std::string text;
};

// Turns each result, in input order, into its output and its tally.
class ResultWriter {
 public:
  ResultWriter(const SudokuCommand& command, Tally& tally) : command_(command), tally_(tally) {}

  // Writes one result; false when the output failed.
  bool write(const SudokuBatchResult& result, const Origin& origin) {
    std::string reason = count(result);
    out_.clear();
    if (tabular(command_.format)) {
      const SudokuRow row = make_row(result, origin, reason);
      out_ = command_.format == SudokuFormat::csv ? csv_row(row) : json_row(row);
    } else if (command_.format == SudokuFormat::svg) {
      // A picture for each puzzle read (unsolved: the puzzle alone).
      if (result.puzzle.rules) {
        const SudokuLine& puzzle = result.puzzle;
        pictures_.push_back(
            render_svg(*puzzle.rules, puzzle.board,
                       result.status == SudokuStatus::solved ? result.solution : SudokuBoard(),
                       *puzzle.alphabet));
      }
    } else {
      // Boards are set apart by a blank line, and so is whatever stands
      // between them.
      if (command_.format == SudokuFormat::grid && written_) out_ += '\n';
      append_plain(result, reason);
    }
    std::cout << out_;
    written_ = true;
    if (!reason.empty())
      std::cerr << *origin.source << ':' << origin.line << ": " << reason << '\n';
    return static_cast<bool>(std::cout);
  }

  // Writes what waits for the end (the pictures of --format svg).
  void finish() const { write_pictures(pictures_); }

 private:
  // Tallies the result; the reason a line reports, if any.
  std::string count(const SudokuBatchResult& result) {
    ++tally_.puzzles;
    switch (result.status) {
      case SudokuStatus::solved:
      case SudokuStatus::no_solution:
        ++tally_.searched;
        tally_.nodes += result.nodes;
        ++(result.status == SudokuStatus::solved ? tally_.solved : tally_.no_solution);
        return {};
      case SudokuStatus::stopped:
        ++tally_.gave_up;
        return "gave up after " + std::to_string(result.nodes) + " nodes (--node-limit)";
      case SudokuStatus::invalid:
        ++tally_.errors;
        return result.error;
    }
    return {};
  }

  SudokuRow make_row(const SudokuBatchResult& result, const Origin& origin,
                     const std::string& reason) const {
    SudokuRow row;
    row.error = reason;
    if (result.puzzle.rules) {
      row.puzzle = puzzle_text(result.puzzle, command_.lines);
    } else {
      row.puzzle = origin.text.substr(0, origin.text.find_first_of(" \t\r,:"));
    }
    if (result.status == SudokuStatus::invalid) return row;
    row.nodes = result.nodes;
    if (result.status == SudokuStatus::stopped) return row;
    row.count = result.solutions;
    if (result.status == SudokuStatus::solved)
      row.solution = to_line(result.solution, *result.puzzle.alphabet);
    row.rating = result.rating;
    return row;
  }

  void append_plain(const SudokuBatchResult& result, const std::string& reason) {
    if (result.status == SudokuStatus::stopped) {
      out_.append("limit: ").append(reason) += '\n';
    } else if (result.status == SudokuStatus::invalid) {
      out_.append("error: ").append(reason) += '\n';
    } else if (command_.count) {
      out_.append(std::to_string(result.solutions)) += '\n';
    } else if (result.status == SudokuStatus::no_solution) {
      out_.append("no solution\n");
    } else if (command_.rate) {
      out_.append(rating_text(*result.rating)) += '\n';
    } else if (command_.format == SudokuFormat::grid) {
      const SudokuLine& puzzle = result.puzzle;
      const std::string grid =
          to_grid(puzzle.board, result.solution, *puzzle.rules, *puzzle.alphabet);
      out_ += command_.colored ? colored_grid(grid, puzzle.board) : grid;
    } else if (command_.colored) {
      out_ += colored_line(to_line(result.solution, *result.puzzle.alphabet), result.puzzle.board);
      out_ += '\n';
    } else {
      append_line(out_, result.solution, *result.puzzle.alphabet);
      out_ += '\n';
    }
  }

  const SudokuCommand& command_;
  Tally& tally_;
  std::string out_;
  bool written_ = false;
  std::vector<std::string> pictures_;  // --format svg
};

SudokuBatchOptions batch_options(const SudokuCommand& command) {
  SudokuBatchOptions options;
  options.format = command.lines;
  // Rows say whether a puzzle is unique; a plain solution needs one.
  options.limit = command.count ? command.limit : tabular(command.format) ? 2 : 1;
  options.keep_solution = !command.count || tabular(command.format);
  options.rate = command.rate;
  options.threads = command.threads;
  options.node_limit = command.node_limit;
  options.cancel = &interrupted();
  return options;
}

// Reads the files into the batch; false when the batch stopped (a signal,
// or the output failed). `unreadable` is set for a file that could not be
// read.
bool feed(const SudokuCommand& command, SudokuBatch& batch, std::deque<Origin>& origins,
          const std::vector<std::string>& sources, bool& unreadable) {
  const auto flush = [&] {
    const bool complete = batch.flush();
    std::cout.flush();
    return complete && static_cast<bool>(std::cout);
  };
  std::string text;
  for (std::size_t f = 0; f < command.files.size(); ++f) {
    std::optional<Input> in;
    try {
      in.emplace(command.files[f]);
    } catch (const InputError& e) {
      std::cerr << e.what() << '\n';
      unreadable = true;
      continue;
    }
    std::size_t line = 0;
    bool unflushed = false;
    while (read_line(*in, text)) {  // "\n", "\r\n" or "\r"
      if (++line == 1) strip_byte_order_mark(text);
      if (is_puzzle_line(text)) {
        origins.push_back({&sources[f], line, tabular(command.format) ? text : std::string()});
        if (!batch.add(text)) return false;
        unflushed = true;
      }
      // Solve what is there when reading on would wait for input, so that
      // interactive use answers line by line.
      if (unflushed && in->rdbuf()->in_avail() <= 0) {
        unflushed = false;
        if (!flush()) return false;
      }
      if (interrupted().load()) return false;
    }
    if (in->stopped() != Input::Stop::none) return false;
    if (in->bad()) {
      std::cerr << sources[f] << ':' << line << ": read error\n";
      unreadable = true;
    }
  }
  return flush();
}

}  // namespace

int run_sudoku_lines(const SudokuCommand& command) {
  std::vector<std::string> sources;
  for (const std::string& file : command.files) sources.push_back(file == "-" ? "<stdin>" : file);
  install_interrupt_handler();
  const auto start = std::chrono::steady_clock::now();
  Tally tally;
  ResultWriter writer(command, tally);
  std::deque<Origin> origins;
  SudokuBatch batch(batch_options(command), [&](const SudokuBatchResult& result) {
    const Origin origin = std::move(origins.front());
    origins.pop_front();
    return writer.write(result, origin);
  });
  if (command.format == SudokuFormat::csv) std::cout << csv_header();
  bool unreadable = false;
  const bool finished = feed(command, batch, origins, sources, unreadable);
  writer.finish();
  std::cout.flush();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!std::cout) return exit_bad_input;  // main says why
  if (!finished || interrupted().load()) {
    std::cerr << "xcover: interrupted after " << tally.puzzles << " puzzles\n";
    if (command.stats) print_tally(tally, seconds, batch.threads());
    return exit_interrupted;
  }
  if (command.stats) print_tally(tally, seconds, batch.threads());
  if (tally.gave_up) return exit_limit;
  return tally.solved == tally.puzzles && !unreadable ? exit_success : exit_bad_input;
}

}  // namespace xcover::cli
