// SPDX-License-Identifier: MIT
// xcover as a solver for tdoku's benchmark harness (run_benchmark), so that
// xcover and the other solvers are timed by one program on the same puzzles.
// Build tdoku's harness yourself with this shim registered (as "xcover");
// this repository neither ships nor builds it. The shim is C++20 and needs
// xcover's headers and libxcover.a. bench/compare_tdoku.sh runs the
// comparison with the binary you built.
//
// The harness calls each solver through one C signature, implemented below:
// input: 81 characters, '1'-'9' or '.', row by row (729-character
// pencilmark puzzles are not supported: 0 is returned); limit: 1 to find a
// solution, 2 to also prove it unique; solution: 81 characters to fill;
// num_guesses: the search effort. It returns the number of solutions found,
// at most limit. The configuration number is unused.
//
// XCOVER_KERNELS=avx2 (or baseline, avx512, avx512icl) in the environment
// picks the kernel set, as for any xcover program; the set in use is
// printed once on stderr.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <string>
#include <string_view>

#include "xcover/puzzles/sudoku.hpp"
#include "xcover/solver.hpp"

namespace {

// The only code that touches xcover's Sudoku API. One solver and its grids
// per thread, built on the first call and reused, as the API intends.
std::size_t solve_9x9(const char* cells, std::size_t limit, char* out, std::size_t* nodes) {
  struct State {
    xcover::SudokuSolver solver;  // the classic 9x9
    xcover::SudokuReader reader;
    xcover::SudokuLine line;
    xcover::SudokuBoard solution;
    std::string error;
    State() {
      std::cerr << "xcover shim: kernels " << xcover::to_string(xcover::default_kernels()) << '\n';
    }
  };
  thread_local State s;
  *nodes = 0;
  if (!s.reader.read(std::string_view(cells, 81), s.line, s.error)) return 0;
  const xcover::SudokuResult result = s.solver.solve(s.line.board, s.solution, limit);
  // The harness's "guesses" column: xcover's search nodes for this puzzle.
  // They count forced moves (an item with one option left) as well as real
  // guesses, so they overstate guesses and %no_guess reads about 0.
  *nodes = static_cast<std::size_t>(s.solver.statistics().nodes.saturate64());
  if (result.status != xcover::SudokuStatus::solved) return 0;
  const auto& digits = s.solution.cells;
  for (int i = 0; i < 81; ++i) out[i] = static_cast<char>('0' + digits[i]);
  return static_cast<std::size_t>(result.solutions);
}

}  // namespace

extern "C" std::size_t XcoverSudokuSolver(const char* input, std::size_t limit,
                                          std::uint32_t /*configuration*/, char* solution,
                                          std::size_t* num_guesses) {
  if (input[81] >= '.') return 0;  // a 729-character pencilmark puzzle
  return solve_9x9(input, limit, solution, num_guesses);
}
