// SPDX-License-Identifier: MIT
// Counts the pentomino tilings of a board on every core, stopping half way
// and resuming from a checkpoint file, as a count that runs for days would.
//   polyomino_count [BOARD] [CHECKPOINT]     (default 6x10, polyomino.checkpoint)
#include <cstdio>
#include <iostream>
#include <string>
#include <xcover/xcover.hpp>

namespace poly = xcover::polyomino;

int main(int argc, char** argv) {
  const std::string board_name = argc > 1 ? argv[1] : "6x10";
  const std::string path = argc > 2 ? argv[2] : "polyomino.checkpoint";
  const auto board = poly::builtin_board(board_name);
  if (!board) {
    std::cerr << "unknown board " << board_name << '\n';
    return 2;
  }
  const poly::TilingProblem tiling = poly::make_tiling(*board, poly::pentominoes());

  // First run: a node budget stops it part way; the work left is saved.
  xcover::ParallelOptions first;
  first.search.node_limit = 200000;
  xcover::ParallelSearch part(tiling.problem, first);
  const xcover::Status stopped = part.run();
  xcover::write_checkpoint(path, part.checkpoint());

  // Second run (another process could do it, days later): from the file.
  xcover::ParallelSearch rest(tiling.problem);
  rest.resume(xcover::read_checkpoint(path));
  const xcover::Status status = rest.run();
  std::remove(path.c_str());
  std::cout << board_name << ": " << rest.statistics().solutions << " tilings ("
            << "first run " << xcover::to_string(stopped) << ", resumed run "
            << xcover::to_string(status) << ")\n";
  return status == xcover::Status::exhausted ? 0 : 1;
}
