// SPDX-License-Identifier: MIT
// xcover_dlx.polyomino: tilings of a board by pieces, each given as a
// picture (a list of rows, '#' a cell and '.' a hole), built by the
// library's make_tiling. The searches are the module's own (Solver, count);
// polyomino.py adds them to Tiling.
#include "xcover/puzzles/polyomino.hpp"

#include <pybind11/stl.h>

#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "xcover/frontend/tiling.hpp"
#include "xcover/puzzles/svg.hpp"

namespace xcover::python {
namespace {

namespace poly = polyomino;

std::string shown(const py::handle& value) { return py::repr(value).cast<std::string>(); }

// A picture from Python: a list (or tuple) of str rows of '#' and '.'.
// `what` names it in messages ("the board", "piece 'L'").
poly::Shape shape_of(const py::handle& given, const std::string& what) {
  if (py::isinstance<py::str>(given) || !py::isinstance<py::sequence>(given))
    throw py::type_error(what + " is a list of rows such as ['##', '#.'], not " + shown(given));
  std::vector<std::string> rows;
  for (const py::handle& row : given.cast<py::sequence>()) {
    if (!py::isinstance<py::str>(row))
      throw py::type_error("a row of " + what + " is a str, not " + shown(row));
    rows.push_back(row.cast<std::string>());
    if (rows.back().find_first_not_of("#.") != std::string::npos)
      throw ProblemError("row " + std::to_string(rows.size()) + " of " + what + " is '" +
                         rows.back() + "': a row is '#' (a cell) and '.' (a hole)");
  }
  poly::Shape shape = poly::Shape::from_picture(rows);
  if (shape.size() == 0) throw ProblemError(what + " has no cells");
  return shape;
}

// A board by name, as `xcover polyomino --board` and JavaScript's
// polyomino.Tiling take it (frontend::board_from on squares: its names and
// its message), or by its rows.
poly::Board board_of(const py::handle& given) {
  if (!py::isinstance<py::str>(given)) return shape_of(given, "the board");
  return frontend::board_from(polyform::Lattice::square, given.cast<std::string>());
}

// A piece's value in the pieces dict: its rows, or (rows, copies).
poly::PolyominoPiece piece_of(const py::handle& key, const py::handle& value) {
  if (!py::isinstance<py::str>(key))
    throw py::type_error("a piece's name is a str, not " + shown(key));
  poly::PolyominoPiece piece{key.cast<std::string>(), {}, 1};
  const std::string what = "piece '" + piece.name + "'";
  py::handle rows = value;
  if (py::isinstance<py::tuple>(value)) {
    const auto pair = value.cast<py::tuple>();
    if (pair.size() != 2 || !py::isinstance<py::int_>(pair[1]) ||
        py::isinstance<py::bool_>(pair[1]))
      throw py::type_error(what + ": a piece with copies is (rows, copies), not " + shown(value));
    rows = pair[0];
    const auto copies = counted<unsigned>(pair[1], "copies");
    if (copies > static_cast<unsigned>(std::numeric_limits<int>::max()))
      throw py::value_error(what + ": too many copies (" + std::to_string(copies) + ")");
    piece.copies = static_cast<int>(copies);
  }
  piece.shape = shape_of(rows, what);
  return piece;
}

std::vector<poly::PolyominoPiece> pieces_of(const py::object& given) {
  if (given.is_none()) return poly::pentominoes();
  if (!py::isinstance<py::dict>(given))
    throw py::type_error("pieces is a dict of name: rows (or name: (rows, copies)), not " +
                         shown(given));
  std::vector<poly::PolyominoPiece> pieces;
  for (const auto& [key, value] : given.cast<py::dict>()) pieces.push_back(piece_of(key, value));
  if (pieces.empty()) throw ProblemError("no pieces");
  return pieces;
}

// A piece as the dict holds it: its rows, or (rows, copies) when it has
// copies.
py::object piece_value(const poly::PolyominoPiece& piece) {
  py::object rows = py::cast(piece.shape.picture());
  if (piece.copies == 1) return rows;
  return py::make_tuple(rows, piece.copies);
}

py::dict pieces_dict(const std::vector<poly::PolyominoPiece>& pieces) {
  py::dict out;
  for (const poly::PolyominoPiece& piece : pieces) out[py::str(piece.name)] = piece_value(piece);
  return out;
}

py::list cells_list(const poly::Shape& shape) {
  py::list cells;
  for (const poly::Cell& cell : shape.cells()) cells.append(py::make_tuple(cell.row, cell.col));
  return cells;
}

Solution solution_of(const std::vector<int>& options) { return Solution{options, nullptr}; }

}  // namespace

void bind_polyomino(py::module_& m) {
  py::class_<poly::TilingProblem>(m, "Tiling", R"doc(
A board to tile with pieces, each placed once (or as many times as it has
copies), turned and, unless reflections=False, flipped over.

    t = Tiling("3x20")                       # the 12 pentominoes
    t.count().solutions                      # 8
    t = Tiling(["###", "###"], {"D": (["##"], 3)})   # three dominoes
    [t.picture(s) for s in t.solutions()]    # ['D:1 D:1 D:2', 'D:3 D:3 D:2'], ...

board: a built-in name (RxC such as "6x10", "8x8-centre") or the board's
rows. pieces: None for the pentominoes, or a dict of name: rows, or
name: (rows, copies) for identical copies (counted once per tiling). Rows
are str of '#' (a cell) and '.' (a hole); names are letters, digits, '_'
and '-'. ProblemError for what does not make a tiling problem.)doc")
      .def(py::init([](const py::object& board, const py::object& pieces, bool reflections) {
             return poly::make_tiling(board_of(board), pieces_of(pieces),
                                      poly::TilingOptions{.reflections = reflections});
           }),
           py::arg("board") = "6x10", py::arg("pieces") = py::none(), py::kw_only(),
           py::arg("reflections") = true)
      .def_property_readonly(
          "problem", [](const poly::TilingProblem& t) { return t.problem; },
          "The exact-cover problem (a copy): the pieces' items, then the cells 'rRcC'; "
          "option k places placement(k).")
      .def_property_readonly(
          "board", [](const poly::TilingProblem& t) { return t.board.picture(); },
          "The board's rows over its bounding box.")
      .def_property_readonly(
          "pieces", [](const poly::TilingProblem& t) { return pieces_dict(t.pieces); },
          "The pieces as given: name: rows, or name: (rows, copies).")
      .def(
          "placement",
          [](const poly::TilingProblem& t, int option) {
            if (option < 0 || static_cast<std::size_t>(option) >= t.placements.size())
              throw ProblemError("option " + std::to_string(option) +
                                 " is not one of this tiling's");
            const poly::Placement& placement = t.placements[static_cast<std::size_t>(option)];
            return py::make_tuple(t.pieces[static_cast<std::size_t>(placement.piece)].name,
                                  cells_list(placement.cells));
          },
          py::arg("option"), "(name, [(row, col), ...]): the piece option k places, and where.")
      .def(
          "placements",
          [](const poly::TilingProblem& t, const std::vector<int>& options) {
            const Solution solution = solution_of(options);
            const std::vector<int> copies = poly::copy_numbers(t, solution);
            py::list out;
            for (std::size_t k = 0; k < options.size(); ++k) {
              const poly::Placement& placement = t.placements[static_cast<std::size_t>(options[k])];
              out.append(py::make_tuple(t.pieces[static_cast<std::size_t>(placement.piece)].name,
                                        copies[k], cells_list(placement.cells)));
            }
            return out;
          },
          py::arg("solution"),
          "(name, copy, [(row, col), ...]) for each option of a solution, in its order; the "
          "copies of a piece are numbered 1, 2, ... in board order (1 without copies).")
      .def(
          "picture",
          [](const poly::TilingProblem& t, const std::vector<int>& options) {
            return poly::tiling_picture(t, solution_of(options));
          },
          py::arg("solution"),
          "The tiled board, one str a row, as `xcover polyomino` prints it: a piece's name on "
          "each cell ('.' a hole) when every name is one character and no piece has copies; "
          "otherwise blank-separated fields of equal width, NAME or NAME:COPY.")
      .def(
          "_svg",
          [](const poly::TilingProblem& t, const std::vector<int>& options) {
            return render_svg(t, solution_of(options));
          },
          py::arg("solution"), "The tiling as SVG: each piece one shape with its own fill.")
      .def("__repr__", [](const poly::TilingProblem& t) {
        return "<xcover_dlx.polyomino.Tiling: " + std::to_string(t.board.size()) + " cells, " +
               std::to_string(t.pieces.size()) + " pieces, " + std::to_string(t.placements.size()) +
               " placements>";
      });

  m.def(
      "pentominoes", [] { return pieces_dict(poly::pentominoes()); },
      "The 12 pentominoes, Conway's names F I L N P T U V W X Y Z: name: rows.");
  m.def(
      "board", [](const py::object& name) { return board_of(name).picture(); }, py::arg("name"),
      "A built-in board's rows: 'RxC' (up to 1000x1000) or '8x8-centre' ('8x8-center').");
  m.def(
      "parse",
      [](const std::string& text, const std::string& source) {
        const poly::PolyominoFile file = poly::parse_polyomino(text, source);
        py::object board = py::none();
        if (file.board) board = py::cast(file.board->picture());
        return py::make_tuple(board, pieces_dict(file.pieces));
      },
      py::arg("text"), py::arg("source") = "<string>",
      "(board rows or None, pieces dict): the text of a board-and-pieces file, as "
      "`xcover polyomino --help` describes it ('piece NAME xN' for copies); ParseError "
      "names SOURCE:LINE.");
}

}  // namespace xcover::python
