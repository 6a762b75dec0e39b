// SPDX-License-Identifier: MIT
// The count policy: how a count asked for the automatic choice
// (Counting::automatic) runs, plainly, by the memo, or split by the
// problem's symmetries, for Solver::count and ParallelSearch::run alike,
// with the trials that decide it and their figures (Statistics::
// plain_trial_nodes and the others). It decides; the Solver and the
// ParallelSearch run what it says. A Solver's plain count runs in budgets
// of kTrialLookNodes nodes (Engine::run_to): at each the policy says
// whether the search goes on, the memo's trial is due, or the count splits,
// and the same search then goes on where it paused. A ParallelSearch runs
// one plain trial on its calling thread, then asks it the same.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>

#include "model/automorphisms.hpp"
#include "xcover/options.hpp"
#include "xcover/problem.hpp"
#include "xcover/statistics.hpp"

namespace xcover::detail {

// The automatic choice's plain search runs at least this many nodes before
// the memo is tried: on fewer, the memo's trial decides trees that small,
// and there its few nodes say little (pentominoes on 3x20, 33,000 nodes:
// the memo's trial chose the memo, 4x slower).
inline constexpr std::uint64_t kPlainTrialNodes = 65536;
// The memo's trial: it must save at least as many nodes as it enters in
// its first kMemoTrialNodes, else the plain search takes over. (Measured:
// where the memo pays, it has saved 13 to 60 times its nodes by then: perfect
// matchings, set partitions, domino tilings; where it does not, a fifth of
// them or less: queens, Langford pairs, pentominoes, Latin-square blocks.)
inline constexpr std::uint64_t kMemoTrialNodes = 2048;
// The memo is tried only once the plain search has run this many times as
// long as the trial is expected to take, so that a count that ends plainly
// spends at most a twentieth of its time on it.
inline constexpr double kTrialShare = 20;
// Building the memo's links costs about as much as this many plain updates
// an entry (measured: 90 ns an entry for Langford pairs of 1,000, whose
// updates take 1.5 ns); with at most kCheapMemoEntries entries, it takes a
// few milliseconds at most.
inline constexpr std::uint64_t kUpdatesPerEntry = 64;
inline constexpr std::uint64_t kCheapMemoEntries = std::uint64_t{1} << 17;
// Problems with more items than this are counted plainly by the automatic
// choice (keys of many words, and sub-problems that seldom repeat).
inline constexpr int kMemoMostItems = 4096;
// The plain search's budget: it pauses this many nodes apart for the
// policy to decide (Solver, and each class of a split count).
inline constexpr std::uint64_t kTrialLookNodes = 4096;
// The automatic count looks for symmetries once its plain search has run
// this many nodes (a few tenths of a millisecond): a count that ends sooner
// never pays for looking, and one that goes on loses little by starting
// again, split.
inline constexpr std::uint64_t kSymmetryTrialNodes = 4096;
// The automatic count looks at most this many times (see CountPolicy::at_budget).
inline constexpr int kMostLooks = 4;

// Whether the memo's trial is due `seconds` and `nodes` into the plain
// search, when building the memo is expected to take `memo_build_seconds`:
// at least kPlainTrialNodes nodes, and kTrialShare times as long as the
// trial (the build, and its kMemoTrialNodes nodes at four times the plain
// search's time a node).
constexpr bool memo_trial_due(Count nodes, double seconds, double memo_build_seconds) {
  if (nodes < kPlainTrialNodes) return false;
  return seconds >= kTrialShare * (memo_build_seconds +
                                   4.0 * kMemoTrialNodes * seconds / static_cast<double>(nodes));
}

// Whether building the memo's links costs little beside a plain trial that
// made `updates` (ParallelSearch, whose choice is made once: counted in
// work, not measured in seconds, as a measure a busy machine stretched
// would leave the plain search counting 2^100 solutions one by one).
constexpr bool memo_cheap_after(std::uint64_t entries, Count updates) {
  return entries <= kCheapMemoEntries ||
         updates >= Count{static_cast<std::uint64_t>(kTrialShare) * kUpdatesPerEntry * entries};
}

// The trials of one count (Statistics::plain_trial_nodes and the others).
struct CountTrials {
  Count plain_nodes = 0;
  double plain_seconds = 0;
  Count memo_nodes = 0;
  double memo_seconds = 0;
  bool ran() const { return plain_nodes != 0 || memo_nodes != 0; }
  static CountTrials of(const Statistics& stats) {
    return {stats.plain_trial_nodes, stats.plain_trial_seconds, stats.memo_trial_nodes,
            stats.memo_trial_seconds};
  }
  void put_into(Statistics& stats) const {
    stats.plain_trial_nodes = plain_nodes;
    stats.plain_trial_seconds = plain_seconds;
    stats.memo_trial_nodes = memo_nodes;
    stats.memo_trial_seconds = memo_seconds;
  }
};

// What a plain count does at a budget (CountPolicy::at_budget).
enum class CountStep {
  go_on,       // to the next budget
  memo_trial,  // the memo's trial is due: the caller runs it, and says how
               // it went (memo_paid / memo_did_not_pay)
  split,       // the count splits by symmetry: take_classes()
};

// One count's policy (Solver::count, ParallelSearch::run): its trials so
// far, and what comes next. The classes of a split count go on with the
// same policy (a memo refused for one is refused for all).
class CountPolicy {
 public:
  // How a count asked `how.counting` of `problem` runs: Counting::plain,
  // Counting::memo, or Counting::automatic where the memo may pay (no
  // multiplicities, limits of solutions or nodes, tree options other than
  // the defaults, or more than kMemoMostItems items), else plain.
  // ProblemError or Error for a memoised count of what it does not follow
  // (`call` names the call).
  static Counting counting_for(const Problem& problem, const SearchOptions& options,
                               const CountOptions& how, const char* call);
  // Whether a count may split by symmetry (CountOptions::symmetry): not
  // with assumptions, limits of solutions or nodes, or multiplicities.
  static bool may_split(const Problem& problem, std::span<const int> assumptions,
                        const SearchOptions& options, const CountOptions& how);
  // A memoised count's split, looked for before it starts, with no more
  // work than a first look: the classes, if any.
  static std::optional<ItemClasses> split_before_memo(const Problem& problem);
  // The plain trial of a ParallelSearch, `asked` nodes
  // (ParallelOptions::single_thread_nodes) and at least kPlainTrialNodes.
  // (Inline, as the rules above: the tests read them, and a shared
  // library exports nothing of detail::.)
  static constexpr std::uint64_t trial_nodes(std::uint64_t asked) {
    return asked > kPlainTrialNodes ? asked : kPlainTrialNodes;
  }
  // The seconds the memo's trial may take after a ParallelSearch's plain
  // trial of `seconds`: as many, and a second at least, however short it
  // was.
  static constexpr double memo_trial_seconds_after(double seconds) {
    return seconds > 1.0 ? seconds : 1.0;
  }
  // A ParallelSearch's split, after a plain trial that did not finish and
  // ran `seconds`: the classes, if any (with a look of the work those
  // seconds earn; `stop` ends it early, finding none).
  static std::optional<ItemClasses> split_after_trial(const Problem& problem,
                                                      const SearchOptions& options,
                                                      const CountOptions& how, double seconds,
                                                      const std::function<bool()>& stop);

