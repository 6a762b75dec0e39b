// SPDX-License-Identifier: MIT
// Includes nothing but the umbrella header and uses something from every
// public header, so a header that <xcover/xcover.hpp> leaves out, or that an
// install leaves behind, fails to compile here.
#include <xcover/xcover.hpp>

#ifndef XCOVER_API  // export.hpp
#error "<xcover/xcover.hpp> does not bring in <xcover/export.hpp>"
#endif

int main() {
  int failures = 0;
  // version.hpp
  static_assert(xcover::version_major == XCOVER_VERSION_MAJOR);
  // puzzles/queens.hpp, solver.hpp: the 2 solutions of 4-queens
  const xcover::QueensProblem queens = xcover::make_queens(4);
  xcover::Solver solver(queens.problem);
  failures += solver.count().solutions != 2;
  // status.hpp, statistics.hpp, layout.hpp, kernels.hpp, options.hpp
  failures += std::string(xcover::to_string(xcover::Status::exhausted)) != "exhausted";
  failures += solver.statistics().solutions != 2;
  failures += xcover::layout_for(queens.problem) != solver.layout();
  failures += !xcover::supports(solver.kernels());
  failures += xcover::CountOptions{}.counting != xcover::Counting::automatic;
  // dlx_format.hpp, problem.hpp: the text format gives the problem back
  xcover::Problem problem = xcover::parse_dlx(xcover::to_dlx(queens.problem)).problem;
  failures += !(problem == queens.problem);
  // error.hpp: the builder's errors are xcover::Errors
  try {
    problem.add_primary("");
    ++failures;
  } catch (const xcover::Error&) {
  }
  // frontend/names.hpp, frontend/options.hpp: one spelling, one table
  failures += xcover::frontend::name_of(xcover::Layout::counted_bitsets) != "counted-bitsets";
  failures += xcover::frontend::spelled(xcover::frontend::Option::item_choice,
                                        xcover::frontend::FrontEnd::javascript) != "itemChoice";
  // parallel.hpp
  failures += xcover::fingerprint(problem) != xcover::fingerprint(queens.problem);
  // puzzles/langford.hpp: values and positions, 3 + 6 items
  failures += xcover::make_langford(3).problem.item_count() != 9;
  // puzzles/sudoku.hpp, sudoku_text.hpp: a line read, solved and written back
  {
    const std::string line = "1234............";
    xcover::SudokuSolver four_by_four(xcover::SudokuRules::square(4));
    xcover::SudokuBoard solved;
    failures += four_by_four.solve(xcover::parse_sudoku(line), solved).status !=
                xcover::SudokuStatus::solved;
    failures += xcover::to_line(solved).substr(0, 4) != "1234";
  }
  // threads.hpp
  failures += xcover::default_threads() == 0;
  // puzzles/sudoku_batch.hpp: one line in, one result out
  std::uint64_t batch_results = 0;
  {
    xcover::SudokuBatch batch({.threads = 1}, [&](const xcover::SudokuBatchResult&) {
      ++batch_results;
      return true;
    });
    failures += !batch.add(std::string(81, '.')) || !batch.flush();
  }
  failures += batch_results != 1;
  // puzzles/polyomino.hpp
  failures += xcover::polyomino::pentominoes().size() != 12;
  // puzzles/svg.hpp: a picture of 4-queens' first solution
  xcover::Solution first;
  (void)solver.search([&](const xcover::Solution& s) {
    first = s;
    return false;
  });
  failures += xcover::render_svg(queens, first).rfind("<svg ", 0) != 0;
  // puzzles/stl.hpp: a unit cube's surface, 12 triangles in 84 + 50 * 12 bytes
  const xcover::polyform::Solid cube{
      "cube", xcover::polyform::shape_mesh(xcover::polyform::Lattice::cube,
                                           xcover::polyform::Shape({{0, 0, 0}}))};
  failures += xcover::polyform::stl_bytes(cube).size() != 684;
  // puzzles/disassembly.hpp: two cubes side by side come apart
  failures += !xcover::polyform::disassemble(
                   xcover::polyform::Lattice::cube,
                   {xcover::polyform::Shape({{0, 0, 0}}), xcover::polyform::Shape({{0, 1, 0}})})
                   .apart;
  // puzzles/sudoku_rules.hpp: the 288 4x4 boards
  const xcover::SudokuRules four = xcover::SudokuRules::boxes(2, 2);
  xcover::SudokuSolver four_solver(four);
  failures += four_solver.count(xcover::SudokuBoard(4), 0).solutions != 288;
  // puzzles/sudoku_generate.hpp, sudoku_rate.hpp: a unique puzzle, rated
  const xcover::GeneratedSudoku made = xcover::generate_sudoku(four, 1);
  failures += xcover::rate_sudoku(four_solver, made.puzzle).solutions != 1;
  // frontend/tiling.hpp: the default board and pieces
  const xcover::frontend::TilingChoice choice =
      xcover::frontend::resolve_tiling(xcover::polyform::Lattice::square, {});
  failures += choice.board.size() != 60 || choice.pieces.size() != 12;
  // frontend/solutions.hpp: 4-queens' solutions one at a time, the first kept
  xcover::SearchOptions first_only;
  first_only.solution_limit = 1;
  xcover::frontend::KeptSolutions pulled(solver, first_only);
  failures += pulled.next() == nullptr || pulled.next() != nullptr;
  // frontend/disassembly.hpp: a level as the front ends write it
  failures += xcover::frontend::level_line({}) != "not apart";
#ifdef XCOVER_WITH_MPI
  // distributed.hpp (a declaration only: this program does not link xcover::mpi)
  failures += xcover::DistributedOptions{}.pieces_per_rank == 0;
#endif
  return failures == 0 ? 0 : 1;
}
