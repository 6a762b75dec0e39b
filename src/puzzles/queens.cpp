// SPDX-License-Identifier: MIT
#include "xcover/puzzles/queens.hpp"

#include <string>

namespace xcover {

namespace {

// 0..n-1 from the centre outwards. With rows and columns in this order the
// engine, which branches on the first item of minimum length, tries the
// centre lines first; they are the most constrained, so the tree is smaller
// (Knuth's "organ-pipe order").
std::vector<int> centre_out(int n) {
  std::vector<int> order;
  for (int k = 0; k < n; ++k) {
    const int step = (k + 1) / 2;
    order.push_back((n - 1) / 2 + (k % 2 == 1 ? step : -step));
  }
  return order;
}

std::string name(char prefix, int number) { return prefix + std::to_string(number); }

}  // namespace

QueensProblem make_queens(int n) {
  if (n < 1) throw ProblemError("queens: n must be at least 1, not " + std::to_string(n));
  QueensProblem queens;
  queens.n = n;
  Problem& problem = queens.problem;
  for (int line : centre_out(n)) {
    problem.add_primary(name('r', line + 1));
    problem.add_primary(name('c', line + 1));
  }
  // A diagonal of one square (the corners') never holds two queens.
  for (int sum = 3; sum <= 2 * n - 1; ++sum) problem.add_secondary(name('s', sum));
  for (int diff = 2; diff <= 2 * n - 2; ++diff) problem.add_secondary(name('d', diff));

  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const std::string r = name('r', row + 1), c = name('c', col + 1);
      const std::string s = name('s', row + col + 2), d = name('d', row - col + n);
      std::vector<std::string_view> tokens{r, c};
      if (problem.find_item(s) >= 0) tokens.push_back(s);
      if (problem.find_item(d) >= 0) tokens.push_back(d);
      problem.add_option(tokens);
      queens.squares.push_back(QueenSquare{row, col});
    }
  }
  return queens;
}

std::vector<int> queens_columns(const QueensProblem& queens, const Solution& solution) {
  std::vector<int> columns(static_cast<std::size_t>(queens.n), -1);
  for (int option : solution.options) {
    if (option < 0 || static_cast<std::size_t>(option) >= queens.squares.size())
      throw ProblemError("option " + std::to_string(option) + " is not one of this " +
                         std::to_string(queens.n) + "-queens problem's");
    const QueenSquare square = queens.squares[static_cast<std::size_t>(option)];
    columns[static_cast<std::size_t>(square.row)] = square.col;
  }
  return columns;
}

std::vector<std::string> queens_picture(const std::vector<int>& columns) {
  std::vector<std::string> rows;
  for (int col : columns) {
    std::string row(columns.size(), '.');
    if (col >= 0) row[static_cast<std::size_t>(col)] = 'Q';
    rows.push_back(row);
  }
  return rows;
}

}  // namespace xcover
