// SPDX-License-Identifier: MIT
// xcover sudoku --knuth [FILE...]: generalized Sudoku in the layout Knuth's
// DLX data generator reads (n lines of clues, '#' holes, then groups of n
// lines naming boxes), one puzzle a file. Each is solved, counted or rated;
// a solution is written in the same layout, n lines, a blank line between
// puzzles.
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

#include "cli/cli.hpp"
#include "cli/input.hpp"
#include "commands/sudoku_command.hpp"
#include "xcover/dlx_format.hpp"

namespace xcover::cli {

int run_sudoku_knuth(const SudokuCommand& command) {
  install_interrupt_handler();
  bool failed = false, written = false;
  for (const std::string& file : command.files) {
    std::optional<Input> opened;
    try {
      opened.emplace(file);
    } catch (const InputError& e) {
      std::cerr << e.what() << '\n';
      failed = true;
      continue;
    }
    const std::string text((std::istreambuf_iterator<char>(*opened)),
                           std::istreambuf_iterator<char>());
    if (const int code = stopped_reading(*opened)) return code;
    std::optional<KnuthSudoku> knuth;
    try {
      knuth.emplace(parse_knuth_sudoku(text, opened->name()));
    } catch (const ParseError& e) {
      std::cerr << e.what() << '\n';
      std::cout << (written ? "\n" : "") << "error: " << e.reason() << '\n';
      written = true;
      failed = true;
      continue;
    }
    std::ostringstream out;
    if (written && !command.count && !command.rate) out << '\n';
    if (const std::string conflict = knuth->rules.find_conflict(knuth->puzzle); !conflict.empty()) {
      std::cerr << opened->name() << ": " << conflict << '\n';
      out << "error: " << conflict << '\n';
      failed = true;
    } else {
      SudokuSolver solver(knuth->rules);
      solver.search_options().cancel = &interrupted();
      solver.search_options().node_limit = command.node_limit;
      SudokuBoard solution;
      const SudokuResult result =
          solver.solve(knuth->puzzle, solution, command.count ? command.limit : 1);
      if (result.status == SudokuStatus::stopped) {
        if (interrupted().load()) return exit_interrupted;
        std::cerr << opened->name() << ": gave up (--node-limit)\n";
        return exit_limit;
      }
      if (command.count) {
        out << result.solutions << '\n';
      } else if (result.status != SudokuStatus::solved) {
        out << "no solution\n";
        failed = true;
      } else if (command.rate) {
        const SudokuRating rating = rate_sudoku(solver, knuth->puzzle);
        out << rating_text(rating) << '\n';
      } else if (command.format == SudokuFormat::grid) {
        out << to_grid(knuth->puzzle, solution, knuth->rules, knuth->alphabet);
      } else {
        out << to_knuth_lines(solution, knuth->rules, knuth->alphabet);
      }
    }
    std::cout << out.str();
    written = true;
    if (!std::cout) return exit_bad_input;
  }
  std::cout.flush();
  return failed ? exit_bad_input : exit_success;
}

}  // namespace xcover::cli
