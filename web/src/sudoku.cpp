// SPDX-License-Identifier: MIT
// Sudoku for JavaScript: puzzles are lines of cells ('.' or '0' blank).
// The module's functions take any standard board (4x4 to 25x25, the side
// from the line's length); Rules take every shape the library has.
#include "xcover/puzzles/sudoku.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "search.hpp"
#include "xcover/puzzles/sudoku_batch.hpp"
#include "xcover/puzzles/sudoku_generate.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"
#include "xcover/puzzles/sudoku_text.hpp"
#include "xcover/puzzles/svg.hpp"

namespace xcover::web {
namespace {

// Sudoku rules and a solver for them, built on first use and kept.
class JsRules {
 public:
  explicit JsRules(SudokuRules rules)
      : rules_(std::move(rules)), alphabet_(SudokuAlphabet::standard(rules_.side())) {}

  // { boxes: [rows, columns] | latin: side | regions: "AAAB..." ,
  //   diagonals, windows, cages: "r1c1r1c2=3 ...", alphabet: "123..." }
  static JsRules* make(const val& options) {
    return guard([&] {
      const bool boxes = has(options, "boxes"), latin = has(options, "latin"),
                 regions = has(options, "regions");
      if (int(boxes) + int(latin) + int(regions) > 1)
        throw SudokuError("give one of boxes, latin and regions");
      SudokuRules rules = SudokuRules::boxes(3, 3);
      if (latin) {
        rules = SudokuRules(static_cast<int>(get_count(options, "latin", 9)));
      } else if (regions) {
        rules = SudokuRules::jigsaw(get_string(options, "regions", ""));
      } else if (boxes) {
        const std::vector<int> shape = to_ints(options["boxes"], "boxes");
        if (shape.size() != 2) throw SudokuError("boxes is [rows, columns]");
        rules = SudokuRules::boxes(shape[0], shape[1]);
      }
      if (get_bool(options, "diagonals", false)) rules.add_diagonals();
      if (get_bool(options, "windows", false)) rules.add_windows();
      add_cages(rules, get_string(options, "cages", ""));
      auto made = std::make_unique<JsRules>(std::move(rules));
      const std::string alphabet = get_string(options, "alphabet", "");
      if (!alphabet.empty())
        made->alphabet_ = SudokuAlphabet::custom(alphabet, made->rules_.side());
      return made.release();
    });
  }

  int side() const { return rules_.side(); }
  std::string describe() const { return rules_.describe(); }
  std::string cages() const { return cages_text(rules_); }

  val solve(const std::string& line) {
    return guard([&]() -> val {
      const SudokuBoard puzzle = read(line);
      SudokuBoard solution;
      if (solver().solve(puzzle, solution, 1).status != SudokuStatus::solved) return val::null();
      return val(to_line(solution, alphabet_));
    });
  }

  // One search that solves and proves uniqueness: { solution, solutions }
  // with solutions 0, 1 or 2 (two or more).
  val solve_unique(const std::string& line) {
    return guard([&] {
      const SudokuBoard puzzle = read(line);
      SudokuBoard solution;
      const SudokuResult result = solver().solve(puzzle, solution, 2);
      val out = val::object();
      out.set("solution", result.solutions > 0 ? val(to_line(solution, alphabet_)) : val::null());
      out.set("solutions", static_cast<double>(result.solutions));
      return out;
    });
  }

  double count(const std::string& line, double limit) {
    return guard([&] {
      if (!(limit >= 0)) throw SudokuError("limit must be 0 or more");
      return static_cast<double>(
          solver().count(read(line), static_cast<std::uint64_t>(limit)).solutions);
    });
  }

  val conflict(const std::string& line) const {
    return guard([&]() -> val {
      const std::string found = rules_.find_conflict(read(line));
      return found.empty() ? val::null() : val(found);
    });
  }

  bool is_solution(const std::string& puzzle, const std::string& solution) const {
    return guard([&] { return rules_.is_solution(read(puzzle), read(solution)); });
  }

  std::string grid(const std::string& line) const {
    return guard([&] { return to_grid(read(line), rules_, alphabet_); });
  }

  val rate(const std::string& line) {
    return guard([&] {
      const SudokuRating rating = rate_sudoku(solver(), read(line));
      val out = val::object();
      out.set("level", std::string(to_string(rating.level)));
      out.set("score", rating.nodes);
      out.set("logical", rating.logical);
      out.set("nakedSingles", rating.naked_singles);
      out.set("hiddenSingles", rating.hidden_singles);
      out.set("lockedCandidates", rating.locked_candidates);
      out.set("nakedPairs", rating.naked_pairs);
      out.set("solutions", static_cast<double>(rating.solutions));
      return out;
    });
  }

