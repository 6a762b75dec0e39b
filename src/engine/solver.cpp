// SPDX-License-Identifier: MIT
// Solver: a front to the search engine compiled for the kernel set the
// processor runs best (engine.hpp, src/engine/kernels/).
#include "xcover/solver.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/count_policy.hpp"
#include "engine/engine.hpp"
#include "engine/layouts/memo/memo_count.hpp"
#include "engine/layouts/memo/zdd_nodes.hpp"
#include "model/automorphisms.hpp"
#include "xcover/error.hpp"
#include "xcover/zdd.hpp"

namespace xcover {

const char* to_string(Status status) {
  switch (status) {
    case Status::exhausted:
      return "exhausted";
    case Status::stopped:
      return "stopped";
    case Status::solution_limit:
      return "solution limit";
    case Status::node_limit:
      return "node limit";
    case Status::time_limit:
      return "time limit";
    case Status::cancelled:
      return "cancelled";
  }
  return "unknown";
}

const char* to_string(Layout layout) {
  switch (layout) {
    case Layout::automatic:
      return "automatic";
    case Layout::links:
      return "links";
    case Layout::bitsets:
      return "bitsets";
    case Layout::counted_bitsets:
      return "counted_bitsets";
    case Layout::sparse:
      return "sparse";
    case Layout::multiplicities:
      return "multiplicities";
    case Layout::costs:
      return "costs";
    case Layout::memo:
      return "memo";
  }
  return "unknown";
}

Layout layout_for(const Problem& problem, Layout asked) {
  return detail::plan_layout(problem, asked).layout;
}

bool follows(Layout layout, const TreeOptions& options) {
  return detail::layout_follows(layout, options);
}

namespace {

// What cheapest() searches: Knuth's DLX5 taxes each primary item the least
// cost of its options and takes it off them, in item order, so that every
// option keeps a net cost of 0 or more and each item has an option of net
// cost 0 when the search starts. A solution covers each primary item once,
// so its net cost is its cost less the total tax. The engine searches a copy
// of the problem whose options are sorted by net cost (stably), with the net
// costs as their costs, in the layout of cost_links.hpp.
struct CostSearch {
  std::uint64_t total_tax = 0;
  std::vector<int> to_user;    // the engine's option -> the problem's
  std::vector<int> to_engine;  // the problem's option -> the engine's
  Problem sorted;
  std::unique_ptr<detail::Engine> engine;

  CostSearch(const Problem& problem, Kernels kernels) {
    const int options = problem.option_count();
    std::vector<std::uint64_t> net(static_cast<std::size_t>(options));
    std::vector<std::vector<int>> of_item(static_cast<std::size_t>(problem.primary_count()));
    for (int k = 0; k < options; ++k) {
      net[k] = problem.option_cost(k);
      for (const OptionEntry& e : problem.option(k)) {
        if (problem.is_primary(e.item)) of_item[e.item].push_back(k);
      }
    }
    for (const std::vector<int>& list : of_item) {
      if (list.empty()) continue;
      std::uint64_t tax = UINT64_MAX;
      for (int k : list) tax = std::min(tax, net[k]);
      for (int k : list) net[k] -= tax;
      total_tax += tax;  // (at most the total cost)
    }
    to_user.resize(static_cast<std::size_t>(options));
    for (int k = 0; k < options; ++k) to_user[k] = k;
    std::stable_sort(to_user.begin(), to_user.end(), [&](int a, int b) { return net[a] < net[b]; });
    to_engine.resize(to_user.size());
    for (int k = 0; k < options; ++k) to_engine[to_user[k]] = k;
    for (int i = 0; i < problem.item_count(); ++i)
      sorted.add_item(problem.item_name(i), problem.item_kind(i));
    for (int c = 1; c <= problem.color_count(); ++c) sorted.add_color(problem.color_name(c));
    for (int k : to_user) sorted.set_option_cost(sorted.add_option(problem.option(k)), net[k]);
    engine = detail::make_engine(sorted, Layout::links, kernels, true);
  }
};

}  // namespace

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A call's time limit shared by its steps (trials, the count): each step
// gets what is left of it, so that the limit bounds the whole call.
class Deadline {
 public:
  explicit Deadline(const SearchOptions& options) : limit_(options.time_limit) {}
  // `options` with what is left of the limit as its own (at least 1 ns: 0
  // would mean none).
  SearchOptions within(const SearchOptions& options) const {
    SearchOptions timed = options;
    if (limit_ > 0) timed.time_limit = std::max(limit_ - since(start_), 1e-9);
    return timed;
  }
  Clock::time_point start() const { return start_; }

