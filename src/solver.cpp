// The search loop: Algorithm X (Algorithm C with colours) as in Knuth's
// DLX1 and DLX2, iterative with one slot of state a level. It drives either
// memory layout (links.hpp, bitsets.hpp) through the same few steps (open a
// level, try its next option, retract it, close the level), and owns what
// is common: limits, budgets, cancellation, progress, sharing work and
// statistics.
#include "xcover/solver.hpp"

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <variant>

#include "bitsets.hpp"
#include "links.hpp"

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
    case Status::yielded:
      return "yielded";
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
  }
  return "unknown";
}

namespace {

using Clock = std::chrono::steady_clock;
using detail::Bitsets;
using detail::Links;

// The layouts, each with the same members for the search loop to call.
// Small sets of options get a set size fixed at compile time.
// Items of up to 127 options get 8-bit lengths.
using Short = std::uint8_t;
using Core = std::variant<Links<false>, Links<true>, Bitsets<4>, Bitsets<8>, Bitsets<12>,
                          Bitsets<16>, Bitsets<0>, Bitsets<4, Short>, Bitsets<8, Short>,
                          Bitsets<12, Short>, Bitsets<16, Short>, Bitsets<0, Short>>;

template <class Len>
Core make_bitsets(const Problem& problem) {
  const int words = Bitsets<0>::words_needed(problem);
  if (words <= 4) return Core(std::in_place_type<Bitsets<4, Len>>, problem);
  if (words <= 8) return Core(std::in_place_type<Bitsets<8, Len>>, problem);
  if (words <= 12) return Core(std::in_place_type<Bitsets<12, Len>>, problem);
  if (words <= 16) return Core(std::in_place_type<Bitsets<16, Len>>, problem);
  return Core(std::in_place_type<Bitsets<0, Len>>, problem);
}

Core make_core(const Problem& problem, Layout layout) {
  if (layout == Layout::automatic)
    layout = Bitsets<0>::preferred(problem) ? Layout::bitsets : Layout::links;
  if (layout == Layout::bitsets) {
    if (Bitsets<0, Short>::lengths_fit(problem)) return make_bitsets<Short>(problem);
    return make_bitsets<std::uint16_t>(problem);
  }
  if (detail::has_colors(problem)) return Core(std::in_place_type<Links<true>>, problem);
  return Core(std::in_place_type<Links<false>>, problem);
}

}  // namespace

struct Solver::Impl {
  const Problem* problem;
  Core layout_core;  // the problem in the chosen layout

  // Search state, one slot a level; the depth is at most the number of
  // primary items.
  std::vector<std::int32_t> branch_rank;  // 0-based position of the choice
  std::vector<std::int32_t> branch_size;  // options available when branching
  std::vector<char> given_away;           // untried options handed to on_split
  std::vector<int> solution;              // problem option indices

  // Assumptions: forced options, and whether they conflicted.
  std::vector<int> assumed_options;
  std::vector<char> is_assumed;  // by problem option
  bool infeasible = false;

  Statistics stats;
  int deepest = 0;  // deepest level the last search entered

  Impl(const Problem& p, Layout layout) : problem(&p), layout_core(make_core(p, layout)) {
    is_assumed.assign(p.option_count(), 0);
    const std::size_t depth = static_cast<std::size_t>(p.primary_count()) + 2;
    branch_rank.resize(depth);
    branch_size.resize(depth);
    given_away.resize(depth);
    solution.reserve(depth);
    stats.level_nodes.assign(depth + 1, 0);
  }

  bool assume(int option);
  void clear_assumptions();

  // The search loop, the same for every layout.
  template <class C>
  Status run(C& core, const Visitor& visit, const SearchOptions& options);
  using SplitSink = std::function<void(std::span<const int>, double)>;
  template <class C>
  bool give_away_siblings(C& core, int level, const SplitSink& sink);
  template <class C>
  void give_away_path(C& core, int level, const SplitSink& sink);
  Branching branching();
  double fraction_done(int level) const;
};

bool Solver::Impl::assume(int option) {
  if (option < 0 || option >= problem->option_count())
    throw std::out_of_range("option index " + std::to_string(option) + " out of range");
  // Forcing an option twice is the same as forcing it once.
  if (is_assumed[option]) return !infeasible;
  is_assumed[option] = 1;
  assumed_options.push_back(option);
  if (infeasible) return false;
  const bool feasible = std::visit([option](auto& c) { return c.assume(option); }, layout_core);
  infeasible = !feasible;
  return feasible;
}

void Solver::Impl::clear_assumptions() {
  std::visit([](auto& c) { c.clear_assumptions(); }, layout_core);
  for (int option : assumed_options) is_assumed[option] = 0;
  assumed_options.clear();
  infeasible = false;
}

