// SPDX-License-Identifier: MIT
// Reads a problem in Knuth's format, says what it set aside, counts the
// solutions and prints the first.
//   read_knuth FILE.dlx
#include <fstream>
#include <iostream>
#include <xcover/xcover.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: read_knuth FILE.dlx\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << argv[1] << ": cannot open\n";
    return 1;
  }
  try {
    const xcover::ReadResult read = xcover::read_dlx(in, argv[1]);
    for (const xcover::Warning& warning : read.warnings) std::cerr << warning.to_string() << '\n';
    const xcover::Problem& problem = read.problem;
    std::cout << problem.item_count() << " items (" << problem.primary_count() << " primary), "
              << problem.option_count() << " options\n";
    xcover::Solver solver(problem);
    const xcover::CountResult count = solver.count();
    std::cout << count.solutions << " solutions (" << xcover::to_string(count.status) << ")\n";
    // One solution: a visitor that stops at the first.
    (void)solver.search([&](const xcover::Solution& solution) {
      std::cout << "the first:\n";
      for (int option : solution.options) std::cout << "  " << problem.option_text(option) << '\n';
      return false;
    });
  } catch (const xcover::Error& e) {  // ParseError: "FILE:LINE: what is wrong"
    std::cerr << e.what() << '\n';
    return 1;
  }
}
