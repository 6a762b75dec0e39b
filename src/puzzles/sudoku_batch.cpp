// SPDX-License-Identifier: MIT
// Sudoku lines of any shape on the ordered runner (support/ordered_runner.hpp):
// each thread reads its lines with a reader of its own and keeps a solver
// per set of rules; the runner hands the results back in input order.
#include "xcover/puzzles/sudoku_batch.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "support/ordered_runner.hpp"
#include "xcover/error.hpp"
#include "xcover/threads.hpp"

namespace xcover {

namespace {

// Solvers a thread keeps: a file of killer puzzles has new rules on every
// line, so only the most recent few are kept.
constexpr std::size_t kept_solvers = 16;

}  // namespace

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
  using Runner = detail::OrderedRunner<std::string, SudokuBatchResult>;

  // What a thread keeps from puzzle to puzzle.
  struct Worker {
    SudokuReader reader;
    std::map<std::string, SudokuSolver> solvers;  // by SudokuLine::key
    SudokuLine line;
  };

  SudokuBatchOptions options;
  Callback callback;
  std::vector<Worker> workers;
  std::optional<Runner> runner;

  Impl(const SudokuBatchOptions& batch_options, Callback batch_callback)
      : options(batch_options), callback(std::move(batch_callback)) {
    if (options.threads == 0) options.threads = default_threads();
    for (unsigned t = 0; t < options.threads; ++t)
      workers.push_back(Worker{SudokuReader(options.format), {}, {}});
    detail::RunnerSettings settings;
    settings.threads = options.threads;
    settings.window = options.window;
    settings.cancel = options.cancel;
    settings.time_limit = options.time_limit;
    runner.emplace(
        settings,
        [this](unsigned t, std::string& text, SudokuBatchResult& result) {
          return solve(workers[t], text, result);
        },
        [this](std::uint64_t index, SudokuBatchResult& result) {
          result.index = index;
          return callback(result);
        });
  }

  SudokuSolver& solver_for(Worker& worker, const SudokuLine& line) {
    auto found = worker.solvers.find(line.key);
    if (found != worker.solvers.end()) return found->second;
    if (worker.solvers.size() >= kept_solvers) worker.solvers.clear();
    SudokuSolver& solver =
        worker.solvers.emplace(line.key, SudokuSolver(*line.rules)).first->second;
    solver.search_options().cancel = options.cancel;
    solver.search_options().node_limit = options.node_limit;
    return solver;
  }

  // Solves one line into its result; false when a stop cut it short. An
  // exception becomes the puzzle's error, as a malformed line's does, but
  // for running out of memory and a bad XCOVER_KERNELS (met when a solver is
  // built), which are no puzzle's fault: they end the batch.
  bool solve(Worker& worker, const std::string& text, SudokuBatchResult& result) {
    result.solutions = 0;
    result.nodes = 0;
    result.error.clear();
    result.rating.reset();
    try {
      return solve_line(worker, text, result);
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const ConfigurationError&) {
      throw;
    } catch (const std::exception& e) {
      result.status = SudokuStatus::invalid;
      result.error = e.what();
      return true;
    }
  }

  bool solve_line(Worker& worker, const std::string& text, SudokuBatchResult& result) {
    SudokuLine& line = worker.line;
    if (!worker.reader.read(text, line, result.error)) {
      result.status = SudokuStatus::invalid;
      return true;
    }
    SudokuSolver& solver = solver_for(worker, line);
    if (options.time_limit > 0) {
      // must_stop() records the stop a false return needs. The time left
      // may run out between the two calls: then the search stops at once,
      // and must_stop() below sees the deadline passed.
      if (runner->must_stop()) return false;
      solver.search_options().time_limit = std::max(runner->seconds_left(), 1e-9);
    }
    const SudokuResult found = options.keep_solution
                                   ? solver.solve(line.board, result.solution, options.limit)
                                   : solver.count(line.board, options.limit);
    if (options.keep_solution) result.puzzle = line;
    result.status = found.status;
    if (found.status == SudokuStatus::invalid) {
      result.error = line.rules->find_conflict(line.board);
      if (result.error.empty()) result.error = "the givens break a rule";
      return true;
    }
    if (found.status == SudokuStatus::stopped && runner->must_stop()) return false;
    result.solutions = found.solutions;
    result.nodes = solver.statistics().nodes.saturate64();
    if (options.rate && found.status == SudokuStatus::solved)
      result.rating = rate_sudoku(solver, line.board);
    return true;
  }
};

SudokuBatch::SudokuBatch(const SudokuBatchOptions& options, Callback callback)
    : impl_(std::make_unique<Impl>(options, std::move(callback))) {}

SudokuBatch::~SudokuBatch() = default;

bool SudokuBatch::add(std::string_view line) {
  return impl_->runner->add([line](std::string& text) { text.assign(line); });
}

bool SudokuBatch::flush() { return impl_->runner->flush(); }

void SudokuBatch::prepare(int side) {
  for (Impl::Worker& worker : impl_->workers) {
    SudokuLine line;
    std::string error;
    // An empty board of that side, read as a line would be.
    if (worker.reader.read(std::string(static_cast<std::size_t>(side) * side, '.'), line, error))
      impl_->solver_for(worker, line);
  }
}

std::uint64_t SudokuBatch::added() const { return impl_->runner->added(); }
std::uint64_t SudokuBatch::delivered() const { return impl_->runner->delivered(); }
SudokuBatchStop SudokuBatch::stopped() const {
  switch (impl_->runner->stopped()) {
    case detail::RunnerStop::none:
      return SudokuBatchStop::none;
    case detail::RunnerStop::cancelled:
      return SudokuBatchStop::cancelled;
    case detail::RunnerStop::time_limit:
      return SudokuBatchStop::time_limit;
    case detail::RunnerStop::callback:
    case detail::RunnerStop::failed:
      return SudokuBatchStop::callback;
  }
  return SudokuBatchStop::none;
}
unsigned SudokuBatch::threads() const { return impl_->runner->threads(); }

}  // namespace xcover