// Hands each untried option at `level` to `sink` as a subproblem (the forced
// options leading to it), and marks the level so the search skips them.
template <class C>
bool Solver::Impl::give_away_siblings(C& c, int level, const SplitSink& sink) {
  if (given_away[level] || !c.has_untried(level)) return false;
  std::vector<int> forced(assumed_options);
  double share = 1;
  for (int l = 0; l < level; ++l) {
    forced.push_back(c.option_at(l));
    share /= branch_size[l];
  }
  share /= branch_size[level];
  forced.push_back(0);
  c.for_untried(level, [&](int option) {
    forced.back() = option;
    sink(forced, share);
  });
  given_away[level] = true;
  return true;
}

// Hands the node at `level` (its choices so far) to `sink`.
template <class C>
void Solver::Impl::give_away_path(C& c, int level, const SplitSink& sink) {
  std::vector<int> forced(assumed_options);
  double share = 1;
  for (int l = 0; l < level; ++l) {
    forced.push_back(c.option_at(l));
    share /= branch_size[l];
  }
  sink(forced, share);
}

Branching Solver::Impl::branching() {
  Branching result;
  if (infeasible) return result;
  if (std::visit([](auto& c) { return c.root_solved(); }, layout_core)) {
    result.solved = true;
    return result;
  }
  result.options = std::visit([](auto& c) { return c.root_branching(); }, layout_core);
  return result;
}

double Solver::Impl::fraction_done(int level) const {
  double fraction = 0, scale = 1;
  for (int l = 0; l < level; ++l) {
    scale /= branch_size[l];
    fraction += branch_rank[l] * scale;
  }
  return fraction + scale / 2;
}

template <class C>
Status Solver::Impl::run(C& core, const Visitor& visit, const SearchOptions& options) {
  const Clock::time_point start = Clock::now();
  // Only the levels the last search reached need clearing.
  std::fill_n(stats.level_nodes.begin(), deepest + 2, 0);
  deepest = 0;
  stats.nodes = stats.updates = stats.solutions = 0;
  stats.seconds = 0;
  core.updates = 0;

  Status status = Status::exhausted;
  auto finish = [&](Status s) {
    stats.updates = core.updates;
    stats.bytes = core.bytes();
    stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return s;
  };
  if (infeasible) return finish(status);

  solution.assign(assumed_options.begin(), assumed_options.end());
  auto report = [&]() -> bool {
    stats.nodes += 1;
    stats.solutions += 1;
    if (!visit) return true;
    return visit(Solution{std::span<const int>(solution), problem});
  };

  if (core.root_solved()) {
    // Every primary item is covered already: the assumptions are the one
    // solution.
    stats.level_nodes[0] = 1;
    if (!report()) return finish(Status::stopped);
    if (options.solution_limit && stats.solutions >= options.solution_limit)
      return finish(Status::solution_limit);
    return finish(status);
  }

  const bool randomize = options.random_seed != 0;
  std::optional<std::mt19937_64> rng;
  if (randomize) rng.emplace(options.random_seed);
  // Clock, cancellation and progress are looked at every 1024 nodes, and
  // exactly when a progress report by node count is due.
  constexpr std::uint64_t check_every = 1024;
  std::uint64_t next_progress_nodes =
      options.on_progress && options.progress_nodes ? options.progress_nodes : UINT64_MAX;
  // The first node looks too, so that a cancellation before the search
  // is seen at once.
  std::uint64_t next_check = 1;
  double next_progress_seconds = options.progress_seconds;
  const bool timed = options.time_limit > 0 || options.progress_seconds > 0;

  auto progress = [&](int level, double seconds) {
    Progress p;
    p.nodes = stats.nodes;
    p.updates = core.updates;
    p.solutions = stats.solutions;
    p.seconds = seconds;
    p.level = level;
    p.fraction_done = fraction_done(level);
    options.on_progress(p);
  };

  // Undoes the steps of levels top_level..0, for a search that stops early.
  auto unwind = [&core](int top_level) {
    for (int l = top_level; l >= 0; --l) {
      core.retract(l);
      core.close(l);
    }
  };

  core.begin(options.propagate, options.item_choice == ItemChoice::most_clashes);
  core.for_forced(0, [&](int option) { solution.push_back(option); });
  const std::size_t base_forced = solution.size();
  if (core.solved_at_begin()) {
    stats.nodes += core.forced_count(0);
    stats.level_nodes[0] = 1 + static_cast<std::uint64_t>(core.forced_count(0));
    if (!report()) return finish(Status::stopped);
    if (options.solution_limit && stats.solutions >= options.solution_limit)
      return finish(Status::solution_limit);
    return finish(status);
  }
  int level = 0;

forward:
  if (options.node_limit && stats.nodes >= options.node_limit) {
    status = Status::node_limit;
    unwind(level - 1);
    return finish(status);
  }
  {
    // (The forced options this level's state committed count as nodes of
    // the level.)
    const std::uint64_t entered = 1 + static_cast<std::uint64_t>(core.forced_count(level));
    stats.nodes += entered;
    stats.level_nodes[level] += entered;
  }
  deepest = std::max(deepest, level);
  if (stats.nodes >= next_check) {
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
      unwind(level - 1);
      return finish(Status::cancelled);
    }
    if (options.on_split) {
      if (options.yield_request && options.yield_request->load(std::memory_order_relaxed)) {
        // Hand over everything not yet done: the untried options at every
        // level, and the subtree of this node, which is not entered yet.
        for (int l = 0; l < level; ++l) give_away_siblings(core, l, options.on_split);
        give_away_path(core, level, options.on_split);
        unwind(level - 1);
        return finish(Status::yielded);
      }
      if (options.share_request && options.share_request->exchange(false)) {
        // Share the untried options of the shallowest level that has some:
        // the biggest piece of work to give.
        for (int l = 0; l < level; ++l) {
          if (give_away_siblings(core, l, options.on_split)) break;
        }
      }
    }
    double seconds = 0;
    if (timed) {
      seconds = std::chrono::duration<double>(Clock::now() - start).count();
      if (options.time_limit > 0 && seconds >= options.time_limit) {
        unwind(level - 1);
        return finish(Status::time_limit);
      }
    }
    if (options.on_progress) {
      bool due = false;
      if (stats.nodes >= next_progress_nodes) {
        next_progress_nodes += options.progress_nodes;
        due = true;
      }
      if (options.progress_seconds > 0 && seconds >= next_progress_seconds) {
        next_progress_seconds = seconds + options.progress_seconds;
        due = true;
      }
      if (due)
        progress(level,
                 timed ? seconds : std::chrono::duration<double>(Clock::now() - start).count());
    }
    next_check = std::min(stats.nodes + check_every, next_progress_nodes);
  }
  // Branch on the first uncovered primary item of minimum length.
  branch_size[level] = core.open(level, randomize ? &*rng : nullptr);
  given_away[level] = false;
  branch_rank[level] = 0;

