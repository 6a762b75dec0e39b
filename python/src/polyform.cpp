// SPDX-License-Identifier: MIT
// xcover_dlx.polyform: tilings on the square, triangle, hex and cube
// lattices (xcover/puzzles/polyform.hpp). Cells are (row, col, layer)
// tuples; a shape is given as cells, as a picture or as a Shape. Counting
// and the lazy solutions keep one tiling of each class when the tiling was
// made with distinct=True (Tiling::keep); polyform.py adds svg() and
// solve().
#include "xcover/puzzles/polyform.hpp"

#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "xcover/frontend/disassembly.hpp"
#include "xcover/frontend/solutions.hpp"
#include "xcover/frontend/tiling.hpp"
#include "xcover/puzzles/disassembly.hpp"
#include "xcover/puzzles/stl.hpp"
#include "xcover/puzzles/svg.hpp"
#include "xcover/threads.hpp"

namespace xcover::python::polyform_py {
namespace {

namespace pf = xcover::polyform;

std::string repr_of(const py::handle& value) { return py::repr(value).cast<std::string>(); }

// --- cells and shapes --------------------------------------------------------

int coordinate(const py::handle& value, const py::handle& cell) {
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
    throw py::type_error("a cell is (row, col) or (row, col, layer) of ints, not " + repr_of(cell));
  const auto number = value.cast<long long>();
  if (number < std::numeric_limits<int>::min() || number > std::numeric_limits<int>::max())
    throw py::value_error("cell " + repr_of(cell) + " is too far from the origin");
  return static_cast<int>(number);
}

// (row, col) or (row, col, layer): a tuple or list of two or three ints.
pf::Cell cell_of(const py::handle& given) {
  if (!py::isinstance<py::tuple>(given) && !py::isinstance<py::list>(given))
    throw py::type_error("a cell is (row, col) or (row, col, layer), not " + repr_of(given));
  const auto parts = given.cast<py::sequence>();
  if (parts.size() != 2 && parts.size() != 3)
    throw py::type_error("a cell is (row, col) or (row, col, layer), not " + repr_of(given));
  pf::Cell cell{coordinate(parts[0], given), coordinate(parts[1], given), 0};
  if (parts.size() == 3) cell.layer = coordinate(parts[2], given);
  return cell;
}

py::tuple cell_tuple(const pf::Cell& cell) {
  return py::make_tuple(cell.row, cell.col, cell.layer);
}

py::list cells_list(const pf::Shape& shape) {
  py::list cells;
  for (const pf::Cell& cell : shape.cells()) cells.append(cell_tuple(cell));
  return cells;
}

// A picture's lines, as the picture file reads them: '#' a cell, '.' none,
// blanks ignored (a hexagonal picture may be indented), and a line of '-'
// alone the start of the next layer. `what` names it in messages.
pf::Shape picture_shape(const std::vector<std::string>& lines, const std::string& what) {
  std::vector<pf::Cell> cells;
  int row = 0, layer = 0;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::string& line = lines[k];
    if (!line.empty() && line.find_first_not_of('-') == std::string::npos) {
      ++layer, row = 0;
      continue;
    }
    int col = 0;
    for (const char c : line) {
      if (c == ' ' || c == '\t' || c == '\r') continue;
      if (c != '#' && c != '.')
        throw ProblemError("line " + std::to_string(k + 1) + " of " + what + " is '" + line +
                           "': a picture is '#' (a cell), '.' (none) and '-' lines between "
                           "layers");
      if (c == '#') cells.push_back({row, col, layer});
      ++col;
    }
    ++row;
  }
  return pf::Shape(std::move(cells));
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  // Blank lines at either end (a triple-quoted picture) are not rows.
  auto blank = [](const std::string& line) {
    return line.find_first_not_of(" \t\r") == std::string::npos;
  };
  while (!lines.empty() && blank(lines.back())) lines.pop_back();
  std::size_t first = 0;
  while (first < lines.size() && blank(lines[first])) ++first;
  lines.erase(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(first));
  return lines;
}

// A shape from Python: a Shape, a picture (one str of lines, or a list of
// str rows) or cells (an iterable of (row, col[, layer]) tuples).
pf::Shape shape_of(const py::handle& given, const std::string& what) {
  if (py::isinstance<pf::Shape>(given)) return given.cast<pf::Shape>();
  if (py::isinstance<py::str>(given))
    return picture_shape(lines_of(given.cast<std::string>()), what);
  if (!py::isinstance<py::iterable>(given))
    throw py::type_error(what +
                         " is a Shape, a picture ('##\\n#.' or ['##', '#.']) or cells "
                         "[(row, col), ...], not " +
                         repr_of(given));
  const auto items = py::list(given.cast<py::iterable>());
  if (items.empty()) return {};
  if (py::isinstance<py::str>(items[0])) {
    std::vector<std::string> rows;
    for (const py::handle& row : items) {
      if (!py::isinstance<py::str>(row))
        throw py::type_error("a row of " + what + " is a str, not " + repr_of(row));
      rows.push_back(row.cast<std::string>());
    }
    return picture_shape(rows, what);
  }
  std::vector<pf::Cell> cells;
  for (const py::handle& cell : items) cells.push_back(cell_of(cell));
  return pf::Shape(std::move(cells));
}

std::string shape_repr(const pf::Shape& shape) {
  return "Shape(" + repr_of(cells_list(shape)) + ")";
}

// --- pieces, boards and puzzles -------------------------------------------------

// A named set, a named board: the library's names and messages.
std::vector<pf::Piece> named_set(pf::Lattice lattice, const std::string& name) {
  return frontend::piece_set(lattice, name);
}

pf::Board named_board(pf::Lattice lattice, const std::string& name) {
  return frontend::board_from(lattice, name);
}

// A board: a built-in name (a str without '#'), else any shape.
pf::Board board_of(pf::Lattice lattice, const py::handle& given) {
  if (py::isinstance<py::str>(given)) {
    const auto text = given.cast<std::string>();
    if (text.find('#') == std::string::npos) return named_board(lattice, text);
  }
  return shape_of(given, "the board");
}

pf::Piece make_piece(const std::string& name, const py::handle& shape, int copies,
                     std::optional<int> min_copies, std::optional<bool> flips) {
  return pf::Piece{name, shape_of(shape, "piece '" + name + "'"), copies, min_copies, flips};
}

// Pieces: a set's name, Piece objects, or a dict of name: shape.
std::vector<pf::Piece> pieces_of(pf::Lattice lattice, const py::handle& given) {
  if (py::isinstance<py::str>(given)) return named_set(lattice, given.cast<std::string>());
  std::vector<pf::Piece> pieces;
  if (py::isinstance<py::dict>(given)) {
    for (const auto& [key, value] : given.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key))
        throw py::type_error("a piece's name is a str, not " + repr_of(key));
      pieces.push_back(make_piece(key.cast<std::string>(), value, 1, std::nullopt, std::nullopt));
    }
    return pieces;
  }
  if (!py::isinstance<py::iterable>(given))
    throw py::type_error("pieces are a set's name, a list of Piece or a dict of name: shape, not " +
                         repr_of(given));
  for (const py::handle& piece : given.cast<py::iterable>()) {
    if (!py::isinstance<pf::Piece>(piece))
      throw py::type_error("a piece is a Piece, not " + repr_of(piece));
    pieces.push_back(piece.cast<pf::Piece>());
  }
  return pieces;
}