 private:
  Clock::time_point start_ = Clock::now();
  double limit_;
};

}  // namespace

struct Solver::Impl {
  Impl(const Problem* p, Kernels k, std::unique_ptr<detail::Engine> e)
      : problem(p), kernels(k), engine(std::move(e)) {}
  const Problem* problem;
  Kernels kernels;
  std::unique_ptr<detail::Engine> engine;
  // cheapest()'s, made at its first call.
  std::unique_ptr<CostSearch> costs;
  // A memoised count's, made at its first.
  std::unique_ptr<detail::MemoCounter> memo;
  // How long building `engine` took: the memo's trial is weighed against it.
  double build_seconds = 0;
  bool memo_counted = false;
  // count_memo() starts from the memo's table of the last count and keeps
  // its own (the classes of a count split by symmetry).
  bool memo_keeps_table = false;
  // The count under way: how it counts (plain, memo, split by symmetry),
  // and its trials (Statistics::plain_trial_nodes and the others); the last
  // count's figures with them, when it ran some.
  detail::CountPolicy policy;
  // The memo's trial run ahead (memo_trial_ahead), for the next
  // memo_after_trial(): whether it pays, the count when it finished it, and
  // its figures. (It holds for any later count of the problem.)
  struct MemoVerdict {
    bool pays = false;
    std::optional<CountResult> counted;
    Count nodes = 0;
    double seconds = 0;
  };
  std::optional<MemoVerdict> memo_ahead;
  Statistics with_trials;
  bool trials_reported = false;
  // The engine of the last search, for statistics(): `engine` or costs'.
  const detail::Engine* searched = nullptr;
  // A memoised count is under way: every other call is refused (its progress
  // callback may not reach back into the solver).
  bool counting = false;
  void refuse_while_counting(const char* call) const {
    if (counting)
      throw Error(std::string("Solver::") + call +
                  " called while the solver is counting (from its progress callback): use "
                  "another Solver");
  }
  void searching(const detail::Engine* last) {
    searched = last;
    memo_counted = false;
    trials_reported = false;
  }
  const Statistics& last_statistics() const {
    if (trials_reported) return with_trials;
    if (memo_counted) return memo->statistics();
    return (searched ? *searched : *engine).statistics();
  }
  // The last count's figures with its trials, the call's `seconds` all of
  // it (when it ran no trial, the figures are those of what counted; after
  // a count split by symmetry, which already put its sums in with_trials,
  // those).
  void report_trials(double seconds) {
    const bool split = trials_reported;
    if (!split && !policy.trials.ran()) return;
    if (!split) with_trials = last_statistics();
    with_trials.seconds = seconds;
    policy.trials.put_into(with_trials);
    trials_reported = true;
  }
  // Building the memo's links takes at most twice as long as the solver's
  // own (measured on Langford pairs, queens and Sudoku encodings).
  double memo_build_estimate() const { return 2 * build_seconds; }
  Counting counting_for(const SearchOptions& options, const CountOptions& how,
                        const char* call) const;
  bool memo_pays(const SearchOptions& options, const CountOptions& how, const Deadline& deadline,
                 double most_seconds, std::optional<CountResult>& counted, bool& ran_out);
  std::optional<CountResult> memo_after_trial(const SearchOptions& options, const CountOptions& how,
                                              const Deadline& deadline, Count plain_updates,
                                              double plain_seconds, unsigned memo_threads);
  CountResult count_memo(const SearchOptions& options, const CountOptions& how,
                         const Deadline& deadline, unsigned threads);
  CountResult count_automatic(const SearchOptions& options, const CountOptions& how,
                              const Deadline& deadline);
  bool may_split(const SearchOptions& options, const CountOptions& how) const {
    return detail::CountPolicy::may_split(*problem, engine->assumptions(), options, how);
  }
  CountResult count_by_classes(const SearchOptions& options, const CountOptions& how,
                               const detail::ItemClasses& classes, const Deadline& deadline,
                               Counting each_way);
};

