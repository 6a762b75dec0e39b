// SPDX-License-Identifier: MIT
// xcover_dlx.sudoku.Rules: Sudoku of any shape (boxes of R x C, Latin
// squares, jigsaw regions, diagonals, windows, killer cages, any alphabet):
// solve, count, check, rate and generate puzzles under one set of rules.
#include "xcover/puzzles/sudoku_rules.hpp"

#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "puzzle_rows.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_generate.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"
#include "xcover/puzzles/svg.hpp"

namespace xcover::python {
namespace {

using Shape = PuzzleShape;

// The library's names and message, as a ValueError (a bad argument value).
SudokuLevel level_named(const std::string& name) {
  try {
    return parse_level(name);
  } catch (const SudokuError& e) {
    throw py::value_error(e.what());
  }
}

class PyRules {
 public:
  PyRules(std::optional<std::pair<int, int>> boxes, std::optional<int> latin,
          std::optional<std::string> regions, bool diagonals, bool windows,
          const std::string& cages, const std::string& alphabet)
      : rules_(make(boxes, latin, regions)), alphabet_(SudokuAlphabet::standard(rules_.side())) {
    if (diagonals) rules_.add_diagonals();
    if (windows) rules_.add_windows();
    add_cages(rules_, cages);
    if (!alphabet.empty()) alphabet_ = SudokuAlphabet::custom(alphabet, rules_.side());
  }

  py::object solve(const py::handle& given) {
    Shape shape;
    const SudokuBoard puzzle = read(given, shape);
    SudokuBoard solution;
    Interrupt interrupt;
    interrupt.watch(solver().search_options());
    const SudokuResult result =
        run_search(interrupt, [&] { return solver().solve(puzzle, solution, 1); });
    if (result.status != SudokuStatus::solved) return py::none();
    return write(solution, shape);
  }

  std::uint64_t count(const py::handle& given, const py::int_& limit_value) {
    const auto limit = counted<std::uint64_t>(limit_value, frontend::Option::limit);
    Shape shape;
    const SudokuBoard puzzle = read(given, shape);
    Interrupt interrupt;
    interrupt.watch(solver().search_options());
    return run_search(interrupt, [&] { return solver().count(puzzle, limit); }).solutions;
  }

  std::optional<std::string> conflict(const py::handle& given) {
    Shape shape;
    std::string found = rules_.find_conflict(read(given, shape));
    if (found.empty()) return std::nullopt;
    return found;
  }

  py::dict rate(const py::handle& given) {
    Shape shape;
    const SudokuBoard puzzle = read(given, shape);
    SudokuRating rating;
    {
      py::gil_scoped_release release;
      rating = rate_sudoku(solver(), puzzle);
    }
    py::dict out;
    out["level"] = to_string(rating.level);
    out["score"] = rating.nodes;
    out["logical"] = rating.logical;
    out["naked_singles"] = rating.naked_singles;
    out["hidden_singles"] = rating.hidden_singles;
    out["locked_candidates"] = rating.locked_candidates;
    out["naked_pairs"] = rating.naked_pairs;
    out["solutions"] = rating.solutions;
    return out;
  }

  py::list generate(const py::int_& count_value, const py::int_& seed_value,
                    const std::string& symmetry, bool killer, const py::int_& thread_count,
                    const std::optional<std::string>& difficulty, const py::int_& clue_count) {
    const auto count = counted<std::uint64_t>(count_value, "count");
    const auto seed = counted<std::uint64_t>(seed_value, frontend::Option::seed);
    const auto threads = counted<unsigned>(thread_count, frontend::Option::threads);
    const auto clues = counted<unsigned>(clue_count, "clues");
    SudokuGenerateOptions options;
    options.symmetry = parse_symmetry(symmetry);
    options.killer = killer;
    SudokuFit fit;
    if (difficulty) fit.level = level_named(*difficulty);
    fit.max_clues = static_cast<int>(clues);
    try {
      check_fit(rules_, options, fit);  // as the CLI: fewer clues than a unique puzzle has
    } catch (const SudokuError& e) {
      throw py::value_error(e.what());
    }
    std::vector<GeneratedSudoku> made;
    Interrupt interrupt;
    options.cancel = interrupt.cancel_flag();  // (inside a puzzle: a 25x25 one takes minutes)
    SudokuFitting fitting;
    run_watched(interrupt, [&] {
      fitting = generate_fitting(rules_, count, seed, options, fit, threads,
                                 [&](const GeneratedSudoku& g) {
                                   if (interrupt.cancel_flag()->load()) return false;
                                   made.push_back(g);
                                   return true;
                                 });
    });
    if (made.size() < count)
      throw SudokuError(
          "made " + std::to_string(made.size()) + " of " + std::to_string(count) +
          " puzzles: " + (fitting.shortfall.empty() ? std::string("stopped") : fitting.shortfall));
    py::list out;
    for (const GeneratedSudoku& g : made) {
      py::dict puzzle;
      puzzle["puzzle"] = to_line(g.puzzle, alphabet_);
      puzzle["solution"] = to_line(g.solution, alphabet_);
      puzzle["seed"] = g.seed;
      if (killer) puzzle["cages"] = cages_text(g.rules);
      if (g.rating) puzzle["level"] = to_string(g.rating->level);
      out.append(puzzle);
    }
    return out;
  }

