// SPDX-License-Identifier: MIT
// xcover_dlx.sudoku: solve, count and check puzzles given as one line
// ("53..7....6..195...", '.' or '0' for a blank) or as a list of rows (of
// one-character strings or of ints, 0 for a blank); answers come back in the
// shape they were given.
#include "xcover/puzzles/sudoku.hpp"

#include <pybind11/stl.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "puzzle_rows.hpp"
#include "xcover/puzzles/sudoku_batch.hpp"

namespace xcover::python {
namespace {

using Shape = PuzzleShape;

// The standard symbols (1-9 then A-Z), as rows of ints are written.
char standard_symbol(int digit) {
  if (digit <= 0) return '.';
  return static_cast<char>(digit <= 9 ? '0' + digit : 'A' + digit - 10);
}

struct Puzzle {
  SudokuBoard board;
  Shape shape = Shape::line;
};

Puzzle read_puzzle(const py::handle& given) {
  Puzzle puzzle;
  puzzle.board = parse_sudoku(puzzle_line(given, puzzle.shape, standard_symbol));
  return puzzle;
}

py::object write_puzzle(const SudokuBoard& board, Shape shape) {
  return puzzle_object(board.cells, board.side, shape, to_line(board), standard_symbol);
}

// One solver per board side, built on first use, with Ctrl-C watched.
class Solvers {
 public:
  SudokuSolver& of(int side) {
    auto found = solvers_.find(side);
    if (found == solvers_.end()) {
      found = solvers_.emplace(side, SudokuSolver(SudokuRules::square(side))).first;
      interrupt_.watch(found->second.search_options());
    }
    return found->second;
  }
  Interrupt& interrupt() { return interrupt_; }

 private:
  Interrupt interrupt_;  // declared first: the solvers' options point at it
  std::map<int, SudokuSolver> solvers_;
};

py::object solve(const py::handle& given) {
  const Puzzle puzzle = read_puzzle(given);
  Solvers solvers;
  SudokuBoard solution(puzzle.board.side);
  const SudokuResult result = run_search(solvers.interrupt(), [&] {
    return solvers.of(puzzle.board.side).solve(puzzle.board, solution, 1);
  });
  if (result.status != SudokuStatus::solved) return py::none();
  return write_puzzle(solution, puzzle.shape);
}

std::uint64_t count(const py::handle& given, std::uint64_t limit) {
  const Puzzle puzzle = read_puzzle(given);
  Solvers solvers;
  return run_search(solvers.interrupt(),
                    [&] { return solvers.of(puzzle.board.side).count(puzzle.board, limit); })
      .solutions;
}

py::list solve_all(const py::iterable& puzzles, unsigned threads) {
  std::vector<std::string> lines;
  std::vector<Shape> shapes;
  for (const py::handle& given : puzzles) {
    const Puzzle puzzle = read_puzzle(given);  // a malformed one raises here, before any work
    lines.push_back(to_line(puzzle.board));
    shapes.push_back(puzzle.shape);
  }
  std::vector<std::optional<SudokuBoard>> solved(lines.size());
  Interrupt interrupt;
  run_watched(interrupt, [&] {
    SudokuBatchOptions options;
    options.threads = threads;
    options.cancel = interrupt.cancel_flag();
    SudokuBatch batch(options, [&](const SudokuBatchResult& result) {
      if (result.status == SudokuStatus::solved) solved[result.index] = result.solution;
      return true;
    });
    for (const std::string& line : lines)
      if (!batch.add(line)) return;
    batch.flush();
  });
  py::list out;
  for (std::size_t k = 0; k < lines.size(); ++k)
    out.append(solved[k] ? write_puzzle(*solved[k], shapes[k]) : py::none());
  return out;
}

}  // namespace

void bind_sudoku(py::module_& m) {
  m.def("solve", &solve, py::arg("puzzle"),
        "The first solution, in the puzzle's shape; None when the givens break a rule or "
        "cannot be completed. SudokuError when it is not a puzzle.");
  m.def("count", &count, py::arg("puzzle"), py::arg("limit") = 0,
        "The number of solutions up to `limit` (0: all); 0 when the givens break a rule. "
        "count(p, 2) == 1 says the solution is unique.");
  m.def("solve_all", &solve_all, py::arg("puzzles"), py::arg("threads") = 0,
        "Solves many puzzles (of any sizes) on `threads` threads (0: default_threads()), "
        "without the GIL: a list of solutions (None for each unsolvable one), in input "
        "order.");
  m.def(
      "conflict",
      [](const py::handle& given) -> std::optional<std::string> {
        const SudokuBoard board = read_puzzle(given).board;
        std::string conflict = SudokuRules::square(board.side).find_conflict(board);
        if (conflict.empty()) return std::nullopt;
        return conflict;
      },
      py::arg("puzzle"),
      "The first rule the givens break, e.g. 'digit 5 twice in row 1 (columns 2 and 7)'; "
      "None when they break none.");
  m.def(
      "is_solution",
      [](const py::handle& puzzle, const py::handle& solution) {
        const SudokuBoard given = read_puzzle(puzzle).board, found = read_puzzle(solution).board;
        return given.side == found.side &&
               SudokuRules::square(given.side).is_solution(given, found);
      },
      py::arg("puzzle"), py::arg("solution"),
      "True when `solution` is complete, obeys the rules and keeps the puzzle's givens.");
  m.def(
      "to_grid",
      [](const py::handle& given) {
        const SudokuBoard board = read_puzzle(given).board;
        return to_grid(board, SudokuRules::square(board.side),
                       SudokuAlphabet::standard(board.side));
      },
      py::arg("puzzle"), "The board for people: rows of digits, boxes drawn with | - +.");
}

}  // namespace xcover::python
