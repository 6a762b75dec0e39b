// SPDX-License-Identifier: MIT
// xcover sudoku with a shape option (--boxes, --latin, --regions, --jigsaw,
// --diagonals, --windows, --killer, --alphabet), --rate, or --format csv /
// json: each puzzle line is read under its rules and solved, counted or
// rated by a SudokuRulesSolver (one kept per set of rules), in input order.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>

#include "cli/cli.hpp"
#include "cli/input.hpp"
#include "commands/sudoku_shape.hpp"
#include "xcover/puzzles/sudoku_rules_solver.hpp"
#include "xcover/text.hpp"

namespace xcover::cli {

namespace {

bool is_puzzle_line(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  return first != std::string::npos && text[first] != '#';
}

// Solvers by rules; a killer file has new rules on every line, so only the
// most recent few are kept.
class Solvers {
 public:
  SudokuRulesSolver& of(const SudokuLine& line, std::uint64_t node_limit) {
    auto found = solvers_.find(line.key);
    if (found == solvers_.end()) {
      if (solvers_.size() >= 16) solvers_.clear();
      found = solvers_.emplace(line.key, SudokuRulesSolver(line.rules)).first;
      SearchOptions& options = found->second.search_options();
      options.cancel = &interrupted();
      options.node_limit = node_limit;
    }
    return found->second;
  }

 private:
  std::map<std::string, SudokuRulesSolver> solvers_;
};

}  // namespace

int run_sudoku_rules(const SudokuCommand& command) {
  install_interrupt_handler();
  const auto start = std::chrono::steady_clock::now();
  Solvers solvers;
  std::uint64_t puzzles = 0, solved = 0, failed = 0, gave_up = 0;
  bool stopped = false, unreadable = false, written = false;
  if (command.format == SudokuFormat::csv) std::cout << csv_header();
  std::string text, out;
  for (const std::string& file : command.files) {
    if (stopped) break;
    std::optional<Input> opened;
    try {
      opened.emplace(file);
    } catch (const InputError& e) {
      std::cerr << e.what() << '\n';
      unreadable = true;
      continue;
    }
    Input& in = *opened;
    std::size_t number = 0;
    while (!stopped && read_line(in, text)) {
      ++number;
      if (number == 1) strip_byte_order_mark(text);
      if (!is_puzzle_line(text)) continue;
      ++puzzles;
      SudokuRow row;
      std::optional<SudokuLine> line;
      SudokuResult result{SudokuStatus::invalid, 0};
      SudokuBoard solution;
      try {
        line.emplace(read_sudoku_line(command.shape, text));
        row.puzzle = to_line(line->board, line->alphabet);
        if (command.shape.jigsaw_lines) row.puzzle += ' ' + line->regions;
        if (command.shape.killer) row.puzzle += ' ' + cages_text(line->rules);
        if (const std::string conflict = line->rules.find_conflict(line->board); !conflict.empty())
          throw SudokuError(conflict);
        SudokuRulesSolver& solver = solvers.of(*line, command.node_limit);
        const std::uint64_t limit = command.count ? command.limit
                                    : command.format == SudokuFormat::csv ||
                                            command.format == SudokuFormat::json
                                        ? 2
                                        : 1;
        result = solver.solve(line->board, solution, limit);
        row.nodes = solver.statistics().nodes.saturate64();
        if (result.status == SudokuStatus::stopped && !interrupted().load()) {
          row.error = "gave up after " + std::to_string(*row.nodes) + " nodes (--node-limit)";
          ++gave_up;
        } else if (result.status == SudokuStatus::stopped) {
          stopped = true;
          break;
        }
        row.count = result.solutions;
        if (result.status == SudokuStatus::solved) row.solution = to_line(solution, line->alphabet);
        if (command.rate && result.status == SudokuStatus::solved)
          row.rating = rate_sudoku(solver, line->board);
      } catch (const SudokuError& e) {
        row.error = e.what();
        if (row.puzzle.empty()) row.puzzle = text.substr(0, text.find_first_of(" \t\r,:"));
      }
      if (!row.error.empty()) {
        std::cerr << in.name() << ':' << number << ": " << row.error << '\n';
        ++failed;
      } else if (result.status == SudokuStatus::solved) {
        ++solved;
      } else {
        ++failed;
      }
      out.clear();
      switch (command.format) {
        case SudokuFormat::csv:
          out = csv_row(row);
          break;
        case SudokuFormat::json:
          out = json_row(row);
          break;
        case SudokuFormat::line:
        case SudokuFormat::grid:
          if (!row.error.empty()) {
            out = (row.error.rfind("gave up", 0) == 0 ? "limit: " : "error: ") + row.error + '\n';
          } else if (command.count) {
            out = std::to_string(*row.count) + '\n';
          } else if (result.status != SudokuStatus::solved) {
            out = "no solution\n";
          } else if (command.rate) {
            char score[32];
            std::snprintf(score, sizeof score, " %.1f\n", row.rating->nodes);
            out = std::string(to_string(row.rating->level)) + score;
          } else if (command.format == SudokuFormat::grid) {
            out = (written ? "\n" : "") + to_grid(line->board, solution, line->rules, line->alphabet);
          } else {
            out = row.solution + '\n';
          }
          break;
      }
      std::cout << out;
      written = true;
      if (!std::cout) return exit_bad_input;
      if (interrupted().load()) stopped = true;
    }
    if (const int code = stopped_reading(in)) return code;
    if (in.bad()) {
      std::cerr << in.name() << ':' << number << ": read error\n";
      unreadable = true;
    }
  }
  std::cout.flush();
  if (command.stats) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char line[96];
    std::snprintf(line, sizeof line, "seconds %.3f\n", seconds);
    std::cerr << "puzzles " << puzzles << "\nsolved " << solved << "\nnot solved " << failed
              << '\n' << line;
  }
  if (stopped || interrupted().load()) {
    std::cerr << "xcover: interrupted after " << puzzles << " puzzles\n";
    return exit_interrupted;
  }
  if (gave_up) return exit_limit;
  return failed == 0 && !unreadable ? exit_success : exit_bad_input;
}

}  // namespace xcover::cli
