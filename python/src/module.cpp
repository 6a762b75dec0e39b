// SPDX-License-Identifier: MIT
// xcover_dlx._core: the engine for Python. The package `xcover_dlx`
// (python/xcover_dlx/__init__.py) re-exports it with its documentation.
#include "bindings.hpp"
#include "xcover/version.hpp"

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "Exact cover with dancing links and bit sets (the xcover library)";
  m.attr("__version__") = XCOVER_VERSION_STRING;
  xcover::python::bind_errors(m);
  xcover::python::bind_enums(m);  // before any binding names Status, Layout or Kernels
  xcover::python::bind_problem(m);
  xcover::python::bind_search(m);
  xcover::python::bind_zdd(m);
  xcover::python::bind_reduce(m);
  xcover::python::bind_queens_langford(m);  // private: xcover_dlx.queens, .langford
  auto sudoku = m.def_submodule("sudoku", "Sudoku of box size 2..5 (4x4 to 25x25)");
  xcover::python::bind_sudoku(sudoku);
  xcover::python::bind_sudoku_rules(sudoku);
  auto polyomino = m.def_submodule("polyomino", "Polyomino tilings");
  xcover::python::bind_polyomino(polyomino);
  auto polyform = m.def_submodule(
      "polyform", "Polyform tilings on the square, triangle, hex and cube lattices");
  xcover::python::bind_lattice(polyform);  // before any binding names a Lattice
  xcover::python::bind_polyform(polyform);
  xcover::python::bind_polyform_files(polyform);
}
