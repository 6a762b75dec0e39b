// SPDX-License-Identifier: MIT
// The one ordered batch runner: jobs go in one at a time, are worked on by a
// team of threads, and their results come back through a callback in the
// order the jobs went in, while more go in. Memory is a ring of `window`
// slots, so a stream of millions of jobs runs in the memory of a few
// thousand. Used by SudokuBatch (lines of every shape, rated or not) and by
// the Sudoku generator.
//
// The caller fills slot `added`, the threads take published slots in runs
// of `run_length`, and the caller hands back slot `delivered` once it is
// done; so the caller alone touches the callback and the ring's ends, and a
// thread touches only the slots it took. The caller is one of the workers
// (thread 0): while it waits for room in the window, or in flush(), it works
// on the next run itself (with one thread nothing else runs), and it only
// sleeps when every published job is taken.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "support/thread_team.hpp"

namespace xcover::detail {

// Why a runner stopped before every job added was handed back.
enum class RunnerStop { none, cancelled, time_limit, callback, failed };

struct RunnerSettings {
  unsigned threads = 1;           // the caller's among them; at least 1
  std::size_t window = 4096;      // jobs held at once
  std::uint64_t run_length = 16;  // jobs a thread takes at a time
  const std::atomic<bool>* cancel = nullptr;
  double time_limit = 0;  // seconds from construction; 0: none
};

template <class Job, class Result>
class OrderedRunner {
 public:
  using Clock = std::chrono::steady_clock;
  // work(thread, job, result): fills `result`; false when a stop (the
  // runner's must_stop()) cut it short. An exception stops the runner and
  // is thrown again from add() or flush().
  using Work = std::function<bool(unsigned, Job&, Result&)>;
  // deliver(index, result): false stops the runner.
  using Deliver = std::function<bool(std::uint64_t, Result&)>;

  OrderedRunner(const RunnerSettings& settings, Work work, Deliver deliver)
      : settings_(settings), work_(std::move(work)), deliver_(std::move(deliver)) {
    settings_.threads = std::max(1u, settings_.threads);
    settings_.window = std::max<std::size_t>(settings_.window, 1);
    settings_.run_length = std::max<std::uint64_t>(settings_.run_length, 1);
    deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(settings_.time_limit));
    slots_ = std::vector<Slot>(settings_.window);
    team_.start(
        1, settings_.threads, [this](unsigned t) { serve(t); }, [this] { close(); });
  }

  ~OrderedRunner() { close(); }
  OrderedRunner(const OrderedRunner&) = delete;
  OrderedRunner& operator=(const OrderedRunner&) = delete;

  // Queues one job, written into its slot by fill(Job&) (its storage is
  // reused), and hands back the results that are ready. False, without
  // taking the job, once the runner has stopped.
  template <class Fill>
  bool add(Fill&& fill) {
    if (check_stop() || !deliver_ready()) return false;
    if (added_ - delivered_.load(std::memory_order_relaxed) >= slots_.size()) {
      publish();
      if (!drain_to(slots_.size() - 1)) return false;
    }
    fill(slot(added_).job);
    ++added_;
    if (added_ - published_ >= settings_.run_length) publish();
    return true;
  }

  // Works every job added so far and hands back its result; false when the
  // runner stopped first. After a stop the results handed back are those of
  // the first delivered() jobs, each exactly once.
  bool flush() {
    if (check_stop()) return false;
    publish();
    return drain_to(0);
  }

  // Whether a stop (cancellation, time limit, callback, failure) has come:
  // for work() to ask while it runs.
  bool must_stop() {
    if (stop_.load(std::memory_order_relaxed) != RunnerStop::none) return true;
    if (settings_.cancel != nullptr && settings_.cancel->load(std::memory_order_relaxed)) {
      stop_for(RunnerStop::cancelled);
      return true;
    }
    if (settings_.time_limit > 0 && Clock::now() >= deadline_) {
      stop_for(RunnerStop::time_limit);
      return true;
    }
    return false;
  }

  // Seconds left before the time limit (a large number without one).
  double seconds_left() const {
    if (settings_.time_limit <= 0) return 1e300;
    return std::chrono::duration<double>(deadline_ - Clock::now()).count();
  }

  std::uint64_t added() const { return added_; }
  std::uint64_t delivered() const { return delivered_.load(); }
  RunnerStop stopped() const { return stop_.load(); }
  unsigned threads() const { return settings_.threads; }

 private:
  struct Slot {
    Job job;
    Result result;
    // Worked and its result written; false also when a stop cut it short.
    std::atomic<bool> done{false};
  };

  Slot& slot(std::uint64_t index) { return slots_[index % slots_.size()]; }

  // Notes why the runner stops, unless it already has a reason.
  void stop_for(RunnerStop reason) {
    RunnerStop none = RunnerStop::none;
    stop_.compare_exchange_strong(none, reason);
  }

