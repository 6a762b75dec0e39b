// Many workers, one count. The calling thread coordinates: it cuts the first
// pieces, watches limits, cancellation, checkpoints and progress, and pauses
// the workers by asking them to yield, which puts all their remaining work
// back into the queue as pieces. Each worker owns a Solver.
#include "xcover/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "xcover/dlx_format.hpp"

namespace xcover {

std::uint64_t fingerprint(const Problem& problem) {
  // FNV-1a over the text form: items, kinds, options and colour names.
  std::uint64_t hash = 14695981039346656037ull;
  auto mix = [&](std::string_view text) {
    for (unsigned char c : text) {
      hash ^= c;
      hash *= 1099511628211ull;
    }
    hash ^= 0xff;
    hash *= 1099511628211ull;
  };
  for (int i = 0; i < problem.item_count(); ++i) {
    mix(problem.item_name(i));
    mix(problem.is_primary(i) ? "p" : "s");
  }
  for (int k = 0; k < problem.option_count(); ++k) mix(problem.option_text(k));
  return hash;
}

std::vector<WorkPiece> cut_into_pieces(const Problem& problem, std::size_t target,
                                       double* dead_weight) {
  // Each split replaces a piece by one piece per option of the item the
  // search would branch on there.
  // Each piece keeps its path (the rank of each forced option among its
  // level's choices), so that the pieces can be put in the search's order.
  struct Cut {
    WorkPiece piece;
    std::vector<std::size_t> path;
  };
  Solver solver(problem);
  std::deque<Cut> frontier{Cut{WorkPiece{{}, 1.0}, {}}};
  std::vector<Cut> cuts;  // those that cannot be split: solutions
  while (!frontier.empty() && frontier.size() + cuts.size() < target) {
    Cut cut = std::move(frontier.front());
    frontier.pop_front();
    for (int option : cut.piece.forced) solver.assume(option);
    const Branching branching = solver.branching();
    solver.clear_assumptions();
    if (branching.solved) {
      cuts.push_back(std::move(cut));  // one solution: a worker reports it
    } else if (branching.options.empty()) {
      if (dead_weight) *dead_weight += cut.piece.weight;
    } else {
      const double weight = cut.piece.weight / static_cast<double>(branching.options.size());
      for (std::size_t k = 0; k < branching.options.size(); ++k) {
        Cut child{WorkPiece{cut.piece.forced, weight}, cut.path};
        child.piece.forced.push_back(branching.options[k]);
        child.path.push_back(k);
        frontier.push_back(std::move(child));
      }
    }
  }
  cuts.insert(cuts.end(), std::make_move_iterator(frontier.begin()),
              std::make_move_iterator(frontier.end()));
  std::sort(cuts.begin(), cuts.end(), [](const Cut& a, const Cut& b) { return a.path < b.path; });
  std::vector<WorkPiece> pieces;
  pieces.reserve(cuts.size());
  for (Cut& cut : cuts) pieces.push_back(std::move(cut.piece));
  return pieces;
}

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// What one worker is doing, for progress reports between pieces.
struct WorkerState {
  std::atomic<bool> share{false};
  std::atomic<std::uint64_t> nodes{0};  // in the current piece so far
  std::atomic<double> done{0};          // of the whole tree, in the current piece
};

}  // namespace

struct ParallelSearch::Impl {
  const Problem* problem;
  ParallelOptions options;
  unsigned threads;

  std::mutex mutex;
  std::condition_variable wake;
  std::deque<WorkPiece> queue;
  unsigned busy = 0;      // workers running a piece
  bool pause = false;     // workers must not start pieces
  bool finished = false;  // workers must leave
  Checkpoint totals;      // finished part (solutions, nodes, updates, done)
  bool resumed = false;

  std::atomic<bool> yield{false};  // running pieces hand back their work
  std::atomic<bool> stop{false};   // running pieces end at once (limits met)
  std::vector<std::unique_ptr<WorkerState>> workers;

  std::mutex visit_mutex;
  std::uint64_t visited = 0;
  bool visitor_stopped = false;
  bool limit_reached = false;
  std::exception_ptr failure;

  Statistics stats;

  Impl(const Problem& p, ParallelOptions o) : problem(&p), options(std::move(o)) {
    threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    totals.fingerprint = fingerprint(p);
  }