Solver::Solver(const Problem& problem, Layout layout, Kernels kernels) {
  if (kernels == Kernels::automatic) kernels = default_kernels();
  const Clock::time_point start = Clock::now();
  impl_ = std::make_unique<Impl>(&problem, kernels, detail::make_engine(problem, layout, kernels));
  impl_->build_seconds = since(start);
}
Solver::Solver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Solver Solver::sibling() const {
  Solver sibling(std::make_unique<Impl>(impl_->problem, impl_->kernels, impl_->engine->sibling()));
  sibling.impl_->build_seconds = impl_->build_seconds;
  return sibling;
}

Status Solver::search(const Visitor& visit, const SearchOptions& options) {
  static const detail::WorkSharing no_sharing;
  impl_->refuse_while_counting("search");
  impl_->searching(nullptr);
  return impl_->engine->search(visit, options, no_sharing);
}

Status Solver::search_sharing(const Visitor& visit, const SearchOptions& options,
                              const detail::WorkSharing& sharing) {
  impl_->refuse_while_counting("search");
  impl_->searching(nullptr);
  return impl_->engine->search(visit, options, sharing);
}

CheapestResult Solver::cheapest(std::size_t k, const CheapestOptions& options) {
  if (k == 0) throw Error("Solver::cheapest: k must be 1 or more");
  impl_->refuse_while_counting("cheapest");
  if (impl_->problem->has_multiplicities())
    throw ProblemError(
        "Solver::cheapest: a problem with multiplicities (bounds other than 1:1) has no "
        "cost search (Knuth's DLX5 has none either); search it without --cheapest");
  Impl& impl = *impl_;
  if (!impl.costs) impl.costs = std::make_unique<CostSearch>(*impl.problem, kernels());
  CostSearch& costs = *impl.costs;
  detail::Engine& engine = *costs.engine;
  detail::CostBound bound;
  engine.clear_assumptions();
  for (const int option : impl.engine->assumptions()) {
    const int own = costs.to_engine[static_cast<std::size_t>(option)];
    (void)engine.assume(own);
    bound.base += costs.sorted.option_cost(own);
  }
  CheapestResult result;
  std::vector<CostedSolution>& best = result.solutions;
  const Problem& problem = *impl.problem;
  CostedSolution found;
  const Visitor visit = [&](const Solution& s) {
    found.cost = 0;
    found.options.clear();
    for (const int own : s.options) {
      const int option = costs.to_user[static_cast<std::size_t>(own)];
      found.cost += problem.option_cost(option);  // (no more than the total cost)
      found.options.push_back(option);
    }
    std::sort(found.options.begin(), found.options.end());
    if (best.size() == k && !(found < best.back())) return true;
    best.insert(std::lower_bound(best.begin(), best.end(), found), found);
    if (best.size() > k) best.pop_back();
    // Now only what costs no more than the k-th best can take a place.
    if (best.size() == k) bound.cutoff = best.back().cost - costs.total_tax;
    return true;
  };
  SearchOptions own_options;
  static_cast<LimitOptions&>(own_options) = options;
  static_cast<StopOptions&>(own_options) = options;
  static_cast<ProgressOptions&>(own_options) = options;
  impl.searching(&engine);
  result.status = engine.search_bounded(visit, own_options, bound);
  return result;
}