advance:
  if (!core.next(level)) goto backup;
  if (core.solved(level)) {
    if (visit) {  // counting needs no decoding
      solution.resize(base_forced);
      for (int l = 0; l <= level; ++l) {
        solution.push_back(core.option_at(l));
        core.for_forced(l + 1, [&](int option) { solution.push_back(option); });
      }
    }
    stats.nodes += core.forced_count(level + 1);
    stats.level_nodes[level + 1] += 1 + static_cast<std::uint64_t>(core.forced_count(level + 1));
    bool go_on;
    try {
      go_on = report();
    } catch (...) {
      unwind(level);  // a throwing visitor leaves the structure whole
      finish(Status::stopped);
      throw;
    }
    if (!go_on) {
      unwind(level);
      return finish(Status::stopped);
    }
    if (options.solution_limit && stats.solutions >= options.solution_limit) {
      unwind(level);
      return finish(Status::solution_limit);
    }
    goto recover;
  }
  ++level;
  goto forward;

backup:
  core.close(level);
  if (level == 0) return finish(status);
  --level;

recover:
  core.retract(level);
  if (given_away[level]) goto backup;
  ++branch_rank[level];
  goto advance;
}

Solver::Solver(const Problem& problem, Layout layout)
    : impl_(std::make_unique<Impl>(problem, layout)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Status Solver::search(const Visitor& visit, const SearchOptions& options) {
  return std::visit([&](auto& core) { return impl_->run(core, visit, options); },
                    impl_->layout_core);
}

std::uint64_t Solver::count(const SearchOptions& options) {
  search(Visitor(), options);
  return impl_->stats.solutions;
}

Branching Solver::branching() { return impl_->branching(); }

bool Solver::assume(int option) { return impl_->assume(option); }
void Solver::clear_assumptions() { impl_->clear_assumptions(); }
std::span<const int> Solver::assumptions() const { return impl_->assumed_options; }
const Statistics& Solver::statistics() const { return impl_->stats; }
const Problem& Solver::problem() const { return *impl_->problem; }
Layout Solver::layout() const {
  return impl_->layout_core.index() >= 2 ? Layout::bitsets : Layout::links;
}

}  // namespace xcover
