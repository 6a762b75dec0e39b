// SPDX-License-Identifier: MIT
// The batch runner. Puzzles live in a ring of `window` slots, numbered by
// their place in the input: the caller fills slot `added`, the workers take
// published slots in runs of `run_length`, and the caller hands back slot
// `delivered` once it is done. So the caller alone touches the callback and
// the ring's ends, and a worker touches only the slots it took.
//
// The caller is one of the workers: while it waits for room in the window,
// or in flush(), it solves the next run itself (so with one thread nothing
// else runs), and it only sleeps when every published puzzle is taken.
#include "xcover/puzzles/sudoku_batch.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace xcover {

namespace {

using Clock = std::chrono::steady_clock;

// Puzzles a worker takes at a time: few enough that the threads end a
// window together, enough that taking them costs nothing beside solving.
constexpr std::uint64_t run_length = 16;

}  // namespace

const char* to_string(SudokuBatchStatus status) {
  switch (status) {
    case SudokuBatchStatus::solved:
      return "solved";
    case SudokuBatchStatus::no_solution:
      return "no solution";
    case SudokuBatchStatus::invalid:
      return "invalid";
    case SudokuBatchStatus::node_limit:
      return "node limit";
  }
  return "?";
}

const char* to_string(SudokuBatchStop stop) {
  switch (stop) {
    case SudokuBatchStop::none:
      return "none";
    case SudokuBatchStop::cancelled:
      return "cancelled";
    case SudokuBatchStop::time_limit:
      return "time limit";
    case SudokuBatchStop::callback:
      return "callback";
  }
  return "?";
}

struct SudokuBatch::Impl {
  struct Slot {
    std::string text;
    SudokuBatchResult result;
    // Solved and its result written; false also when a stop cut it short.
    std::atomic<bool> done{false};
  };

  // What a thread keeps from puzzle to puzzle.
  struct Worker {
    std::array<std::unique_ptr<SudokuSolver>, 4> solvers;  // box sizes 2..5
    SudokuGrid puzzle;
  };

  SudokuBatchOptions options;
  Callback callback;
  Clock::time_point deadline;
  std::vector<Slot> slots;
  std::vector<Worker> workers;  // workers[0] is the caller's
  std::vector<std::thread> threads;

  std::mutex mutex;
  std::condition_variable work_ready;  // for the threads: published > taken
  std::condition_variable slot_done;   // for the caller, waiting on `delivered`
  bool caller_waiting = false;         // guarded by mutex
  bool closing = false;                // guarded by mutex
  std::uint64_t published = 0;         // guarded by mutex: slots the workers may take
  std::uint64_t taken = 0;             // guarded by mutex
  std::atomic<SudokuBatchStop> stop{SudokuBatchStop::none};

  // The caller's own.
  std::uint64_t added = 0;
  std::atomic<std::uint64_t> delivered{0};