  void first_cut();
  void work(unsigned id, const Visitor& visit);
  void run_piece(Solver& solver, const WorkPiece& piece, unsigned id, const Visitor& visit);
  bool all_quiet() const { return busy == 0; }
  Checkpoint snapshot(double elapsed) const {
    Checkpoint c = totals;
    c.seconds += elapsed;
    c.pending.assign(queue.begin(), queue.end());
    return c;
  }
  Progress progress(double elapsed);
  Status run_ordered(const Visitor& visit);
};

void ParallelSearch::Impl::first_cut() {
  std::vector<WorkPiece> pieces = cut_into_pieces(
      *problem, std::max<std::size_t>(1, threads * options.pieces_per_thread), &totals.done);
  // The biggest pieces first, so that the last to finish are small.
  std::stable_sort(pieces.begin(), pieces.end(),
                   [](const WorkPiece& a, const WorkPiece& b) { return a.weight > b.weight; });
  queue.assign(pieces.begin(), pieces.end());
}

void ParallelSearch::Impl::run_piece(Solver& solver, const WorkPiece& piece, unsigned id,
                                     const Visitor& visit) {
  WorkerState& me = *workers[id];
  for (int option : piece.forced) solver.assume(option);
  double given = 0;
  SearchOptions o;
  o.cancel = &stop;
  o.random_seed = options.search.random_seed;
  o.propagate = options.search.propagate;
  o.share_request = &me.share;
  o.yield_request = &yield;
  o.on_split = [&](std::span<const int> forced, double share) {
    const double weight = piece.weight * share;
    given += weight;
    {
      std::lock_guard lock(mutex);
      queue.push_back(WorkPiece{std::vector<int>(forced.begin(), forced.end()), weight});
    }
    wake.notify_all();
  };
  o.progress_nodes = 4096;
  o.on_progress = [&](const Progress& p) {
    me.nodes.store(p.nodes, std::memory_order_relaxed);
    me.done.store(std::min(piece.weight * p.fraction_done, piece.weight - given),
                  std::memory_order_relaxed);
  };
  Visitor counted;
  const std::uint64_t limit = options.search.solution_limit;
  if (visit || limit) {
    counted = [&](const Solution& s) {
      std::lock_guard lock(visit_mutex);
      if (stop.load()) return false;
      ++visited;
      if (visit && !visit(s)) {
        visitor_stopped = true;
        stop = true;
        return false;
      }
      if (limit && visited >= limit) {
        limit_reached = true;
        stop = true;
        return false;
      }
      return true;
    };
  }
  const Status status = solver.search(counted, o);
  solver.clear_assumptions();
  const Statistics& s = solver.statistics();
  {
    std::lock_guard lock(mutex);
    totals.nodes += s.nodes;
    totals.updates += s.updates;
    totals.solutions += s.solutions;
    // What was not given away is done, unless the search was cut short.
    if (status == Status::exhausted || status == Status::yielded)
      totals.done += piece.weight - given;
    me.nodes = 0;
    me.done = 0;
    --busy;
  }
  wake.notify_all();
}

void ParallelSearch::Impl::work(unsigned id, const Visitor& visit) {
  Solver solver(*problem, options.layout);
  for (;;) {
    WorkPiece piece;
    {
      std::unique_lock lock(mutex);
      for (;;) {
        if (finished) return;
        if (!pause && !queue.empty()) {
          // The oldest pieces are the biggest: take them first.
          piece = std::move(queue.front());
          queue.pop_front();
          ++busy;
          break;
        }
        if (!pause && busy == 0) {
          finished = true;  // no work left anywhere
          wake.notify_all();
          return;
        }
        if (!pause) {
          for (auto& w : workers) w->share = true;  // ask the busy ones to share
        }
        wake.wait(lock);
      }
    }
    try {
      run_piece(solver, piece, id, visit);
    } catch (...) {
      // Most likely the visitor threw: stop everything and rethrow in run().
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
      --busy;
      wake.notify_all();
    }
  }
}

Progress ParallelSearch::Impl::progress(double elapsed) {
  Progress p;
  std::lock_guard lock(mutex);
  p.nodes = totals.nodes;
  p.updates = totals.updates;
  p.solutions = totals.solutions;
  p.fraction_done = totals.done;
  for (const auto& w : workers) {
    p.nodes += w->nodes.load(std::memory_order_relaxed);
    p.fraction_done += w->done.load(std::memory_order_relaxed);
  }
  {
    std::lock_guard visits(visit_mutex);
    p.solutions = std::max(p.solutions, visited);
  }
  p.fraction_done = std::clamp(p.fraction_done, 0.0, 1.0);
  p.seconds = totals.seconds + elapsed;
  return p;
}

