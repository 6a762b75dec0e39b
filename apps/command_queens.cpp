// xcover queens N: the N-queens problem, solved, counted or emitted.
#include "commands.hpp"
#include "puzzle_search.hpp"
#include "xcover/queens.hpp"

namespace xcover::cli {

int run_queens(const std::vector<std::string>& args) {
  po::options_description visible("Options");
  PuzzleFlags flags;
  visible.add_options()("help,h", "show this help");
  flags.add_to(visible);
  po::options_description hidden;
  hidden.add_options()("n", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("n", 1);
  po::variables_map vm;
  if (!parse_options("queens",
                     "N [options]\n\n"
                     "Places N queens on an N x N board so that no two attack each other and\n"
                     "prints each solution as the board ('Q' a queen, '.' an empty square).\n"
                     "Rows and columns are primary items, diagonals secondary.\n"
                     "Counts are raw exact-cover counts: rotations and reflections of a\n"
                     "solution are counted separately (N = 8 gives 92).",
                     visible, hidden, positional, args, vm))
    return exit_success;
  // Beyond this the problem alone takes gigabytes.
  const int n = checked_size(vm, 1000);

  const QueensProblem queens = make_queens(n);
  return run_puzzle(queens.problem, flags, [&](const Solution& solution) {
    return queens_picture(queens_columns(queens, solution));
  });
}

}  // namespace xcover::cli
