// SPDX-License-Identifier: MIT
// xcover sudoku [FILE...]: puzzles, one a line, solved or counted in input
// order. The library's SudokuBatch solves them on the threads and hands each
// result back in order while more lines are read, so memory stays bounded
// however long the input is; this file reads, and writes what comes back.
#include <chrono>
#include <cstdio>
#include <deque>
#include <iostream>
#include <optional>

#include "cli/cli.hpp"
#include "cli/input.hpp"
#include "commands/commands.hpp"
#include "commands/sudoku_shape.hpp"
#include "xcover/puzzles/sudoku_batch.hpp"
#include "xcover/text.hpp"

namespace xcover::cli {

namespace {

enum class Format { line, grid };

struct Settings {
  bool count = false;
  std::uint64_t limit = 2;
  std::uint64_t node_limit = 0;  // per puzzle; 0: none
  Format format = Format::line;
};

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
  SudokuCommand command;
  std::string boxes, symmetry = "none", difficulty;
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
      ("format,f", po::value(&format)->value_name("line|grid|csv|json"),
       "a solution as one line (default), as the puzzle's board and the solution's side by "
       "side (givens on the left), or a CSV row / "
       "JSON object per puzzle: puzzle, solution, count (up to 2: 1 = unique), nodes, and "
       "with --rate level and score")
      ("stats,s", po::bool_switch(&stats),
       "print puzzles, solved, no solution, errors, seconds, puzzles per second and mean "
       "search nodes per puzzle to stderr");
  po::options_description shapes("Shapes and variants (lines then need not be 4x4..25x25)");
  shapes.add_options()
      ("boxes", po::value(&boxes)->value_name("RxC"),
       "boxes of R rows and C columns: 2x3 for 6x6, 2x4 for 8x8, 3x4 for 12x12, 6x6 for 36x36")
      ("latin", number(command.shape.latin, "--latin", parse_size)->value_name("N"),
       "an N x N Latin square: rows and columns only, no boxes")
      ("regions", po::value(&command.shape.regions)->value_name("STRING"),
       "jigsaw: one symbol per cell, row by row, naming its region (for every line)")
      ("jigsaw", po::bool_switch(&command.shape.jigsaw_lines),
       "jigsaw: each line holds its cells, then a space and its region string")
      ("diagonals,x", po::bool_switch(&command.shape.diagonals),
       "X-Sudoku: each long diagonal holds every digit once")
      ("windows", po::bool_switch(&command.shape.windows),
       "windoku (hyper): boxes set one cell in from the edges, one apart, hold every digit")
      ("killer", po::bool_switch(&command.shape.killer),
       "killer: each line holds its cells, then cages as r1c1r1c2=3 (cells, '=', their "
       "sum: distinct digits)")
      ("knuth", po::bool_switch(&command.shape.knuth),
       "each FILE holds one generalized Sudoku in Knuth's layout: n lines of n clues (1-9 then "
       "a-w; '#' a hole, anything else a blank), then groups of n lines naming boxes (0-9 then "
       "a-v, '.' none); the solution is written the same way")
      ("alphabet", po::value(&command.shape.alphabet)->value_name("SYMBOLS"),
       "the digits' symbols in order, e.g. 0123456789ABCDEF for hex 16x16; '.' is then the "
       "only blank (default 1-9 then A-Z, with '0' also a blank)");
  po::options_description making("Making and rating puzzles");
  making.add_options()
      ("generate", number(command.generate, "--generate", parse_count)->value_name("N"),
       "make N puzzles with one solution, minimal (no clue can go), of the shape given (9x9 "
       "by default), instead of reading any")
      ("seed", number(command.seed, "--seed", parse_count)->value_name("S"),
       "with --generate: the first puzzle's seed (default 1); puzzle k uses S + k, the same "
       "on every machine and any --threads")
      ("symmetry", po::value(&symmetry)->value_name("NAME"),
       "with --generate: clues placed symmetrically: none (default), rotate180, rotate90, "
       "mirror, flip, diagonal")
      ("difficulty", po::value(&difficulty)->value_name("LEVEL"),
       "with --generate: keep only puzzles of this level: simple, easy, intermediate, expert")
      ("clues", number(command.max_clues, "--clues", parse_size)->value_name("K"),
       "with --generate: keep only puzzles of at most K clues")
      ("rate", po::bool_switch(&command.rate),
       "rate each puzzle: its level by technique (simple: singles; easy: hidden singles; "
       "intermediate: pairs and locked candidates; expert: guessing needed) and a score, "
       "the mean search nodes to prove it unique over 8 relabellings");
  visible.add(shapes).add(making);
  // clang-format on
  FileOperands operands;
  std::vector<std::string>& files = operands.files;
  po::variables_map vm;
  if (!parse_options(
          "sudoku",
          "[FILE...] [options]\n\n"
          "Solves Sudoku puzzles read from the FILEs or standard input ('-' or none), one\n"
          "a line: the cells row by row, '.' or '0' for a blank, digits 1-9 then letters\n"
          "A-P. The length gives the size: 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25)\n"
          "cells; other shapes and variants take the options below. Anything after the\n"
          "cells and a space, ',' or ':' is ignored (but --jigsaw's regions and --killer's\n"
          "cages); empty lines and lines starting with '#' are skipped.\n\n"
          "Each puzzle line gives one output line, in input order: its solution (the\n"
          "first the search meets when there are several; --count tells), 'no solution',\n"
          "or 'error: REASON' (and FILE:LINE: REASON on stderr).\n"
          "Exit status: 0 when every puzzle was solved, 1 when one had no solution or an\n"
          "error, 2 usage, 3 when --node-limit made it give up on one, 130 interrupted\n"
          "by a signal (Ctrl-C, SIGTERM or SIGHUP).",
          visible, operands.hidden, operands.positional, args, vm))
    return exit_success;
  if (format == "line") {
    settings.format = Format::line;
  } else if (format == "grid") {
    settings.format = Format::grid;
  } else if (format != "csv" && format != "json") {
    throw UsageError("--format must be 'line', 'grid', 'csv' or 'json', not '" + format + "'");
  }
  if (vm.count("limit") && !settings.count) throw UsageError("--limit applies to --count");
  if (!boxes.empty()) parse_boxes(boxes, command.shape);
  if (int(command.shape.box_rows > 0) + int(command.shape.latin > 0) +
          int(!command.shape.regions.empty() || command.shape.jigsaw_lines) > 1)
    throw UsageError("give one of --boxes, --latin and --regions / --jigsaw");
  try {
    command.symmetry = parse_symmetry(symmetry);
    if (!difficulty.empty()) {
      bool known = false;
      for (SudokuLevel level : {SudokuLevel::simple, SudokuLevel::easy,
                                SudokuLevel::intermediate, SudokuLevel::expert})
        if (difficulty == to_string(level)) command.difficulty = level, known = true;
      if (!known)
        throw UsageError("--difficulty must be simple, easy, intermediate or expert, not '" +
                         difficulty + "'");
    }
  } catch (const SudokuError& e) {
    throw UsageError(std::string("--symmetry: ") + e.what());
  }
  const bool generating = vm.count("generate") > 0;
  if (command.shape.knuth && (generating || format == "csv" ||
                              format == "json" || !boxes.empty() || command.shape.latin ||
                              !command.shape.regions.empty() || command.shape.jigsaw_lines ||
                              command.shape.diagonals || command.shape.windows ||
                              command.shape.killer || !command.shape.alphabet.empty()))
    throw UsageError("--knuth files define their own shape: it goes with --count, --limit, "
                     "--rate, --node-limit and --format line|grid only");
  for (const char* option : {"seed", "symmetry", "difficulty", "clues"})
    if (vm.count(option) && !generating)
      throw UsageError(std::string("--") + option + " applies to --generate");
  if (generating && (!files.empty() || settings.count))
    throw UsageError("--generate reads no puzzles (and counts none)");
  threads = thread_count(threads);
  if (files.empty()) files.push_back("-");
  if (generating || command.shape.any() || command.rate || format == "csv" || format == "json") {
    command.format = format == "grid" ? SudokuFormat::grid
                     : format == "csv" ? SudokuFormat::csv
                     : format == "json" ? SudokuFormat::json
                                        : SudokuFormat::line;
    command.count = settings.count;
    command.limit = settings.limit;
    command.node_limit = settings.node_limit;
    command.stats = stats;
    command.threads = threads;
    command.files = files;
    try {
      if (command.shape.knuth) return run_sudoku_knuth(command);
      return generating ? run_sudoku_generate(command) : run_sudoku_rules(command);
    } catch (const SudokuError& e) {
      throw UsageError(e.what());  // rules from the options that do not hold
    }
  }
  const std::vector<std::string> sources = [&] {
    std::vector<std::string> names;
    for (const std::string& file : files) names.push_back(file == "-" ? "<stdin>" : file);
    return names;
  }();