  // { count, seed, symmetry, killer, difficulty, clues }: puzzles with one
  // solution, none of whose clues can go, as `xcover sudoku --generate`.
  val generate(const val& options) {
    return guard([&] {
      const std::uint64_t count = get_count(options, "count", 1);
      const std::uint64_t seed = get_count(options, "seed", 1);
      const std::uint64_t clues = get_count(options, "clues", 0);
      SudokuGenerateOptions how;
      how.symmetry = parse_symmetry(get_string(options, "symmetry", "none"));
      how.killer = get_bool(options, "killer", false);
      SudokuFit fit;
      if (has(options, "difficulty"))
        fit.level = parse_level(get_string(options, "difficulty", ""));
      fit.max_clues = static_cast<int>(clues);
      check_fit(rules_, how, fit);
      std::vector<GeneratedSudoku> made;
      const SudokuFitting fitting =
          generate_fitting(rules_, count, seed, how, fit, 1, [&](const GeneratedSudoku& g) {
            made.push_back(g);
            return true;
          });
      if (made.size() < count)
        throw SudokuError("made " + std::to_string(made.size()) + " of " + std::to_string(count) +
                          " puzzles: " + fitting.shortfall);
      val out = val::array();
      for (std::size_t k = 0; k < made.size(); ++k) {
        const GeneratedSudoku& g = made[k];
        val puzzle = val::object();
        puzzle.set("puzzle", to_line(g.puzzle, alphabet_));
        puzzle.set("solution", to_line(g.solution, alphabet_));
        puzzle.set("seed", static_cast<double>(g.seed));
        if (how.killer) puzzle.set("cages", cages_text(g.rules));
        if (g.rating) puzzle.set("level", std::string(to_string(g.rating->level)));
        out.set(k, puzzle);
      }
      return out;
    });
  }

  std::string svg(const std::string& puzzle, const val& solution) const {
    return guard([&] {
      const SudokuBoard full =
          solution.isString() ? read(solution.as<std::string>()) : SudokuBoard();
      return render_svg(rules_, read(puzzle), full, alphabet_);
    });
  }

 private:
  SudokuSolver& solver() {
    if (!solver_) solver_ = std::make_unique<SudokuSolver>(rules_);
    return *solver_;
  }
  SudokuBoard read(const std::string& line) const {
    return parse_board(line, rules_.side(), alphabet_);
  }

  SudokuRules rules_;
  SudokuAlphabet alphabet_;
  std::unique_ptr<SudokuSolver> solver_;
};

// The standard rules of each side met so far, for the module's functions.
JsRules& standard(int side) {
  static std::map<int, std::unique_ptr<JsRules>> by_side;
  auto& rules = by_side[side];
  if (!rules) rules = std::make_unique<JsRules>(SudokuRules::square(side));
  return *rules;
}

int side_of(const std::string& line) {
  return guard([&] { return parse_sudoku(line).side; });
}

// One result per line of the text in bulk_input(), in order: { solutions:
// the solution lines joined by '\n' ("" for a puzzle without one), as
// bytes_view(bulk_output()); counts: the solutions found up to `limit` (2
// proves uniqueness); errors: { index: why the line is not a puzzle } }.
// The whole text crosses at once, not one value a puzzle: 10,000 puzzles
// took 60 ms a value at a time.
val solve_all(double limit) {
  return guard([&] {
    if (!(limit >= 1)) throw SudokuError("limit must be 1 or more");
    const std::string& text = bulk_input();
    std::string& solutions = bulk_output();
    solutions.clear();
    std::vector<std::uint8_t> counts;
    val errors = val::object();
    SudokuBatchOptions options;
    options.threads = 1;
    options.limit = static_cast<std::uint64_t>(limit);
    // The results come in input order, each written as it comes.
    SudokuBatch batch(options, [&](const SudokuBatchResult& result) {
      if (result.index != counts.size()) throw Error("internal error: a result out of order");
      if (!counts.empty()) solutions += '\n';
      if (result.status == SudokuStatus::solved)
        append_line(solutions, result.solution, *result.puzzle.alphabet);
      if (result.status == SudokuStatus::invalid)
        errors.set(std::to_string(result.index), result.error);
      counts.push_back(static_cast<std::uint8_t>(std::min<std::uint64_t>(result.solutions, 255)));
      return true;
    });
    for (std::size_t at = 0; at <= text.size();) {
      std::size_t end = text.find('\n', at);
      if (end == std::string::npos) end = text.size();
      batch.add(std::string_view(text).substr(at, end - at));
      at = end + 1;
    }
    batch.flush();
    // (The input is read; the output waits for the JavaScript layer, which
    // calls releaseBulk once it has decoded it.)
    release_if_big(bulk_input());
    val out = val::object();
    out.set("counts",
            val(emscripten::typed_memory_view(counts.size(), counts.data())).call<val>("slice"));
    out.set("errors", errors);
    out.set("solutions", bytes_view(solutions));
    return out;
  });
}

}  // namespace

void bind_sudoku() {
  using emscripten::class_;
  class_<JsRules>("SudokuRules")
      .constructor(&JsRules::make, emscripten::allow_raw_pointers())
      .function("side", &JsRules::side)
      .function("describe", &JsRules::describe)
      .function("cages", &JsRules::cages)
      .function("solve", &JsRules::solve)
      .function("solveUnique", &JsRules::solve_unique)
      .function("count", &JsRules::count)
      .function("conflict", &JsRules::conflict)
      .function("isSolution", &JsRules::is_solution)
      .function("toGrid", &JsRules::grid)
      .function("rate", &JsRules::rate)
      .function("generate", &JsRules::generate)
      .function("svg", &JsRules::svg);
  emscripten::function("sudokuSide", &side_of);
  emscripten::function("sudokuStandard", emscripten::optional_override([](int side) {
                         return guard([&] { return &standard(side); });
                       }),
                       emscripten::allow_raw_pointers());
  emscripten::function("sudokuSolveAll", &solve_all);
}

}  // namespace xcover::web
