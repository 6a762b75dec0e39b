// SPDX-License-Identifier: MIT
// The library's errors as Python exceptions, with the same messages:
// xcover_dlx.Error and, below it, ProblemError, ParseError (with .source,
// .line and .reason), SudokuError, ConfigurationError (with .variable and
// .value) and CountOverflow.
#include "bindings.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"
#include "xcover/frontend/options.hpp"
#include "xcover/problem.hpp"
#include "xcover/puzzles/sudoku.hpp"

namespace xcover::python {

void bind_errors(py::module_& m) {
  // pybind11 tries the newest translator first: the base type goes first.
  static py::exception<Error> error(m, "Error");
  error.doc() = "Base of every error the engine raises; str() is the message.";
  static py::exception<ProblemError> problem_error(m, "ProblemError", error.ptr());
  problem_error.doc() = "A call that would make an invalid problem, or an index it does not have.";
  static py::exception<SudokuError> sudoku_error(m, "SudokuError", error.ptr());
  sudoku_error.doc() = "A malformed Sudoku puzzle or grid.";
  static py::exception<ParseError> parse_error(m, "ParseError", error.ptr());
  parse_error.doc() =
      "Knuth's format that does not read: str() is 'SOURCE:LINE: reason', and .source, "
      ".line and .reason hold the parts.";
  static py::exception<ConfigurationError> configuration_error(m, "ConfigurationError",
                                                               error.ptr());
  configuration_error.doc() =
      "An environment variable the engine reads (XCOVER_KERNELS) set to a value it cannot "
      "follow: str() is 'VARIABLE=VALUE: reason', and .variable and .value hold the parts.";
  static py::exception<CountOverflow> count_overflow(m, "CountOverflow", error.ptr());
  count_overflow.doc() =
      "A count of solutions past 2^128 - 1, which a memoised count stops at rather than wrap.";
  py::register_exception_translator([](std::exception_ptr failure) {
    try {
      if (failure) std::rethrow_exception(failure);
    } catch (const frontend::OptionError& e) {
      // An option given a value it does not take, or with one it does not
      // go with: a ValueError, as for any bad argument.
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const Error& e) {
      PyObject* type = error.ptr();
      if (dynamic_cast<const ParseError*>(&e))
        type = parse_error.ptr();
      else if (dynamic_cast<const ProblemError*>(&e))
        type = problem_error.ptr();
      else if (dynamic_cast<const SudokuError*>(&e))
        type = sudoku_error.ptr();
      else if (dynamic_cast<const ConfigurationError*>(&e))
        type = configuration_error.ptr();
      else if (dynamic_cast<const CountOverflow*>(&e))
        type = count_overflow.ptr();
      py::object instance = py::reinterpret_borrow<py::object>(type)(e.what());
      if (const auto* parse = dynamic_cast<const ParseError*>(&e)) {
        instance.attr("source") = parse->source();
        instance.attr("line") = parse->line();
        instance.attr("reason") = parse->reason();
      }
      if (const auto* configuration = dynamic_cast<const ConfigurationError*>(&e)) {
        instance.attr("variable") = configuration->variable();
        instance.attr("value") = configuration->value();
      }
      PyErr_SetObject(type, instance.ptr());
    } catch (const py::cast_error& e) {
      // A Python value of the wrong type met a C++ parameter (pybind11 says
      // RuntimeError): a TypeError, as for a call's own arguments.
      PyErr_SetString(PyExc_TypeError, e.what());
    }
  });
}

}  // namespace xcover::python
