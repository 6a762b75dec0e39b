// SPDX-License-Identifier: MIT
// xcover sudoku --generate N: unique minimal puzzles of the shape the options
// give, made on the threads from --seed, written in order; with --difficulty
// or --clues, only those that qualify are kept.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/cli.hpp"
#include "commands/sudoku_command.hpp"

namespace xcover::cli {

namespace {

// How one made puzzle is written, in each format.
std::string made_text(const SudokuCommand& command, const GeneratedSudoku& puzzle, SudokuRow& row,
                      const SudokuAlphabet& alphabet, bool written) {
  const std::string cages = command.lines.killer ? cages_text(puzzle.rules) : "";
  switch (command.format) {
    case SudokuFormat::csv:
      if (!cages.empty()) row.puzzle += ' ' + cages;
      return csv_row(row);
    case SudokuFormat::json:
      if (!cages.empty()) row.puzzle += ' ' + cages;
      return json_row(row);
    case SudokuFormat::grid:
      return (written ? "\n" : "") + to_grid(puzzle.puzzle, puzzle.rules, alphabet) +
             (cages.empty() ? "" : cages + '\n');
    case SudokuFormat::line:
    case SudokuFormat::svg:  // (drawn by the caller)
      break;
  }
  std::string out = row.puzzle + (cages.empty() ? "" : " ") + cages;
  if (command.rate) out += ' ' + rating_text(*row.rating);
  return out + '\n';
}

}  // namespace

int run_sudoku_generate(const SudokuCommand& command) {
  const SudokuReader reader(command.lines);
  const int side = command.lines.fixed_side() ? command.lines.fixed_side() : 9;
  const SudokuRules rules = reader.rules_for(side);
  const SudokuAlphabet alphabet = reader.alphabet_for(side);
  SudokuGenerateOptions options;
  options.symmetry = command.symmetry;
  options.killer = command.lines.killer;
  // Rated on the threads that make them (with --rate, by the engine too);
  // a --difficulty alone rates by technique, which turns most puzzles away.
  options.rate = command.rate;
  options.rate_searches = command.rate ? 8 : 0;
  options.cancel = &interrupted();
  SudokuFit fit;
  fit.level = command.difficulty;
  fit.max_clues = command.max_clues;
  try {
    check_fit(rules, options, fit);  // fewer clues than a unique puzzle has: a usage error
  } catch (const SudokuError& e) {
    throw UsageError(std::string("--") + e.what());
  }

  install_interrupt_handler();
  const auto start = std::chrono::steady_clock::now();
  if (command.format == SudokuFormat::csv) std::cout << csv_header();
  bool written = false;
  std::vector<std::string> pictures;  // --format svg
  const SudokuFitting made = generate_fitting(
      rules, command.generate, command.seed, options, fit, command.threads,
      [&](const GeneratedSudoku& puzzle) {
        if (interrupted().load()) return false;
        SudokuRow row;
        if (command.rate) row.rating = puzzle.rating;
        row.puzzle = to_line(puzzle.puzzle, alphabet);
        row.solution = to_line(puzzle.solution, alphabet);
        row.count = 1;
        if (command.format == SudokuFormat::svg)  // the puzzle, to solve
          pictures.push_back(render_svg(puzzle.rules, puzzle.puzzle, SudokuBoard(), alphabet));
        else
          std::cout << made_text(command, puzzle, row, alphabet, written);
        written = true;
        return static_cast<bool>(std::cout);
      });
  write_pictures(pictures);
  std::cout.flush();
  if (command.stats) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char line[128];
    std::snprintf(line, sizeof line, "seconds %.3f\npuzzles per second %.1f\n", seconds,
                  seconds > 0 ? static_cast<double>(made.made) / seconds : 0.0);
    std::cerr << "rules " << rules.describe() << "\npuzzles " << made.made << "\ntried "
              << made.tried << '\n'
              << line;
  }
  if (!std::cout) return exit_bad_input;
  if (interrupted().load()) {
    std::cerr << "xcover: interrupted after " << made.made << " puzzles\n";
    return exit_interrupted;
  }
  if (made.made < command.generate) {
    std::cerr << "xcover: made " << made.made << " of " << command.generate
              << " puzzles: " << made.shortfall << '\n';
    return exit_bad_input;
  }
  return exit_success;
}

}  // namespace xcover::cli
