// SPDX-License-Identifier: MIT
// The kernel sets (baseline, AVX2, AVX-512, ...) are one engine compiled for
// different instructions: on every problem and search option they must
// visit the same solutions in the same order with the same statistics.
// Under `XCOVER_KERNELS=...` or qemu the lower sets are the ones picked by
// default; here each set this processor runs is asked for by name.
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "error_of.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/solver.hpp"

namespace test_kernels {

namespace {

constexpr xcover::Kernels kSets[] = {xcover::Kernels::baseline, xcover::Kernels::avx2,
                                     xcover::Kernels::avx512, xcover::Kernels::avx512icl};

struct Trace {
  std::vector<std::vector<int>> solutions;
  xcover::Status status = xcover::Status::exhausted;
  xcover::Count nodes = 0, updates = 0, solution_count = 0;
};

Trace trace(const xcover::Problem& problem, xcover::Layout layout, xcover::Kernels kernels,
            const xcover::SearchOptions& options, const std::vector<int>& forced) {
  xcover::Solver solver(problem, layout, kernels);
  static_cast<void>(solver.assume(forced));
  Trace t;
  t.status = solver.search(
      [&](const xcover::Solution& s) {
        t.solutions.push_back(s.to_vector());
        return true;
      },
      options);
  t.nodes = solver.statistics().nodes;
  t.updates = solver.statistics().updates;
  t.solution_count = solver.statistics().solutions;
  return t;
}

// A random problem of about `options` options over `items` items, some
// secondary, some coloured: sets of every size the bit sets handle.
xcover::Problem random_problem(std::mt19937& rng, int items, int options) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  xcover::Problem problem;
  const int primaries = std::max(1, items * 3 / 4);
  for (int i = 0; i < items; ++i) {
    const std::string name = std::string("i").append(std::to_string(i));
    if (i < primaries)
      problem.add_primary(name);
    else
      problem.add_secondary(name);
  }
  problem.add_color("red");
  problem.add_color("blue");
  for (int k = 0; k < options; ++k) {
    std::vector<xcover::OptionEntry> entries;
    const int size = pick(1, 4);
    for (int e = 0; e < size; ++e) {
      const int item = pick(0, items - 1);
      bool repeated = false;
      for (const auto& x : entries) repeated = repeated || x.item == item;
      if (repeated) continue;
      entries.push_back({item, item >= primaries ? pick(0, 2) : 0});
    }
    problem.add_option(entries);
  }
  return problem;
}

void check_all_sets_agree(const xcover::Problem& problem, xcover::Layout layout,
                          xcover::SearchOptions options, const std::vector<int>& forced) {
  const Trace reference = trace(problem, layout, xcover::Kernels::baseline, options, forced);
  for (const xcover::Kernels k : kSets) {
    if (k == xcover::Kernels::baseline || !xcover::supports(k)) continue;
    const std::string kernels = xcover::to_string(k);
    CAPTURE(kernels);
    const Trace t = trace(problem, layout, k, options, forced);
    CHECK(t.status == reference.status);
    CHECK(t.solution_count == reference.solution_count);
    CHECK(t.nodes == reference.nodes);
    CHECK(t.updates == reference.updates);
    CHECK(t.solutions == reference.solutions);
  }
}

void check_with_every_option(const xcover::Problem& problem, std::uint64_t limit,
                             const std::vector<int>& forced = {}) {
  for (const xcover::Layout layout : {xcover::Layout::links, xcover::Layout::bitsets}) {
    // (The links follow neither propagate nor most_clashes.)
    const int variants = layout == xcover::Layout::bitsets ? 4 : 1;
    for (int variant = 0; variant < variants; ++variant) {
      const std::string layout_name = xcover::to_string(layout);
      CAPTURE(layout_name);
      CAPTURE(variant);
      xcover::SearchOptions options;
      options.solution_limit = limit;
      options.propagate = variant & 1;
      if (variant & 2) options.item_choice = xcover::ItemChoice::most_clashes;
      check_all_sets_agree(problem, layout, options, forced);
    }
  }
}

// Sudoku of boxes b x b as exact cover: option (row, column, digit) covers
// its cell, row-digit, column-digit and box-digit items.
xcover::Problem sudoku_problem(int b) {
  const int n = b * b;
  xcover::Problem problem;
  for (const char* kind : {"cell", "row", "col", "box"})
    for (int k = 0; k < n * n; ++k)
      problem.add_primary(std::string(kind).append(std::to_string(k)));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int d = 0; d < n; ++d)
        problem.add_option({xcover::OptionEntry{r * n + c}, xcover::OptionEntry{n * n + r * n + d},
                            xcover::OptionEntry{2 * n * n + c * n + d},
                            xcover::OptionEntry{3 * n * n + (r / b * b + c / b) * n + d}});
  return problem;
}

