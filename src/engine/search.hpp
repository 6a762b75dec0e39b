// SPDX-License-Identifier: MIT
// The search loop: Algorithm X (Algorithm C with colours) as in Knuth's
// DLX1 and DLX2, iterative with one slot of state a level. It drives every
// memory layout (links/, bitsets/ with the counted bit sets, sparse/,
// multiplicity/: Algorithm M of DLX3, for bounds on primary items, and
// cost_links.hpp: DLX5's branch and bound) through the same few steps (open
// a level, try its next option, retract it, close the level), and owns what
// is common: limits, budgets, cancellation, progress, sharing work and
// statistics.
//
// Included by each kernel translation unit (src/engine/kernels/), inside its target
// region: this is the code that runs per node.
#pragma once

#include <algorithm>
#include <chrono>
#include <iterator>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <variant>

#include "engine/engine.hpp"
#include "engine/layouts/bitsets/bitsets.hpp"
#include "engine/layouts/bitsets/bitsets_impl.hpp"
#include "engine/layouts/bitsets/forced_wave.hpp"
#include "engine/layouts/bitsets/most_clashes.hpp"
#include "engine/layouts/costs/cost_links.hpp"
#include "engine/layouts/counted/counted.hpp"
#include "engine/layouts/links/links.hpp"
#include "engine/layouts/links/links_impl.hpp"
#include "engine/layouts/multiplicity/multiplicity.hpp"
#include "engine/layouts/multiplicity/multiplicity_impl.hpp"
#include "engine/layouts/sparse/sparse.hpp"
#include "engine/look_pacing.hpp"
#include "engine/steps.hpp"
#include "xcover/error.hpp"

namespace xcover::detail::XCOVER_ISA {

using Clock = std::chrono::steady_clock;

// A share request gives away no level with more untried options than this
// (see the loop).
constexpr std::int64_t kMostSharedPieces = 1024;

// The layouts, each taking the steps the search loop calls (LayoutSteps,
// steps.hpp). Small sets of options get a set size fixed at compile time.
// Bit sets whose primary items have at most 127 options each get 8-bit
// lengths.
using Short = std::uint8_t;
using Core = std::variant<Links<false>, Links<true>, Bitsets<4>, Bitsets<8>, Bitsets<12>,
                          Bitsets<16>, Bitsets<0>, Bitsets<4, Short>, Bitsets<8, Short>,
                          Bitsets<12, Short>, Bitsets<16, Short>, Bitsets<0, Short>, Multiplicities,
                          CostLinks, Sparse<false>, Sparse<true>, CountedBitsets>;

static_assert(LayoutSteps<Links<false>> && LayoutSteps<Links<true>> && LayoutSteps<CostLinks>);
static_assert(LayoutSteps<Bitsets<0>> && LayoutSteps<Bitsets<16, Short>>);
// (Every alternative of the variant, whichever the list holds.)
template <class... L>
constexpr bool all_take_the_steps(const std::variant<L...>*) {
  return (LayoutSteps<L> && ...);
}
static_assert(all_take_the_steps(static_cast<const Core*>(nullptr)));
static_assert(!LayoutSteps<std::vector<int>>);

template <class Len>
Core make_bitsets(const Problem& problem, int words) {
  if (words <= 4) return Core(std::in_place_type<Bitsets<4, Len>>, problem);
  if (words <= 8) return Core(std::in_place_type<Bitsets<8, Len>>, problem);
  if (words <= 12) return Core(std::in_place_type<Bitsets<12, Len>>, problem);
  if (words <= 16) return Core(std::in_place_type<Bitsets<16, Len>>, problem);
  return Core(std::in_place_type<Bitsets<0, Len>>, problem);
}

inline Core make_core(const Problem& problem, const LayoutPlan& plan) {
  switch (plan.layout) {
    case Layout::multiplicities:
      return Core(std::in_place_type<Multiplicities>, problem);
    case Layout::costs:
      return Core(std::in_place_type<CostLinks>, problem);
    case Layout::counted_bitsets:
      return Core(std::in_place_type<CountedBitsets>, problem);
    case Layout::bitsets:
      if (plan.short_lengths) return make_bitsets<Short>(problem, plan.words);
      return make_bitsets<std::uint16_t>(problem, plan.words);
    case Layout::sparse:
      if (plan.colors) return Core(std::in_place_type<Sparse<true>>, problem);
      return Core(std::in_place_type<Sparse<false>>, problem);
    case Layout::links:
      if (plan.colors) return Core(std::in_place_type<Links<true>>, problem);
      return Core(std::in_place_type<Links<false>>, problem);
    case Layout::automatic:
    case Layout::memo:
      break;
  }
  throw Error("internal error: a layout plan left automatic, or memo");
}

// The layout each core is (Layout): one overload a kind of core, so that a
// core without one does not compile.
template <bool kColors>
constexpr Layout kind_of(const Links<kColors>&) {
  return Layout::links;
}
template <int kWords, typename Len>
constexpr Layout kind_of(const Bitsets<kWords, Len>&) {
  return Layout::bitsets;
}
constexpr Layout kind_of(const CountedBitsets&) { return Layout::counted_bitsets; }
template <bool kColors>
constexpr Layout kind_of(const Sparse<kColors>&) {
  return Layout::sparse;
}
constexpr Layout kind_of(const Multiplicities&) { return Layout::multiplicities; }
constexpr Layout kind_of(const CostLinks&) { return Layout::costs; }

// The engine of this kernel set: the problem in its layout, the search
// loop, and the assumptions.
class SearchEngine final : public Engine {
 public:
  SearchEngine(const Problem& p, const LayoutPlan& plan) : SearchEngine(p, make_core(p, plan)) {}
  SearchEngine(const Problem& p, Core core) : problem(&p), layout_core(std::move(core)) {
    is_assumed.assign(p.option_count(), 0);
    const std::size_t depth = search_depth(p);
    branch_rank.resize(depth);
    branch_size.resize(depth);
    given_away.resize(depth);
    solution.options.reserve(depth);
    solution.problem = &p;
    stats.level_nodes.assign(depth + 1, 0);
  }