// The memo's trial, within `deadline` and `most_seconds`: whether the memo
// pays (`counted` when it counted everything within its trial). A trial
// that runs out of its seconds does not pay (the memo's nodes were slower
// than expected). Its nodes and seconds go to the trials' figures; where it
// does not pay, its links are dropped (they would only take memory while
// the plain search counts).
bool Solver::Impl::memo_pays(const SearchOptions& options, const CountOptions& how,
                             const Deadline& deadline, double most_seconds,
                             std::optional<CountResult>& counted, bool& ran_out) {
  const Clock::time_point start = Clock::now();
  if (!memo) memo = std::make_unique<detail::MemoCounter>(*problem);
  SearchOptions quiet = deadline.within(options);
  quiet.on_progress = nullptr;
  if (quiet.time_limit == 0 || quiet.time_limit > most_seconds) quiet.time_limit = most_seconds;
  detail::MemoRun trial{engine->assumptions(), &quiet, how.memo_bytes, detail::kMemoTrialNodes};
  trial.trial_only = true;
  const CountResult result = memo->count(trial);
  const Status status = result.status;
  ran_out = status == Status::time_limit;
  if (status == Status::exhausted) {
    searching(nullptr);
    memo_counted = true;
    counted = result;
    return true;
  }
  policy.trials.memo_nodes += memo->statistics().nodes;
  policy.trials.memo_seconds += since(start);
  // (A stop within the trial, by the clock or a cancellation: the search
  // that goes on meets it again at once.)
  if (status == Status::node_limit) return true;
  memo.reset();
  return false;
}

CountResult Solver::Impl::count_memo(const SearchOptions& options, const CountOptions& how,
                                     const Deadline& deadline, unsigned threads) {
  if (!memo) memo = std::make_unique<detail::MemoCounter>(*problem);
  counting = true;
  struct Done {
    bool& counting;
    ~Done() { counting = false; }
  } done{counting};
  const SearchOptions timed = deadline.within(options);
  CountResult result;
  if (threads > 1 && options.node_limit == 0 && engine->assumptions().empty())
    result = memo->count_on_threads({{}, &timed, how.memo_bytes, 0}, threads);
  else {
    detail::MemoRun run{engine->assumptions(), &timed, how.memo_bytes, 0};
    run.keep_table = memo_keeps_table;
    result = memo->count(run);
  }
  searching(nullptr);
  memo_counted = true;
  return result;
}

// The automatic count on one thread. The plain search counts, pausing at
// each of the policy's budgets: there the policy may split the count by
// symmetry, or ask for the memo's trial (once the plain search has run long
// enough for it to cost at most 1/kTrialShare of its time). Where the memo
// pays, it takes over and counts from the start; where not, the plain
// search goes on where it paused: a count that ends plainly searches
// nothing twice.
CountResult Solver::Impl::count_automatic(const SearchOptions& options, const CountOptions& how,
                                          const Deadline& deadline) {
  policy.begin_plain(*problem, may_split(options, how), memo_build_estimate());
  const std::function<bool()> stop = [&] {
    return (options.cancel && options.cancel->load()) ||
           (options.time_limit > 0 && since(deadline.start()) >= options.time_limit);
  };
  static const detail::WorkSharing no_sharing;
  const SearchOptions plain = deadline.within(options);
  searching(nullptr);
  const Clock::time_point start = Clock::now();
  engine->begin_budgeted(plain, no_sharing);
  struct Paused {
    detail::Engine& engine;
    ~Paused() { engine.end_budgeted(); }  // (a stop, a callback that threw, a takeover)
  } paused{*engine};
  std::optional<CountResult> counted;  // by the memo within its trial
  for (;;) {
    if (const std::optional<Status> status = engine->run_to(policy.budget()))
      return {engine->statistics().solutions, *status};
    const Progress at = engine->paused_at();
    switch (policy.at_budget(at.nodes, at.seconds, stop)) {
      case detail::CountStep::go_on:
        continue;
      case detail::CountStep::split:
        engine->end_budgeted();
        policy.trials.plain_nodes += engine->statistics().nodes;
        policy.trials.plain_seconds += since(start);
        return count_by_classes(options, how, policy.take_classes(), deadline, Counting::automatic);
      case detail::CountStep::memo_trial:
        break;
    }
    bool ran_out = false;
    if (memo_pays(options, how, deadline, policy.memo_trial_seconds(at.seconds), counted, ran_out))
      break;
    policy.memo_did_not_pay(at.seconds, ran_out);
  }
  engine->end_budgeted();
  policy.trials.plain_nodes += engine->statistics().nodes;
  policy.trials.plain_seconds += since(start) - policy.trials.memo_seconds;
  return counted ? *counted : count_memo(options, how, deadline, 1);
}

