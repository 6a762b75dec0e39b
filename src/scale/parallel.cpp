// SPDX-License-Identifier: MIT
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
#include <optional>
#include <stdexcept>
#include <thread>

#include "engine/count_policy.hpp"
#include "engine/layout_plan.hpp"
#include "engine/work_sharing.hpp"
#include "model/automorphisms.hpp"
#include "scale/piece_options.hpp"
#include "support/thread_team.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/threads.hpp"

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

namespace {

// No cut makes more pieces of one piece than this (or than its target).
constexpr std::size_t kMostPiecesOfOne = 1024;

}  // namespace

namespace {

// The pieces a piece splits into where the search first branches under its
// options, each a part of it (by Knuth's estimate), in the search's order;
// `solved` when the piece is one solution. With options alone: one piece
// an option of the branching. Algorithm M's branches also leave options
// out: the search itself, stopped at its first node, hands the pieces over
// (its first branch and the rest of its level, ~k entries and all).
struct Children {
  std::vector<WorkPiece> pieces;
  bool solved = false;
};
Children children_of(Solver& solver, const WorkPiece& piece) {
  Children children;
  static_cast<void>(solver.assume(piece.forced));  // a conflict leaves nothing to find
  if (solver.layout() != Layout::multiplicities) {
    const Branching branching = solver.branching();
    solver.clear_assumptions();
    children.solved = branching.solved;
    const double weight =
        1 / static_cast<double>(std::max<std::size_t>(1, branching.options.size()));
    for (const int option : branching.options) {
      children.pieces.push_back(WorkPiece{piece.forced, weight});
      children.pieces.back().forced.push_back(option);
    }
    return children;
  }
  SearchOptions first_node;
  first_node.node_limit = 1;
  detail::WorkSharing sharing;
  // (The loop gives the untried branches first, then the path it is on,
  // which comes first in its order.)
  sharing.on_split = [&](std::span<const int> forced, double share) {
    children.pieces.push_back(WorkPiece{std::vector<int>(forced.begin(), forced.end()), share});
  };
  Status status;
  try {
    status = detail::SharedSearch::run(solver, nullptr, first_node, sharing);
  } catch (...) {
    solver.clear_assumptions();
    throw;
  }
  solver.clear_assumptions();
  if (status == Status::exhausted) {
    // Settled at its first node: one solution, or none.
    children.solved = solver.statistics().solutions > 0;
    children.pieces.clear();
  } else if (!children.pieces.empty()) {
    std::rotate(children.pieces.begin(), children.pieces.end() - 1, children.pieces.end());
  }
  return children;
}

// cut_into_pieces with `solver` (of the problem, without assumptions; it is
// left without).
std::vector<WorkPiece> cut_with(Solver& solver, std::size_t target, double* dead_weight,
                                const std::function<bool()>& stop) {
  // Each split replaces a piece by the pieces of the branching the search
  // would make there (children_of).
  // Each piece keeps its path (the rank of each child among its parent's),
  // so that the pieces can be put in the search's order.
  struct Cut {
    WorkPiece piece;
    std::vector<std::size_t> path;
  };
  std::deque<Cut> frontier{Cut{WorkPiece{{}, 1.0}, {}}};
  std::vector<Cut> cuts;  // those that cannot be split: solutions
  while (!frontier.empty() && frontier.size() + cuts.size() < target && !(stop && stop())) {
    Cut cut = std::move(frontier.front());
    frontier.pop_front();
    Children children = children_of(solver, cut.piece);
    if (children.solved || children.pieces.size() == 1 ||
        children.pieces.size() > std::max<std::size_t>(target, kMostPiecesOfOne)) {
      // One solution (a worker reports it), or one way on: as it is. And
      // as it is when it would give very many pieces: each costs its worker
      // the forcing of its path, the cover of an item with all those
      // options among it.
      cuts.push_back(std::move(cut));
    } else if (children.pieces.empty()) {
      if (dead_weight) *dead_weight += cut.piece.weight;
    } else {
      for (std::size_t k = 0; k < children.pieces.size(); ++k) {
        Cut child{std::move(children.pieces[k]), cut.path};
        child.piece.weight *= cut.piece.weight;
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

}  // namespace

std::vector<WorkPiece> cut_into_pieces(const Problem& problem, std::size_t target,
                                       double* dead_weight, const std::function<bool()>& stop) {
  Solver solver(problem);
  return cut_with(solver, target, dead_weight, stop);
}

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Whether cancellation or the time limit (counted from `start`) has ended a
// search: the first cut asks it between cuts, so that a cut that takes long
// stops as the search would (the search then reports why).
std::function<bool()> cut_short(const SearchOptions& limits, Clock::time_point start) {
  return [&limits, start] {
    return (limits.cancel && limits.cancel->load()) ||
           (limits.time_limit > 0 && since(start) >= limits.time_limit);
  };
}

// What one worker is doing, for progress reports between pieces.
struct WorkerState {
  std::atomic<bool> share{false};
  std::atomic<std::uint64_t> nodes{0};    // in the current piece so far
  std::atomic<std::uint64_t> updates{0};  // likewise
  std::atomic<double> done{0};            // of the whole tree, in the current piece
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
  bool cut = false;          // the queue holds the work (first cut made, or resumed)
  bool broken = false;       // a visitor threw: its worker's piece is lost
  bool dropped = false;      // a stop dropped the work left (keep_work_on_stop)
  bool small_tried = false;  // run_memo() ran run_small()'s trial, which did not finish
  // A count split by symmetry (run_split): its classes, all counted by the
  // workers at once. The workers count each class's representative; when
  // the last piece of a class ends, what they found in it counts once more
  // for each other option of the class. By class: its pieces queued or
  // running, and what its finished pieces found; by option: the class it
  // stands for (-1 for the others).
  std::optional<detail::ItemClasses> split;
  std::vector<std::size_t> class_pieces;
  std::vector<Count> class_found;
  std::vector<int> class_of;
  // The class of a piece of a split count (its first forced option is a
  // representative), -1 outside one.
  int class_of_piece(const WorkPiece& piece) const {
    return split && !piece.forced.empty() ? class_of[piece.forced.front()] : -1;
  }
  void end_of_piece(int split_class, const Count& found, Status status);

  std::atomic<bool> yield{false};  // running pieces hand back their work
  // The node limit as a budget: workers reserve nodes from it in chunks and
  // run each piece with what they hold as its node limit; a piece that uses
  // it up hands its remaining work back. So the workers together enter
  // exactly the nodes the limit allows (or fewer, when the work runs out).
  bool budgeted = false;
  std::atomic<std::uint64_t> budget{0};  // nodes no worker holds yet
  unsigned spent = 0;                    // workers that left for want of nodes
  std::atomic<bool> stop{false};         // running pieces end at once (limits met)
  std::vector<std::unique_ptr<WorkerState>> workers;
  // The solver that cuts; every worker's is its sibling, so the tables built
  // from the problem exist once however many threads run.
  std::optional<Solver> model;

  std::mutex visit_mutex;
  std::uint64_t visited = 0;
  bool visitor_stopped = false;
  bool limit_reached = false;
  std::exception_ptr failure;

  Statistics stats;
  // When the current run() began: its time limit holds from there for all
  // of it (the memo and its trials, the trial on one thread, the cut, the
  // workers).
  Clock::time_point run_start = Clock::now();
  bool out_of_time() const {
    return options.search.time_limit > 0 && since(run_start) >= options.search.time_limit;
  }
  // options.search with what is left of the time limit as its own.
  SearchOptions within_time() const {
    SearchOptions timed = options.search;
    if (timed.time_limit > 0)
      timed.time_limit = std::max(timed.time_limit - since(run_start), 1e-9);
    return timed;
  }

  Impl(const Problem& p, ParallelOptions o) : problem(&p), options(std::move(o)) {
    threads = options.threads ? options.threads : default_threads();
  }

  // The problem's fingerprint, for checkpoints: computed the first time one
  // is taken (it reads every option's text: a tenth of a short run's time).
  mutable std::once_flag fingerprint_once;
  mutable std::uint64_t fingerprint_value = 0;
  std::uint64_t problem_fingerprint() const {
    std::call_once(fingerprint_once, [this] { fingerprint_value = fingerprint(*problem); });
    return fingerprint_value;
  }

  Solver& model_solver() {
    if (!model) model.emplace(*problem, options.layout);
    return *model;
  }
  void first_cut();
  void fail(std::exception_ptr error) {
    std::lock_guard lock(mutex);
    if (!failure) failure = std::move(error);
    stop = true;
    finished = true;
    wake.notify_all();
  }
  // Starts `count` threads running `body(k)`; if one cannot be started, the
  // others are told to stop, joined, and the error thrown.
  template <class Body>
  void start_threads(detail::ThreadTeam& team, unsigned count, Body body) {
    team.start(0, count, body, [this] { fail(std::current_exception()); });
  }
  bool build_solver(std::optional<Solver>& built);
  void work(unsigned id, const Visitor& visit);
  void run_piece(Solver& solver, const WorkPiece& piece, unsigned id, const Visitor& visit,
                 std::uint64_t& allowance);
  // Takes a chunk of the budget: big while much is left, so that workers
  // seldom cut their pieces, and small near the end, to keep them all busy.
  std::uint64_t reserve_nodes() {
    std::uint64_t left = budget.load();
    for (;;) {
      if (left == 0) return 0;
      const std::uint64_t take =
          std::min(left, std::max<std::uint64_t>(1024, left / (4 * std::uint64_t{threads})));
      if (budget.compare_exchange_weak(left, left - take)) return take;
    }
  }
  bool all_quiet() const { return busy == 0; }
  Checkpoint snapshot(double elapsed) const {
    Checkpoint c = totals;
    c.fingerprint = problem_fingerprint();
    c.seconds += elapsed;
    c.pending.assign(queue.begin(), queue.end());
    return c;
  }
  Progress progress(double elapsed);
  Status run_ordered(const Visitor& visit);
  std::optional<Status> run_small(const Visitor& visit);
  std::optional<Status> run_memo(const Visitor& visit);
  std::optional<Status> run_shared_trial(std::uint64_t plain_trial);
  std::optional<detail::ItemClasses> look_beside_memo_trial(double trial_seconds,
                                                            Solver::MemoTrialAhead& ahead);
  Status run_split(detail::ItemClasses classes);
  void unsplit();
  void go_on_from(std::vector<WorkPiece> left, const Statistics& trial, double seconds);
  Status run_workers(const Visitor& visit);
  Status watch_workers(Clock::time_point start);
  void publish() {
    stats.nodes = totals.nodes;
    stats.updates = totals.updates;
    stats.seconds = totals.seconds;
  }
  // The search ended on this thread (a trial that finished it, or the
  // memo's count): its figures (and `solutions`) join the totals, the whole
  // tree done or not, and nothing is left for the workers (after a limit,
  // what was left is lost).
  void ended_here(const Statistics& st, double seconds, bool whole, Count solutions) {
    totals.nodes += st.nodes;
    totals.updates += st.updates;
    totals.seconds += seconds;
    totals.solutions += solutions;
    if (whole) totals.done = 1;
    cut = true;
    queue.clear();
    publish();
  }
};

// A count the memo makes, or the automatic choice's short plain trial
// finishes, on the calling thread (Solver::count_unless_plain): its status;
// nothing when the workers are to count.
std::optional<Status> ParallelSearch::Impl::run_memo(const Visitor& visit) {
  const CountOptions& how = options.count;
  if (how.counting == Counting::plain || visit) return std::nullopt;
  if (resumed || options.on_checkpoint) {
    if (how.counting == Counting::memo)
      throw Error(
          "ParallelSearch::run: a memoised count is neither checkpointed nor resumed: count "
          "plainly (Counting::plain) to keep checkpoints");
    return std::nullopt;
  }
  // The plain trial stands for the one run_small() would run (ParallelOptions::
  // single_thread_nodes; count_unless_plain() makes it no shorter than
  // Solver::count()'s), so run() does not run it again.
  const std::uint64_t plain_trial =
      options.search.node_limit != 0 && options.search.node_limit <= options.single_thread_nodes
          ? 0
          : options.single_thread_nodes;
  if (std::optional<Status> shared = run_shared_trial(plain_trial)) return shared;
  const Clock::time_point start = Clock::now();
  Solver& solver = model_solver();
  // The work the plain trial leaves, for the workers to go on with; not
  // when it is in too many pieces (each costs its taker the forcing of its
  // path: an item of a million options leaves a million), and then the
  // workers search again what the trial searched.
  constexpr std::size_t kMostKeptPieces = 4096;
  std::vector<WorkPiece> left;
  bool too_many = false;
  detail::WorkSharing keep;
  keep.on_split = [&](std::span<const int> forced, double share) {
    if (too_many) return;
    too_many = left.size() == kMostKeptPieces;
    if (too_many) return left.clear();
    left.push_back(WorkPiece{std::vector<int>(forced.begin(), forced.end()), share});
  };
  const std::optional<CountResult> result =
      solver.count_unless_plain(within_time(), how, plain_trial, keep, &small_tried, threads);
  const Statistics& st = solver.statistics();
  detail::CountTrials::of(st).put_into(stats);
  // A trial whose work is forgotten (a split, or too many pieces, and the
  // workers search again what it searched) still took its time: the
  // seconds hold it, as a Solver's do (Statistics::plain_trial_seconds);
  // its nodes are the plain trial's.
  const auto forget_trial = [&](double elapsed) {
    if (stats.plain_trial_nodes == 0) {
      stats.plain_trial_nodes = st.nodes;
      stats.plain_trial_seconds = elapsed;
    }
    totals.seconds += elapsed;
  };
  // A count the trial did not finish splits by symmetry where the policy
  // finds it can.
  if (!result && small_tried) {
    const SearchOptions& limits = options.search;
    std::optional<detail::ItemClasses> classes = detail::CountPolicy::split_after_trial(
        *problem, limits, how, since(start),
        [&] { return (limits.cancel && limits.cancel->load()) || out_of_time(); });
    if (classes) {
      forget_trial(since(start));
      return run_split(std::move(*classes));
    }
  }
  if (!result) {
    if (!left.empty())
      go_on_from(std::move(left), st, since(start));
    else if (too_many)
      forget_trial(since(start));
    return std::nullopt;
  }
  stats.threads = st.layout == Layout::memo ? std::max(1u, st.threads) : 1;
  stats.layout = st.layout;
  stats.memo_hits = st.memo_hits;
  stats.memo_entries = st.memo_entries;
  stats.memo_splits = st.memo_splits;
  stats.bytes = st.bytes;
  if (result->status != Status::exhausted) {
    // A memoised count cut short keeps no work to go on with: the figures
    // are this run's, and the work left is still the whole problem (the
    // checkpoint's one piece), which run() again counts from the start.
    stats.nodes = st.nodes;
    stats.updates = st.updates;
    stats.solutions = result->solutions;
    stats.seconds = since(start);
    if (!options.keep_work_on_stop &&
        (result->status == Status::cancelled || result->status == Status::time_limit))
      dropped = true;
    return result->status;
  }
  ended_here(st, since(start), true, result->solutions);
  stats.solutions = totals.solutions;
  return result->status;
}

// On several threads, a count that splits by symmetry splits after the
// short plain trial a Solver runs (kSymmetryTrialNodes), on this thread, so
// that the workers, not one thread alone, do the rest: the long plain
// trial (`plain_trial` nodes, at least kPlainTrialNodes) runs only where
// the memo pays (its trial runs beside the look: look_beside_memo_trial),
// and then as when the count does not split. Nothing when the count goes
// that way (or the short trial met a stop: that way meets it again), and
// where building the memo's links may cost much (it is weighed against
// the long trial then).
std::optional<Status> ParallelSearch::Impl::run_shared_trial(std::uint64_t plain_trial) {
  const CountOptions& how = options.count;
  const SearchOptions& limits = options.search;
  if (threads < 2 || how.counting != Counting::automatic ||
      problem->entry_count() > detail::kCheapMemoEntries ||
      !detail::CountPolicy::may_split(*problem, {}, limits, how) ||
      detail::CountPolicy::counting_for(*problem, limits, how, "count") != Counting::automatic)
    return std::nullopt;
  const Clock::time_point start = Clock::now();
  Solver& solver = model_solver();
  SearchOptions first = within_time();
  first.node_limit = detail::kSymmetryTrialNodes;
  first.on_progress = nullptr;
  first.progress_nodes = 0;
  first.progress_seconds = 0;
  CountOptions plainly = how;
  plainly.counting = Counting::plain;
  plainly.symmetry = false;
  const CountResult counted = solver.count(first, plainly);
  const Statistics& st = solver.statistics();
  const Count first_nodes = st.nodes;
  if (counted.status == Status::exhausted) {
    ended_here(st, since(start), true, counted.solutions);
    stats.threads = 1;
    stats.solutions = totals.solutions;
    return Status::exhausted;
  }
  if (counted.status != Status::node_limit) return std::nullopt;
  // The look has the work the long trial would earn it (as many seconds a
  // node as the short one took).
  const double trial_seconds = since(start) *
                               static_cast<double>(detail::CountPolicy::trial_nodes(plain_trial)) /
                               static_cast<double>(first_nodes.saturate64());
  Solver::MemoTrialAhead ahead;
  std::optional<detail::ItemClasses> classes = look_beside_memo_trial(trial_seconds, ahead);
  totals.seconds += since(start);
  if (!ahead.ran || ahead.pays || !classes) return std::nullopt;
  // The memo does not pay: the split runs to its end on the workers.
  detail::CountTrials trials;
  trials.plain_nodes = first_nodes;
  trials.plain_seconds = since(start);
  trials.memo_nodes = ahead.nodes;
  trials.memo_seconds = ahead.seconds;
  trials.put_into(stats);
  return run_split(std::move(*classes));
}

// The look for a split (a symmetric item's classes, with the work of
// `trial_seconds`) on another thread, beside the memo's trial on this one
// (Solver::memo_trial_ahead: its verdict, in `ahead`, is taken once the
// long plain trial has run, as if it ran then). The memo's links are made
// on the thread that counts with them. Where the memo pays, the look ends.
std::optional<detail::ItemClasses> ParallelSearch::Impl::look_beside_memo_trial(
    double trial_seconds, Solver::MemoTrialAhead& ahead) {
  const SearchOptions& limits = options.search;
  std::exception_ptr look_error;
  std::optional<detail::ItemClasses> classes;
  std::atomic<bool> memo_pays{false};
  {
    detail::ThreadTeam look;
    look.start(
        0, 1,
        [&](unsigned) {
          try {
            classes = detail::CountPolicy::split_after_trial(
                *problem, limits, options.count, trial_seconds, [&] {
                  return memo_pays.load() || (limits.cancel && limits.cancel->load()) ||
                         out_of_time();
                });
          } catch (...) {
            look_error = std::current_exception();
          }
        },
        [] {});
    try {
      ahead = model_solver().memo_trial_ahead(within_time(), options.count);
    } catch (...) {
      memo_pays = true;  // the look ends, and is joined
      throw;
    }
    memo_pays = ahead.pays;
  }
  if (look_error) std::rethrow_exception(look_error);
  return classes;
}

// The workers count one option of each class, all classes in one queue
// (each representative a piece, which they share out as they do any), so
// that no worker waits at a class's end; a class's count is its
// representative's times its size (end_of_piece). The weights make the
// progress: a class is its size's part of the tree. A stop leaves the work
// unsplit (unsplit()), so that checkpoint() and run() again go on exactly.
Status ParallelSearch::Impl::run_split(detail::ItemClasses classes) {
  split = std::move(classes);
  const double one = 1.0 / static_cast<double>(split->options);
  cut = true;
  stats.symmetry_options = split->options;
  stats.symmetry_classes = static_cast<int>(split->members.size());
  const std::size_t count = split->members.size();
  class_pieces.assign(count, 1);
  class_found.assign(count, Count{});
  class_of.assign(static_cast<std::size_t>(problem->option_count()), -1);
  queue.clear();
  for (std::size_t k = 0; k < count; ++k) {
    const int representative = split->members[k].front();
    class_of[static_cast<std::size_t>(representative)] = static_cast<int>(k);
    queue.push_back(WorkPiece{{representative}, one});
  }
  Status status;
  try {
    status = run_workers(nullptr);
  } catch (...) {
    unsplit();
    throw;
  }
  if (status != Status::exhausted) {
    if (!options.keep_work_on_stop && (status == Status::cancelled || status == Status::time_limit))
      dropped = true;
    unsplit();
    return status;
  }
  split.reset();
  totals.done = 1;
  stats.solutions = totals.solutions;
  return Status::exhausted;
}

// A piece of class `split_class` ended with `status`, having found `found`
// (the caller holds the mutex). A class whose last piece ended counts for
// the other options of the class. (A piece cut short by a stop that drops
// the work leaves its class open, and the count is not exact anyway.)
void ParallelSearch::Impl::end_of_piece(int split_class, const Count& found, Status status) {
  const auto k = static_cast<std::size_t>(split_class);
  class_found[k] += found;
  if (--class_pieces[k] != 0 || (status != Status::exhausted && status != Status::node_limit))
    return;
  const Count others{split->members[k].size() - 1};
  totals.solutions += class_found[k] * others;
  totals.done +=
      static_cast<double>(split->members[k].size() - 1) / static_cast<double>(split->options);
}

// The work a split count has left, as plain pieces: those queued (each
// class's representative's, counted once from now on), and each other
// option of every class not yet ended. The count then goes on exactly,
// unsplit.
void ParallelSearch::Impl::unsplit() {
  if (!split) return;
  const double one = 1.0 / static_cast<double>(split->options);
  for (std::size_t k = 0; k < split->members.size(); ++k) {
    if (class_pieces[k] == 0) continue;
    const std::vector<int>& members = split->members[k];
    for (std::size_t m = 1; m < members.size(); ++m) queue.push_back(WorkPiece{{members[m]}, one});
  }
  split.reset();
}

// The plain trial's work goes on on the workers: what it counted is
// counted, and the work it left (`left`) is the queue, biggest pieces first.
void ParallelSearch::Impl::go_on_from(std::vector<WorkPiece> left, const Statistics& trial,
                                      double seconds) {
  totals.nodes += trial.nodes;
  totals.updates += trial.updates;
  totals.solutions += trial.solutions;
  totals.seconds += seconds;
  double weight_left = 0;
  for (const WorkPiece& piece : left) weight_left += piece.weight;
  totals.done = std::max(0.0, 1 - weight_left);
  std::stable_sort(left.begin(), left.end(),
                   [](const WorkPiece& a, const WorkPiece& b) { return a.weight > b.weight; });
  queue.assign(left.begin(), left.end());
  cut = true;
}

// The search on the calling thread, within options.single_thread_nodes
// nodes: its status when that finished it (the tree exhausted, or the
// solution limit or the visitor met), nothing when the workers must start.
std::optional<Status> ParallelSearch::Impl::run_small(const Visitor& visit) {
  const std::uint64_t trial_nodes = options.single_thread_nodes;
  const SearchOptions& asked = options.search;
  if (trial_nodes == 0 || (asked.node_limit != 0 && asked.node_limit <= trial_nodes))
    return std::nullopt;
  SearchOptions o = within_time();
  o.node_limit = trial_nodes;
  o.on_progress = nullptr;
  o.progress_nodes = 0;
  o.progress_seconds = 0;
  const Clock::time_point start = Clock::now();
  Solver& solver = model_solver();
  // The solutions wait until the trial is known to finish: one that does not
  // is forgotten, and the workers find them again.
  std::vector<std::vector<int>> found;
  Status status;
  Count counted = 0;
  if (visit) {
    status = solver.search(
        [&found](const Solution& s) {
          found.emplace_back(s.options.begin(), s.options.end());
          return true;
        },
        o);
  } else {
    const CountResult result = solver.count(o);
    status = result.status;
    counted = result.solutions;
  }
  if (status != Status::exhausted && status != Status::solution_limit) return std::nullopt;
  ended_here(solver.statistics(), since(start), status == Status::exhausted, counted);
  stats.threads = 1;
  if (!visit) {
    stats.solutions = totals.solutions;
    return status;
  }
  for (std::vector<int>& options_of_solution : found) {
    bool go_on = false;
    try {
      const Solution solution{std::move(options_of_solution), problem};
      if (options.keep && !options.keep(solution)) continue;
      ++visited;
      go_on = visit(solution);
    } catch (...) {
      broken = true;
      throw;
    }
    if (!go_on) {
      visitor_stopped = true;
      status = Status::stopped;
      break;
    }
  }
  totals.solutions += visited;
  stats.solutions = visited;
  return status;
}

void ParallelSearch::Impl::first_cut() {
  std::vector<WorkPiece> pieces =
      cut_with(model_solver(), std::max<std::size_t>(1, threads * options.pieces_per_thread),
               &totals.done, cut_short(options.search, run_start));
  // The biggest pieces first, so that the last to finish are small.
  std::stable_sort(pieces.begin(), pieces.end(),
                   [](const WorkPiece& a, const WorkPiece& b) { return a.weight > b.weight; });
  queue.assign(pieces.begin(), pieces.end());
}

void ParallelSearch::Impl::run_piece(Solver& solver, const WorkPiece& piece, unsigned id,
                                     const Visitor& visit, std::uint64_t& allowance) {
  WorkerState& me = *workers[id];
  const int split_class = class_of_piece(piece);
  static_cast<void>(solver.assume(piece.forced));  // a conflict leaves nothing to find
  double given = 0;
  SearchOptions o = detail::piece_options(options.search);
  o.cancel = &stop;
  if (budgeted) o.node_limit = allowance;
  detail::WorkSharing sharing;
  sharing.share_request = &me.share;
  sharing.yield_request = &yield;
  sharing.on_split = [&](std::span<const int> forced, double share) {
    const double weight = piece.weight * share;
    given += weight;
    {
      std::lock_guard lock(mutex);
      queue.push_back(WorkPiece{std::vector<int>(forced.begin(), forced.end()), weight});
      if (split_class >= 0) ++class_pieces[static_cast<std::size_t>(split_class)];
    }
    wake.notify_all();
  };
  o.progress_nodes = 4096;
  o.on_progress = [&](const Progress& p) {
    // (Updates first: a report that reads these nodes reads these updates
    // or later ones, so its updates are never behind its nodes.)
    me.updates.store(p.updates.saturate64(), std::memory_order_relaxed);
    me.nodes.store(p.nodes.saturate64(), std::memory_order_release);
    me.done.store(std::min(piece.weight * p.fraction_done, piece.weight - given),
                  std::memory_order_relaxed);
  };
  Visitor counted;
  std::uint64_t refused = 0;  // by options.keep, here (not counted)
  const std::uint64_t limit = options.search.solution_limit;
  if (visit || limit) {
    counted = [&](const Solution& s) {
      // (The filter on this worker's thread, beside the others'.)
      if (options.keep) {
        bool kept = false;
        try {
          kept = options.keep(s);
        } catch (...) {
          stop = true;
          throw;
        }
        if (!kept) {
          ++refused;
          return !stop.load();
        }
      }
      std::lock_guard lock(visit_mutex);
      if (stop.load()) return false;
      ++visited;
      bool go_on = true;
      try {
        go_on = !visit || visit(s);
      } catch (...) {
        stop = true;  // before the lock is let go: no other call follows
        throw;
      }
      if (!go_on) {
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
  const Status status = detail::SharedSearch::run(solver, counted, o, sharing);
  solver.clear_assumptions();
  const Statistics& s = solver.statistics();
  if (budgeted) allowance -= std::min(allowance, s.nodes.saturate64());
  {
    std::lock_guard lock(mutex);
    totals.nodes += s.nodes;
    totals.updates += s.updates;
    totals.solutions += s.solutions - Count(refused);
    // What was not given away is done, unless the search was cut short
    // (a node limit gives away what it leaves).
    if (status == Status::exhausted || status == Status::node_limit)
      totals.done += piece.weight - given;
    if (split_class >= 0) end_of_piece(split_class, s.solutions, status);
    me.nodes = 0;
    me.updates = 0;
    me.done = 0;
    --busy;
  }
  wake.notify_all();
}

// An exception must not leave a thread (that would end the process): a
// worker that cannot build its solver (std::bad_alloc under a memory limit)
// stops the search, and run() throws it to the caller.
bool ParallelSearch::Impl::build_solver(std::optional<Solver>& built) {
  try {
    built.emplace(model->sibling());
    return true;
  } catch (...) {
    fail(std::current_exception());
    return false;
  }
}

void ParallelSearch::Impl::work(unsigned id, const Visitor& visit) {
  std::optional<Solver> built;
  if (!build_solver(built)) return;
  Solver& solver = *built;
  std::uint64_t allowance = 0;  // nodes of the budget this worker holds
  for (;;) {
    WorkPiece piece;
    {
      std::unique_lock lock(mutex);
      for (;;) {
        if (finished) return;
        if (!pause && !queue.empty() && budgeted && allowance == 0) {
          allowance = reserve_nodes();
          if (allowance == 0) {
            // Work is left but no nodes to do it with: this worker is done,
            // and the search ends on the node limit when all are.
            if (++spent == threads) finished = true;
            wake.notify_all();
            return;
          }
        }
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
      run_piece(solver, piece, id, visit, allowance);
    } catch (...) {
      // The visitor threw, or memory ran out: stop everything and rethrow
      // in run().
      {
        std::lock_guard lock(mutex);
        --busy;
      }
      fail(std::current_exception());
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
    p.nodes += w->nodes.load(std::memory_order_acquire);
    p.updates += w->updates.load(std::memory_order_relaxed);
    p.fraction_done += w->done.load(std::memory_order_relaxed);
  }
  {
    std::lock_guard visits(visit_mutex);
    p.solutions = std::max<Count>(p.solutions, visited);
  }
  p.fraction_done = std::clamp(p.fraction_done, 0.0, 1.0);
  p.seconds = totals.seconds + elapsed;
  return p;
}

ParallelSearch::ParallelSearch(const Problem& problem, ParallelOptions options)
    : impl_(std::make_unique<Impl>(problem, std::move(options))) {}
ParallelSearch::~ParallelSearch() = default;

void ParallelSearch::resume(const Checkpoint& checkpoint) {
  check_checkpoint(*impl_->problem, checkpoint);
  impl_->totals = checkpoint;
  impl_->totals.pending.clear();
  impl_->queue.assign(checkpoint.pending.begin(), checkpoint.pending.end());
  impl_->resumed = true;
  impl_->cut = true;
}

// --ordered: the pieces of the first cut, in the search's order, are solved
// by the workers (biggest first) into buffers, and the calling thread hands
// their solutions to the visitor piece by piece, in order. No sharing, so
// the balance rests on the first cut; no checkpoints.
Status ParallelSearch::Impl::run_ordered(const Visitor& visit) {
  const Clock::time_point start = Clock::now();
  const std::vector<WorkPiece> pieces =
      cut_with(model_solver(), std::max<std::size_t>(1, threads * options.pieces_per_thread),
               &totals.done, cut_short(options.search, run_start));
  std::vector<std::size_t> by_size(pieces.size());
  for (std::size_t k = 0; k < by_size.size(); ++k) by_size[k] = k;
  std::stable_sort(by_size.begin(), by_size.end(), [&](std::size_t a, std::size_t b) {
    return pieces[a].weight > pieces[b].weight;
  });
  std::vector<std::vector<std::vector<int>>> found(pieces.size());
  std::vector<char> finished_piece(pieces.size(), 0);
  std::atomic<std::size_t> next{0};

  auto solve = [&](unsigned) {
    std::optional<Solver> built;
    if (!build_solver(built)) return;
    Solver& solver = *built;
    SearchOptions o = detail::piece_options(options.search);
    o.cancel = &stop;
    for (;;) {
      const std::size_t turn = next.fetch_add(1);
      if (turn >= by_size.size() || stop.load()) return;
      const std::size_t k = by_size[turn];
      static_cast<void>(solver.assume(pieces[k].forced));  // a conflict leaves nothing to find
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
  detail::ThreadTeam pool;
  start_threads(pool, threads, solve);
  // However this function is left (the visitor may throw), the workers are
  // stopped and joined first.
  struct Joiner {
    std::atomic<bool>& stop;
    detail::ThreadTeam& pool;
    ~Joiner() {
      stop = true;
      pool.join();
    }
  } joiner{stop, pool};

  const SearchOptions& limits = options.search;
  Status status = Status::exhausted;
  std::size_t emitted = 0;
  {
    std::unique_lock lock(mutex);
    while (emitted < pieces.size()) {
      if (failure) break;
      if (!finished_piece[emitted]) {
        wake.wait_for(lock, std::chrono::milliseconds(10));
        if (limits.cancel && limits.cancel->load()) status = Status::cancelled;
        if (out_of_time()) status = Status::time_limit;
        if (limits.node_limit && totals.nodes >= limits.node_limit) status = Status::node_limit;
        if (status != Status::exhausted) break;
        continue;
      }
      // Hand this piece's solutions over, without holding the lock.
      std::vector<std::vector<int>> batch = std::move(found[emitted]);
      lock.unlock();
      for (std::vector<int>& options_of_solution : batch) {
        const Solution solution{std::move(options_of_solution), problem};
        if (options.keep && !options.keep(solution)) continue;
        ++visited;
        if (visit && !visit(solution)) {
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
  pool.join();
  if (failure) std::rethrow_exception(failure);
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
  m.run_start = Clock::now();
  // Refused here, before a thread starts, rather than in every worker.
  const Layout layout = m.model_solver().layout();
  detail::check_followed(layout, m.options.search, "ParallelSearch::run");
  m.stats.layout = layout;
  m.stats.threads = m.threads;
  if (m.options.keep && !visit)
    throw Error(
        "ParallelOptions::keep filters the solutions a visitor is given: give run() a "
        "visitor");
  if (m.options.ordered) {
    if (m.resumed || m.options.on_checkpoint)
      throw Error("ordered solutions and checkpoints do not go together");
    if (const std::optional<Status> small = m.run_small(visit)) return *small;
    return m.run_ordered(visit);
  }
  if (m.broken)
    throw Error(
        "ParallelSearch::run called again after a solution visitor threw: the count "
        "lost that worker's piece; start again or resume from a checkpoint");
  if (m.dropped)
    throw Error(
        "ParallelSearch::run called again after a stop that dropped the work left "
        "(ParallelOptions::keep_work_on_stop is false); start again");
  if (!m.cut) {
    if (const std::optional<Status> counted = m.run_memo(visit)) return *counted;
    if (!m.small_tried) {
      if (const std::optional<Status> small = m.run_small(visit)) return *small;
    }
  }
  return m.run_workers(visit);
}

// While the workers run: stops them at a limit or cancellation (pausing
// them first where the work left is kept), reports progress and takes
// checkpoints; the status that ended the run (exhausted: they finished).
Status ParallelSearch::Impl::watch_workers(Clock::time_point start) {
  Impl& m = *this;
  const SearchOptions& limits = m.options.search;
  Status status = Status::exhausted;
  double next_checkpoint = m.options.checkpoint_seconds;
  double next_progress = limits.progress_seconds;
  Count next_progress_nodes = limits.progress_nodes;

  // Pauses the workers: they yield their pieces and start no new ones.
  auto pause_all = [&](std::unique_lock<std::mutex>& lock) {
    m.pause = true;
    m.yield = true;
    m.wake.wait(lock, [&] { return m.all_quiet(); });
    m.yield = false;
  };
  // A progress or checkpoint callback that throws: the workers hand their
  // work back, so that checkpoint() still holds all of it, and the exception
  // goes on to the caller once they have left.
  try {
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
      if (m.out_of_time()) reason = Status::time_limit;
      if (limits.on_progress && (limits.progress_seconds > 0 || limits.progress_nodes)) {
        lock.unlock();
        const Progress p = m.progress(elapsed);
        lock.lock();
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
      // (Work that ended while the watcher looked away is whole: a stop
      // asked now stops nothing.)
      if (reason != Status::exhausted && m.all_quiet() && m.queue.empty()) break;
      if (reason != Status::exhausted) {
        if (m.options.keep_work_on_stop) {
          pause_all(lock);
          if (m.queue.empty()) break;  // the last pieces ended as they paused
        } else {
          m.dropped = true;
          m.stop = true;  // the running pieces end where they are
          m.wake.wait(lock, [&] { return m.all_quiet(); });
        }
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
  } catch (...) {
    std::unique_lock lock(m.mutex);
    if (!m.pause) pause_all(lock);
    m.finished = true;
    throw;
  }
  return status;
}

// The workers search the pieces of the queue (cut first, unless resumed)
// while this thread watches the limits, reports and checkpoints.
Status ParallelSearch::Impl::run_workers(const Visitor& visit) {
  Impl& m = *this;
  const Clock::time_point start = Clock::now();
  m.model_solver();  // (before the workers, which take its siblings)
  if (!m.cut) m.first_cut();
  m.cut = true;
  {
    // Cancelled or out of time already (in the cut, or before): no worker
    // starts, and the queue holds all the work.
    const SearchOptions& limits = m.options.search;
    Status early = Status::exhausted;
    if (limits.cancel && limits.cancel->load()) early = Status::cancelled;
    if (m.out_of_time()) early = Status::time_limit;
    if (early != Status::exhausted) {
      m.totals.seconds += since(start);
      m.stats.nodes = m.totals.nodes;
      m.stats.updates = m.totals.updates;
      m.stats.solutions = m.totals.solutions;
      m.stats.seconds = m.totals.seconds;
      return early;
    }
  }
  m.finished = m.pause = false;
  m.stop = false;
  m.visitor_stopped = m.limit_reached = false;
  const std::uint64_t node_limit = m.options.search.node_limit;
  m.budgeted = node_limit != 0;
  m.budget = node_limit > m.totals.nodes ? (node_limit - m.totals.nodes).saturate64() : 0;
  m.spent = 0;
  m.workers.clear();
  for (unsigned k = 0; k < m.threads; ++k) m.workers.push_back(std::make_unique<WorkerState>());
  detail::ThreadTeam pool;
  m.start_threads(pool, m.threads, [&m, &visit](unsigned k) { m.work(k, visit); });

  std::exception_ptr callback_failure;
  Status status = Status::exhausted;
  try {
    status = m.watch_workers(start);
  } catch (...) {
    callback_failure = std::current_exception();
  }
  m.wake.notify_all();
  pool.join();
  if (m.failure) {
    m.broken = true;
    std::rethrow_exception(m.failure);
  }
  if (callback_failure) {
    m.totals.seconds += since(start);
    std::rethrow_exception(callback_failure);
  }

  if (status == Status::exhausted && m.budgeted && m.spent == m.threads)
    status = Status::node_limit;
  if (m.visitor_stopped) status = Status::stopped;
  if (m.limit_reached) status = Status::solution_limit;
  m.totals.seconds += since(start);
  m.stats.nodes = m.totals.nodes;
  m.stats.updates = m.totals.updates;
  m.stats.solutions =
      m.limit_reached || m.visitor_stopped || visit ? m.visited : m.totals.solutions;
  m.stats.seconds = m.totals.seconds;
  if (status == Status::exhausted && !m.split) m.totals.done = 1;
  return status;
}

const Statistics& ParallelSearch::statistics() const { return impl_->stats; }

Checkpoint ParallelSearch::checkpoint() const {
  if (impl_->dropped)
    throw Error(
        "no checkpoint: a stop dropped the work left "
        "(ParallelOptions::keep_work_on_stop is false)");
  Checkpoint c = impl_->totals;
  c.fingerprint = impl_->problem_fingerprint();
  c.pending.assign(impl_->queue.begin(), impl_->queue.end());
  // Not yet cut (no run, or one the memo ran and a stop or a callback cut
  // short): the work left is the whole problem.
  if (!impl_->cut && !impl_->resumed) c.pending.push_back(WorkPiece{{}, 1.0});
  return c;
}

}  // namespace xcover