// The options forcing a puzzle's givens (81 characters, '.' for a blank).
std::vector<int> givens(const std::string& puzzle) {
  std::vector<int> forced;
  for (int cell = 0; cell < 81; ++cell)
    if (puzzle[cell] != '.') forced.push_back(cell * 9 + (puzzle[cell] - '1'));
  return forced;
}

}  // namespace

TEST_CASE("every kernel set visits the same solutions in the same order") {
  SUBCASE("queens (sets of up to 4 words, lengths in registers)") {
    for (int n : {6, 8, 10}) check_with_every_option(xcover::make_queens(n).problem, 0);
  }
  SUBCASE("Langford pairs") { check_with_every_option(xcover::make_langford(8).problem, 0); }
  SUBCASE("Sudoku (12 words, 8-bit lengths)") {
    const xcover::Problem sudoku = sudoku_problem(3);
    check_with_every_option(sudoku, 50);
    // Two of the hardest known puzzles: long chains of forced moves.
    check_with_every_option(
        sudoku, 0,
        givens("8..........36......7..9.2...5...7.......457.....1...3...1....68.."
               "85...1..9....4.."));
    check_with_every_option(
        sudoku, 0,
        givens("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9.."
               "4....3......97.."));
  }
  SUBCASE("pentominoes (a set of any size, 16-bit lengths)") {
    const auto tiling = xcover::polyomino::make_tiling(*xcover::polyomino::builtin_board("3x20"),
                                                       xcover::polyomino::pentominoes());
    check_with_every_option(tiling.problem, 0);
  }
  SUBCASE("random problems with colours, of every set size") {
    std::mt19937 rng(2026);
    for (const int options : {40, 200, 450, 700, 1000, 1400}) {
      CAPTURE(options);
      for (int round = 0; round < 3; ++round)
        check_with_every_option(random_problem(rng, options / 8 + 4, options), 300);
    }
  }
}

namespace {

// Whether the build compiled the set (CMake's XCOVER_KERNEL_SETS).
bool built(xcover::Kernels k) {
  const std::string sets = std::string(",") + XCOVER_TEST_KERNEL_SETS + ",";
  return k == xcover::Kernels::baseline ||
         sets.find(std::string(",") + xcover::to_string(k) + ",") != std::string::npos;
}

}  // namespace

#if !XCOVER_TEST_SHARED_LIBRARY
TEST_CASE("kernel sets: glibc's record of the processor and CPUID agree") {
  // The tool asks glibc (no CPUID instruction, each of which traps to a
  // hypervisor); CPUID itself must give the same set. (Internals: not
  // exported by a shared library.)
  CHECK(xcover::detail::kernels_by_glibc() == xcover::detail::kernels_by_cpuid());
}
#endif

TEST_CASE("kernel sets: what the processor runs, and clear refusals") {
  CHECK(xcover::supports(xcover::Kernels::baseline));
  CHECK(xcover::supports(xcover::best_kernels()));
  CHECK(built(xcover::best_kernels()));
  // Each set built runs wherever a later one does.
  bool later = false;
  for (auto it = std::rbegin(kSets); it != std::rend(kSets); ++it) {
    if (!built(*it)) continue;
    if (later) CHECK(xcover::supports(*it));
    later = later || xcover::supports(*it);
  }
  const xcover::Problem problem = xcover::make_queens(4).problem;
  for (const xcover::Kernels k : kSets) {
    const std::string kernels = xcover::to_string(k);
    CAPTURE(kernels);
    if (xcover::supports(k)) {
      CHECK(built(k));
      CHECK(static_cast<int>(k) <= static_cast<int>(xcover::best_kernels()));
      xcover::Solver solver(problem, xcover::Layout::automatic, k);
      CHECK(solver.kernels() == k);
      CHECK(solver.count().solutions == 2);
    } else if (built(k)) {
      CHECK_THROWS_WITH_AS(xcover::Solver(problem, xcover::Layout::automatic, k),
                           (std::string("kernels ") + xcover::to_string(k) +
                            ": this processor cannot run them (the best it runs: " +
                            xcover::to_string(xcover::best_kernels()) + ")")
                               .c_str(),
                           xcover::ProblemError);
    } else {
      // Left out of the build: refused for that, unless the processor
      // cannot run it anyway.
      const std::string error =
          error_of([&] { xcover::Solver(problem, xcover::Layout::automatic, k); });
      CHECK((error.find(": this processor cannot run them") != std::string::npos ||
             error == "kernels " + kernels +
                          ": this build has not compiled them (XCOVER_KERNEL_SETS; the best it "
                          "has here: " +
                          xcover::to_string(xcover::best_kernels()) + ")"));
    }
  }
  xcover::Solver automatic(problem);
  CHECK(automatic.kernels() == xcover::default_kernels());
}