ParallelSearch::ParallelSearch(const Problem& problem, ParallelOptions options)
    : impl_(std::make_unique<Impl>(problem, std::move(options))) {}
ParallelSearch::~ParallelSearch() = default;

void ParallelSearch::resume(const Checkpoint& checkpoint) {
  if (checkpoint.fingerprint != impl_->totals.fingerprint)
    throw std::invalid_argument("the checkpoint was written for a different problem");
  for (const WorkPiece& piece : checkpoint.pending) {
    for (int option : piece.forced) {
      if (option < 0 || option >= impl_->problem->option_count())
        throw std::invalid_argument("the checkpoint names option " + std::to_string(option) +
                                    ", which the problem does not have");
    }
  }
  impl_->totals = checkpoint;
  impl_->totals.pending.clear();
  impl_->queue.assign(checkpoint.pending.begin(), checkpoint.pending.end());
  impl_->resumed = true;
}

// --ordered: the pieces of the first cut, in the search's order, are solved
// by the workers (biggest first) into buffers, and the calling thread hands
// their solutions to the visitor piece by piece, in order. No sharing, so
// the balance rests on the first cut; no checkpoints.
Status ParallelSearch::Impl::run_ordered(const Visitor& visit) {
  const Clock::time_point start = Clock::now();
  const std::vector<WorkPiece> pieces = cut_into_pieces(
      *problem, std::max<std::size_t>(1, threads * options.pieces_per_thread), &totals.done);
  std::vector<std::size_t> by_size(pieces.size());
  for (std::size_t k = 0; k < by_size.size(); ++k) by_size[k] = k;
  std::stable_sort(by_size.begin(), by_size.end(), [&](std::size_t a, std::size_t b) {
    return pieces[a].weight > pieces[b].weight;
  });
  std::vector<std::vector<std::vector<int>>> found(pieces.size());
  std::vector<char> finished_piece(pieces.size(), 0);
  std::atomic<std::size_t> next{0};

  auto solve = [&] {
    Solver solver(*problem, options.layout);
    SearchOptions o;
    o.cancel = &stop;
    o.random_seed = options.search.random_seed;
    o.propagate = options.search.propagate;
    for (;;) {
      const std::size_t turn = next.fetch_add(1);
      if (turn >= by_size.size() || stop.load()) return;
      const std::size_t k = by_size[turn];
      for (int option : pieces[k].forced) solver.assume(option);
      std::vector<std::vector<int>>& out = found[k];
      const Status status = solver.search(
          [&](const Solution& s) {
            out.emplace_back(s.options.begin(), s.options.end());
            return true;
          },
          o);
      solver.clear_assumptions();
      const Statistics& st = solver.statistics();
      std::lock_guard lock(mutex);
      totals.nodes += st.nodes;
      totals.updates += st.updates;
      if (status == Status::exhausted) totals.done += pieces[k].weight;
      finished_piece[k] = 1;
      wake.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(solve);

  const SearchOptions& limits = options.search;
  Status status = Status::exhausted;
  std::size_t emitted = 0;
  {
    std::unique_lock lock(mutex);
    while (emitted < pieces.size()) {
      if (!finished_piece[emitted]) {
        wake.wait_for(lock, std::chrono::milliseconds(10));
        const double elapsed = since(start);
        if (limits.cancel && limits.cancel->load()) status = Status::cancelled;
        if (limits.time_limit > 0 && elapsed >= limits.time_limit) status = Status::time_limit;
        if (limits.node_limit && totals.nodes >= limits.node_limit) status = Status::node_limit;
        if (status != Status::exhausted) break;
        continue;
      }
      // Hand this piece's solutions over, without holding the lock.
      std::vector<std::vector<int>> batch = std::move(found[emitted]);
      lock.unlock();
      for (const std::vector<int>& options_of_solution : batch) {
        ++visited;
        if (visit && !visit(Solution{std::span<const int>(options_of_solution), problem})) {
          status = Status::stopped;
        } else if (limits.solution_limit && visited >= limits.solution_limit) {
          status = Status::solution_limit;
        }
        if (status != Status::exhausted) break;
      }
      lock.lock();
      if (status != Status::exhausted) break;
      ++emitted;
    }
  }
  stop = true;
  for (std::thread& t : pool) t.join();
  totals.seconds += since(start);
  totals.solutions = visited;
  stats.nodes = totals.nodes;
  stats.updates = totals.updates;
  stats.solutions = visited;
  stats.seconds = totals.seconds;
  if (status == Status::exhausted) totals.done = 1;
  return status;
}

Status ParallelSearch::run(const Visitor& visit) {
  Impl& m = *impl_;
  if (m.options.ordered) {
    if (m.resumed || m.options.on_checkpoint)
      throw std::invalid_argument("ordered solutions and checkpoints do not go together");
    return m.run_ordered(visit);
  }
  const Clock::time_point start = Clock::now();
  if (!m.resumed) m.first_cut();
  m.workers.clear();
  for (unsigned k = 0; k < m.threads; ++k) m.workers.push_back(std::make_unique<WorkerState>());
  std::vector<std::thread> pool;
  for (unsigned k = 0; k < m.threads; ++k) pool.emplace_back([&m, k, &visit] { m.work(k, visit); });

  const SearchOptions& limits = m.options.search;
  Status status = Status::exhausted;
  double next_checkpoint = m.options.checkpoint_seconds;
  double next_progress = limits.progress_seconds;
  std::uint64_t next_progress_nodes = limits.progress_nodes;

  // Pauses the workers: they yield their pieces and start no new ones.
  auto pause_all = [&](std::unique_lock<std::mutex>& lock) {
    m.pause = true;
    m.yield = true;
    m.wake.wait(lock, [&] { return m.all_quiet(); });
    m.yield = false;
  };
  {
    std::unique_lock lock(m.mutex);
    while (!m.finished) {
      m.wake.wait_for(lock, std::chrono::milliseconds(10));
      if (m.finished) break;
      const double elapsed = since(start);
      if (m.stop) {  // the visitor or the solution limit ended it
        m.wake.wait(lock, [&] { return m.all_quiet(); });
        break;
      }
      Status reason = Status::exhausted;
      if (limits.cancel && limits.cancel->load()) reason = Status::cancelled;
      if (limits.time_limit > 0 && elapsed >= limits.time_limit) reason = Status::time_limit;
      if (limits.node_limit ||
          (limits.on_progress && (limits.progress_seconds > 0 || limits.progress_nodes))) {
        lock.unlock();
        const Progress p = m.progress(elapsed);
        lock.lock();
        if (limits.node_limit && p.nodes >= limits.node_limit) reason = Status::node_limit;
        const bool due = (limits.progress_seconds > 0 && elapsed >= next_progress) ||
                         (limits.progress_nodes && p.nodes >= next_progress_nodes);
        if (limits.on_progress && due) {
          next_progress = elapsed + limits.progress_seconds;
          next_progress_nodes = p.nodes + limits.progress_nodes;
          lock.unlock();
          limits.on_progress(p);
          lock.lock();
        }
      }
      if (reason != Status::exhausted) {
        pause_all(lock);
        status = reason;
        break;
      }
      if (m.options.on_checkpoint && m.options.checkpoint_seconds > 0 &&
          elapsed >= next_checkpoint) {
        pause_all(lock);
        m.options.on_checkpoint(m.snapshot(since(start)));
        next_checkpoint = since(start) + m.options.checkpoint_seconds;
        m.pause = false;
        m.wake.notify_all();
      }
    }
    m.finished = true;
  }
  m.wake.notify_all();
  for (std::thread& t : pool) t.join();
  if (m.failure) std::rethrow_exception(m.failure);

  if (m.visitor_stopped) status = Status::stopped;
  if (m.limit_reached) status = Status::solution_limit;
  m.totals.seconds += since(start);
  m.stats.nodes = m.totals.nodes;
  m.stats.updates = m.totals.updates;
  m.stats.solutions =
      m.limit_reached || m.visitor_stopped || visit ? m.visited : m.totals.solutions;
  m.stats.seconds = m.totals.seconds;
  if (status == Status::exhausted) m.totals.done = 1;
  return status;
}

const Statistics& ParallelSearch::statistics() const { return impl_->stats; }

Checkpoint ParallelSearch::checkpoint() const {
  Checkpoint c = impl_->totals;
  c.pending.assign(impl_->queue.begin(), impl_->queue.end());
  return c;
}

}  // namespace xcover
