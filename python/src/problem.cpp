// SPDX-License-Identifier: MIT
// xcover_dlx.Problem: items and options, built in Python or read from
// Knuth's format, and written back to it.
#include "xcover/problem.hpp"

#include <pybind11/stl.h>

#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "xcover/dlx_format.hpp"

namespace xcover::python {
namespace {

// An option's item by name: "item", "item:colour" or the pair (item,
// colour). The package resolves items of other types (xcover_dlx/_problem.py)
// before they come here, so any other hashable value names no item.
std::string token_text(const py::handle& token) {
  if (py::isinstance<py::str>(token)) return token.cast<std::string>();
  if (py::isinstance<py::tuple>(token) && py::len(token) == 2) {
    auto pair = token.cast<py::tuple>();
    if (py::isinstance<py::str>(pair[0]) && py::isinstance<py::str>(pair[1]))
      return pair[0].cast<std::string>() + ':' + pair[1].cast<std::string>();
  }
  if (PyObject_Hash(token.ptr()) == -1) {
    PyErr_Clear();
    throw py::type_error("an option's item is a hashable value, not " +
                         py::repr(token).cast<std::string>());
  }
  throw ProblemError("unknown item " + py::repr(token).cast<std::string>());
}

int add_option(Problem& problem, const py::iterable& tokens) {
  if (py::isinstance<py::str>(tokens))
    throw py::type_error("an option is a list of items, not one str (split it first)");
  std::vector<std::string> texts;
  for (const py::handle& token : tokens) texts.push_back(token_text(token));
  std::vector<std::string_view> views(texts.begin(), texts.end());
  return problem.add_option(std::span<const std::string_view>(views));
}

std::vector<std::string> option_tokens(const Problem& problem, int index) {
  std::vector<std::string> tokens;
  for (const OptionEntry& entry : problem.option(index)) {
    std::string token = problem.item_name(entry.item);
    if (entry.color) token += ':' + problem.color_name(entry.color);
    tokens.push_back(std::move(token));
  }
  return tokens;
}

std::vector<std::string> item_names(const Problem& problem, int begin, int end) {
  std::vector<std::string> names;
  for (int item = begin; item < end; ++item) names.push_back(problem.item_name(item));
  return names;
}

std::string item_name(const py::handle& name) {
  if (!py::isinstance<py::str>(name))
    throw py::type_error("an item's name is a str, not " + py::repr(name).cast<std::string>());
  return name.cast<std::string>();
}

Problem make_problem(const py::iterable& primary, const py::iterable& secondary,
                     const py::iterable& options) {
  Problem problem;
  for (const py::handle& name : primary) problem.add_primary(item_name(name));
  for (const py::handle& name : secondary) problem.add_secondary(item_name(name));
  for (const py::handle& option : options) {
    if (!py::isinstance<py::iterable>(option))
      throw py::type_error("an option is a list of items, not " +
                           py::repr(option).cast<std::string>());
    add_option(problem, option.cast<py::iterable>());
  }
  return problem;
}

// `path`: str, bytes or os.PathLike (TypeError otherwise, from os.fsdecode).
Problem read_file(const py::object& given) {
  const std::string path = py::module_::import("os").attr("fsdecode")(given).cast<std::string>();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
    throw py::error_already_set();
  }
  return read_dlx(in, path).problem;
}

// Knuth's format is not the state: items of any name and options whose
// items are all secondary must come back too. (The package's own attributes,
// such as item labels, travel in the instance's __dict__.)
constexpr int kStateVersion = 1;

py::tuple problem_state(const Problem& problem) {
  py::list primary, secondary, options, costs;
  for (int item = 0; item < problem.primary_count(); ++item) {
    const ItemBounds bounds = problem.item_bounds(item);
    primary.append(py::make_tuple(problem.item_name(item), bounds.lower, bounds.upper));
  }
  for (int item = problem.primary_count(); item < problem.item_count(); ++item)
    secondary.append(problem.item_name(item));
  for (int option = 0; option < problem.option_count(); ++option) {
    options.append(py::cast(option_tokens(problem, option)));
    if (problem.has_costs()) costs.append(problem.option_cost(option));
  }
  return py::make_tuple(kStateVersion, primary, secondary, options, costs);
}

Problem problem_from_state(const py::tuple& state) {
  if (state.size() != 5 || !py::isinstance<py::int_>(state[0]) ||
      state[0].cast<int>() != kStateVersion)
    throw py::value_error("not the state of a pickled xcover_dlx.Problem (version " +
                          std::to_string(kStateVersion) + ")");
  Problem problem;
  for (const py::handle& item : state[1].cast<py::list>()) {
    const auto [name, lower, upper] = item.cast<std::tuple<std::string, int, int>>();
    problem.add_primary(name, lower, upper);
  }
  for (const py::handle& name : state[2].cast<py::list>())
    problem.add_secondary(name.cast<std::string>());
  for (const py::handle& option : state[3].cast<py::list>()) {
    const auto tokens = option.cast<std::vector<std::string>>();
    std::vector<std::string_view> views(tokens.begin(), tokens.end());
    problem.add_option(std::span<const std::string_view>(views));
  }
  int option = 0;
  for (const py::handle& cost : state[4].cast<py::list>())
    problem.set_option_cost(option++, cost.cast<std::uint64_t>());
  return problem;
}

// An option by item index, each with its colour ("" for none; `colours`
// empty when none has one): the package's options of labelled items.
int add_entries(Problem& problem, const std::vector<int>& items,
                const std::vector<std::string>& colours) {
  if (!colours.empty() && colours.size() != items.size())
    throw py::value_error("_add_entries: " + std::to_string(colours.size()) + " colours for " +
                          std::to_string(items.size()) + " items");
  std::vector<OptionEntry> entries;
  entries.reserve(items.size());
  for (std::size_t k = 0; k < items.size(); ++k) {
    const bool coloured = !colours.empty() && !colours[k].empty();
    entries.push_back({items[k], coloured ? problem.add_color(colours[k]) : 0});
  }
  return problem.add_option(std::span<const OptionEntry>(entries));
}

// The rows of a 0/1 matrix as options (Problem::add_matrix_rows): `cells`
// holds `rows` rows of one byte a column, and column c is the item
// item_of_column[c]. What the library refuses is a ValueError here, as the
// package's own checks of the matrix are.
void add_matrix_rows(Problem& problem, std::string_view cells, std::size_t rows,
                     const std::vector<int>& item_of_column) {
  try {
    problem.add_matrix_rows(
        std::span(reinterpret_cast<const std::uint8_t*>(cells.data()), cells.size()), rows,
        item_of_column);
  } catch (const ProblemError& e) {
    throw py::value_error(e.what());
  }
}

// The problem as a 0/1 matrix, an option a row and an item a column (in
// item order), one byte a cell; ValueError for what a matrix cannot hold.
py::bytes incidence(const Problem& problem) {
  for (int option = 0; option < problem.option_count(); ++option) {
    for (const OptionEntry& entry : problem.option(option))
      if (entry.color != 0)
        throw py::value_error("a 0/1 matrix holds no colours, and option " +
                              std::to_string(option) + " is '" + problem.option_text(option) + "'");
    if (problem.option_cost(option) != 0)
      throw py::value_error("a 0/1 matrix holds no costs, and option " + std::to_string(option) +
                            " costs " + std::to_string(problem.option_cost(option)));
  }
  for (int item = 0; item < problem.primary_count(); ++item) {
    const ItemBounds bounds = problem.item_bounds(item);
    if (bounds != ItemBounds{})
      throw py::value_error("a 0/1 matrix holds no multiplicities, and item '" +
                            problem.item_name(item) + "' is covered " +
                            std::to_string(bounds.lower) + " to " + std::to_string(bounds.upper) +
                            " times");
  }
  const auto columns = static_cast<std::size_t>(problem.item_count());
  std::string cells(static_cast<std::size_t>(problem.option_count()) * columns, '\0');
  for (int option = 0; option < problem.option_count(); ++option)
    for (const OptionEntry& entry : problem.option(option))
      cells[static_cast<std::size_t>(option) * columns + static_cast<std::size_t>(entry.item)] = 1;
  return py::bytes(cells);
}

}  // namespace