// A count split at an item whose options fall into classes of equal counts:
// one count a class, each with its representative assumed, counted as
// `each_way` says (the automatic count then may still take the memo), times
// the class's size. The caller's progress reports see the sums. The
// figures, summed, go to with_trials (level_nodes left empty); a count cut
// short gives the classes counted so far and the part of the one it stopped
// in, each times its size: a lower bound.
CountResult Solver::Impl::count_by_classes(const SearchOptions& options, const CountOptions& how,
                                           const detail::ItemClasses& classes,
                                           const Deadline& deadline, Counting each_way) {
  struct Restore {
    detail::Engine& engine;
    ~Restore() { engine.clear_assumptions(); }
  } restore{*engine};
  CountOptions each_how = how;
  each_how.symmetry = false;
  // The memo's counts go from class to class (a sub-problem's count does
  // not depend on the options that led to it), and are let go at the end.
  memo_keeps_table = true;
  struct Forget {
    Impl& impl;
    ~Forget() {
      impl.memo_keeps_table = false;
      if (impl.memo) impl.memo->forget_table();
    }
  } forget{*this};
  Statistics sum;
  double share_done = 0;
  CountResult result;
  // The caller's schedule of reports runs over the whole count: each class
  // reports often, and the reports due are passed on.
  Count next_nodes = options.progress_nodes ? Count{options.progress_nodes} : Count::max();
  double next_seconds = options.progress_seconds;
  for (const std::vector<int>& members : classes.members) {
    const std::uint64_t size = members.size();
    SearchOptions each = options;
    if (options.on_progress) {
      each.progress_nodes = detail::kTrialLookNodes;
      each.progress_seconds = 0;
      each.on_progress = [&](const Progress& p) {
        const Count nodes = sum.nodes + p.nodes;
        const double seconds = since(deadline.start());
        bool due = false;
        if (nodes >= next_nodes) {
          next_nodes = nodes + options.progress_nodes;
          due = true;
        }
        if (options.progress_seconds > 0 && seconds >= next_seconds) {
          next_seconds = seconds + options.progress_seconds;
          due = true;
        }
        if (!due) return;
        Progress q = p;
        q.nodes = nodes;
        q.updates += sum.updates;
        q.solutions = result.solutions + p.solutions * Count{size};
        q.seconds = seconds;
        q.fraction_done = (share_done + static_cast<double>(size) * p.fraction_done) /
                          static_cast<double>(classes.options);
        options.on_progress(q);
      };
    }
    engine->clear_assumptions();
    static_cast<void>(engine->assume(members.front()));  // alone, it cannot conflict
    const CountResult part = each_way == Counting::memo ? count_memo(each, each_how, deadline, 1)
                                                        : count_automatic(each, each_how, deadline);
    const Statistics& st = last_statistics();
    // Where the memo took over one class, it counts the others from the
    // start, with the counts it has (their sub-problems are the same).
    if (memo_counted) each_way = Counting::memo;
    sum.nodes += st.nodes;
    sum.updates += st.updates;
    sum.bytes = std::max(sum.bytes, st.bytes);
    if (sum.layout != Layout::memo) sum.layout = st.layout;
    sum.memo_hits += st.memo_hits;
    sum.memo_entries = std::max(sum.memo_entries, st.memo_entries);
    sum.memo_splits += st.memo_splits;
    result.solutions += part.solutions * Count{size};
    share_done += static_cast<double>(size);
    if (part.status != Status::exhausted) {
      result.status = part.status;
      break;
    }
  }
  sum.solutions = result.solutions;
  sum.seconds = since(deadline.start());
  sum.symmetry_options = classes.options;
  sum.symmetry_classes = static_cast<int>(classes.members.size());
  with_trials = sum;
  trials_reported = true;
  return result;
}

// How a count runs (CountPolicy::counting_for), refused while the solver
// counts or searches.
Counting Solver::Impl::counting_for(const SearchOptions& options, const CountOptions& how,
                                    const char* call) const {
  refuse_while_counting(call);
  if (engine->in_search())
    throw Error(std::string("Solver::") + call +
                " called while the solver is searching (from one of its own callbacks, or with a "
                "solutions() range still open): use another Solver");
  return detail::CountPolicy::counting_for(*problem, options, how, call);
}

