// SPDX-License-Identifier: MIT
// xcover queens N: the N-queens problem, solved, counted or emitted.
#include "xcover/puzzles/queens.hpp"

#include "cli/puzzle_search.hpp"
#include "commands/commands.hpp"

namespace xcover::cli {

int run_queens(const std::vector<std::string>& args) {
  PuzzleFlags flags;
  // Beyond 1000 the problem alone takes gigabytes.
  const std::optional<int> n =
      parse_sized_puzzle("queens",
                         "Places N queens on an N x N board so that no two attack each other and\n"
                         "prints each solution as the board ('Q' a queen, '.' an empty square).\n"
                         "Rows and columns are primary items, diagonals secondary.\n"
                         "Counts are raw exact-cover counts: rotations and reflections of a\n"
                         "solution are counted separately (N = 8 gives 92).",
                         args, flags, 1000);
  if (!n) return exit_success;
  const QueensProblem queens = make_queens(*n);
  return run_puzzle(
      queens.problem, flags,
      {.text =
           [&](const Solution& solution) {
             return queens_picture(queens_columns(queens, solution));
           },
       .svg = [&](const Solution& solution) { return render_svg(queens, solution); }});
}

XCOVER_COMMAND(30, "queens", run_queens, "place N queens on an N x N board, none attacking");

}  // namespace xcover::cli
