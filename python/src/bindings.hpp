// SPDX-License-Identifier: MIT
// What the binding files share: each binds one part of the library into the
// module `xcover_dlx._core`, and every search runs through run_search() so
// that it releases the GIL and answers Ctrl-C the same way.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>

#include "xcover/count.hpp"
#include "xcover/frontend/options.hpp"
#include "xcover/solver.hpp"

namespace xcover::polyform {
enum class Lattice;  // xcover/puzzles/polyform.hpp
}  // namespace xcover::polyform

namespace xcover::python {
// The Python class of a library enum (Status, Layout, Kernels): a real
// enum.Enum made by bind_enums() (enums.cpp), which must run before any
// binding names one of them (a default argument is converted when bound).
template <typename E>
pybind11::handle enum_class();
}  // namespace xcover::python

// Counts (128 bits) are Python ints, in both directions.
namespace pybind11::detail {
template <>
struct type_caster<xcover::Count> {
  PYBIND11_TYPE_CASTER(xcover::Count, const_name("int"));
  bool load(handle source, bool) {
    if (!source || !PyLong_Check(source.ptr())) return false;
    const std::string digits = str(source);
    const std::optional<xcover::Count> parsed = xcover::parse_count(digits);
    if (!parsed) return false;
    value = *parsed;
    return true;
  }
  static handle cast(xcover::Count count, return_value_policy, handle) {
    return PyLong_FromString(xcover::to_string(count).c_str(), nullptr, 10);
  }
};

// Status, Layout and Kernels are members of their enum.Enum class, in both
// directions: anything else is a TypeError.
#define XCOVER_ENUM_CASTER(E, name)                                          \
  template <>                                                                \
  struct type_caster<E> {                                                    \
    PYBIND11_TYPE_CASTER(E, const_name(name));                               \
    bool load(handle source, bool) {                                         \
      const handle type = xcover::python::enum_class<E>();                   \
      if (!source || !isinstance(source, type)) return false;                \
      value = static_cast<E>(source.attr("value").cast<int>());              \
      return true;                                                           \
    }                                                                        \
    static handle cast(E e, return_value_policy, handle) {                   \
      return xcover::python::enum_class<E>()(static_cast<int>(e)).release(); \
    }                                                                        \
  };
XCOVER_ENUM_CASTER(xcover::Status, "Status")
XCOVER_ENUM_CASTER(xcover::Kernels, "Kernels")
#undef XCOVER_ENUM_CASTER

// A layout is a member of Layout or its name as a str, from the library's
// one table (xcover/frontend/names.hpp: 'auto', 'counted-bitsets', ...; the
// old 'automatic' and 'counted_bitsets' too): another str is a ValueError
// naming the layouts, another type a TypeError.
template <>
struct type_caster<xcover::Layout> {
  PYBIND11_TYPE_CASTER(xcover::Layout, const_name("Layout"));
  bool load(handle source, bool);
  static handle cast(xcover::Layout layout, return_value_policy, handle) {
    return xcover::python::enum_class<xcover::Layout>()(static_cast<int>(layout)).release();
  }
};

// A lattice is a member of xcover_dlx.polyform.Lattice or its name as a str
// ("square", "triangle", "hex", "cube"; also "triangular", "hexagonal",
// "cubic"): another str is a ValueError, another type a TypeError.
template <>
struct type_caster<xcover::polyform::Lattice> {
  PYBIND11_TYPE_CASTER(xcover::polyform::Lattice, const_name("Lattice"));
  bool load(handle source, bool);
  static handle cast(xcover::polyform::Lattice lattice, return_value_policy, handle);
};
}  // namespace pybind11::detail

namespace xcover::python {

namespace py = pybind11;

void bind_errors(py::module_& m);
void bind_enums(py::module_& m);
void bind_problem(py::module_& m);
void bind_search(py::module_& m);
void bind_reduce(py::module_& m);
void bind_sudoku(py::module_& m);
void bind_sudoku_rules(py::module_& m);
void bind_queens_langford(py::module_& m);
void bind_polyomino(py::module_& m);
void bind_lattice(py::module_& m);  // into the polyform submodule, before bind_polyform
void bind_polyform(py::module_& m);
void bind_polyform_files(py::module_& m);
void bind_zdd(py::module_& m);

// Python's side of a running search: Ctrl-C, and the caller's progress
// callback. The search runs without the GIL, so Python's signal handler only
// notes the signal; this checks for it from the search's progress callback
// (every 50 ms) and cancels the search when Python has an exception to
// raise: the signal's, or one the caller's callback raised.
class Interrupt {
 public:
  Interrupt() = default;
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;
  ~Interrupt();