std::string piece_repr(const pf::Piece& piece) {
  std::string out = "Piece(" + repr_of(py::str(piece.name)) + ", " + shape_repr(piece.shape);
  if (piece.copies != 1) out += ", copies=" + std::to_string(piece.copies);
  if (piece.min_copies) out += ", min_copies=" + std::to_string(*piece.min_copies);
  if (piece.flips) out += std::string(", flips=") + (*piece.flips ? "True" : "False");
  return out + ")";
}

bool same_piece(const pf::Piece& a, const pf::Piece& b) {
  return a.name == b.name && a.shape == b.shape && a.copies == b.copies &&
         a.min_copies == b.min_copies && a.flips == b.flips;
}

// `path`: str, bytes or os.PathLike (TypeError otherwise, from os.fsdecode).
std::string path_of(const py::object& given) {
  return py::module_::import("os").attr("fsdecode")(given).cast<std::string>();
}

pf::PictureFile read_picture_file(const py::object& given, pf::Lattice lattice) {
  const std::string path = path_of(given);
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
    throw py::error_already_set();
  }
  return pf::read_pictures(in, lattice, path);
}

// --- tilings ---------------------------------------------------------------------

// The Python Tiling: the library's, shared with the searches running on it
// (polyomino.Tiling binds the library's type itself).
// Tiling.disassemble's memory from one call to the next (pf::Disassembler,
// made at the first call): a call that finds it busy on another Python
// thread takes its solution apart alone.
struct KeptDisassembler {
  std::mutex mutex;
  std::optional<pf::Disassembler> apart;
};

struct TilingBox {
  pf::Tiling tiling;
  std::unique_ptr<KeptDisassembler> kept = std::make_unique<KeptDisassembler>();
};

pf::TilingOptions tiling_options(std::optional<bool> reflections, bool distinct) {
  return pf::TilingOptions{.reflections = reflections, .distinct = distinct};
}

// A solution from Python, its options checked against the tiling's.
Solution solution_of(const pf::Tiling& tiling, const std::vector<int>& options) {
  for (const int option : options)
    if (option < 0 || static_cast<std::size_t>(option) >= tiling.placements.size())
      throw ProblemError(
          "option " + std::to_string(option) + " is not one of this tiling's (0 to " +
          std::to_string(static_cast<long long>(tiling.placements.size()) - 1) + ")");
  return Solution{options, &tiling.problem};
}

