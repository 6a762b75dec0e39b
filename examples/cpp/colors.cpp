// SPDX-License-Identifier: MIT
// A problem built in code, with secondary items and colours, walked through
// as a range of solutions: Knuth's example of colours from DLX2.
//   colors
#include <iostream>
#include <xcover/xcover.hpp>

int main() {
  xcover::Problem problem;
  for (const char* item : {"p", "q", "r"}) problem.add_primary(item);
  for (const char* item : {"x", "y"}) problem.add_secondary(item);
  // Options that give x (or y) the same colour may both be chosen.
  problem.add_option({"p", "q", "x", "y:A"});
  problem.add_option({"p", "r", "x:A", "y"});
  problem.add_option({"p", "x:B"});
  problem.add_option({"q", "x:A"});
  problem.add_option({"r", "y:B"});

  xcover::Solver solver(problem);
  // The solver searches as the loop asks; the range refers to the solver,
  // which must outlive it.
  auto range = solver.solutions();
  int number = 0;
  for (const xcover::Solution& solution : range) {
    std::cout << "solution " << ++number << ":\n";
    for (int option : solution.options) std::cout << "  " << problem.option_text(option) << '\n';
  }
  std::cout << "search " << xcover::to_string(range.status()) << ", " << solver.statistics().nodes
            << " nodes\n";
}
