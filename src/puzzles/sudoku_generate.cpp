// SPDX-License-Identifier: MIT
// Making puzzles: a random full board, then clues taken away while the
// puzzle stays unique (see sudoku_generate.hpp). Randomness comes from a
// SplitMix64 stream and our own shuffle, so a seed means the same puzzle
// with every compiler and library.
#include "xcover/puzzles/sudoku_generate.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "support/ordered_runner.hpp"
#include "xcover/threads.hpp"

namespace xcover {

namespace {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t k = items.size(); k > 1; --k)
      std::swap(items[k - 1], items[static_cast<std::size_t>(below(static_cast<int>(k)))]);
  }

 private:
  std::uint64_t state_;
};

// The sets of cells a symmetry maps onto each other, each listed once.
std::vector<std::vector<int>> orbits(int side, SudokuSymmetry symmetry) {
  const int n = side;
  auto image = [&](int cell, int which) {
    int r = cell / n, c = cell % n;
    switch (symmetry) {
      case SudokuSymmetry::none:
        break;
      case SudokuSymmetry::rotate180:
        r = n - 1 - r, c = n - 1 - c;
        break;
      case SudokuSymmetry::rotate90:
        for (int k = 0; k < which; ++k) {
          const int t = r;
          r = c, c = n - 1 - t;
        }
        break;
      case SudokuSymmetry::mirror:
        c = n - 1 - c;
        break;
      case SudokuSymmetry::flip:
        r = n - 1 - r;
        break;
      case SudokuSymmetry::diagonal:
        std::swap(r, c);
        break;
    }
    return r * n + c;
  };
  std::vector<bool> done(static_cast<std::size_t>(n * n));
  std::vector<std::vector<int>> out;
  for (int cell = 0; cell < n * n; ++cell) {
    if (done[static_cast<std::size_t>(cell)]) continue;
    std::vector<int> orbit{cell};
    for (int which = 1; which <= 3; ++which) {
      const int other = image(cell, which);
      if (std::find(orbit.begin(), orbit.end(), other) == orbit.end()) orbit.push_back(other);
    }
    for (int member : orbit) done[static_cast<std::size_t>(member)] = true;
    out.push_back(std::move(orbit));
  }
  return out;
}

// Takes clues away, a symmetric set at a time in random order, whenever the
// puzzle stays unique. One pass gives a minimal puzzle: a set that could not
// go then cannot go later either (fewer clues only allow more solutions).
// Nothing when a search was stopped (SudokuGenerateOptions::cancel): its
// count proves nothing.
std::optional<SudokuBoard> dig(SudokuSolver& solver, SudokuBoard puzzle,
                               std::vector<std::vector<int>> sets, Random& random) {
  random.shuffle(sets);
  std::vector<std::uint8_t> saved;
  for (const std::vector<int>& set : sets) {
    saved.clear();
    bool any = false;
    for (int cell : set) {
      saved.push_back(puzzle.cells[static_cast<std::size_t>(cell)]);
      any |= puzzle.cells[static_cast<std::size_t>(cell)] != 0;
      puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    }
    if (!any) continue;
    const SudokuResult counted = solver.count(puzzle, 2);
    if (counted.status == SudokuStatus::stopped) return std::nullopt;
    if (counted.solutions != 1)
      for (std::size_t k = 0; k < set.size(); ++k)
        puzzle.cells[static_cast<std::size_t>(set[k])] = saved[k];
  }
  return puzzle;
}