  Impl(const SudokuBatchOptions& batch_options, Callback batch_callback)
      : options(batch_options), callback(std::move(batch_callback)) {
    if (options.threads == 0) options.threads = std::max(1u, std::thread::hardware_concurrency());
    options.window = std::max<std::size_t>(options.window, 1);
    deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(options.time_limit));
    slots = std::vector<Slot>(options.window);
    workers.resize(options.threads);
    for (unsigned t = 1; t < options.threads; ++t) threads.emplace_back([this, t] { serve(t); });
  }

  ~Impl() {
    {
      std::lock_guard lock(mutex);
      closing = true;
    }
    work_ready.notify_all();
    for (std::thread& thread : threads) thread.join();
  }

  Slot& slot(std::uint64_t index) { return slots[index % slots.size()]; }

  // Notes why the batch stops, unless it already has a reason.
  void stop_for(SudokuBatchStop reason) {
    SudokuBatchStop none = SudokuBatchStop::none;
    stop.compare_exchange_strong(none, reason);
  }

  // Whether a cancellation or the time limit stops the batch now.
  bool must_stop() {
    if (stop.load(std::memory_order_relaxed) != SudokuBatchStop::none) return true;
    if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed)) {
      stop_for(SudokuBatchStop::cancelled);
      return true;
    }
    if (options.time_limit > 0 && Clock::now() >= deadline) {
      stop_for(SudokuBatchStop::time_limit);
      return true;
    }
    return false;
  }

  SudokuSolver& solver_for(Worker& worker, int box) {
    std::unique_ptr<SudokuSolver>& solver = worker.solvers[box - 2];
    if (!solver) {
      solver = std::make_unique<SudokuSolver>(box);
      solver->search_options().cancel = options.cancel;
      solver->search_options().node_limit = options.node_limit;
    }
    return *solver;
  }

  static void invalid(SudokuBatchResult& result, std::string reason) {
    result.status = SudokuBatchStatus::invalid;
    result.error = std::move(reason);
  }

  // Solves one puzzle into its slot; false when a stop cut it short.
  bool solve(Worker& worker, Slot& slot) {
    SudokuBatchResult& result = slot.result;
    result.solutions = 0;
    result.nodes = 0;
    result.error.clear();
    if (!parse_sudoku(slot.text, worker.puzzle, result.error)) {
      result.status = SudokuBatchStatus::invalid;
      return true;
    }
    if (options.keep_solution) result.puzzle = worker.puzzle;
    SudokuSolver& solver = solver_for(worker, worker.puzzle.box());
    if (options.time_limit > 0) {
      const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
      if (left <= 0) return false;
      solver.search_options().time_limit = left;
    }
    const SudokuResult found = options.keep_solution
                                   ? solver.solve(worker.puzzle, result.solution, options.limit)
                                   : solver.count_result(worker.puzzle, options.limit);
    if (found.status == SudokuStatus::invalid) {
      std::string conflict = find_conflict(worker.puzzle);
      if (!conflict.empty()) {
        invalid(result, std::move(conflict));
        return true;
      }
      result.status = SudokuBatchStatus::no_solution;  // unreachable: a conflict is named
      return true;
    }
    if (found.status == SudokuStatus::stopped && must_stop()) return false;
    result.solutions = found.solutions;
    result.nodes = solver.statistics().nodes.saturate64();
    switch (found.status) {
      case SudokuStatus::solved:
        result.status = SudokuBatchStatus::solved;
        break;
      case SudokuStatus::stopped:
        result.status = SudokuBatchStatus::node_limit;
        break;
      default:
        result.status = SudokuBatchStatus::no_solution;
        break;
    }
    return true;
  }

  // Solves slots [begin, end) with `worker`; an exception becomes the
  // puzzle's error, as a malformed line's does.
  void solve_run(Worker& worker, std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t index = begin; index < end; ++index) {
      if (must_stop()) return;
      Slot& current = slot(index);
      bool finished;
      try {
        finished = solve(worker, current);
      } catch (const std::exception& e) {
        invalid(current.result, std::string("internal error: ") + e.what());
        finished = true;
      }
      if (!finished) return;
      current.done.store(true, std::memory_order_release);
    }
  }

  // Takes the next run of published slots; false when there is none.
  // Called with the mutex held.
  bool take(std::uint64_t& begin, std::uint64_t& end) {
    if (taken == published || stop.load(std::memory_order_relaxed) != SudokuBatchStop::none)
      return false;
    begin = taken;
    end = std::min(published, taken + run_length);
    taken = end;
    return true;
  }

  // A thread of the pool: takes runs until the batch closes.
  void serve(unsigned t) {
    Worker& worker = workers[t];
    std::unique_lock lock(mutex);
    for (;;) {
      std::uint64_t begin = 0, end = 0;
      work_ready.wait(lock, [&] { return closing || take(begin, end); });
      if (closing) return;
      lock.unlock();
      solve_run(worker, begin, end);
      lock.lock();
      if (caller_waiting) slot_done.notify_one();
    }
  }

  // Lets the workers take every slot added so far.
  void publish() {
    if (published == added) return;  // only this thread changes either
    {
      std::lock_guard lock(mutex);
      published = added;
    }
    work_ready.notify_all();
  }

  // Hands back the finished slots at the front, in order. False when the
  // callback stopped the batch.
  bool deliver_ready() {
    std::uint64_t next = delivered.load(std::memory_order_relaxed);
    while (next < added) {
      Slot& front = slot(next);
      if (!front.done.load(std::memory_order_acquire)) break;
      front.done.store(false, std::memory_order_relaxed);
      front.result.index = next;
      delivered.store(++next, std::memory_order_relaxed);
      bool go_on;
      try {
        go_on = callback(front.result);
      } catch (...) {
        stop_for(SudokuBatchStop::callback);
        throw;
      }
      if (!go_on) {
        stop_for(SudokuBatchStop::callback);
        return false;
      }
    }
    return true;
  }

  // Waits, solving what it can meanwhile, until at most `pending` puzzles
  // are not yet handed back. False when the batch stopped first.
  bool drain_to(std::uint64_t pending) {
    for (;;) {
      if (!deliver_ready()) return false;
      if (added - delivered.load(std::memory_order_relaxed) <= pending) return true;
      std::unique_lock lock(mutex);
      std::uint64_t begin = 0, end = 0;
      if (take(begin, end)) {
        lock.unlock();
        solve_run(workers[0], begin, end);
        continue;
      }
      if (stop.load(std::memory_order_relaxed) != SudokuBatchStop::none) break;
      // Every published puzzle is taken: wait for the front one, or a stop.
      Slot& front = slot(delivered.load(std::memory_order_relaxed));
      caller_waiting = true;
      slot_done.wait(lock, [&] {
        return front.done.load(std::memory_order_acquire) ||
               stop.load(std::memory_order_relaxed) != SudokuBatchStop::none;
      });
      caller_waiting = false;
    }
    // A stop: hand back what was finished before it, up to the first gap.
    // The threads are still solving runs they took, which end soon (their
    // searches see the same cancellation or deadline).
    wait_for_runs();
    deliver_ready();
    return false;
  }

  // After a stop: ends the threads, once each has left its run. (A run cut
  // short leaves slots not done, so no `done` flag would say it ended.)
  void wait_for_runs() {
    std::unique_lock lock(mutex);
    closing = true;
    lock.unlock();
    work_ready.notify_all();
    for (std::thread& thread : threads) thread.join();
    threads.clear();
  }

  bool check_stop() {
    if (stop.load(std::memory_order_relaxed) != SudokuBatchStop::none) return true;
    if (must_stop()) {
      drain_to(0);
      return true;
    }
    return false;
  }

  bool add(std::string_view line) {
    if (check_stop() || !deliver_ready()) return false;
    if (added - delivered.load(std::memory_order_relaxed) >= slots.size()) {
      publish();
      if (!drain_to(slots.size() - 1)) return false;
    }
    slot(added).text.assign(line);
    ++added;
    if (added - published >= run_length) publish();
    return true;
  }

  bool flush() {
    if (check_stop()) return false;
    publish();
    return drain_to(0);
  }
};

SudokuBatch::SudokuBatch(const SudokuBatchOptions& options, Callback callback)
    : impl_(std::make_unique<Impl>(options, std::move(callback))) {}

SudokuBatch::~SudokuBatch() = default;

bool SudokuBatch::add(std::string_view line) { return impl_->add(line); }

bool SudokuBatch::flush() { return impl_->flush(); }

void SudokuBatch::prepare(int box) {
  for (Impl::Worker& worker : impl_->workers) impl_->solver_for(worker, box);
}

std::uint64_t SudokuBatch::added() const { return impl_->added; }
std::uint64_t SudokuBatch::delivered() const { return impl_->delivered.load(); }
SudokuBatchStop SudokuBatch::stopped() const { return impl_->stop.load(); }
unsigned SudokuBatch::threads() const { return impl_->options.threads; }

}  // namespace xcover
