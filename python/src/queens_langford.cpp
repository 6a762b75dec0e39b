// SPDX-License-Identifier: MIT
// The library's queens and Langford adapters for xcover_dlx.queens and
// xcover_dlx.langford (python/xcover_dlx/queens.py, langford.py): each
// builds the problem and says what each option places, which the package
// keeps as the options' keys.
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/puzzles/svg.hpp"

namespace xcover::python {

void bind_queens_langford(py::module_& m) {
  m.def(
      "_queens",
      [](int n) {
        QueensProblem queens = make_queens(n);
        std::vector<std::pair<int, int>> squares;
        for (const QueenSquare& square : queens.squares)
          squares.emplace_back(square.row, square.col);
        return std::make_pair(std::move(queens.problem), std::move(squares));
      },
      py::arg("n"),
      "The n-queens problem and, by option, the (row, column) of its queen (0-based).");
  m.def("_queens_picture", &queens_picture, py::arg("columns"),
        "A row of 'Q' and '.' for each row of the board.");
  m.def(
      "_queens_svg",
      [](const std::vector<int>& columns) {
        const int n = static_cast<int>(columns.size());
        const QueensProblem queens = make_queens(n);
        Solution solution;
        for (int row = 0; row < n; ++row) {
          const int col = columns[static_cast<std::size_t>(row)];
          if (col < 0 || col >= n)
            throw py::value_error("columns[" + std::to_string(row) + "] is " + std::to_string(col) +
                                  ", not a column of a " + std::to_string(n) + "x" +
                                  std::to_string(n) + " board");
          for (std::size_t k = 0; k < queens.squares.size(); ++k)
            if (queens.squares[k].row == row && queens.squares[k].col == col)
              solution.options.push_back(static_cast<int>(k));
        }
        return render_svg(queens, solution);
      },
      py::arg("columns"), "The board with a queen in each row's column, as SVG.");
  m.def(
      "_langford_svg",
      [](const std::vector<int>& sequence) {
        const int n = static_cast<int>(sequence.size() / 2);
        const LangfordProblem langford = make_langford(std::max(n, 1));
        Solution solution;
        std::vector<bool> seen(static_cast<std::size_t>(n) + 1, false);
        for (std::size_t place = 0; place < sequence.size(); ++place) {
          const int value = sequence[place];
          if (value < 1 || value > n || seen[static_cast<std::size_t>(value)]) continue;
          seen[static_cast<std::size_t>(value)] = true;
          for (std::size_t k = 0; k < langford.pairs.size(); ++k)
            if (langford.pairs[k].value == value &&
                langford.pairs[k].first == static_cast<int>(place))
              solution.options.push_back(static_cast<int>(k));
        }
        if (sequence.size() % 2 != 0 || solution.options.size() != static_cast<std::size_t>(n) ||
            n == 0)
          throw py::value_error(
              "not a Langford arrangement: each of 1..n twice, the two v's "
              "with v numbers between them");
        return render_svg(langford, solution);
      },
      py::arg("sequence"), "The arrangement with each pair joined by an arc, as SVG.");
  m.def(
      "svg_sheet",
      [](const std::vector<std::string>& pictures, int columns) {
        return svg_sheet(pictures, columns);
      },
      py::arg("pictures"), py::arg("columns") = 0,
      "One SVG document showing `pictures` (from the svg() methods) in rows of `columns` (0: "
      "about square).");
  m.def(
      "_langford",
      [](int n) {
        LangfordProblem langford = make_langford(n);
        std::vector<std::pair<int, int>> pairs;
        for (const LangfordPair& pair : langford.pairs) pairs.emplace_back(pair.value, pair.first);
        return std::make_pair(std::move(langford.problem), std::move(pairs));
      },
      py::arg("n"),
      "Langford pairs of 1..n and, by option, the (value, first position) it places "
      "(0-based).");
}

}  // namespace xcover::python