CountResult Solver::count(const SearchOptions& options, const CountOptions& how) {
  Impl& impl = *impl_;
  impl.policy = {};
  CountResult result;
  switch (impl.counting_for(options, how, "count")) {
    case Counting::plain:
      // The automatic choice without the memo (tree options it does not
      // follow, many items) may still split by symmetry: the automatic
      // count then runs with the memo ruled out.
      if (how.counting == Counting::automatic && impl.may_split(options, how)) {
        impl.policy.refuse_memo();
        break;
      }
      result.status = search(Visitor(), options);
      result.solutions = impl.engine->statistics().solutions;
      return result;
    case Counting::memo:
      if (impl.may_split(options, how)) {
        if (const auto classes = detail::CountPolicy::split_before_memo(*impl.problem)) {
          const Deadline deadline(options);
          result = impl.count_by_classes(options, how, *classes, deadline, Counting::memo);
          impl.report_trials(since(deadline.start()));
          return result;
        }
      }
      return impl.count_memo(options, how, Deadline(options), 1);
    case Counting::automatic:
      break;
  }
  const Deadline deadline(options);
  result = impl.count_automatic(options, how, deadline);
  impl.report_trials(since(deadline.start()));
  return result;
}

std::optional<CountResult> Solver::count_unless_plain(const SearchOptions& options,
                                                      const CountOptions& how,
                                                      std::uint64_t plain_trial,
                                                      const detail::WorkSharing& keep,
                                                      bool* trial_ran, unsigned memo_threads) {
  Impl& impl = *impl_;
  impl.policy = {};
  switch (impl.counting_for(options, how, "count")) {
    case Counting::plain:
      return std::nullopt;
    case Counting::memo:
      return impl.count_memo(options, how, Deadline(options), memo_threads);
    case Counting::automatic:
      break;
  }
  // A short plain search first, on this thread: most counts end there. The
  // work it leaves goes to `keep`, for the threads to go on with.
  const Deadline deadline(options);
  SearchOptions trial = deadline.within(options);
  trial.node_limit = detail::CountPolicy::trial_nodes(plain_trial);
  trial.on_progress = nullptr;
  if (trial_ran) *trial_ran = true;
  const Status status = search_sharing(Visitor(), trial, keep);
  const Statistics& plain = impl.engine->statistics();
  if (status == Status::exhausted) return CountResult{plain.solutions, status};
  // (A stop within the trial, by the clock or a cancellation: the plain
  // search meets it again at once.)
  if (status != Status::node_limit) {
    impl.report_trials(since(deadline.start()));
    return std::nullopt;
  }
  std::optional<CountResult> result =
      impl.memo_after_trial(options, how, deadline, plain.updates, plain.seconds, memo_threads);
  if (result) {
    // The memo took over: the plain trial's work is lost.
    impl.policy.trials.plain_nodes = plain.nodes;
    impl.policy.trials.plain_seconds = plain.seconds;
  }
  impl.report_trials(since(deadline.start()));
  return result;
}

// The memo's trial after a plain one that made `plain_updates` in
// `plain_seconds`, only where building its links costs little beside it
// (detail::memo_cheap_after): the memo's count where it pays.
std::optional<CountResult> Solver::Impl::memo_after_trial(const SearchOptions& options,
                                                          const CountOptions& how,
                                                          const Deadline& deadline,
                                                          Count plain_updates, double plain_seconds,
                                                          unsigned memo_threads) {
  std::optional<CountResult> counted;
  bool ran_out = false;
  if (memo_ahead) {
    const MemoVerdict verdict = std::move(*memo_ahead);
    memo_ahead.reset();
    policy.trials.memo_nodes += verdict.nodes;
    policy.trials.memo_seconds += verdict.seconds;
    if (!verdict.pays) return std::nullopt;
    counted = verdict.counted;
    if (counted) {
      // (Its figures are the memo's, not the plain trial's that ran since.)
      searching(nullptr);
      memo_counted = true;
    }
  } else if (!detail::memo_cheap_after(problem->entry_count(), plain_updates) ||
             !memo_pays(options, how, deadline,
                        detail::CountPolicy::memo_trial_seconds_after(plain_seconds), counted,
                        ran_out)) {
    return std::nullopt;
  }
  return counted ? *counted : count_memo(options, how, deadline, memo_threads);
}