const pf::Piece& piece_placed(const pf::Tiling& tiling, int option) {
  const pf::Placement& placement = tiling.placements[static_cast<std::size_t>(option)];
  return tiling.pieces[static_cast<std::size_t>(placement.piece)];
}

// The kept solutions of a tiling, one at a time (frontend::KeptSolutions:
// the limit counts the kept ones), searched with the GIL released.
class KeptSolutions {
 public:
  // With `assemblies`, only the assemblies that come apart (as it
  // filters them).
  KeptSolutions(std::shared_ptr<const TilingBox> box, SearchOptions options,
                const py::object& progress, double progress_interval,
                std::optional<frontend::AssemblyFilter> assemblies = std::nullopt)
      : box_(std::move(box)), interrupt_(std::make_unique<Interrupt>()) {
    interrupt_->report_progress(progress, progress_interval);
    interrupt_->watch(options);
    solver_ = std::make_unique<Solver>(box_->tiling.problem);
    frontend::Keep keep;
    if (assemblies) {
      assemblies_ = std::make_unique<frontend::Assemblies>(box_->tiling, *assemblies);
      keep = [apart = assemblies_.get()](const Solution& s) { return apart->keep(s); };
    } else if (box_->tiling.needs_keep()) {
      keep = [tiling = &box_->tiling](const Solution& s) { return tiling->keep(s); };
    }
    kept_.emplace(*solver_, options, std::move(keep));
  }

  // The assemblies met so far (None without disassemble).
  std::optional<std::uint64_t> assemblies() const {
    if (!assemblies_) return std::nullopt;
    return assemblies_->assemblies();
  }
  // How the solution handed out last comes apart: what the filter found
  // (None without disassemble, or before the first). A copy: the next
  // solution's replaces it.
  std::optional<pf::Disassembly> disassembly() const { return disassembly_; }

  std::vector<int> next() {
    if (!kept_) throw py::stop_iteration();
    const Solution* found = nullptr;
    {
      py::gil_scoped_release release;
      found = kept_->next();
    }
    if (interrupt_->interrupted()) {
      close();
      interrupt_->raise_if_interrupted();
    }
    if (found == nullptr) {
      close();
      throw py::stop_iteration();
    }
    // (Handed over from the filter, which remembers it: not taken apart again.)
    if (assemblies_) disassembly_ = assemblies_->found(*found);
    return found->to_vector();
  }

  void close() {
    if (!kept_) return;
    kept_->close();
    status_ = kept_->status().value_or(Status::stopped);
    kept_.reset();
  }

  std::optional<Status> status() const {
    if (kept_) return kept_->status();
    return status_;
  }
  Statistics statistics() const { return solver_->statistics(); }

 private:
  std::shared_ptr<const TilingBox> box_;
  std::unique_ptr<Interrupt> interrupt_;  // the search's options point at it
  std::unique_ptr<Solver> solver_;
  std::unique_ptr<frontend::Assemblies> assemblies_;  // (the search's keep points at it)
  std::optional<pf::Disassembly> disassembly_;        // the last solution's
  std::optional<frontend::KeptSolutions> kept_;
  Status status_ = Status::exhausted;
};

using TilingClass = py::class_<TilingBox, std::shared_ptr<TilingBox>>;

void bind_lattices(py::module_& m) {
  // --- lattices ---
  m.def("rotation_count", &pf::rotation_count, py::arg("lattice"),
        "The rotations that fix a point: 4 (square), 6 (triangle, hex) or 24 (cube).");
  m.def("symmetry_count", &pf::symmetry_count, py::arg("lattice"),
        "The rotations and as many reflections: symmetry k is a rotation for k < "
        "rotation_count(lattice), a reflection after; 0 is the identity.");
  m.def(
      "transform",
      [](pf::Lattice lattice, int symmetry, const py::handle& cell) {
        if (symmetry < 0 || symmetry >= pf::symmetry_count(lattice))
          throw py::value_error("symmetry must be 0 to " +
                                std::to_string(pf::symmetry_count(lattice) - 1) + ", not " +
                                std::to_string(symmetry));
        return cell_tuple(pf::transform(lattice, symmetry, cell_of(cell)));
      },
      py::arg("lattice"), py::arg("symmetry"), py::arg("cell"),
      "Symmetry k applied to a cell about the lattice's origin: (row, col, layer).");
  m.def(
      "is_translation",
      [](pf::Lattice lattice, const py::handle& offset) {
        return pf::is_translation(lattice, cell_of(offset));
      },
      py::arg("lattice"), py::arg("offset"),
      "Whether a move by (row, col[, layer]) maps the lattice onto itself (on triangles: row "
      "+ col even).");
  m.def(
      "normalized",
      [](pf::Lattice lattice, const py::handle& shape) {
        return pf::normalized(lattice, shape_of(shape, "the shape"));
      },
      py::arg("lattice"), py::arg("shape"),
      "The shape moved by a translation of the lattice to least row, column and layer 0 (a "
      "triangle's column 0 or 1): translates have equal normal forms.");
  m.def(
      "orientations",
      [](pf::Lattice lattice, const py::handle& shape, bool reflections) {
        return pf::orientations(lattice, shape_of(shape, "the shape"), reflections);
      },
      py::arg("lattice"), py::arg("shape"), py::arg("reflections") = true,
      "The distinct orientations of a shape, each normalized: its rotations, and its mirror "
      "images' when `reflections`.");
}

