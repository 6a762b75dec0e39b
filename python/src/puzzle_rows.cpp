// SPDX-License-Identifier: MIT
#include "puzzle_rows.hpp"

#include "xcover/puzzles/sudoku.hpp"

namespace xcover::python {

std::string puzzle_line(const py::handle& given, PuzzleShape& shape,
                        const std::function<char(int)>& symbol) {
  if (py::isinstance<py::str>(given)) {
    shape = PuzzleShape::line;
    return given.cast<std::string>();
  }
  if (!py::isinstance<py::sequence>(given))
    throw py::type_error("a puzzle is a str or a list of rows, not " +
                         py::repr(given).cast<std::string>());
  const auto rows = given.cast<py::sequence>();
  const std::size_t side = rows.size();
  std::string line;
  bool any_str = false, any_int = false;
  for (std::size_t r = 0; r < side; ++r) {
    if (!py::isinstance<py::sequence>(rows[r]) || py::isinstance<py::str>(rows[r]))
      throw py::type_error("row " + std::to_string(r + 1) + " is not a list of cells");
    const auto row = rows[r].cast<py::sequence>();
    if (row.size() != side)
      throw SudokuError("row " + std::to_string(r + 1) + " has " + std::to_string(row.size()) +
                        " cells; a board of " + std::to_string(side) + " rows has as many columns");
    for (std::size_t c = 0; c < side; ++c) {
      const py::handle cell = row[c];
      const std::string where =
          "row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1);
      if (py::isinstance<py::str>(cell)) {
        const auto text = cell.cast<std::string>();
        if (text.size() != 1)
          throw SudokuError(where + ": a cell is one character, not '" + text + "'");
        line += text[0];
        any_str = true;
      } else if (py::isinstance<py::int_>(cell) && !py::isinstance<py::bool_>(cell)) {
        const long digit = cell.cast<long>();
        if (digit < 0 || static_cast<std::size_t>(digit) > side)
          throw SudokuError(where + ": " + std::to_string(digit) +
                            " does not fit a board of side " + std::to_string(side) +
                            " (digits 1-" + std::to_string(side) + ", 0 for a blank)");
        line += digit == 0 ? '.' : symbol(static_cast<int>(digit));
        any_int = true;
      } else {
        throw py::type_error(where + ": a cell is a str or an int, not " +
                             py::repr(cell).cast<std::string>());
      }
    }
  }
  shape = any_int && !any_str ? PuzzleShape::rows_of_int : PuzzleShape::rows_of_str;
  return line;
}

py::object puzzle_object(std::span<const std::uint8_t> cells, int side, PuzzleShape shape,
                         const std::string& line, const std::function<char(int)>& symbol) {
  if (shape == PuzzleShape::line) return py::str(line);
  py::list rows;
  for (int r = 0; r < side; ++r) {
    py::list row;
    for (int c = 0; c < side; ++c) {
      const int digit = cells[static_cast<std::size_t>(r * side + c)];
      if (shape == PuzzleShape::rows_of_int)
        row.append(digit);
      else
        row.append(py::str(std::string(1, digit ? symbol(digit) : '.')));
    }
    rows.append(row);
  }
  return rows;
}

}  // namespace xcover::python