  Status search(const Visitor& visit, const SearchOptions& options,
                const WorkSharing& sharing) override {
    refuse_if_busy("search");
    busy = true;
    struct Idle {
      bool& busy;
      ~Idle() { busy = false; }
    } idle{busy};
    begin_run("Solver::search", options, sharing, visit ? &visit : nullptr, false);
    resume();
    return run.status;
  }
  Status search_bounded(const Visitor& visit, const SearchOptions& options,
                        CostBound& bound) override {
    refuse_if_busy("cheapest");
    busy = true;
    struct Idle {
      bool& busy;
      ~Idle() { busy = false; }
    } idle{busy};
    CostLinks* core = std::get_if<CostLinks>(&layout_core);
    if (!core) throw Error("Solver::cheapest: internal error: an engine without costs");
    core->set_bound(&bound);
    struct Unbound {
      CostLinks* core;
      ~Unbound() { core->set_bound(nullptr); }
    } unbound{core};
    begin_run("Solver::cheapest", options, no_sharing, &visit, false);
    resume();
    return run.status;
  }

  void begin_pull(const SearchOptions& options) override {
    refuse_if_busy("solutions");
    pull_options = options;
    begin_run("Solver::solutions", pull_options, no_sharing, nullptr, true);
    busy = true;
  }
  const Solution* next_pull() override {
    if (run.at == At::done) return nullptr;
    if (!resume()) return nullptr;
    return &solution;
  }
  // run.status is the last search's until this one ends: a range not begun,
  // or paused at a solution the loop left on, has stopped (end_pull() says
  // the same when the range goes).
  Status pull_status() const override { return run.at == At::done ? run.status : Status::stopped; }
  void end_pull() override {
    if (run.at == At::solution)
      std::visit([&](auto& core) { unwind(core, run.level); }, layout_core);
    if (run.at != At::done) finish(Status::stopped);
    run.at = At::done;
    busy = false;
  }

  void begin_budgeted(const SearchOptions& options, const WorkSharing& sharing) override {
    // (Named as the plain count's search() was, for the same messages.)
    refuse_if_busy("search");
    begin_run("Solver::search", options, sharing, nullptr, false);
    busy = true;
  }
  std::optional<Status> run_to(Count nodes) override {
    if (run.at == At::done) return run.status;
    struct Idle {
      SearchEngine& engine;
      ~Idle() {
        if (engine.run.at == At::done) engine.busy = false;
      }
    } idle{*this};
    run.budget = nodes;
    run.next_check = std::min(run.next_check, nodes);
    resume();
    if (run.at == At::budget) return std::nullopt;
    return run.status;
  }
  Progress paused_at() const override {
    const std::uint64_t updates =
        std::visit([](const auto& core) { return core.updates; }, layout_core);
    return progress(run.level, std::chrono::duration<double>(Clock::now() - run.start).count(),
                    updates);
  }
  void end_budgeted() override {
    // (Paused at a look: the levels above the one it looked at are open.)
    if (run.at == At::budget) {
      std::visit([&](auto& core) { unwind(core, run.level - 1); }, layout_core);
      finish(Status::stopped);
    }
    run.at = At::done;
    busy = false;
  }