// Cuts a full board into cages of distinct digits, grown from random cells
// through their orthogonal neighbours.
SudokuRules add_cages(SudokuRules rules, const SudokuBoard& full, Random& random) {
  const int n = full.side, cells = n * n;
  std::vector<int> order(static_cast<std::size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  random.shuffle(order);
  std::vector<bool> caged(static_cast<std::size_t>(cells));
  for (int cell = 0; cell < cells; ++cell)
    caged[static_cast<std::size_t>(cell)] = rules.is_hole(cell);
  for (int seed : order) {
    if (caged[static_cast<std::size_t>(seed)]) continue;
    const int roll = random.below(100);
    const int target = roll < 5 ? 1 : roll < 40 ? 2 : roll < 75 ? 3 : roll < 95 ? 4 : 5;
    std::vector<int> cage{seed};
    std::uint64_t digits = std::uint64_t{1} << (full.cells[static_cast<std::size_t>(seed)] - 1);
    caged[static_cast<std::size_t>(seed)] = true;
    while (static_cast<int>(cage.size()) < target) {
      std::vector<int> frontier;
      for (int member : cage) {
        const int r = member / n, c = member % n;
        const int near[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
        for (const auto& [nr, nc] : near) {
          if (nr < 0 || nr >= n || nc < 0 || nc >= n) continue;
          const int other = nr * n + nc;
          if (caged[static_cast<std::size_t>(other)] ||
              (digits >> (full.cells[static_cast<std::size_t>(other)] - 1) & 1) ||
              std::find(frontier.begin(), frontier.end(), other) != frontier.end())
            continue;
          frontier.push_back(other);
        }
      }
      if (frontier.empty()) break;
      const int next =
          frontier[static_cast<std::size_t>(random.below(static_cast<int>(frontier.size())))];
      cage.push_back(next);
      caged[static_cast<std::size_t>(next)] = true;
      digits |= std::uint64_t{1} << (full.cells[static_cast<std::size_t>(next)] - 1);
    }
    int sum = 0;
    for (int cell : cage) sum += full.cells[static_cast<std::size_t>(cell)];
    rules.add_cage(std::move(cage), sum);
  }
  return rules;
}

// One thread's maker: a solver for the rules, reused for every puzzle.
class Maker {
 public:
  Maker(const SudokuRules& rules, const SudokuGenerateOptions& options)
      : options_(options), solver_(rules), sets_(orbits(rules.side(), options.symmetry)) {
    if (!rules.cages().empty())
      throw SudokuError("puzzles are made for rules without cages (killer makes its own)");
    solver_.search_options().cancel = options.cancel;
  }

  // The rating asked for in the options: by technique, then by the engine
  // unless the level is not the one wanted.
  SudokuRating rate(const GeneratedSudoku& made) {
    std::optional<SudokuSolver> killer;
    SudokuSolver& solver = options_.killer ? killer.emplace(made.rules) : solver_;
    SudokuRating rating = rate_sudoku(solver, made.puzzle, 0);
    if (options_.rate_searches > 0 && (!options_.level || rating.level == *options_.level))
      rating = rate_sudoku(solver, made.puzzle, options_.rate_searches);
    return rating;
  }

  // False when options.cancel stopped it.
  bool make(std::uint64_t seed, GeneratedSudoku& made) {
    Random random(seed);
    const SudokuRules& rules = solver_.rules();
    const std::optional<SudokuBoard> full = full_board(random);
    if (!full) return false;
    made = GeneratedSudoku{rules, *full, *full, seed, std::nullopt};
    std::optional<SudokuBoard> dug;
    if (options_.killer) {
      made.rules = add_cages(rules, *full, random);
      SudokuSolver killer(made.rules);
      killer.search_options().cancel = options_.cancel;
      dug = dig(killer, *full, sets_, random);
    } else {
      dug = dig(solver_, *full, sets_, random);
    }
    if (!dug) return false;
    made.puzzle = std::move(*dug);
    return true;
  }

  bool cancelled() const { return options_.cancel != nullptr && options_.cancel->load(); }

 private:
  // A random full board: a random permutation of the digits along the first
  // row, random tie breaks in the search, then the digits relabelled.
  // Nothing when options.cancel stopped it.
  std::optional<SudokuBoard> full_board(Random& random) {
    const int n = solver_.rules().side();
    std::vector<int> digits(static_cast<std::size_t>(n));
    std::iota(digits.begin(), digits.end(), 1);
    SudokuBoard full(n);
    SearchOptions& search = solver_.search_options();
    const std::uint64_t kept_seed = search.random_seed;
    const std::uint64_t kept_limit = search.node_limit;
    bool solved = false;
    for (int attempt = 0; attempt < 16 && !solved && !cancelled(); ++attempt) {
      // A random first row can clash with irregular regions in ways that
      // take long to prove: such an attempt gives up and the next row is
      // drawn (the last, from an empty board, searches to the end).
      search.node_limit = attempt < 15 ? std::uint64_t{200} * static_cast<std::uint64_t>(n * n) : 0;
      SudokuBoard start(n);
      if (attempt < 15) {  // the last attempt starts from an empty board
        random.shuffle(digits);
        for (int c = 0, k = 0; c < n; ++c)
          if (!solver_.rules().is_hole(c))
            start.cells[static_cast<std::size_t>(c)] =
                static_cast<std::uint8_t>(digits[static_cast<std::size_t>(k++)]);
      }
      search.random_seed = random.next() | 1;
      solved = solver_.solve(start, full, 1).status == SudokuStatus::solved;
    }
    search.random_seed = kept_seed;
    search.node_limit = kept_limit;
    if (!solved && cancelled()) return std::nullopt;
    if (!solved) throw SudokuError("these rules have no full board: " + solver_.rules().describe());
    random.shuffle(digits);
    for (std::uint8_t& cell : full.cells)
      if (cell) cell = static_cast<std::uint8_t>(digits[cell - 1u]);
    return full;
  }

  SudokuGenerateOptions options_;
  SudokuSolver solver_;
  std::vector<std::vector<int>> sets_;
};

std::uint64_t puzzle_seed(std::uint64_t seed, std::uint64_t k) {
  // Puzzle k's stream starts far from puzzle k+1's.
  return (seed + k) * 0xD1B54A32D192ED03ULL ^ 0x2545F4914F6CDD1DULL;
}

}  // namespace

const char* to_string(SudokuSymmetry symmetry) {
  switch (symmetry) {
    case SudokuSymmetry::none:
      return "none";
    case SudokuSymmetry::rotate180:
      return "rotate180";
    case SudokuSymmetry::rotate90:
      return "rotate90";
    case SudokuSymmetry::mirror:
      return "mirror";
    case SudokuSymmetry::flip:
      return "flip";
    case SudokuSymmetry::diagonal:
      return "diagonal";
  }
  return "unknown";
}

SudokuSymmetry parse_symmetry(std::string_view name) {
  for (SudokuSymmetry s :
       {SudokuSymmetry::none, SudokuSymmetry::rotate180, SudokuSymmetry::rotate90,
        SudokuSymmetry::mirror, SudokuSymmetry::flip, SudokuSymmetry::diagonal})
    if (name == to_string(s)) return s;
  throw SudokuError("unknown symmetry '" + std::string(name) +
                    "' (none, rotate180, rotate90, mirror, flip, diagonal)");
}

GeneratedSudoku generate_sudoku(const SudokuRules& rules, std::uint64_t seed,
                                const SudokuGenerateOptions& options) {
  Maker maker(rules, options);
  GeneratedSudoku made;
  if (!maker.make(puzzle_seed(seed, 0), made))
    throw SudokuError("the puzzle was cancelled before it was made");
  made.seed = seed;
  return made;
}

void generate_sudokus(const SudokuRules& rules, std::uint64_t count, std::uint64_t seed,
                      const SudokuGenerateOptions& options, unsigned threads,
                      const std::function<bool(const GeneratedSudoku&)>& deliver) {
  if (threads == 0) threads = default_threads();
  threads =
      static_cast<unsigned>(std::min<std::uint64_t>(threads, std::max<std::uint64_t>(count, 1)));
  std::vector<std::optional<Maker>> makers(threads);
  for (auto& maker : makers) maker.emplace(rules, options);
  // A puzzle takes milliseconds: a few in flight per thread, taken one at
  // a time, keep every thread busy and the order cheap.
  detail::RunnerSettings settings;
  settings.threads = threads;
  settings.window = std::size_t{threads} * 4;
  settings.run_length = 1;
  settings.cancel = options.cancel;
  // A puzzle cut short by options.cancel (its rating too) is dropped, and
  // the runner told: must_stop() sees the same flag and records the stop.
  using Runner = detail::OrderedRunner<std::uint64_t, GeneratedSudoku>;
  Runner* self = nullptr;
  Runner runner(
      settings,
      [&](unsigned t, std::uint64_t& k, GeneratedSudoku& made) {
        Maker& maker = *makers[t];
        if (maker.make(puzzle_seed(seed, k), made)) {
          made.seed = seed + k;
          if (options.rate) made.rating = maker.rate(made);
          if (!maker.cancelled()) return true;
        }
        (void)self->must_stop();
        return false;
      },
      [&](std::uint64_t, GeneratedSudoku& made) { return deliver(made); });
  self = &runner;
  for (std::uint64_t k = 0; k < count; ++k)
    if (!runner.add([k](std::uint64_t& job) { job = k; })) return;
  runner.flush();
}

void check_fit(const SudokuRules& rules, const SudokuGenerateOptions& options,
               const SudokuFit& fit) {
  // Fewer clues than any puzzle of one solution has would search forever.
  if (!options.killer && fit.max_clues > 0 && fit.max_clues < rules.fewest_clues())
    throw SudokuError("clues " + std::to_string(fit.max_clues) + ": no " + rules.describe() +
                      " puzzle with one solution has fewer than " +
                      std::to_string(rules.fewest_clues()) + " clues");
}

SudokuFitting generate_fitting(const SudokuRules& rules, std::uint64_t wanted, std::uint64_t seed,
                               const SudokuGenerateOptions& options, const SudokuFit& fit,
                               unsigned threads,
                               const std::function<bool(const GeneratedSudoku&)>& deliver) {
  check_fit(rules, options, fit);
  SudokuFitting out;
  if (wanted == 0) return out;
  SudokuGenerateOptions how = options;
  if (fit.level) {
    how.level = fit.level;
    if (!how.rate) {
      how.rate = true;
      how.rate_searches = 0;  // the level alone: no search
    }
  }
  const bool filtered = fit.level || fit.max_clues > 0;
  const std::uint64_t most = filtered ? wanted * 10000 : wanted;
  generate_sudokus(rules, most, seed, how, threads, [&](const GeneratedSudoku& made) {
    ++out.tried;
    if (fit.level && made.rating->level != *fit.level) return true;
    if (fit.max_clues > 0 && made.puzzle.given_count() > fit.max_clues) return true;
    ++out.made;
    return deliver(made) && out.made < wanted;
  });
  const bool cancelled = options.cancel && options.cancel->load();
  if (out.made < wanted && out.tried == most && !cancelled)
    out.shortfall = "none of the other " + std::to_string(out.tried - out.made) +
                    " puzzles made fitted the difficulty or clues asked (minimal puzzles of "
                    "some levels are rare: nearly all from 12x12 up are expert)";
  return out;
}

bool is_minimal(SudokuSolver& solver, const SudokuBoard& puzzle, SudokuSymmetry symmetry) {
  if (solver.count(puzzle, 2).solutions != 1) return false;
  SudokuBoard less = puzzle;
  for (const std::vector<int>& set : orbits(puzzle.side, symmetry)) {
    bool any = false;
    for (int cell : set) {
      any |= less.cells[static_cast<std::size_t>(cell)] != 0;
      less.cells[static_cast<std::size_t>(cell)] = 0;
    }
    if (any && solver.count(less, 2).solutions == 1) return false;
    for (int cell : set)
      less.cells[static_cast<std::size_t>(cell)] = puzzle.cells[static_cast<std::size_t>(cell)];
  }
  return true;
}

}  // namespace xcover