void bind_shape(py::module_& m) {
  // --- shapes ---
  py::class_<pf::Shape>(m, "Shape", R"doc(
A set of cells, sorted (layer, row, column) and without repeats.

    Shape([(0, 0), (0, 1), (1, 0)])       # cells: (row, col) or (row, col, layer)
    Shape("##\n#.")                       # a picture: '#' a cell, '.' none
    Shape(["##", "#.", "-", "#.", ".."])  # rows; a '-' line starts the next layer

Blanks in a picture are ignored (a hexagonal picture may be indented).
Wherever a shape is asked for, any of these will do.)doc")
      .def(py::init([](const py::object& given) { return shape_of(given, "the shape"); }),
           py::arg("cells") = py::tuple())
      .def_property_readonly(
          "cells", [](const pf::Shape& s) { return cells_list(s); },
          "The cells, sorted by layer, row and column: (row, col, layer) tuples.")
      .def("__len__", &pf::Shape::size)
      .def(
          "__iter__", [](const pf::Shape& s) { return py::iter(cells_list(s)); },
          "The cells, as `cells`.")
      .def("__contains__",
           [](const pf::Shape& s, const py::handle& cell) { return s.contains(cell_of(cell)); })
      .def(py::self == py::self)  // NOLINT(misc-redundant-expression)
      .def("__hash__", [](const pf::Shape& s) { return py::hash(py::tuple(cells_list(s))); })
      .def("normalized", &pf::Shape::normalized,
           "The shape moved so that its least row, column and layer are 0 (on triangles, "
           "normalized(lattice, shape) keeps each triangle's direction).")
      .def("picture", &pf::Shape::picture,
           "Rows of '#' and '.' over the bounding box (every layer's cells drawn on one).")
      .def("__repr__", &shape_repr);
}

