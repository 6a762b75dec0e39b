// SPDX-License-Identifier: MIT
// xcover_dlx.Zdd (every solution as a decision diagram: count, sample, nth,
// its text) and ZddResult, what Solver.zdd() and zdd() return.
#include "xcover/zdd.hpp"

#include <pybind11/stl.h>

#include <fstream>
#include <optional>
#include <sstream>

#include "bindings.hpp"

namespace xcover::python {
namespace {

// `path`: str, bytes or os.PathLike (TypeError otherwise, from os.fsdecode).
std::string path_of(const py::object& given) {
  return py::module_::import("os").attr("fsdecode")(given).cast<std::string>();
}

[[noreturn]] void raise_os_error(const std::string& path) {
  PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
  throw py::error_already_set();
}

}  // namespace

void bind_zdd(py::module_& m) {
  py::class_<Zdd>(m, "Zdd", R"doc(
Every solution of a problem at once, as a zero-suppressed decision diagram
(Solver.zdd, zdd(), or Zdd.read of the text 'xcover solve --count --zdd'
writes). From it, without searching again: count(), a uniformly random
solution (sample), and the solution of an index in the diagram's order (nth).
Solutions are sorted lists of option indices, as elsewhere.)doc")
      .def_static(
          "read",
          [](const py::object& given) {
            const std::string path = path_of(given);
            std::ifstream in(path, std::ios::binary);
            if (!in) raise_os_error(path);
            return Zdd::read(in, path);
          },
          py::arg("path"),
          "Reads the text (a str, bytes or os.PathLike path); ParseError names the line.")
      .def_static(
          "from_text",
          [](const std::string& text) {
            std::istringstream in(text);
            return Zdd::read(in, "<text>");
          },
          py::arg("text"), "The diagram of the text (as write() writes it).")
      .def(
          "write",
          [](const Zdd& zdd, const py::object& given) {
            const std::string path = path_of(given);
            std::ofstream out(path, std::ios::binary);
            if (!out) raise_os_error(path);
            zdd.write(out);
            out.flush();
            if (!out) raise_os_error(path);
          },
          py::arg("path"), "Writes the text to a file: one node a line (docs/formats.md).")
      .def(
          "text",
          [](const Zdd& zdd) {
            std::ostringstream out;
            zdd.write(out);
            return out.str();
          },
          "The text, as write() writes it.")
      .def("count", &Zdd::count, "The number of solutions (CountOverflow past 2^128 - 1).")
      .def(
          "sample",
          [](const Zdd& zdd, const py::int_& seed) {
            return zdd.sample(counted<std::uint64_t>(seed, frontend::Option::seed));
          },
          py::arg("seed") = 0,
          "A solution drawn uniformly at random: the same for a seed on every machine. Error "
          "when there is none.")
      .def(
          "nth",
          [](const Zdd& zdd, const py::int_& index) {
            if (PyObject_RichCompareBool(index.ptr(), py::int_(0).ptr(), Py_LT) == 1)
              throw py::value_error("index must be 0 or more, not " +
                                    py::repr(index).cast<std::string>());
            const std::string digits = py::str(static_cast<py::handle>(index)).cast<std::string>();
            const std::optional<Count> k = parse_count(digits);
            const Count total = zdd.count();
            if (!k || *k >= total)
              throw py::index_error("index " + digits + " is past the last solution (there are " +
                                    to_string(total) + ")");
            return zdd.nth(*k);
          },
          py::arg("index"),
          "The solution of this index (from 0) in the diagram's order: at each node, the "
          "solutions with its option before those without.")
      .def_property_readonly("node_count", &Zdd::node_count, "Nodes other than the terminals.")
      .def_property_readonly("root", &Zdd::root,
                             "The root's number: 0 no solution, 1 the empty one, else a node.")
      .def_property_readonly(
          "nodes",
          [](const Zdd& zdd) {
            py::list nodes;
            for (const Zdd::Node& n : zdd.nodes())
              nodes.append(py::make_tuple(n.option, n.lo, n.hi));
            return nodes;
          },
          "(option, lo, hi) for nodes 2, 3, ...: the solutions of lo, and those of hi with the "
          "option.")
      .def("__repr__", [](const Zdd& zdd) {
        std::string text = "<Zdd: " + std::to_string(zdd.node_count()) + " nodes";
        try {
          text += ", " + to_string(zdd.count()) + " solutions>";
        } catch (const CountOverflow&) {
          text += ", more than 2^128 - 1 solutions>";
        }
        return text;
      });

  py::class_<ZddResult>(m, "ZddResult", "A diagram, and why its search ended.")
      .def_property_readonly(
          "zdd",
          [](const ZddResult& r) -> std::optional<Zdd> {
            if (!r.complete()) return std::nullopt;
            return r.zdd;
          },
          "The diagram; None when a limit stopped the search first.")
      .def_readonly("status", &ZddResult::status)
      .def_property_readonly("complete", &ZddResult::complete)
      .def("__repr__", [](const ZddResult& r) {
        return "<ZddResult: " + std::string(to_string(r.status)) + ", " +
               std::to_string(r.zdd.node_count()) + " nodes>";
      });
}

}  // namespace xcover::python
