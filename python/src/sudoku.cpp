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

std::uint64_t count(const py::handle& given, const py::int_& limit_value) {
  const auto limit = counted<std::uint64_t>(limit_value, frontend::Option::limit);
  const Puzzle puzzle = read_puzzle(given);
  Solvers solvers;
  return run_search(solvers.interrupt(),
                    [&] { return solvers.of(puzzle.board.side).count(puzzle.board, limit); })
      .solutions;
}

// One result per puzzle, in order, as `xcover sudoku` gives one line per
// line: the solution, None when it has none, or a SudokuError (not raised)
// saying why it is not a puzzle or which rule its givens break.
py::list solve_all(const py::iterable& puzzles, const py::int_& thread_count) {
  const auto threads = counted<unsigned>(thread_count, frontend::Option::threads);
  struct Entry {
    std::string line;  // empty when the puzzle did not read
    Shape shape = Shape::line;
    std::string error;
    std::optional<SudokuBoard> solved;
  };
  std::vector<Entry> entries;
  for (const py::handle& given : puzzles) {
    Entry entry;
    try {
      const Puzzle puzzle = read_puzzle(given);
      entry.line = to_line(puzzle.board);
      entry.shape = puzzle.shape;
    } catch (const SudokuError& e) {
      entry.error = e.what();
    }
    entries.push_back(std::move(entry));
  }
  Interrupt interrupt;
  run_watched(interrupt, [&] {
    SudokuBatchOptions options;
    options.threads = threads;
    options.cancel = interrupt.cancel_flag();
    std::vector<std::size_t> sent;  // the entries added, in order
    SudokuBatch batch(options, [&](const SudokuBatchResult& result) {
      Entry& entry = entries[sent[result.index]];
      if (result.status == SudokuStatus::solved) entry.solved = result.solution;
      if (result.status == SudokuStatus::invalid) entry.error = result.error;
      return true;
    });
    for (std::size_t k = 0; k < entries.size(); ++k) {
      if (entries[k].line.empty()) continue;
      sent.push_back(k);
      if (!batch.add(entries[k].line)) return;
    }
    batch.flush();
  });
  const py::object sudoku_error = py::module_::import("xcover_dlx._core").attr("SudokuError");
  py::list out;
  for (const Entry& entry : entries) {
    if (!entry.error.empty()) {
      out.append(sudoku_error(entry.error));
    } else {
      out.append(entry.solved ? write_puzzle(*entry.solved, entry.shape) : py::none());
    }
  }
  return out;
}

}  // namespace

void bind_sudoku(py::module_& m) {
  m.def("solve", &solve, py::arg("puzzle"),
        "The first solution, in the puzzle's shape; None when the givens break a rule or "
        "cannot be completed. SudokuError when it is not a puzzle.");
  m.def("count", &count, py::arg("puzzle"), py::arg("limit") = py::int_(0),
        "The number of solutions up to `limit` (0: all); 0 when the givens break a rule. "
        "count(p, 2) == 1 says the solution is unique.");
  m.def("solve_all", &solve_all, py::arg("puzzles"), py::arg("threads") = 0,
        "Solves many puzzles (of any sizes) on `threads` threads (0: default_threads(), as "
        "the CLI), without the GIL: one result per puzzle, in input order: its solution, "
        "None when it has none, or a SudokuError (returned, not raised) when it is not a "
        "puzzle or its givens break a rule; the batch goes on past either.");
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
