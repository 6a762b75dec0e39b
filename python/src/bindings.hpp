// SPDX-License-Identifier: MIT
// What the binding files share: each binds one part of the library into the
// module `xcover_dlx._core`, and every search runs through run_search() so
// that it releases the GIL and answers Ctrl-C the same way.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <functional>

#include "xcover/count.hpp"
#include "xcover/solver.hpp"

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
}  // namespace pybind11::detail

namespace xcover::python {

namespace py = pybind11;

void bind_errors(py::module_& m);
void bind_problem(py::module_& m);
void bind_search(py::module_& m);
void bind_reduce(py::module_& m);
void bind_sudoku(py::module_& m);
void bind_sudoku_rules(py::module_& m);

// Ctrl-C during a search. The search runs without the GIL, so Python's
// signal handler only notes the signal; this checks for it from the search's
// progress callback (on the thread that called the search, every 50 ms) and
// cancels the search when Python has an exception to raise.
class Interrupt {
 public:
  Interrupt() = default;
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;
  ~Interrupt();

  // Makes `options` check for signals (and cancel through this object).
  // The object must outlive every search that uses the options.
  void watch(SearchOptions& options);
  // With the GIL held, after the search: raises what the signal handler
  // raised (KeyboardInterrupt for Ctrl-C), if anything.
  void raise_if_interrupted();
  bool interrupted() const { return type_ != nullptr; }
  // Takes the GIL and looks for a signal now.
  void poll();
  // The flag a search cancelled by this object watches.
  const std::atomic<bool>* cancel_flag() const { return &cancel_; }

 private:
  std::atomic<bool> cancel_{false};
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

// Limits given as keyword arguments, as SearchOptions. Raises ValueError for
// a negative time limit.
SearchOptions search_options(std::uint64_t solution_limit, double time_limit,
                             std::uint64_t node_limit);

}  // namespace xcover::python