  Status estimate(std::uint64_t probes, std::uint64_t seed, const SearchOptions& options,
                  EstimateSums& sums) override;  // estimate.hpp
  bool assume(int option) override;
  bool assume(std::span<const int> options) override;
  void clear_assumptions() override;
  std::span<const int> assumptions() const override { return assumed_options; }
  Branching branching() override;
  const Statistics& statistics() const override { return stats; }
  Layout layout() const override {
    return std::visit([](const auto& core) { return kind_of(core); }, layout_core);
  }
  std::unique_ptr<Engine> sibling() const override {
    return std::make_unique<SearchEngine>(
        *problem,
        std::visit([this](const auto& core) { return Core(core.sibling(*problem)); }, layout_core));
  }

 private:
  const Problem* problem;
  Core layout_core;  // the problem in the chosen layout

  // Search state, one slot a level; the depth is at most search_depth()
  // (layout_plan.hpp): one level a primary item, and with multiplicities
  // one more for each option that can be chosen.
  std::vector<std::int32_t> branch_rank;  // 0-based position of the choice
  std::vector<std::int32_t> branch_size;  // options available when branching
  std::vector<char> given_away;           // untried options handed to on_split
  Solution solution;                      // the one handed out, refilled for each: no allocation

  // Assumptions: forced options, and whether they conflicted.
  std::vector<int> assumed_options;
  std::vector<char> is_assumed;  // by problem option
  bool infeasible = false;

  Statistics stats;
  int deepest = 0;  // deepest level the last search entered

  // A search under way: search() runs it to the end; a pull-style search
  // (begin_pull) stops at each solution and goes on at the next call.
  // While one is under way, nothing else may be asked of the engine.
  // `paused`: the loop returned at a look and resume() calls it again;
  // `budget`: it returned at a look that reached run.budget, and resume()
  // returns to run_to()'s caller, who calls again to go on.
  enum class At { begin, solution, root_solution, paused, budget, done };
  struct Run {
    const SearchOptions* options = nullptr;
    const WorkSharing* sharing = nullptr;
    const Visitor* visit = nullptr;  // null: count without decoding
    bool pull = false;
    At at = At::done;
    Status status = Status::exhausted;
    int level = 0;
    std::size_t base_forced = 0;  // assumptions and the root's forced options
    Clock::time_point start;
    std::mt19937_64* rng = nullptr;  // run_rng, with a random_seed
    // Clock, cancellation and progress are looked at as `looks` paces them,
    // and exactly when a progress report by node count is due.
    Count next_progress_nodes = 0, next_check = 0;
    Count budget = Count::max();  // run_to()'s nodes
    LookPacing looks;
    double next_progress_seconds = 0;
    bool timed = false;
  } run;
  // (Outside Run: its 2.5 KB of state made resetting a run a copy of them,
  // 4% of an easy Sudoku's time.)
  std::optional<std::mt19937_64> run_rng;
  bool busy = false;
  bool in_search() const override { return busy; }
  SearchOptions pull_options;    // a pull-style search's own copy
  const WorkSharing no_sharing;  // a pull-style search shares nothing