TEST_CASE("XCOVER_KERNELS picks the default kernel set, and a bad name is refused") {
  const char* saved = std::getenv("XCOVER_KERNELS");
  const std::string before = saved ? saved : "";
  ::setenv("XCOVER_KERNELS", "baseline", 1);
  CHECK(xcover::default_kernels() == xcover::Kernels::baseline);
  const xcover::Problem queens = xcover::make_queens(5).problem;
  CHECK(xcover::Solver(queens).kernels() == xcover::Kernels::baseline);
  // Not a problem's error: a configuration's, naming the variable, the
  // value and the values it takes.
  ::setenv("XCOVER_KERNELS", "sse9", 1);
  CHECK_THROWS_WITH_AS(
      xcover::default_kernels(),
      "XCOVER_KERNELS=sse9: not a kernel set (baseline, avx2, avx512 or avx512icl)",
      xcover::ConfigurationError);
  CHECK_THROWS_AS(xcover::Solver{queens}, xcover::ConfigurationError);
  try {
    static_cast<void>(xcover::default_kernels());
  } catch (const xcover::Error& e) {
    const auto* configuration = dynamic_cast<const xcover::ConfigurationError*>(&e);
    CHECK(configuration);
    if (configuration) {
      CHECK(configuration->variable() == "XCOVER_KERNELS");
      CHECK(configuration->value() == "sse9");
    }
    CHECK(dynamic_cast<const xcover::ProblemError*>(&e) == nullptr);
  }
  // A set this processor does not run, when there is one.
  for (const xcover::Kernels k :
       {xcover::Kernels::avx2, xcover::Kernels::avx512, xcover::Kernels::avx512icl}) {
    if (xcover::supports(k) || !built(k)) continue;
    ::setenv("XCOVER_KERNELS", xcover::to_string(k), 1);
    const std::string refusal = "XCOVER_KERNELS=" + std::string(xcover::to_string(k)) +
                                ": this processor cannot run these kernels (the sets it runs: "
                                "baseline";
    CHECK_THROWS_WITH_AS(xcover::default_kernels(), doctest::Contains(refusal.c_str()),
                         xcover::ConfigurationError);
  }
  if (saved)
    ::setenv("XCOVER_KERNELS", before.c_str(), 1);
  else
    ::unsetenv("XCOVER_KERNELS");
}

// scripts/test.sh --kernels and --qemu-cpu run the tests with XCOVER_KERNELS
// forcing a set, or on an emulated processor, and name in
// XCOVER_EXPECT_KERNELS the set that new solvers must then take.
TEST_CASE("new solvers take the kernel set expected (XCOVER_EXPECT_KERNELS)") {
  const std::string picked = xcover::to_string(xcover::default_kernels());
  const std::string best = xcover::to_string(xcover::best_kernels());
  MESSAGE("kernels: " << picked << " (the best this processor runs: " << best << ")");
  const char* expected = std::getenv("XCOVER_EXPECT_KERNELS");
  const char* forced = std::getenv("XCOVER_KERNELS");
  if (expected != nullptr && *expected != '\0')
    CHECK(picked == expected);
  else if (forced == nullptr || *forced == '\0')
    CHECK(xcover::default_kernels() == xcover::best_kernels());
  else
    CHECK(picked == forced);
  const xcover::Problem queens = xcover::make_queens(6).problem;
  CHECK(xcover::Solver(queens).kernels() == xcover::default_kernels());
}

}  // namespace test_kernels