Solver::MemoTrialAhead Solver::memo_trial_ahead(const SearchOptions& options,
                                                const CountOptions& how) {
  Impl& impl = *impl_;
  impl.policy = {};
  impl.memo_ahead.reset();
  if (impl.counting_for(options, how, "count") != Counting::automatic ||
      impl.problem->entry_count() > detail::kCheapMemoEntries)
    return {};
  Impl::MemoVerdict verdict;
  bool ran_out = false;
  verdict.pays =
      impl.memo_pays(options, how, Deadline(options),
                     detail::CountPolicy::memo_trial_seconds_after(0), verdict.counted, ran_out);
  verdict.nodes = impl.policy.trials.memo_nodes;
  verdict.seconds = impl.policy.trials.memo_seconds;
  impl.policy = {};
  const MemoTrialAhead ahead{true, verdict.pays, verdict.nodes, verdict.seconds};
  impl.memo_ahead = std::move(verdict);
  return ahead;
}

ZddResult Solver::zdd(const SearchOptions& options, std::uint64_t memo_bytes) {
  return zdd(options, memo_bytes, ZddOrder::fewest);
}

ZddResult Solver::zdd(const SearchOptions& options, std::uint64_t memo_bytes, ZddOrder order) {
  Impl& impl = *impl_;
  impl.refuse_while_counting("zdd");
  if (impl.engine->in_search())
    throw Error(
        "Solver::zdd called while the solver is searching (from one of its own callbacks, or "
        "with a solutions() range still open): use another Solver");
  if (options.solution_limit != 0)
    throw Error(
        "Solver::zdd: a diagram holds every solution and follows no solution_limit: leave it "
        "out, and take solutions from the diagram (Zdd::nth)");
  detail::check_followed(Layout::memo, options, "Solver::zdd");
  if (!impl.engine->assumptions().empty())
    throw Error(
        "Solver::zdd: the diagram is made without assumptions: clear them "
        "(clear_assumptions), or make the diagram of a problem without the options they "
        "exclude");
  if (!impl.memo) impl.memo = std::make_unique<detail::MemoCounter>(*impl.problem);
  impl.counting = true;
  struct Done {
    bool& counting;
    ~Done() { counting = false; }
  } done{impl.counting};
  detail::ZddNodes nodes;
  detail::MemoRun run{{}, &options, memo_bytes, 0};
  run.zdd = &nodes;
  run.zdd_order = order;
  const CountResult counted = impl.memo->count(run);
  impl.searching(nullptr);
  impl.memo_counted = true;
  ZddResult result;
  result.status = counted.status;
  if (counted.complete()) result.zdd = Zdd(nodes.take(), impl.memo->zdd_root());
  return result;
}

SolutionRange Solver::solutions(const SearchOptions& options) & {
  impl_->refuse_while_counting("solutions");
  impl_->engine->begin_pull(options);
  impl_->searching(nullptr);
  return SolutionRange(impl_->engine.get());
}

SolutionRange::SolutionRange(SolutionRange&& other) noexcept
    : engine_(std::exchange(other.engine_, nullptr)), started_(other.started_) {}

SolutionRange::~SolutionRange() {
  if (engine_) engine_->end_pull();
}

SolutionRange::iterator SolutionRange::begin() {
  if (started_)
    throw Error("a solutions() range is walked through once: ask the solver for another");
  started_ = true;
  return iterator(engine_);
}

Status SolutionRange::status() const {
  if (!engine_) throw Error("SolutionRange::status: the range was moved from");
  return engine_->pull_status();
}

SolutionRange::iterator::iterator(detail::Engine* engine)
    : engine_(engine), current_(engine->next_pull()) {}

SolutionRange::iterator& SolutionRange::iterator::operator++() {
  current_ = engine_->next_pull();
  return *this;
}

