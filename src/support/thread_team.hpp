// SPDX-License-Identifier: MIT
// The library's one way to run work on threads: a team of threads, each
// running body(k) for its own k, joined together. The ordered runner (batches
// of Sudoku lines, the generator) and ParallelSearch both start theirs here.
#pragma once

#include <thread>
#include <vector>

namespace xcover::detail {

class ThreadTeam {
 public:
  ThreadTeam() = default;
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;
  ~ThreadTeam() { join(); }

  // Starts threads running body(k) for k in [first, last). If one cannot be
  // started, `on_failure()` is called (to tell the others to stop), those
  // started are joined and the error is thrown.
  template <class Body, class OnFailure>
  void start(unsigned first, unsigned last, Body body, OnFailure on_failure) {
    try {
      for (unsigned k = first; k < last; ++k) threads_.emplace_back(body, k);
    } catch (...) {
      on_failure();
      join();
      throw;
    }
  }

  // Waits for every thread of the team to end.
  void join() {
    for (std::thread& thread : threads_) thread.join();
    threads_.clear();
  }

  bool empty() const { return threads_.empty(); }

 private:
  std::vector<std::thread> threads_;
};

}  // namespace xcover::detail
