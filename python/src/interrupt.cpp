// SPDX-License-Identifier: MIT
#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

#include "bindings.hpp"

namespace xcover::python {

Interrupt::~Interrupt() {
  if (!type_) return;
  py::gil_scoped_acquire gil;
  Py_XDECREF(type_);
  Py_XDECREF(value_);
  Py_XDECREF(trace_);
}

void Interrupt::report_progress(const py::object& callback, double interval) {
  if (!callback.is_none() && !PyCallable_Check(callback.ptr()))
    throw py::type_error("progress must be callable (it is given a Progress), not " +
                         py::repr(callback).cast<std::string>());
  frontend::checked_number(frontend::Option::progress_interval, frontend::FrontEnd::python,
                           interval, seconds_text(interval));
  progress_callback_ = callback.is_none() ? py::object() : callback;
  progress_interval_ = interval;
  next_report_ = interval;
}

void Interrupt::watch_progress(ProgressOptions& options) {
  // Signals are looked for every 50 ms; a callback due more often is
  // called as often as it asks.
  options.progress_seconds = progress_callback_ ? std::min(0.05, progress_interval_) : 0.05;
  options.on_progress = [this](const Progress& progress) { poll(&progress); };
}

void Interrupt::poll(const Progress* progress) {
  if (cancel_.load()) return;
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) {
    PyErr_Fetch(&type_, &value_, &trace_);
    cancel_ = true;
    return;
  }
  if (!progress || !progress_callback_ || progress->seconds < next_report_) return;
  next_report_ = progress->seconds + progress_interval_;
  try {
    progress_callback_(*progress);
  } catch (py::error_already_set& raised) {
    // Raised again when the search has stopped (raise_if_interrupted).
    raised.restore();
    PyErr_Fetch(&type_, &value_, &trace_);
    cancel_ = true;
  }
}

void Interrupt::raise_if_interrupted() {
  if (!type_) return;
  PyErr_Restore(type_, value_, trace_);
  type_ = value_ = trace_ = nullptr;
  cancel_ = false;
  throw py::error_already_set();
}

void run_watched(Interrupt& interrupt, const std::function<void()>& work) {
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  std::exception_ptr failure;
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        work();
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard lock(mutex);
      done = true;
      finished.notify_one();
    });
    std::unique_lock lock(mutex);
    while (!finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) {
      lock.unlock();
      interrupt.poll();
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  if (failure) std::rethrow_exception(failure);
  interrupt.raise_if_interrupted();
}

std::string seconds_text(double seconds) {
  if (std::isfinite(seconds) && seconds == std::floor(seconds) && std::abs(seconds) < 1e15)
    return std::to_string(static_cast<long long>(seconds));
  return py::repr(py::float_(seconds)).cast<std::string>();
}

SearchOptions search_options(std::uint64_t solution_limit, double time_limit,
                             std::uint64_t node_limit) {
  frontend::checked_number(frontend::Option::time_limit, frontend::FrontEnd::python, time_limit,
                           seconds_text(time_limit));
  SearchOptions options;
  options.solution_limit = solution_limit;
  options.time_limit = time_limit;
  options.node_limit = node_limit;
  return options;
}

}  // namespace xcover::python
