// SPDX-License-Identifier: MIT
// Solves a file of Sudoku lines on every core and prints one line per
// puzzle, in input order: the solution, or why there is none.
//   sudoku_batch FILE
#include <fstream>
#include <iostream>
#include <string>
#include <xcover/xcover.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: sudoku_batch FILE\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << argv[1] << ": cannot open\n";
    return 1;
  }
  xcover::SudokuBatchOptions options;  // classic lines; threads 0: one per CPU
  options.limit = 2;                   // also prove each puzzle unique
  int solved = 0, puzzles = 0;
  // Results come back in the order the lines went in, whatever thread
  // solved them.
  xcover::SudokuBatch batch(options, [&](const xcover::SudokuBatchResult& result) {
    ++puzzles;
    if (result.status == xcover::SudokuStatus::solved) {
      ++solved;
      std::cout << xcover::to_line(result.solution)
                << (result.solutions == 1 ? "" : " (not unique)") << '\n';
    } else {
      std::cout << xcover::to_string(result.status) << ' ' << result.error << '\n';
    }
    return true;
  });
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') (void)batch.add(line);
  (void)batch.flush();
  std::cerr << solved << " of " << puzzles << " solved on " << batch.threads() << " threads\n";
  return solved == puzzles ? 0 : 1;
}
