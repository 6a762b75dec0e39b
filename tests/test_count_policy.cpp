// SPDX-License-Identifier: MIT
// The count policy (src/engine/count_policy.hpp): its rules, the automatic
// count's plain search that pauses at the policy's budgets and goes on where
// it was (the same tree, the same reports as a plain count's), a callback
// that throws or cancels between two budgets, and the same choice made by
// a Solver and a ParallelSearch.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "engine/count_policy.hpp"
#include "families.hpp"
#include "xcover/parallel.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/solver.hpp"

namespace test_count_policy {
namespace {

using xcover::Count;
using xcover::Counting;
using xcover::CountOptions;
using xcover::Layout;
using xcover::Problem;
using xcover::Progress;
using xcover::SearchOptions;
using xcover::Solver;
using xcover::Status;

const CountOptions kPlain{Counting::plain};

CountOptions whole() {
  CountOptions how;
  how.symmetry = false;
  return how;
}

// What a report says of the tree (its seconds aside).
struct Report {
  Count nodes, updates, solutions;
  int level;
  double fraction_done;
  bool operator==(const Report&) const = default;
};

std::vector<Report> reports_of(Solver& solver, const CountOptions& how, std::uint64_t every) {
  std::vector<Report> reports;
  SearchOptions options;
  options.progress_nodes = every;
  options.on_progress = [&](const Progress& p) {
    reports.push_back({p.nodes, p.updates, p.solutions, p.level, p.fraction_done});
  };
  static_cast<void>(solver.count(options, how));
  return reports;
}

}  // namespace

TEST_CASE("count policy: the memo's trial is due after enough nodes and time") {
  using xcover::detail::memo_trial_due;
  // Never before kPlainTrialNodes nodes, however long they took.
  CHECK_FALSE(memo_trial_due(65535, 1e9, 0));
  // The trial's 2,048 nodes at four times a plain node's time, twenty
  // times over: due from 163,840 nodes on.
  CHECK_FALSE(memo_trial_due(163839, 1.0, 0));
  CHECK(memo_trial_due(163840, 1.0, 0));
  // And twenty times the build, beside them.
  CHECK_FALSE(memo_trial_due(1000000, 1.0, 0.05));
  CHECK(memo_trial_due(1000000, 1.2, 0.05));

  using xcover::detail::memo_cheap_after;
  const std::uint64_t small = std::uint64_t{1} << 17;
  CHECK(memo_cheap_after(small, 0));
  CHECK_FALSE(memo_cheap_after(small + 1, 0));
  CHECK_FALSE(memo_cheap_after(200000, Count{20 * 64 * 200000 - 1}));
  CHECK(memo_cheap_after(200000, Count{20 * 64 * 200000}));
  CHECK(xcover::detail::CountPolicy::trial_nodes(10000) == 65536);
  CHECK(xcover::detail::CountPolicy::trial_nodes(100000) == 100000);
}

TEST_CASE("count policy: a plain count that pauses for the memo's trial goes on where it was") {
  const Problem problem = xcover::make_queens(12).problem;
  Solver solver(problem);
  REQUIRE(solver.count({}, kPlain).solutions == 14200);
  const xcover::Statistics plain = solver.statistics();
  REQUIRE(plain.nodes > 163840);  // (past the memo's trial)

  const xcover::CountResult automatic = solver.count({}, whole());
  CHECK(automatic.status == Status::exhausted);
  CHECK(automatic.solutions == 14200);
  const xcover::Statistics& stats = solver.statistics();
  // The plain search paused at every budget of 4,096 nodes (and, where the
  // clock made it due, ran the memo's trial there, which said no) and went
  // on: the same tree, searched once. Whether the trial is due depends on
  // the seconds measured (a loaded machine or a sanitizer's build can
  // stretch the solver's build past it), so it is not asserted; the tree
  // is, pauses or trial alike.
  if (stats.memo_trial_nodes == 0) MESSAGE("the memo's trial was not due by this run's clock");
  CHECK(stats.plain_trial_nodes == 0);
  CHECK(stats.layout == plain.layout);
  CHECK(stats.nodes == plain.nodes);
  CHECK(stats.updates == plain.updates);
  CHECK(stats.level_nodes == plain.level_nodes);
  CHECK(stats.symmetry_classes == 0);

  // The caller's reports are those of the plain count, on its schedule.
  const std::vector<Report> plain_reports = reports_of(solver, kPlain, 1000);
  CHECK(plain_reports.size() >= plain.nodes.saturate64() / 1000 - 1);
  CHECK(reports_of(solver, whole(), 1000) == plain_reports);
  CHECK(reports_of(solver, whole(), 50000) == reports_of(solver, kPlain, 50000));
}

TEST_CASE("count policy: a callback that throws or cancels between budgets leaves the solver") {
  const Problem problem = xcover::make_queens(12).problem;
  Solver solver(problem);
  const xcover::Branching root = solver.branching();
  REQUIRE(solver.count({}, kPlain).solutions == 14200);
  const Count nodes = solver.statistics().nodes;
  REQUIRE(nodes > 190000);  // (the 18th report below comes after the memo's trial)

  for (const int at : {1, 3, 18}) {  // before the first budget, after it, after the trial
    CAPTURE(at);
    SearchOptions throwing;
    throwing.progress_nodes = 10000;
    int calls = 0;
    throwing.on_progress = [&](const Progress&) {
      if (++calls == at) throw std::runtime_error("enough");
    };
    CHECK_THROWS_WITH_AS((void)solver.count(throwing, whole()), "enough", std::runtime_error);
    CHECK(solver.branching().options == root.options);
    CHECK(solver.count({}, whole()).solutions == 14200);
    CHECK(solver.statistics().nodes == nodes);

    std::atomic<bool> cancel{false};
    SearchOptions cancelled;
    cancelled.cancel = &cancel;
    cancelled.progress_nodes = 10000;
    calls = 0;
    cancelled.on_progress = [&](const Progress&) {
      if (++calls == at) cancel = true;
    };
    const xcover::CountResult cut = solver.count(cancelled, whole());
    CHECK(cut.status == Status::cancelled);
    CHECK(cut.solutions < 14200);
    CHECK(solver.branching().options == root.options);
    // The solver is free again: a search and a count from the start.
    CHECK(solver.search([](const xcover::Solution&) { return false; }) == Status::stopped);
    CHECK(solver.count().solutions == 14200);
  }
}

TEST_CASE("count policy: a Solver and a ParallelSearch choose alike") {
  struct Case {
    const char* name;
    Problem problem;
    CountOptions how;
    Count solutions;
    bool memo;    // the memo counted
    int classes;  // split by symmetry into so many classes (0: not split)
  };
  const std::vector<Case> cases = {
      {"queens 12, whole", xcover::make_queens(12).problem, whole(), 14200, false, 0},
      {"matchings of 18 points, whole", matchings(18), whole(), 34459425, true, 0},
      {"Langford pairs of 11", xcover::make_langford(11).problem, CountOptions{}, 35584, false, 5},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    Solver solver(c.problem);
    CHECK(solver.count({}, c.how).solutions == c.solutions);
    const xcover::Statistics one = solver.statistics();
    CHECK((one.layout == Layout::memo) == c.memo);
    CHECK(one.symmetry_classes == c.classes);
    // The memo took over from the plain search, which ran its trial.
    if (c.memo) CHECK(one.plain_trial_nodes >= xcover::detail::kPlainTrialNodes);

    xcover::ParallelOptions options;
    options.threads = 2;
    options.count = c.how;
    xcover::ParallelSearch parallel(c.problem, options);
    CHECK(parallel.run() == Status::exhausted);
    const xcover::Statistics& many = parallel.statistics();
    CHECK(many.solutions == c.solutions);
    CHECK((many.layout == Layout::memo) == c.memo);
    CHECK(many.symmetry_classes == c.classes);
    CHECK(many.plain_trial_nodes >= (c.memo || c.classes ? 1 : 0));
  }
}

TEST_CASE("count policy: on threads a count splits after a Solver's short trial, memo first") {
  xcover::ParallelOptions options;
  options.threads = 2;
  // Langford pairs: the memo does not pay, and the count splits after the
  // short plain trial a Solver runs (kSymmetryTrialNodes), the memo's trial
  // beside the look; the long plain trial is not run on one thread first.
  {
    const Problem langford = xcover::make_langford(11).problem;
    xcover::ParallelSearch parallel(langford, options);
    REQUIRE(parallel.run() == Status::exhausted);
    const xcover::Statistics& st = parallel.statistics();
    CHECK(st.solutions == 35584);
    CHECK(st.symmetry_classes == 5);
    CHECK(st.layout != Layout::memo);
    CHECK(st.threads == 2);
    CHECK(st.plain_trial_nodes == xcover::detail::kSymmetryTrialNodes);
    CHECK(st.memo_trial_nodes > 0);
    CHECK(st.seconds >= st.plain_trial_seconds);
  }
  // Perfect matchings: symmetric too, but the memo pays, and it counts the
  // whole problem after the long plain trial, as on one thread; a split
  // would count each class plainly.
  {
    const Problem points = matchings(18);
    xcover::ParallelSearch parallel(points, options);
    REQUIRE(parallel.run() == Status::exhausted);
    const xcover::Statistics& st = parallel.statistics();
    CHECK(st.solutions == 34459425);
    CHECK(st.layout == Layout::memo);
    CHECK(st.symmetry_classes == 0);
    CHECK(st.plain_trial_nodes >= xcover::detail::kPlainTrialNodes);
  }
}

}  // namespace test_count_policy