  // Makes `options` check for signals (and cancel through this object).
  // The object must outlive every search that uses the options.
  void watch(SearchOptions& options) { watch_progress(options), watch_stop(options); }
  void watch(CheapestOptions& options) { watch_progress(options), watch_stop(options); }
  // estimate() reports no progress: Ctrl-C is seen when it returns.
  void watch(EstimateOptions& options) { watch_stop(options); }
  // With the GIL held, after the search: raises what the signal handler
  // raised (KeyboardInterrupt for Ctrl-C), if anything.
  void raise_if_interrupted();
  bool interrupted() const { return type_ != nullptr; }
  // Takes the GIL and looks for a signal now; with `progress`, calls the
  // caller's callback too when it is due.
  void poll(const Progress* progress = nullptr);
  // Calls `callback` (a Python callable, or None for none) with a Progress
  // every `interval` seconds of the searches this object watches from now
  // on. TypeError for a callback that cannot be called, ValueError for an
  // interval that is not a number of seconds > 0.
  void report_progress(const py::object& callback, double interval);
  void watch_stop(StopOptions& options) { options.cancel = &cancel_; }
  void watch_progress(ProgressOptions& options);
  // The flag a search cancelled by this object watches.
  const std::atomic<bool>* cancel_flag() const { return &cancel_; }

 private:
  std::atomic<bool> cancel_{false};
  py::object progress_callback_;  // None or empty: no callback
  double progress_interval_ = 0;
  double next_report_ = 0;  // the search's seconds at which to call it again
  PyObject* type_ = nullptr;
  PyObject* value_ = nullptr;
  PyObject* trace_ = nullptr;
};

// Runs `search` with the GIL released and Ctrl-C watched through
// `interrupt` (already given to the search's options), then raises the
// interruption if there was one.
template <typename Search>
auto run_search(Interrupt& interrupt, Search&& search) {
  auto result = [&] {
    py::gil_scoped_release release;
    return search();
  }();
  interrupt.raise_if_interrupted();
  return result;
}

// Runs `work` on another thread while this one (the caller, with the GIL
// released) looks for Ctrl-C every 50 ms: for work whose searches give no
// progress callback on the caller's thread. `work` must stop soon after
// *interrupt.cancel_flag() becomes true. Rethrows what `work` threw, then
// raises the interruption if there was one.
void run_watched(Interrupt& interrupt, const std::function<void()>& work);

// A number the caller gives that counts something (a limit, threads,
// probes, a seed): a Python int from 0 to T's largest, else ValueError
// naming `what`. (A parameter of this type takes any int, so that the
// caller gets this message rather than pybind11's list of overloads; a
// value of another type is still a TypeError.)
template <typename T>
T counted(const py::int_& value, const char* what) {
  static_assert(std::is_unsigned_v<T> && sizeof(T) <= sizeof(unsigned long long));
  if (PyObject_RichCompareBool(value.ptr(), py::int_(0).ptr(), Py_LT) == 1)
    throw py::value_error(std::string(what) + " must be 0 or more, not " +
                          py::repr(value).cast<std::string>());
  const unsigned long long got = PyLong_AsUnsignedLongLong(value.ptr());
  if (got == static_cast<unsigned long long>(-1) && PyErr_Occurred())
    PyErr_Clear();
  else if (got <= std::numeric_limits<T>::max())
    return static_cast<T>(got);
  throw py::value_error(std::string(what) + " must be at most " +
                        std::to_string(std::numeric_limits<T>::max()) + ", not " +
                        py::repr(value).cast<std::string>());
}

// A number given to `option`, a row of the library's option table (limit,
// node_limit, seed, threads): a Python int the table's checks take (0 to T's
// largest; threads to frontend::max_threads), else ValueError with the
// table's message, the CLI's and JavaScript's in Python's spelling:
// "limit must be a whole number (0 or more), not '-1'".
template <typename T>
T counted(const py::int_& value, frontend::Option option) {
  static_assert(std::is_unsigned_v<T> && sizeof(T) <= sizeof(unsigned long long));
  const std::string given = py::repr(value).cast<std::string>();  // (an int: its digits)
  if (PyObject_RichCompareBool(value.ptr(), py::int_(0).ptr(), Py_LT) == 1)
    frontend::refuse_value(option, frontend::FrontEnd::python, given);
  const unsigned long long got = PyLong_AsUnsignedLongLong(value.ptr());
  if (got == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
  } else if (got <= std::numeric_limits<T>::max()) {
    if (frontend::spec(option).kind == frontend::OptionKind::threads)
      frontend::checked_number(option, frontend::FrontEnd::python, static_cast<double>(got), given);
    return static_cast<T>(got);
  }
  frontend::refuse_value(option, frontend::FrontEnd::python, given);
}

// The limits and tree options (propagate, item_choice, seed) of a search of
// `problem` on the automatic layout, a Tiling's: checked as a Problem's
// search checks them, with the option table's messages.
SearchOptions tree_search_options(const Problem& problem, const py::int_& limit, double time_limit,
                                  const py::int_& node_limit, bool propagate,
                                  const py::object& item_choice, const py::int_& seed);

// A number of seconds as a message quotes it, as the CLI and JavaScript
// would: -1 (not -1.0) for a whole number, else Python's repr (1.5, inf, nan).
std::string seconds_text(double seconds);

// A CountResult (search.cpp's), for counts made by a puzzle's own search.
// `assemblies`: a count of a tiling's assemblies that come apart, the
// assemblies met.
py::object count_result(Count solutions, Status status, const Statistics& statistics,
                        std::optional<std::uint64_t> assemblies = std::nullopt);

// Limits given as keyword arguments, as SearchOptions. Raises ValueError for
// a negative time limit.
SearchOptions search_options(std::uint64_t solution_limit, double time_limit,
                             std::uint64_t node_limit);

}  // namespace xcover::python
