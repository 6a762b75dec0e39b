// SPDX-License-Identifier: MIT
// Counts the 92 solutions of 8-queens through the installed library.
#include <iostream>
#include <string>
#include <xcover/xcover.hpp>

int main() {
  xcover::Problem problem;
  const int n = 8;
  for (int i = 0; i < n; ++i) problem.add_primary(std::string("r").append(std::to_string(i)));
  for (int j = 0; j < n; ++j) problem.add_primary(std::string("c").append(std::to_string(j)));
  for (int d = 0; d < 2 * n - 1; ++d) {
    problem.add_secondary(std::string("a").append(std::to_string(d)));
    problem.add_secondary(std::string("b").append(std::to_string(d)));
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      problem.add_option({xcover::OptionEntry{i}, xcover::OptionEntry{n + j},
                          xcover::OptionEntry{2 * n + 2 * (i + j)},
                          xcover::OptionEntry{2 * n + 2 * (i - j + n - 1) + 1}});
    }
  }
  xcover::Solver solver(problem);
  const auto count = solver.count().solutions;
  std::cout << count << '\n';
  return count == 92 ? 0 : 1;
}
