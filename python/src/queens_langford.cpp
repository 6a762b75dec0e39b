// SPDX-License-Identifier: MIT
// The library's queens and Langford adapters for xcover_dlx.queens and
// xcover_dlx.langford (python/xcover_dlx/queens.py, langford.py): each
// builds the problem and says what each option places, which the package
// keeps as the options' keys.
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/queens.hpp"

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