namespace {

// The processor time of the calling thread where the system keeps it, so
// that other programs on a busy machine do not slow a measurement; else the
// wall clock.
double thread_seconds() {
#ifdef CLOCK_THREAD_CPUTIME_ID
  timespec now{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0)
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
#endif
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

Estimate Solver::estimate(std::uint64_t probes, std::uint64_t seed,
                          const EstimateOptions& options) {
  impl_->refuse_while_counting("estimate");
  impl_->searching(nullptr);
  if (layout() == Layout::multiplicities)
    throw ProblemError(
        "Solver::estimate: the multiplicities layout (a problem with bounds other than 1:1) is "
        "not estimated: Algorithm M's branches are not a choice among one item's options");
  detail::EstimateSums sums;
  Estimate result;
  SearchOptions probing;
  static_cast<StopOptions&>(probing) = options;
  static_cast<TreeOptions&>(probing) = options;
  result.status = impl_->engine->estimate(probes, seed, probing, sums);
  result.probes = sums.probes;
  if (sums.probes == 0) {
    result.elapsed = sums.elapsed;
    return result;
  }
  const double n = static_cast<double>(sums.probes);
  // The standard error of a mean: the probes' standard deviation over sqrt(n).
  auto spread = [&](double m2) { return n < 2 ? 0.0 : std::sqrt(std::max(m2, 0.0) / (n - 1) / n); };
  result.nodes = sums.mean[0];
  result.updates = sums.mean[1];
  result.solutions = sums.mean[2];
  result.nodes_spread = spread(sums.m2[0]);
  result.updates_spread = spread(sums.m2[1]);
  result.solutions_spread = spread(sums.m2[2]);

  // The time: the probes' own rate would mislead (they commit many options
  // near the root, where a step costs the most), so a search of the tree's
  // first nodes (as many as the probes entered, at least 50,000) measures
  // the processor time an update takes where the search spends its time.
  double per_update = 0;
  if (result.status == Status::exhausted) {
    static const detail::WorkSharing no_sharing;
    SearchOptions timing;
    static_cast<TreeOptions&>(timing) = options;
    timing.cancel = options.cancel;
    timing.node_limit = std::max<std::uint64_t>(50000, static_cast<std::uint64_t>(sums.levels));
    if (options.time_limit > 0)
      timing.time_limit = std::max(options.time_limit - sums.elapsed, 1e-9);
    const double start = thread_seconds();
    const Status status = impl_->engine->search(Visitor(), timing, no_sharing);
    const double seconds = thread_seconds() - start;
    const Statistics& stats = impl_->engine->statistics();
    if (stats.updates > 0) per_update = seconds / static_cast<double>(stats.updates);
    sums.elapsed += stats.seconds;
    // (Every probe ran: only a cancellation changes the status; a time
    // limit that cuts this search short leaves a rougher rate.)
    if (status == Status::cancelled) result.status = status;
  }
  result.seconds = per_update * result.updates;
  result.seconds_spread = per_update * result.updates_spread;
  result.elapsed = sums.elapsed;
  return result;
}

Branching Solver::branching() {
  impl_->refuse_while_counting("branching");
  if (layout() == Layout::multiplicities)
    throw ProblemError(
        "Solver::branching: the multiplicities layout (a problem with bounds other than 1:1) "
        "does not split into subproblems by forced options");
  return impl_->engine->branching();
}

bool Solver::assume(int option) {
  impl_->refuse_while_counting("assume");
  return impl_->engine->assume(option);
}
bool Solver::assume(std::span<const int> options) {
  impl_->refuse_while_counting("assume");
  return impl_->engine->assume(options);
}
void Solver::clear_assumptions() {
  impl_->refuse_while_counting("clear_assumptions");
  impl_->engine->clear_assumptions();
}
std::span<const int> Solver::assumptions() const { return impl_->engine->assumptions(); }
const Statistics& Solver::statistics() const { return impl_->last_statistics(); }
const Problem& Solver::problem() const { return *impl_->problem; }
Layout Solver::layout() const { return impl_->engine->layout(); }
Kernels Solver::kernels() const { return impl_->kernels; }

}  // namespace xcover
