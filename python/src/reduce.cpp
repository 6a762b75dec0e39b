// SPDX-License-Identifier: MIT
// xcover_dlx.reduce: Knuth's DLX-PRE preprocessing, a smaller problem with
// the same solutions and the map back to the original options.
#include "xcover/reduce.hpp"

#include <pybind11/stl.h>

#include "bindings.hpp"

namespace xcover::python {

void bind_reduce(py::module_& m) {
  py::class_<Reduction>(m, "Reduction",
                        "A smaller problem with the same solutions (reduce()), and the way back.")
      .def_readonly("problem", &Reduction::problem, "The reduced problem.")
      .def_readonly("original_option", &Reduction::original_option,
                    "For each option of `problem`, the original option it comes from.")
      .def_readonly("original_item", &Reduction::original_item,
                    "For each item of `problem`, its original index.")
      .def_readonly("removed_options", &Reduction::removed_options)
      .def_readonly("removed_items", &Reduction::removed_items)
      .def_readonly("rounds", &Reduction::rounds)
      .def_readonly("unsolvable", &Reduction::unsolvable,
                    "A primary item was left without options: no solution.")
      .def_readonly("complete", &Reduction::complete,
                    "False when max_rounds stopped it while it was still removing.")
      .def(
          "original_options",
          [](const Reduction& r, const std::vector<int>& solution) {
            return r.original_options(solution);
          },
          py::arg("solution"), "A solution of `problem` as option indices of the original.")
      .def("__repr__", [](const Reduction& r) {
        return "<Reduction: removed " + std::to_string(r.removed_options) + " options and " +
               std::to_string(r.removed_items) + " items in " + std::to_string(r.rounds) +
               " rounds" + (r.unsolvable ? ", unsolvable>" : ">");
      });
  m.def(
      "reduce",
      [](const Problem& problem, int max_rounds) {
        ReduceOptions options;
        options.max_rounds = max_rounds;
        py::gil_scoped_release release;
        return reduce(problem, options);
      },
      py::arg("problem"), py::arg("max_rounds") = 0,
      R"(Knuth's DLX-PRE: removes options that can never be in a solution and items implied
by others, round after round (max_rounds: 0 = until nothing changes). The result's
problem has the same solutions; original_options() maps one back.)");
}

}  // namespace xcover::python