void bind_pieces(py::module_& m) {
  // --- pieces, boards, pictures ---
  py::class_<pf::Piece>(m, "Piece", R"doc(
A piece: a name (letters, digits, '_' and '-'), a shape, and how many to place.

    Piece("L", "#.\n##", copies=2, min_copies=1, flips=False)

copies: identical copies (a tiling that swaps two is the same tiling);
min_copies: the fewest a tiling uses, 0 to copies (None: all of them; a
piece of 0..1 is a secondary item); flips: whether it may be placed as its
mirror image (None: as make_tiling's reflections says; False: one-sided).)doc")
      .def(py::init(&make_piece), py::arg("name"), py::arg("shape"), py::kw_only(),
           py::arg("copies") = 1, py::arg("min_copies") = py::none(), py::arg("flips") = py::none())
      .def_readonly("name", &pf::Piece::name)
      .def_readonly("shape", &pf::Piece::shape)
      .def_readonly("copies", &pf::Piece::copies)
      .def_readonly("min_copies", &pf::Piece::min_copies)
      .def_readonly("flips", &pf::Piece::flips)
      .def_property_readonly("fewest", &pf::Piece::fewest,
                             "The fewest copies a tiling uses: min_copies, else copies.")
      .def("__eq__",
           [](const pf::Piece& a, const py::object& b) -> py::object {
             if (!py::isinstance<pf::Piece>(b))
               return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(same_piece(a, b.cast<const pf::Piece&>()));
           })
      .def("__repr__", &piece_repr);

  m.def(
      "named_pieces",
      [](pf::Lattice lattice, const std::string& name) { return named_set(lattice, name); },
      py::arg("lattice"), py::arg("name"),
      "A named set of pieces: 'tetrominoes', 'pentominoes', 'hexominoes' (square; on cube "
      "their flat pieces), 'hexiamonds' (triangle), 'tetrahexes' (hex), 'soma', 'bedlam' "
      "(cube). ProblemError for a name the lattice does not have.");
  m.def("piece_set_names", &pf::piece_set_names, py::arg("lattice"),
        "The names named_pieces() knows on a lattice.");
  m.def("builtin_board", &named_board, py::arg("lattice"), py::arg("name"),
        "A board by name, as a Shape: square 'RxC', '8x8-centre'; triangle and hex 'RxC' (a "
        "parallelogram), 'hexagon-N', 'triangle-N'; cube 'RxCxL'. ProblemError for another.");

  py::class_<pf::PictureFile>(m, "PictureFile",
                              "A file of pictures: its board (None when it has none) and pieces, "
                              "with the line of each header.")
      .def_readonly("board", &pf::PictureFile::board)
      .def_readonly("board_line", &pf::PictureFile::board_line)
      .def_readonly("pieces", &pf::PictureFile::pieces)
      .def_readonly("piece_lines", &pf::PictureFile::piece_lines)
      .def("__repr__", [](const pf::PictureFile& f) {
        return "<xcover_dlx.polyform.PictureFile: " +
               std::string(f.board ? std::to_string(f.board->size()) + "-cell board, "
                                   : "no board, ") +
               std::to_string(f.pieces.size()) + " pieces>";
      });
  m.def(
      "parse_pictures",
      [](const std::string& text, pf::Lattice lattice, const std::string& source) {
        return pf::parse_pictures(text, lattice, source);
      },
      py::arg("text"), py::arg("lattice") = pf::Lattice::square, py::arg("source") = "<string>",
      "A PictureFile from text: 'board' and 'piece NAME [xN] [M..N] [one-sided]' headers, "
      "each over its picture. ParseError names SOURCE:LINE.");
  m.def("read_pictures", &read_picture_file, py::arg("path"),
        py::arg("lattice") = pf::Lattice::square,
        "parse_pictures() of a file (a str, bytes or os.PathLike path; OSError when it cannot "
        "be opened).");
}

void bind_puzzle(py::module_& m) {
  py::class_<pf::Puzzle>(m, "Puzzle", R"doc(
A puzzle as a file states it (read_burrtools, read_knuth_spec), or as made
here: a lattice, a board, the cells of it that may stay empty, and pieces.
make_tiling(puzzle) tiles it.)doc")
      .def(py::init([](pf::Lattice lattice, const py::handle& board, const py::handle& pieces,
                       const py::handle& optional_cells, const std::string& name) {
             pf::Puzzle puzzle;
             puzzle.lattice = lattice;
             puzzle.board = board_of(lattice, board);
             puzzle.pieces = pieces_of(lattice, pieces);
             puzzle.optional_cells = shape_of(optional_cells, "the optional cells");
             puzzle.name = name;
             return puzzle;
           }),
           py::arg("lattice"), py::arg("board"), py::arg("pieces"), py::kw_only(),
           py::arg("optional_cells") = py::tuple(), py::arg("name") = "")
      .def_readonly("lattice", &pf::Puzzle::lattice)
      .def_readonly("name", &pf::Puzzle::name)
      .def_readonly("board", &pf::Puzzle::board)
      .def_readonly("optional_cells", &pf::Puzzle::optional_cells)
      .def_readonly("pieces", &pf::Puzzle::pieces)
      .def_readonly("source", &pf::Puzzle::source)
      .def("__repr__", [](const pf::Puzzle& p) {
        return "<xcover_dlx.polyform.Puzzle" + (p.name.empty() ? "" : " '" + p.name + "'") + ": " +
               pf::to_string(p.lattice) + ", " + std::to_string(p.board.size()) + " cells, " +
               std::to_string(p.pieces.size()) + " pieces>";
      });
}

void bind_tiling_solutions(py::module_& m) {
  // --- tilings ---
  py::class_<KeptSolutions>(m, "TilingSolutions", R"doc(
A tiling's kept solutions one at a time, each a list of option indices,
searched for only when asked (with distinct=True, one of each class).)doc")
      .def("__iter__", [](KeptSolutions& it) -> KeptSolutions& { return it; })
      .def("__next__", &KeptSolutions::next)
      .def("close", &KeptSolutions::close, "Ends the search.")
      .def_property_readonly("status", &KeptSolutions::status,
                             "Why the search ended; None while it goes on.")
      .def_property_readonly("statistics", &KeptSolutions::statistics)
      .def_property_readonly(
          "assemblies", &KeptSolutions::assemblies,
          "With disassemble=True, the assemblies met so far, apart or not; else None.")
      .def_property_readonly(
          "disassembly", &KeptSolutions::disassembly,
          "With disassemble=True, how the solution handed out last comes apart (a "
          "Disassembly: what the filter found, not taken apart again); else None.");
}

void bind_disassembly(py::module_& m) {
  py::class_<pf::Move>(m, "Move", R"doc(
One move of a disassembly: `pieces` (indices into the solution's options)
slide `distance` steps along `direction`, one step (row, col, layer): a
unit step on cubes; on prisms a layer, two columns, or a row and a column;
`removes`: they leave the rest for good, a part of their own from then on.)doc")
      .def_readonly("pieces", &pf::Move::pieces)
      .def_property_readonly("direction",
                             [](const pf::Move& move) { return cell_tuple(move.direction); })
      .def_readonly("distance", &pf::Move::distance)
      .def_readonly("removes", &pf::Move::removes)
      .def(py::self == py::self)  // NOLINT(misc-redundant-expression)
      .def("__repr__", [](const pf::Move& move) {
        return "Move(pieces=" + repr_of(py::cast(move.pieces)) +
               ", direction=" + repr_of(cell_tuple(move.direction)) +
               ", distance=" + std::to_string(move.distance) +
               ", removes=" + (move.removes ? "True" : "False") + ")";
      });
  py::class_<pf::Disassembly>(m, "Disassembly", R"doc(
How an assembly comes apart (Tiling.disassemble): whether it does (`apart`),
BurrTools' `level` (a list; level_text "5.2.1"), the `moves` in all, the
steps moved (`steps`: the distances of the moves that remove nothing), the
positions looked at, and the `plan`: the Moves in order.)doc")
      .def_readonly("apart", &pf::Disassembly::apart)
      .def_readonly("level", &pf::Disassembly::level)
      .def_readonly("moves", &pf::Disassembly::moves)
      .def_readonly("steps", &pf::Disassembly::steps)
      .def_readonly("positions", &pf::Disassembly::positions)
      .def_readonly("plan", &pf::Disassembly::plan)
      .def_property_readonly("level_text", &pf::level_text,
                             "The level as BurrTools writes it: \"98.2.4.2\" (\"\" when not "
                             "apart).")
      .def("__repr__", [](const pf::Disassembly& found) {
        return "<xcover_dlx.polyform.Disassembly: " + frontend::level_line(found) + ">";
      });
}

void bind_tiling_reads(TilingClass& tiling) {
  tiling
      .def(
          "placement",
          [](const TilingBox& t, int option) {
            solution_of(t.tiling, {option});
            const pf::Placement& placement = t.tiling.placements[static_cast<std::size_t>(option)];
            return py::make_tuple(piece_placed(t.tiling, option).name, cells_list(placement.cells));
          },
          py::arg("option"),
          "(name, [(row, col, layer), ...]): the piece option k places, and where.")
      .def(
          "placements",
          [](const TilingBox& t, const std::vector<int>& options) {
            const Solution solution = solution_of(t.tiling, options);
            const std::vector<int> copies = pf::copy_numbers(t.tiling, solution);
            py::list out;
            for (std::size_t k = 0; k < options.size(); ++k)
              out.append(py::make_tuple(
                  piece_placed(t.tiling, options[k]).name, copies[k],
                  cells_list(t.tiling.placements[static_cast<std::size_t>(options[k])].cells)));
            return out;
          },
          py::arg("solution"),
          "(name, copy, cells) for each option of a solution, in its order (copies numbered 1, "
          "2, ... in board order).")
      .def(
          "keep",
          [](const TilingBox& t, const std::vector<int>& options) {
            return t.tiling.keep(solution_of(t.tiling, options));
          },
          py::arg("solution"),
          "Whether the solution is the one of its class that counts and solutions() keep "
          "(always True without distinct).")
      .def(
          "orbit_size",
          [](const TilingBox& t, const std::vector<int>& options) {
            return pf::orbit_size(t.tiling, solution_of(t.tiling, options));
          },
          py::arg("solution"),
          "How many different tilings the solution's images under the symmetries make (1 "
          "without distinct): summed over the distinct tilings, the count of them all.")
      .def(
          "copy_numbers",
          [](const TilingBox& t, const std::vector<int>& options) {
            return pf::copy_numbers(t.tiling, solution_of(t.tiling, options));
          },
          py::arg("solution"),
          "Which copy of its piece each option places, in the solution's order (1, 2, ... in "
          "board order of first cells; always 1 without copies).")
      .def(
          "disassemble",
          [](const TilingBox& t, const std::vector<int>& options) {
            const Solution solution = solution_of(t.tiling, options);
            py::gil_scoped_release release;
            KeptDisassembler& kept = *t.kept;
            const std::unique_lock lock(kept.mutex, std::try_to_lock);
            if (!lock.owns_lock()) return pf::disassemble(t.tiling, solution);
            if (!kept.apart) kept.apart.emplace(t.tiling);
            return (*kept.apart)(solution);
          },
          py::arg("solution"),
          "How the solution's pieces come apart (a Disassembly), slid along the cube or prism "
          "lattice's ways as BurrTools moves them; the file's piece groups may stay together. "
          "The tiling keeps what it learns (its shapes and the gaps between them) for the "
          "next call, which is then faster; calls from several threads at once are safe. "
          "ProblemError on another lattice, naming it (BurrTools moves pieces on no other).")
      .def(
          "plan_lines",
          [](const TilingBox& t, const std::vector<int>& options, const pf::Disassembly& found) {
            return frontend::plan_lines(t.tiling, solution_of(t.tiling, options), found);
          },
          py::arg("solution"), py::arg("disassembly"),
          "The disassembly's moves as `xcover polyform --moves` prints them: \"move A B right "
          "2\", \"remove C up 3\" (pieces by their labels, NAME or NAME:COPY).")
      .def(
          "meshes",
          [](const TilingBox& t, const std::vector<int>& options) {
            const Solution solution = solution_of(t.tiling, options);
            py::list out;
            for (const int option : solution.options) {
              const pf::Mesh mesh = pf::shape_mesh(
                  t.tiling.lattice, t.tiling.placements[static_cast<std::size_t>(option)].cells);
              py::list vertices, triangles;
              for (const pf::Point3& p : mesh.vertices)
                vertices.append(py::make_tuple(p.x, p.y, p.z));
              for (const std::array<int, 3>& corner : mesh.triangles)
                triangles.append(py::make_tuple(corner[0], corner[1], corner[2]));
              out.append(py::make_tuple(vertices, triangles));
            }
            return out;
          },
          py::arg("solution"),
          "Each piece's closed surface in space, in the solution's order (what STL and the SVG "
          "views draw): (vertices, triangles), each vertex (x, y, z) in edges (x right, y away, "
          "z up), each triangle three vertex indices counter-clockwise seen from outside.")
      .def(
          "picture",
          [](const TilingBox& t, const std::vector<int>& options) {
            return pf::tiling_picture(t.tiling, solution_of(t.tiling, options));
          },
          py::arg("solution"),
          "The tiled board, one str a row, as `xcover polyform` prints it: each cell its "
          "piece's name (or NAME:COPY fields); hexagonal rows indented, cube layers between "
          "'-' lines.")
      .def(
          "_svg",
          [](const TilingBox& t, const std::vector<int>& options,
             const std::optional<pf::Disassembly>& disassembly) {
            const Solution solution = solution_of(t.tiling, options);
            return disassembly ? render_svg(t.tiling, solution, *disassembly)
                               : render_svg(t.tiling, solution);
          },
          py::arg("solution"), py::arg("disassembly") = py::none());
}

void bind_tiling_searches(TilingClass& tiling) {
  tiling
      .def(
          "count",
          [](const TilingBox& t, const py::int_& limit, double time_limit,
             const py::int_& node_limit, const py::int_& thread_count, const py::object& progress,
             double progress_interval, bool propagate, const py::object& item_choice,
             const py::int_& seed, bool disassemble, const py::int_& min_level) {
            SearchOptions options = tree_search_options(t.tiling.problem, limit, time_limit,
                                                        node_limit, propagate, item_choice, seed);
            unsigned threads = counted<unsigned>(thread_count, frontend::Option::threads);
            if (threads == 0) threads = default_threads();
            const auto filter =
                frontend::assembly_filter(frontend::FrontEnd::python, disassemble,
                                          counted<std::uint64_t>(min_level, "min_level"));
            Interrupt interrupt;
            interrupt.report_progress(progress, progress_interval);
            interrupt.watch(options);
            const auto start = std::chrono::steady_clock::now();
            std::optional<std::uint64_t> assemblies;
            const CountResult result = run_search(interrupt, [&] {
              if (!filter) return pf::count(t.tiling, options, threads);
              const frontend::AssemblyCount apart =
                  frontend::count_apart(t.tiling, *filter, options, threads);
              assemblies = apart.assemblies;
              return apart.solutions;
            });
            Statistics statistics;
            statistics.solutions = result.solutions;
            statistics.seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            statistics.threads = threads;
            return count_result(result.solutions, result.status, statistics, assemblies);
          },
          py::arg("limit") = 0, py::kw_only(), py::arg("time_limit") = 0.0,
          py::arg("node_limit") = 0, py::arg("threads") = 1, py::arg("progress") = py::none(),
          py::arg("progress_interval") = 1.0, py::arg("propagate") = false,
          py::arg("item_choice") = "first-shortest", py::arg("seed") = 0,
          py::arg("disassemble") = false, py::arg("min_level") = 0,
          "Counts the kept tilings (up to `limit`, 0: all) on `threads` threads (0: one per "
          "CPU; a tiling with copies or ranges too); a CountResult whose statistics hold the "
          "solutions and seconds. Without keep() to call, the engine's fastest count (the memo "
          "where it pays). disassemble=True counts the assemblies that come apart (BurrTools' "
          "solutions: `xcover polyform --count --disassemble`; each taken apart on the thread "
          "that found it; the result's `assemblies` counts every assembly met), min_level those "
          "whose first part needs that many moves. "
          "time_limit, node_limit, progress, propagate, item_choice, seed and Ctrl-C as "
          "Solver.count's.")
      .def(
          "solutions",
          [](std::shared_ptr<TilingBox> box, const py::int_& limit, double time_limit,
             const py::int_& node_limit, const py::object& progress, double progress_interval,
             bool propagate, const py::object& item_choice, const py::int_& seed, bool disassemble,
             const py::int_& min_level) {
            SearchOptions options = tree_search_options(box->tiling.problem, limit, time_limit,
                                                        node_limit, propagate, item_choice, seed);
            const auto least = counted<std::uint64_t>(min_level, "min_level");
            return KeptSolutions(
                std::move(box), options, progress, progress_interval,
                frontend::assembly_filter(frontend::FrontEnd::python, disassemble, least, true));
          },
          py::arg("limit") = 0, py::kw_only(), py::arg("time_limit") = 0.0,
          py::arg("node_limit") = 0, py::arg("progress") = py::none(),
          py::arg("progress_interval") = 1.0, py::arg("propagate") = false,
          py::arg("item_choice") = "first-shortest", py::arg("seed") = 0,
          py::arg("disassemble") = false, py::arg("min_level") = 0,
          "The kept tilings, lazily (one thread), each a list of option indices; `limit` "
          "counts kept tilings. disassemble=True keeps the assemblies that come apart "
          "(BurrTools' solutions; the TilingSolutions count the assemblies met), and min_level "
          "those whose first part needs that many moves; the tree options as "
          "Solver.solutions's.")
      .def("__repr__", [](const TilingBox& t) {
        return std::string("<xcover_dlx.polyform.Tiling: ") + pf::to_string(t.tiling.lattice) +
               ", " + std::to_string(t.tiling.board.size()) + " cells, " +
               std::to_string(t.tiling.pieces.size()) + " pieces, " +
               std::to_string(t.tiling.placements.size()) + " placements" +
               (t.tiling.symmetries.empty() ? "" : ", distinct") + ">";
      });
}

void bind_make_tiling(py::module_& m) {
  m.def(
      "make_tiling",
      [](pf::Lattice lattice, const py::handle& board, const py::handle& pieces,
         std::optional<bool> reflections, bool distinct) {
        return std::make_shared<TilingBox>(
            TilingBox{pf::make_tiling(lattice, board_of(lattice, board), pieces_of(lattice, pieces),
                                      tiling_options(reflections, distinct))});
      },
      py::arg("lattice"), py::arg("board"), py::arg("pieces"), py::kw_only(),
      py::arg("reflections") = py::none(), py::arg("distinct") = false, R"doc(
A Tiling of `board` by `pieces` on `lattice`.

    make_tiling("square", "6x10", "pentominoes", distinct=True).count().solutions  # 2339
    make_tiling("cube", "3x3x3", "soma", distinct=True).count().solutions          # 240

board: a built-in name (builtin_board) or a shape. pieces: a set's name
(named_pieces), a list of Piece, or a dict of name: shape. reflections:
whether pieces whose flips is None may be mirrored (None: yes in the plane,
no on cubes). distinct: keep one tiling of each class under the board's
symmetries. ProblemError for what does not make a tiling.)doc");
  m.def(
      "make_tiling",
      [](const pf::Puzzle& puzzle, std::optional<bool> reflections, bool distinct) {
        return std::make_shared<TilingBox>(
            TilingBox{pf::make_tiling(puzzle, tiling_options(reflections, distinct))});
      },
      py::arg("puzzle"), py::kw_only(), py::arg("reflections") = py::none(),
      py::arg("distinct") = false,
      "A Tiling of a Puzzle: its optional cells may stay empty (secondary items).");
}

}  // namespace

// (Within this namespace, so that the names above are found before the
// polyomino bindings' of the same names, with which a unity build joins them.)
void bind(py::module_& m) {
  bind_lattices(m);
  bind_shape(m);
  bind_pieces(m);
  bind_puzzle(m);
  bind_tiling_solutions(m);
  bind_disassembly(m);
  TilingClass tiling(m, "Tiling", R"doc(
A tiling as exact cover, made by make_tiling(): the board, the pieces, the
problem (option k places placement(k)) and, with distinct=True, how tilings
are told apart. Its searches keep one tiling of each class when distinct.)doc");
  tiling.def_property_readonly("lattice", [](const TilingBox& t) { return t.tiling.lattice; })
      .def_property_readonly("board", [](const TilingBox& t) { return t.tiling.board; })
      .def_property_readonly("optional_cells",
                             [](const TilingBox& t) { return t.tiling.optional_cells; })
      .def_property_readonly("pieces", [](const TilingBox& t) { return t.tiling.pieces; })
      .def_property_readonly(
          "problem", [](const TilingBox& t) { return t.tiling.problem; },
          "The exact-cover problem (a copy): the pieces' items, then the cells ('rRcC', cubes "
          "'lLrRcC').")
      .def_property_readonly(
          "symmetry_count",
          [](const TilingBox& t) { return static_cast<int>(t.tiling.symmetries.size()); },
          "How many of the board's symmetries make tilings the same (distinct=True; else 0).")
      .def_property_readonly(
          "needs_keep", [](const TilingBox& t) { return t.tiling.needs_keep(); },
          "Whether keep() decides some tilings (False: the engine's own count is exact).");
  bind_tiling_reads(tiling);
  bind_tiling_searches(tiling);
  bind_make_tiling(m);
}

}  // namespace xcover::python::polyform_py

namespace xcover::python {
void bind_polyform(py::module_& m) { polyform_py::bind(m); }
}  // namespace xcover::python