  void refuse_if_busy(const char* what) const {
    if (busy)
      throw Error(std::string("Solver::") + what +
                  " called while the solver is searching (from one of its own callbacks, or "
                  "with a solutions() range still open): use another Solver");
  }
  // `call` names the call for an error (options the layout does not follow).
  void begin_run(const char* call, const SearchOptions& options, const WorkSharing& sharing,
                 const Visitor* visit, bool pull);
  // Runs the search from where it stands: true when it stopped at a
  // solution of a pull-style search, false when it has ended (run.status).
  // The loop returns at each look (about every thousand nodes, or every
  // millisecond when timed) and is called again here: a WebAssembly engine
  // swaps a function's optimised code in only when it is next called (V8
  // has no on-stack replacement there), so a long search begun in baseline
  // code would otherwise stay in it (a random 100-item count ran 1.3x
  // slower). A call a thousand nodes costs nothing measurable natively.
  bool resume() {
    for (;;) {
      const bool at_solution = std::visit([&](auto& core) { return loop(core); }, layout_core);
      if (run.at != At::paused) return at_solution;
    }
  }
  template <LayoutSteps C>
  bool loop(C& core);
  bool finish(Status s);
  // Undoes the steps of levels top..0, for a search that stops early.
  template <LayoutSteps C>
  static void unwind(C& core, int top) {
    for (int l = top; l >= 0; --l) {
      core.retract(l);
      core.close(l);
    }
  }
  // Calls a user's callback; if it throws, the levels 0..top are undone,
  // the search ends, and the exception goes on to the caller.
  template <LayoutSteps C, class F>
  decltype(auto) guarded(C& core, int top, F&& f) {
    try {
      return f();
    } catch (...) {
      unwind(core, top);
      finish(Status::stopped);
      throw;
    }
  }
  using SplitSink = std::function<void(std::span<const int>, double)>;
  template <LayoutSteps C>
  bool give_away_siblings(C& core, int level, const SplitSink& sink);
  template <LayoutSteps C>
  void give_away_path(C& core, int level, const SplitSink& sink);
  template <LayoutSteps C>
  double path_to(const C& core, int level, std::vector<int>& forced) const;
  double fraction_done(int level) const;
  Progress progress(int level, double seconds, std::uint64_t updates) const;
};

namespace {
// A negative entry ~k leaves option k out, and only Algorithm M's layout
// takes one (its pieces of work are so described).
void check_option_index(int option, const Problem& problem, Layout layout) {
  const int k = option < 0 && layout == Layout::multiplicities ? ~option : option;
  if (k < 0 || k >= problem.option_count())
    throw ProblemError("option index " + std::to_string(option) +
                       " out of range (the problem has " + std::to_string(problem.option_count()) +
                       " options)");
}
}  // namespace

bool SearchEngine::assume(int option) {
  refuse_if_busy("assume");
  check_option_index(option, *problem, layout());
  if (option < 0) {
    // (Leaving an option out twice is the layout's to make harmless.)
    assumed_options.push_back(option);
    if (infeasible) return false;
    infeasible = !std::visit([option](auto& c) { return c.assume(option); }, layout_core);
    return !infeasible;
  }
  // Forcing an option twice is the same as forcing it once.
  if (is_assumed[option]) return !infeasible;
  is_assumed[option] = 1;
  assumed_options.push_back(option);
  if (infeasible) return false;
  const bool feasible = std::visit([option](auto& c) { return c.assume(option); }, layout_core);
  infeasible = !feasible;
  return feasible;
}

// As assume(option) for each, with one dispatch to the layout: a Sudoku's
// givens are forced in one tight loop.
bool SearchEngine::assume(std::span<const int> options) {
  refuse_if_busy("assume");
  const Layout kind = layout();
  for (const int option : options) check_option_index(option, *problem, kind);
  const std::size_t first = assumed_options.size();
  for (const int option : options) {
    if (option >= 0 && is_assumed[option]) continue;
    if (option >= 0) is_assumed[option] = 1;
    assumed_options.push_back(option);
  }
  if (infeasible) return false;
  const std::span<const int> fresh(assumed_options.data() + first, assumed_options.size() - first);
  infeasible = !std::visit(
      [&](auto& core) {
        if constexpr (requires { core.assume(fresh); }) {
          return core.assume(fresh);
        } else {
          for (const int option : fresh)
            if (!core.assume(option)) return false;
          return true;
        }
      },
      layout_core);
  return !infeasible;
}

void SearchEngine::clear_assumptions() {
  refuse_if_busy("clear_assumptions");
  std::visit([](auto& c) { c.clear_assumptions(); }, layout_core);
  for (int option : assumed_options)
    if (option >= 0) is_assumed[option] = 0;
  assumed_options.clear();
  infeasible = false;
}

// Appends the options `level`'s state committed because they were forced
// (a solution's, at every node that finds one: written in place, not one
// push_back each).
template <LayoutSteps C>
void append_forced(const C& core, int level, std::vector<int>& to) {
  const std::size_t at = to.size();
  to.resize(at + static_cast<std::size_t>(core.forced_count(level)));
  int* out = to.data() + at;
  core.for_forced(level, [&out](int option) { *out++ = option; });
}

// A layout whose branches are not options alone (Algorithm M's: the options
// tried before a branch stay out of it) describes its path and its untried
// branches itself, with entries ~k for the options left out.
template <class C>
concept DescribesBranches = requires(const C& c, int level, std::vector<int>& to) {
  c.append_choice(level, to);
  c.for_untried_pieces(level, [](std::span<const int>) {});
};

// The entries that lead to the node at `level` (the assumptions and each
// level's choice above it), and its part of the tree by Knuth's estimate.
template <LayoutSteps C>
double SearchEngine::path_to(const C& c, int level, std::vector<int>& forced) const {
  forced.assign(assumed_options.begin(), assumed_options.end());
  double share = 1;
  for (int l = 0; l < level; ++l) {
    if constexpr (DescribesBranches<C>) {
      c.append_choice(l, forced);
    } else {
      forced.push_back(c.option_at(l));
    }
    share /= branch_size[l];
  }
  return share;
}

// Hands each untried option at `level` to `sink` as a subproblem (the forced
// options leading to it), and marks the level so the search skips them.
template <LayoutSteps C>
bool SearchEngine::give_away_siblings(C& c, int level, const SplitSink& sink) {
  if (given_away[level]) return false;
  std::vector<int> forced;
  if constexpr (DescribesBranches<C>) {
    // (The loop counts the branches: the layout's may end early.)
    const std::int32_t untried = branch_size[level] - branch_rank[level] - 1;
    if (untried <= 0) return false;
    // (Its pieces share the branches' part of the tree alike: they need
    // not be one a branch.)
    const double share = path_to(c, level, forced) / branch_size[level];
    std::vector<std::vector<int>> pieces;
    c.for_untried_pieces(level, [&](std::span<const int> tail) {
      pieces.push_back(forced);
      pieces.back().insert(pieces.back().end(), tail.begin(), tail.end());
    });
    for (const std::vector<int>& piece : pieces)
      sink(piece, share * untried / static_cast<double>(pieces.size()));
  } else {
    if (!c.has_untried(level)) return false;
    const double share = path_to(c, level, forced) / branch_size[level];
    forced.push_back(0);
    c.for_untried(level, [&](int option) {
      forced.back() = option;
      sink(forced, share);
    });
  }
  given_away[level] = true;
  return true;
}

// Hands the node at `level` (its choices so far) to `sink`.
template <LayoutSteps C>
void SearchEngine::give_away_path(C& c, int level, const SplitSink& sink) {
  std::vector<int> forced;
  const double share = path_to(c, level, forced);
  sink(forced, share);
}

Branching SearchEngine::branching() {
  refuse_if_busy("branching");
  Branching result;
  if (infeasible) return result;
  if (std::visit([](auto& c) { return c.root_solved(); }, layout_core)) {
    result.solved = true;
    return result;
  }
  result.options = std::visit([](auto& c) { return c.root_branching(); }, layout_core);
  return result;
}

double SearchEngine::fraction_done(int level) const {
  double fraction = 0, scale = 1;
  for (int l = 0; l < level; ++l) {
    scale /= branch_size[l];
    fraction += branch_rank[l] * scale;
  }
  return fraction + scale / 2;
}

Progress SearchEngine::progress(int level, double seconds, std::uint64_t updates) const {
  Progress p;
  p.nodes = stats.nodes;
  p.updates = updates;
  p.solutions = stats.solutions;
  p.seconds = seconds;
  p.level = level;
  p.fraction_done = fraction_done(level);
  return p;
}

void SearchEngine::begin_run(const char* call, const SearchOptions& options,
                             const WorkSharing& sharing, const Visitor* visit, bool pull) {
  check_followed(layout(), options, call);
  stats.layout = layout();
  run = Run{};
  run.options = &options;
  run.sharing = &sharing;
  run.visit = visit;
  run.pull = pull;
  run.at = At::begin;
  run.start = Clock::now();
  if (options.random_seed != 0) run.rng = &run_rng.emplace(options.random_seed);
  run.next_progress_nodes =
      options.on_progress && options.progress_nodes ? Count{options.progress_nodes} : Count::max();
  // The first node looks too, so that a cancellation before the search is
  // seen at once.
  run.next_check = 1;
  run.next_progress_seconds = options.progress_seconds;
  run.timed = options.time_limit > 0 || options.progress_seconds > 0;
  run.looks.start(run.timed);
  // Only the levels the last search reached need clearing.
  std::fill_n(stats.level_nodes.begin(), deepest + 2, 0);
  deepest = 0;
  stats.nodes = stats.updates = stats.solutions = 0;
  stats.seconds = 0;
  std::visit([](auto& core) { core.updates = 0; }, layout_core);
}

bool SearchEngine::finish(Status s) {
  std::visit(
      [&](auto& core) {
        stats.updates = core.updates;
        stats.bytes = core.bytes();
      },
      layout_core);
  stats.seconds = std::chrono::duration<double>(Clock::now() - run.start).count();
  run.status = s;
  run.at = At::done;
  return false;
}

template <LayoutSteps C>
bool SearchEngine::loop(C& core) {
  const SearchOptions& options = *run.options;
  const WorkSharing& sharing = *run.sharing;
  int level = run.level;
  // A solution found: counted, then handed to the visitor, or (pulled)
  // the loop stops there until the next call.
  auto found = [&](At at) {
    stats.nodes += 1;
    stats.solutions += 1;
    if (run.pull) {
      run.at = at;
      run.level = level;
      return true;
    }
    return false;
  };
  // False when the visitor said stop; levels 0..top are open.
  auto visit = [&](int top) {
    if (!run.visit) return true;
    return guarded(core, top, [&] { return (*run.visit)(solution); });
  };

  switch (run.at) {
    case At::begin:
      break;
    case At::solution:
      goto after_solution;
    case At::root_solution:
      goto after_root_solution;
    case At::paused:
    case At::budget:
      run.at = At::begin;
      goto looked;
    case At::done:
      return false;
  }
  if (infeasible) return finish(Status::exhausted);
  // (The options left out, ~k, are in no solution.)
  solution.options.clear();
  std::copy_if(assumed_options.begin(), assumed_options.end(), std::back_inserter(solution.options),
               [](int option) { return option >= 0; });

  if (core.root_solved()) {
    // Every primary item is covered already: the assumptions are the one
    // solution.
    stats.level_nodes[0] = 1;
    if (found(At::root_solution)) return true;
    if (!visit(-1)) return finish(Status::stopped);
  after_root_solution:
    if (options.solution_limit && stats.solutions >= options.solution_limit)
      return finish(Status::solution_limit);
    return finish(Status::exhausted);
  }

  core.begin(options.propagate, options.item_choice == ItemChoice::most_clashes);
  append_forced(core, 0, solution.options);
  run.base_forced = solution.options.size();
  if (core.solved_at_begin()) {
    stats.nodes += core.forced_count(0);
    stats.level_nodes[0] = 1 + static_cast<std::uint64_t>(core.forced_count(0));
    if (found(At::root_solution)) return true;
    if (!visit(-1)) return finish(Status::stopped);
    goto after_root_solution;
  }
  level = 0;

forward:
  if (options.node_limit && stats.nodes >= options.node_limit) {
    // With a split sink the work not done goes there, as when yielding, so
    // that a shared budget of nodes can stop many searches exactly.
    if (sharing.on_split) {
      guarded(core, level - 1, [&] {
        for (int l = 0; l < level; ++l) give_away_siblings(core, l, sharing.on_split);
        give_away_path(core, level, sharing.on_split);
      });
    }
    unwind(core, level - 1);
    return finish(Status::node_limit);
  }
  {
    // (The forced options this level's state committed count as nodes of
    // the level.)
    const std::uint64_t entered = 1 + static_cast<std::uint64_t>(core.forced_count(level));
    stats.nodes += entered;
    stats.level_nodes[level] += entered;
  }
  deepest = std::max(deepest, level);
  if (stats.nodes >= run.next_check) {
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
      unwind(core, level - 1);
      return finish(Status::cancelled);
    }
    if (sharing.on_split) {
      if (sharing.yield_request && sharing.yield_request->load(std::memory_order_relaxed)) {
        // Hand over everything not yet done: the untried options at every
        // level, and the subtree of this node, which is not entered yet.
        // What is left to this search is then done, as after a share.
        guarded(core, level - 1, [&] {
          for (int l = 0; l < level; ++l) give_away_siblings(core, l, sharing.on_split);
          give_away_path(core, level, sharing.on_split);
        });
        unwind(core, level - 1);
        return finish(Status::exhausted);
      }
      if (sharing.share_request && sharing.share_request->exchange(false)) {
        // Share the untried options of the shallowest level that has some:
        // the biggest piece of work to give. Not those of a level with more
        // than kMostSharedPieces left: each piece costs its taker the
        // forcing of its path (covering the item branched on among them),
        // so a million one-option pieces would cost a million covers of an
        // item with a million options.
        guarded(core, level - 1, [&] {
          for (int l = 0; l < level; ++l) {
            if (std::int64_t{branch_size[l]} - branch_rank[l] - 1 > kMostSharedPieces) continue;
            if (give_away_siblings(core, l, sharing.on_split)) break;
          }
        });
      }
    }
    double seconds = 0;
    if (run.timed) {
      seconds = std::chrono::duration<double>(Clock::now() - run.start).count();
      run.looks.adapt(seconds);
      if (options.time_limit > 0 && seconds >= options.time_limit) {
        unwind(core, level - 1);
        return finish(Status::time_limit);
      }
    }
    if (options.on_progress) {
      bool due = false;
      if (stats.nodes >= run.next_progress_nodes) {
        run.next_progress_nodes += options.progress_nodes;
        due = true;
      }
      if (options.progress_seconds > 0 && seconds >= run.next_progress_seconds) {
        run.next_progress_seconds = seconds + options.progress_seconds;
        due = true;
      }
      if (due) {
        if (!run.timed) seconds = std::chrono::duration<double>(Clock::now() - run.start).count();
        guarded(core, level - 1,
                [&] { options.on_progress(progress(level, seconds, core.updates)); });
      }
    }
    run.next_check = std::min(stats.nodes + run.looks.every, run.next_progress_nodes);
    // Out and in again (see resume()), or out to run_to()'s caller at its
    // budget (the next budget then sets when to look next).
    if (stats.nodes >= run.budget) {
      run.at = At::budget;
    } else {
      run.at = At::paused;
      run.next_check = std::min(run.next_check, run.budget);
    }
    run.level = level;
    return false;
  }
looked:
  // Branch: the layout picks the primary item (DLX1's rule, the first of
  // fewest options; one of those at random with a seed; most_clashes's
  // pick; Algorithm M's rule with multiplicities) and opens the level.
  branch_size[level] = core.open(level, run.rng);
  given_away[level] = false;
  branch_rank[level] = 0;

advance:
  if (!core.next(level)) goto backup;
  if (core.solved(level)) {
    // A solution is a node too: the limit holds before it as before any.
    if (options.node_limit && stats.nodes >= options.node_limit) {
      if (sharing.on_split) {
        guarded(core, level, [&] {
          for (int l = 0; l <= level; ++l) give_away_siblings(core, l, sharing.on_split);
          give_away_path(core, level + 1, sharing.on_split);
        });
      }
      unwind(core, level);
      return finish(Status::node_limit);
    }
    if (run.visit || run.pull) {  // counting needs no decoding
      solution.options.resize(run.base_forced);
      for (int l = 0; l <= level; ++l) {
        // (A level of Algorithm M may have chosen no option: -1.)
        if (const int option = core.option_at(l); option >= 0) solution.options.push_back(option);
        append_forced(core, l + 1, solution.options);
      }
    }
    stats.nodes += core.forced_count(level + 1);
    stats.level_nodes[level + 1] += 1 + static_cast<std::uint64_t>(core.forced_count(level + 1));
    if (found(At::solution)) return true;
    if (!visit(level)) {
      unwind(core, level);
      return finish(Status::stopped);
    }
  after_solution:
    if (options.solution_limit && stats.solutions >= options.solution_limit) {
      unwind(core, level);
      return finish(Status::solution_limit);
    }
    goto recover;
  }
  ++level;
  goto forward;

backup:
  core.close(level);
  if (level == 0) return finish(Status::exhausted);
  --level;

recover:
  core.retract(level);
  if (given_away[level]) goto backup;
  ++branch_rank[level];
  goto advance;
}

std::unique_ptr<Engine> make_engine(const Problem& problem, const LayoutPlan& plan) {
  return std::make_unique<SearchEngine>(problem, plan);
}

}  // namespace xcover::detail::XCOVER_ISA

// Knuth's estimate of the tree the loop above searches.
#include "engine/estimate.hpp"