void bind_problem(py::module_& m) {
  // dynamic_attr: the package keeps item labels and option keys in the
  // instance's __dict__ (xcover_dlx/_problem.py).
  py::class_<Problem>(m, "Problem", py::dynamic_attr(), R"doc(
An exact-cover problem: primary items (each covered exactly once), secondary
items (at most once, or by options that agree on its colour) and options.

    p = Problem(primary=["a", "b", "c"], secondary=["x"],
                options=[["a", "b", "x:red"], ["c", "x:red"], ["a"], ["b", "c"]])
    p = Problem.from_subsets({"A": [1, 4, 7], "B": [1, 4], "C": [4, 5, 7]})
    p = Problem.from_matrix([[1, 0, 1], [0, 1, 0]])   # rows: options

An item is any hashable value: a str without blanks, ':' or '|' is also its
name in Knuth's format, and other values get a name made from them. An
option's items are items, or coloured secondary items ("x:red" or the pair
("x", "red")). Options given as a dict have keys (option_key).
)doc")
      .def(py::init(&make_problem), py::arg("primary") = py::tuple(),
           py::arg("secondary") = py::tuple(), py::arg("options") = py::tuple())
      .def_static(
          "parse_dlx",
          [](const std::string& text, const std::string& source) {
            return parse_dlx(text, source).problem;
          },
          py::arg("text"), py::arg("source") = "<string>",
          "A problem in Knuth's text format; ParseError names SOURCE:LINE when it does not read.")
      .def_static("read_dlx", &read_file, py::arg("path"),
                  "Reads a file in Knuth's text format (a str, bytes or os.PathLike path; OSError "
                  "if it cannot be opened).")
      .def("to_dlx", &to_dlx, "The problem in Knuth's text format; parse_dlx gives it back.")
      .def("add_primary", py::overload_cast<std::string, int, int>(&Problem::add_primary),
           py::arg("name"), py::arg("lower") = 1, py::arg("upper") = 1,
           "Adds a primary item (before any secondary item) and returns its index; it is\n"
           "covered between `lower` and `upper` times (Knuth's multiplicities, u:v|name).")
      .def("add_secondary", &Problem::add_secondary, py::arg("name"),
           "Adds a secondary item and returns its index.")
      .def("add_option", &add_option, py::arg("items"), "Adds an option; returns its index.")
      .def_property_readonly("item_count", &Problem::item_count)
      .def_property_readonly("primary_count", &Problem::primary_count)
      .def_property_readonly("secondary_count", &Problem::secondary_count)
      .def_property_readonly("option_count", &Problem::option_count)
      .def_property_readonly(
          "primary", [](const Problem& p) { return item_names(p, 0, p.primary_count()); },
          "The primary items' names, in order.")
      .def_property_readonly(
          "secondary",
          [](const Problem& p) { return item_names(p, p.primary_count(), p.item_count()); },
          "The secondary items' names, in order.")
      .def("item_name", &Problem::item_name, py::arg("item"),
           "An item's name in Knuth's format, as option_text and to_dlx write it.")
      .def(
          "_entries",
          [](const Problem& p, int index) {
            std::vector<std::pair<int, std::string>> entries;
            for (const OptionEntry& entry : p.option(index))
              entries.emplace_back(entry.item, entry.color ? p.color_name(entry.color) : "");
            return entries;
          },
          py::arg("index"), "An option's (item index, colour or '') pairs.")
      .def("_find_item", &Problem::find_item, py::arg("name"),
           "The index of the item of this name, or -1.")
      .def("_add_entries", &add_entries, py::arg("items"), py::arg("colours"),
           "Adds an option by item indices and colours ('' for none); returns its index.")
      .def("_add_matrix", &add_matrix_rows, py::arg("cells"), py::arg("rows"),
           py::arg("item_of_column"), "Adds a 0/1 matrix's rows as options.")
      .def("_incidence", &incidence, "The problem as a 0/1 matrix, one byte a cell.")
      .def(py::pickle(
          [](const py::object& self) {
            return py::make_tuple(problem_state(self.cast<const Problem&>()),
                                  self.attr("__dict__"));
          },
          [](const py::tuple& pickled) {
            if (pickled.size() != 2) throw py::value_error("not a pickled xcover_dlx.Problem");
            return std::make_pair(problem_from_state(pickled[0].cast<py::tuple>()),
                                  pickled[1].cast<py::dict>());
          }))
      .def(
          "option", [](const Problem& p, int index) { return option_tokens(p, index); },
          py::arg("index"), "An option's items as tokens, e.g. ['a', 'x:red'].")
      .def("option_text", &Problem::option_text, py::arg("index"),
           "An option as a line of Knuth's format, e.g. 'a x:red'.")
      .def(
          "item_bounds",
          [](const Problem& p, int item) {
            const ItemBounds b = p.item_bounds(item);
            return py::make_tuple(b.lower, b.upper);
          },
          py::arg("item"),
          "(lower, upper): how many times a primary item is covered (Knuth's DLX3).")
      .def_property_readonly("has_multiplicities", &Problem::has_multiplicities)
      .def("set_option_cost", &Problem::set_option_cost, py::arg("option"), py::arg("cost"),
           "Sets an option's cost (Knuth's DLX5 '|n'), an int of 0 or more.")
      .def("option_cost", &Problem::option_cost, py::arg("option"))
      .def_property_readonly("has_costs", &Problem::has_costs)
      .def(
          "__eq__", [](const Problem& a, const Problem& b) { return a == b; }, py::is_operator())
      .def("__repr__", [](const Problem& p) {
        std::ostringstream out;
        out << "<xcover_dlx.Problem: " << p.primary_count() << " primary and "
            << p.secondary_count() << " secondary items, " << p.option_count() << " options>";
        return out.str();
      });
}

}  // namespace xcover::python