  std::string svg(const py::handle& puzzle, const py::object& solution) const {
    Shape shape;
    const SudokuBoard board = read(puzzle, shape);
    const SudokuBoard full = solution.is_none() ? SudokuBoard() : read(solution, shape);
    return render_svg(rules_, board, full, alphabet_);
  }

  const SudokuRules& rules() const { return rules_; }

 private:
  static SudokuRules make(std::optional<std::pair<int, int>> boxes, std::optional<int> latin,
                          const std::optional<std::string>& regions) {
    if (int(boxes.has_value()) + int(latin.has_value()) + int(regions.has_value()) > 1)
      throw py::value_error("give one of boxes, latin and regions");
    if (latin) return SudokuRules(*latin);
    if (regions) return SudokuRules::jigsaw(*regions);
    const auto [rows, columns] = boxes.value_or(std::pair{3, 3});
    return SudokuRules::boxes(rows, columns);
  }

  SudokuSolver& solver() {
    if (!solver_) solver_ = std::make_unique<SudokuSolver>(rules_);
    return *solver_;
  }

  SudokuBoard read(const py::handle& given, Shape& shape) const {
    const std::string line = puzzle_line(given, shape, symbol());
    return parse_board(line, rules_.side(), alphabet_);
  }

  py::object write(const SudokuBoard& board, Shape shape) const {
    return puzzle_object(board.cells, board.side, shape, to_line(board, alphabet_), symbol());
  }

  std::function<char(int)> symbol() const {
    return [this](int digit) { return alphabet_.symbol(digit); };
  }

  SudokuRules rules_;
  SudokuAlphabet alphabet_;
  std::unique_ptr<SudokuSolver> solver_;
};

}  // namespace

void bind_sudoku_rules(py::module_& m) {
  py::class_<PyRules>(m, "Rules", R"doc(
Sudoku rules of any shape; puzzles are lines of symbols or lists of rows.

    Rules()                          9x9 with 3x3 boxes
    Rules(boxes=(2, 3))              6x6 with boxes of 2 rows and 3 columns
    Rules(latin=5)                   a 5x5 Latin square (no boxes)
    Rules(regions="AAABBB...")       jigsaw: one symbol per cell names its region
    Rules(diagonals=True)            X-Sudoku;  windows=True: windoku
    Rules(cages="r1c1r1c2=3 ...")    killer cages: cells, '=', their sum
    Rules(boxes=(4, 4), alphabet="0123456789ABCDEF")   hex symbols ('.' blank)
)doc")
      .def(py::init<std::optional<std::pair<int, int>>, std::optional<int>,
                    std::optional<std::string>, bool, bool, const std::string&,
                    const std::string&>(),
           py::kw_only(), py::arg("boxes") = py::none(), py::arg("latin") = py::none(),
           py::arg("regions") = py::none(), py::arg("diagonals") = false,
           py::arg("windows") = false, py::arg("cages") = "", py::arg("alphabet") = "")
      .def_property_readonly("side", [](const PyRules& r) { return r.rules().side(); })
      .def_property_readonly("cages", [](const PyRules& r) { return cages_text(r.rules()); })
      .def("__repr__", [](const PyRules& r) { return "<Rules: " + r.rules().describe() + ">"; })
      .def("_svg", &PyRules::svg, py::arg("puzzle"), py::arg("solution") = py::none(),
           "The puzzle (and its solution) as SVG.")
      .def("solve", &PyRules::solve, py::arg("puzzle"),
           "The first solution in the puzzle's shape, or None.")
      .def("count", &PyRules::count, py::arg("puzzle"), py::arg("limit") = py::int_(2),
           "Solutions up to `limit` (0: all): 1 with the default limit means unique.")
      .def("conflict", &PyRules::conflict, py::arg("puzzle"),
           "The first rule the givens break, or None.")
      .def("rate", &PyRules::rate, py::arg("puzzle"),
           "A dict: level (simple, easy, intermediate, expert: by technique), score (mean "
           "search nodes to prove it unique over relabellings), the technique counts, "
           "solutions (up to 2).")
      .def("generate", &PyRules::generate, py::arg("count") = py::int_(1), py::kw_only(),
           py::arg("seed") = py::int_(1), py::arg("symmetry") = "none", py::arg("killer") = false,
           py::arg("threads") = py::int_(0), py::arg("difficulty") = py::none(),
           py::arg("clues") = py::int_(0),
           "`count` unique minimal puzzles as dicts (puzzle, solution, seed; cages when "
           "killer; level with a difficulty); puzzle k comes from seed + k whatever the "
           "threads (0: default_threads()). difficulty ('simple', 'easy', 'intermediate', "
           "'expert') and clues (at most that many) keep only the puzzles that fit, as "
           "`xcover sudoku --generate` does; SudokuError when too few do.");
}

}  // namespace xcover::python