  // Works slots [begin, end) on thread `t`.
  void work_run(unsigned t, std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t index = begin; index < end; ++index) {
      if (must_stop()) return;
      Slot& current = slot(index);
      try {
        if (!work_(t, current.job, current.result)) {
          // False must come with a stop that work() saw through
          // must_stop(): without one, the caller would wait for this slot
          // forever. A work function that breaks this fails the runner.
          if (stop_.load(std::memory_order_relaxed) == RunnerStop::none) {
            {
              std::lock_guard lock(mutex_);
              if (!failure_)
                failure_ = std::make_exception_ptr(
                    std::logic_error("ordered runner: a job was cut short without a stop"));
            }
            stop_for(RunnerStop::failed);
          }
          return;
        }
      } catch (...) {
        {
          std::lock_guard lock(mutex_);
          if (!failure_) failure_ = std::current_exception();
        }
        stop_for(RunnerStop::failed);
        slot_done_.notify_all();
        return;
      }
      current.done.store(true, std::memory_order_release);
    }
  }

  // Takes the next run of published slots; false when there is none.
  // Called with the mutex held.
  bool take(std::uint64_t& begin, std::uint64_t& end) {
    if (taken_ == published_ || stop_.load(std::memory_order_relaxed) != RunnerStop::none)
      return false;
    begin = taken_;
    end = std::min(published_, taken_ + settings_.run_length);
    taken_ = end;
    return true;
  }

  // A thread of the team: takes runs until the runner closes.
  void serve(unsigned t) {
    std::unique_lock lock(mutex_);
    for (;;) {
      std::uint64_t begin = 0, end = 0;
      work_ready_.wait(lock, [&] { return closing_ || take(begin, end); });
      if (closing_) return;
      lock.unlock();
      work_run(t, begin, end);
      lock.lock();
      if (caller_waiting_) slot_done_.notify_one();
    }
  }

  // Lets the threads take every slot added so far.
  void publish() {
    if (published_ == added_) return;  // only this thread changes either
    {
      std::lock_guard lock(mutex_);
      published_ = added_;
    }
    work_ready_.notify_all();
  }

  // Hands back the finished slots at the front, in order. False when the
  // callback stopped the runner.
  bool deliver_ready() {
    std::uint64_t next = delivered_.load(std::memory_order_relaxed);
    while (next < added_) {
      Slot& front = slot(next);
      if (!front.done.load(std::memory_order_acquire)) break;
      front.done.store(false, std::memory_order_relaxed);
      delivered_.store(next + 1, std::memory_order_relaxed);
      bool go_on;
      try {
        go_on = deliver_(next, front.result);
      } catch (...) {
        stop_for(RunnerStop::callback);
        throw;
      }
      ++next;
      if (!go_on) {
        stop_for(RunnerStop::callback);
        return false;
      }
    }
    return true;
  }

  // Waits, working meanwhile, until at most `pending` jobs are not yet
  // handed back. False when the runner stopped first.
  bool drain_to(std::uint64_t pending) {
    for (;;) {
      if (!deliver_ready()) return false;
      if (added_ - delivered_.load(std::memory_order_relaxed) <= pending) return true;
      std::unique_lock lock(mutex_);
      std::uint64_t begin = 0, end = 0;
      if (take(begin, end)) {
        lock.unlock();
        work_run(0, begin, end);
        continue;
      }
      if (stop_.load(std::memory_order_relaxed) != RunnerStop::none) break;
      // Every published job is taken: wait for the front one, or a stop.
      Slot& front = slot(delivered_.load(std::memory_order_relaxed));
      caller_waiting_ = true;
      slot_done_.wait(lock, [&] {
        return front.done.load(std::memory_order_acquire) ||
               stop_.load(std::memory_order_relaxed) != RunnerStop::none;
      });
      caller_waiting_ = false;
    }
    // A stop: hand back what was finished before it, up to the first gap.
    // The threads are still in runs they took, which end soon (their work
    // sees the same stop).
    close();
    if (failure_) std::rethrow_exception(failure_);
    deliver_ready();
    return false;
  }

  // Ends the threads, once each has left its run.
  void close() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    work_ready_.notify_all();
    team_.join();
  }

  bool check_stop() {
    if (stop_.load(std::memory_order_relaxed) != RunnerStop::none) {
      close();
      if (failure_) std::rethrow_exception(failure_);
      return true;
    }
    if (must_stop()) {
      drain_to(0);
      return true;
    }
    return false;
  }

  RunnerSettings settings_;
  Work work_;
  Deliver deliver_;
  Clock::time_point deadline_;
  std::vector<Slot> slots_;

  std::mutex mutex_;
  std::condition_variable work_ready_;  // for the threads: published > taken
  std::condition_variable slot_done_;   // for the caller, waiting on `delivered`
  bool caller_waiting_ = false;         // guarded by mutex_
  bool closing_ = false;                // guarded by mutex_
  std::uint64_t published_ = 0;         // guarded by mutex_: slots the threads may take
  std::uint64_t taken_ = 0;             // guarded by mutex_
  std::atomic<RunnerStop> stop_{RunnerStop::none};
  std::exception_ptr failure_;  // guarded by mutex_ until the threads are joined

  // The caller's own.
  std::uint64_t added_ = 0;
  std::atomic<std::uint64_t> delivered_{0};

  ThreadTeam team_;  // last: its threads end before the members above go
};

}  // namespace xcover::detail
