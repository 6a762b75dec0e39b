// SPDX-License-Identifier: MIT
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
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

void Interrupt::watch_progress(ProgressOptions& options) {
  options.progress_seconds = 0.05;
  options.on_progress = [this](const Progress&) { poll(); };
}

void Interrupt::poll() {
  if (cancel_.load()) return;
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) {
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

SearchOptions search_options(std::uint64_t solution_limit, double time_limit,
                             std::uint64_t node_limit) {
  if (!(time_limit >= 0) || std::isinf(time_limit))
    throw py::value_error("time_limit must be a number of seconds >= 0 (0: no limit)");
  SearchOptions options;
  options.solution_limit = solution_limit;
  options.time_limit = time_limit;
  options.node_limit = node_limit;
  return options;
}

}  // namespace xcover::python
