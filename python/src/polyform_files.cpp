// SPDX-License-Identifier: MIT
// xcover_dlx.polyform's readers of puzzles from files people have:
// BurrTools' .xmpuzzle and Knuth's polyomino-dlx, polyiamond-dlx and
// polycube-dlx specs. Each is bound where the library has it (CMake defines
// XCOVER_PYTHON_BURRTOOLS and XCOVER_PYTHON_KNUTH_SPEC when src/sources.cmake
// lists its reader); polyform.py stands in for one that is missing.
#include <pybind11/stl.h>

#include <fstream>
#include <string>

#include "bindings.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::python {
namespace {

// `path`: str, bytes or os.PathLike (TypeError otherwise, from os.fsdecode).
[[maybe_unused]] std::string puzzle_path(const py::object& given) {
  return py::module_::import("os").attr("fsdecode")(given).cast<std::string>();
}

}  // namespace

void bind_polyform_files([[maybe_unused]] py::module_& m) {
#ifdef XCOVER_PYTHON_BURRTOOLS
  m.def(
      "read_burrtools",
      [](const py::object& given) {
        const std::string path = puzzle_path(given);
        if (!std::ifstream(path, std::ios::binary)) {
          PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
          throw py::error_already_set();
        }
        return polyform::read_burrtools(path);
      },
      py::arg("path"),
      "Every problem of a BurrTools file (.xmpuzzle, gzip'd or plain; cubic grid) as a "
      "Puzzle, in order: variable voxels are optional cells, pieces keep their count ranges. "
      "ParseError names the file and what is wrong; OSError when it cannot be opened.");
#endif
#ifdef XCOVER_PYTHON_KNUTH_SPEC
  m.def(
      "read_knuth_spec",
      [](const py::object& given, polyform::Lattice lattice) {
        const std::string path = puzzle_path(given);
        std::ifstream in(path, std::ios::binary);
        if (!in) {
          PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
          throw py::error_already_set();
        }
        return polyform::read_knuth_spec(in, lattice, path);
      },
      py::arg("path"), py::arg("lattice"),
      "A Puzzle from a spec of Knuth's polyomino-dlx (square), polyiamond-dlx (triangle) or "
      "polycube-dlx (cube). ParseError names FILE:LINE; OSError when it cannot be opened.");
#endif
}

}  // namespace xcover::python
