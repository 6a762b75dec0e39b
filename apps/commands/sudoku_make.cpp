// SPDX-License-Identifier: MIT
// xcover sudoku --generate N: unique minimal puzzles of the shape the options
// give, made on the threads from --seed, written in order; with --difficulty
// or --clues, only those that qualify are kept.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/cli.hpp"
#include "commands/sudoku_shape.hpp"
#include "xcover/puzzles/sudoku_rules_solver.hpp"

namespace xcover::cli {

int run_sudoku_generate(const SudokuCommand& command) {
  if (command.shape.jigsaw_lines)
    throw UsageError("--generate takes its regions from --regions, not from lines (--jigsaw)");
  const int side = command.shape.fixed_side() ? command.shape.fixed_side() : 9;
  const SudokuRules rules = shape_rules(command.shape, side);
  const SudokuAlphabet alphabet = shape_alphabet(command.shape, side);
  SudokuGenerateOptions options;
  options.symmetry = command.symmetry;
  options.killer = command.shape.killer;
  const bool filtered = command.difficulty || command.max_clues > 0;
  const bool rated = command.rate || command.difficulty;
  // Puzzles tried for each one asked, before giving up on a filter.
  const std::uint64_t tries = filtered ? command.generate * 10000 : command.generate;

  install_interrupt_handler();
  const auto start = std::chrono::steady_clock::now();
  if (command.format == SudokuFormat::csv) std::cout << csv_header();
  std::uint64_t made = 0, tried = 0;
  bool written = false;
  std::optional<SudokuRulesSolver> rater;
  generate_sudokus(rules, tries, command.seed, options, command.threads,
                   [&](const GeneratedSudoku& puzzle) {
    ++tried;
    if (interrupted().load()) return false;
    if (command.max_clues > 0 && puzzle.puzzle.given_count() > command.max_clues) return true;
    SudokuRow row;
    if (rated) {
      if (!rater || command.shape.killer) rater.emplace(puzzle.rules);
      // The level alone first (no search): most puzzles made for a
      // --difficulty are turned away on it.
      row.rating = rate_sudoku(*rater, puzzle.puzzle, 0);
      if (command.difficulty && row.rating->level != *command.difficulty) return true;
      if (command.rate) row.rating = rate_sudoku(*rater, puzzle.puzzle);
    }
    row.puzzle = to_line(puzzle.puzzle, alphabet);
    row.solution = to_line(puzzle.solution, alphabet);
    row.count = 1;
    const std::string cages = command.shape.killer ? cages_text(puzzle.rules) : "";
    switch (command.format) {
      case SudokuFormat::csv:
        if (!cages.empty()) row.puzzle += ' ' + cages;
        std::cout << csv_row(row);
        break;
      case SudokuFormat::json:
        if (!cages.empty()) row.puzzle += ' ' + cages;
        std::cout << json_row(row);
        break;
      case SudokuFormat::grid:
        std::cout << (written ? "\n" : "") << to_grid(puzzle.puzzle, puzzle.rules, alphabet);
        if (!cages.empty()) std::cout << cages << '\n';
        break;
      case SudokuFormat::line:
        std::cout << row.puzzle << (cages.empty() ? "" : " ") << cages;
        if (command.rate) {
          char score[32];
          std::snprintf(score, sizeof score, " %.1f", row.rating->nodes);
          std::cout << ' ' << to_string(row.rating->level) << score;
        }
        std::cout << '\n';
        break;
    }
    written = true;
    return ++made < command.generate && static_cast<bool>(std::cout);
  });
  std::cout.flush();
  if (command.stats) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char line[128];
    std::snprintf(line, sizeof line, "seconds %.3f\npuzzles per second %.1f\n", seconds,
                  seconds > 0 ? static_cast<double>(made) / seconds : 0.0);
    std::cerr << "rules " << rules.describe() << "\npuzzles " << made << "\ntried " << tried
              << '\n' << line;
  }
  if (!std::cout) return exit_bad_input;
  if (interrupted().load()) {
    std::cerr << "xcover: interrupted after " << made << " puzzles\n";
    return exit_interrupted;
  }
  if (made < command.generate) {
    std::cerr << "xcover: made " << made << " of " << command.generate
              << " puzzles: none of the other " << tried - made
              << " tried fitted --difficulty / --clues\n";
    return exit_bad_input;
  }
  return exit_success;
}

}  // namespace xcover::cli