  install_interrupt_handler();
  const auto start = std::chrono::steady_clock::now();
  Tally tally;
  bool written_any = false;
  bool stopped = false;

  // Where each puzzle not yet written came from, oldest first: the results
  // come back in the same order.
  struct Origin {
    const std::string* source;
    std::size_t line;
  };
  std::deque<Origin> origins;
  std::string output;
  auto write = [&](const SudokuBatchResult& result) {
    const Origin origin = origins.front();
    origins.pop_front();
    output.clear();
    std::string reason;
    ++tally.puzzles;
    switch (result.status) {
      case SudokuBatchStatus::solved:
      case SudokuBatchStatus::no_solution:
        ++tally.searched;
        tally.nodes += result.nodes;
        if (result.status == SudokuBatchStatus::solved) {
          ++tally.solved;
        } else {
          ++tally.no_solution;
        }
        if (settings.count) {
          output.append(std::to_string(result.solutions)).append("\n");
        } else if (result.status == SudokuBatchStatus::no_solution) {
          output.append("no solution\n");
        } else if (settings.format == Format::grid) {
          append_grid(output, result.puzzle, result.solution);
        } else {
          append_line(output, result.solution);
          output += '\n';
        }
        break;
      case SudokuBatchStatus::node_limit:
        ++tally.gave_up;
        reason = "gave up after " + std::to_string(result.nodes) + " nodes (--node-limit)";
        output.append("limit: ").append(reason).append("\n");
        break;
      case SudokuBatchStatus::invalid:
        ++tally.errors;
        reason = result.error;
        output.append("error: ").append(reason).append("\n");
        break;
    }
    if (settings.format == Format::grid && written_any) std::cout << '\n';
    std::cout << output;
    written_any = true;
    if (!reason.empty())
      std::cerr << *origin.source << ':' << origin.line << ": " << reason << '\n';
    return static_cast<bool>(std::cout);  // stop when output fails
  };

  SudokuBatchOptions options;
  options.limit = settings.count ? settings.limit : 1;
  options.keep_solution = !settings.count;
  options.threads = threads;
  options.node_limit = settings.node_limit;
  options.cancel = &interrupted();
  SudokuBatch batch(options, write);
  // Writes every result so far; false when the batch stopped.
  auto flush = [&] {
    const bool complete = batch.flush();
    std::cout.flush();
    return complete && static_cast<bool>(std::cout);
  };

  bool unreadable = false;
  std::string text;
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
    bool unflushed = false;
    for (;;) {
      if (!read_line(*in, text)) break;  // "\n", "\r\n" or "\r"
      ++line;
      if (line == 1) strip_byte_order_mark(text);
      if (is_puzzle_line(text)) {
        origins.push_back({&sources[f], line});
        if (!batch.add(text)) {
          stopped = true;
          break;
        }
        unflushed = true;
      }
      // Solve what is there when reading on would wait for input, so that
      // interactive use answers line by line.
      if (unflushed && in->rdbuf()->in_avail() <= 0) {
        unflushed = false;
        if (!flush()) {
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
  if (!stopped && !flush()) stopped = true;
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
