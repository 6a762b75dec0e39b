// SPDX-License-Identifier: MIT
// Fuzzes the Sudoku line reader (the classic format). Whatever the bytes, it
// either says why the line is not a puzzle or gives a board that
//   - prints (to_line) as a line that parses back to the same grid,
//   - is called invalid by the solver exactly when find_conflict finds a
//     broken rule,
//   - and, when it is consistent, solves (under a node limit) only to grids
//     that is_solution accepts, the same one twice in a row.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "xcover/puzzles/sudoku.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  // One solver per side, kept across inputs as `xcover sudoku` keeps them.
  static std::map<int, xcover::SudokuSolver> solvers;
  static xcover::SudokuReader reader;
  const std::string_view text(reinterpret_cast<const char *>(data), size);
  xcover::SudokuLine line;
  std::string error;
  if (!reader.read(text, line, error)) {
    FUZZ_CHECK(!error.empty());
    return 0;
  }
  const xcover::SudokuBoard &puzzle = line.board;
  const std::string printed = xcover::to_line(puzzle);
  FUZZ_CHECK(xcover::parse_sudoku(printed) == puzzle);

  auto found = solvers.find(puzzle.side);
  if (found == solvers.end()) {
    found = solvers.emplace(puzzle.side, xcover::SudokuSolver(*line.rules)).first;
    // Big boards cost more per node; keep each input to a few milliseconds.
    found->second.search_options().node_limit = puzzle.side <= 9 ? 2000 : 200;
  }
  xcover::SudokuSolver &solver = found->second;
  const bool conflict = !line.rules->find_conflict(puzzle).empty();
  xcover::SudokuBoard solution;
  const xcover::SudokuResult result = solver.solve(puzzle, solution, 2);
  FUZZ_CHECK((result.status == xcover::SudokuStatus::invalid) == conflict);
  if (result.status == xcover::SudokuStatus::solved) {
    FUZZ_CHECK(line.rules->is_solution(puzzle, solution));
    FUZZ_CHECK(result.solutions >= 1 && result.solutions <= 2);
    xcover::SudokuBoard again;
    FUZZ_CHECK(solver.solve(puzzle, again, 1).status == xcover::SudokuStatus::solved);
    FUZZ_CHECK(again == solution);
  } else if (result.status == xcover::SudokuStatus::no_solution) {
    FUZZ_CHECK(result.solutions == 0);
  }
  return 0;
}