  // The memo is not to be tried in this count (the automatic choice where
  // the memo does not follow the options, and the count may still split).
  void refuse_memo() { memo_refused_ = true; }

  // A plain count begins: it may look for symmetries (may_split) or not;
  // building the memo is expected to take `memo_build_seconds`.
  void begin_plain(const Problem& problem, bool look_for_symmetry, double memo_build_seconds);
  // The nodes at which the plain count is to pause next (Engine::run_to).
  Count budget() const { return budget_; }
  // At a budget, `nodes` and `seconds` into the plain count: what it does
  // next. It may look for symmetries here (`stop` ends a look early), and
  // then says CountStep::split with the classes found (take_classes).
  // The next budget is kTrialLookNodes on.
  CountStep at_budget(Count nodes, double seconds, const std::function<bool()>& stop);
  ItemClasses take_classes() { return std::move(classes_); }
  // The memo's trial that at_budget() asked for, at `seconds`: the most
  // seconds it may take.
  double memo_trial_seconds(double seconds) const { return seconds / kTrialShare; }
  // It did not pay: never again in this count, or (it ran out of its
  // seconds: a busy machine, a slow build) once the plain count has run
  // twice as long, so that it cannot be ruled out by chance.
  void memo_did_not_pay(double seconds, bool ran_out);

  CountTrials trials;

 private:
  const Problem* problem_ = nullptr;
  bool memo_refused_ = false;
  // The plain count under way.
  double memo_build_seconds_ = 0;
  Count budget_ = 0;
  bool look_for_symmetry_ = false;
  double next_look_ = 0;  // when to look for symmetries again, with more work
  int looks_ = 0;
  double next_trial_ = 0;  // when the memo's trial may run
  ItemClasses classes_;
};

}  // namespace xcover::detail
