// SPDX-License-Identifier: MIT
// Counts the 10 solutions of 5-queens with xcover::mpi (one rank when run
// without mpirun), on the library's own queens adapter.
#include <boost/mpi/environment.hpp>
#include <iostream>
#include <xcover/distributed.hpp>
#include <xcover/puzzles/queens.hpp>

int main() {
  boost::mpi::environment environment;
  const xcover::QueensProblem queens = xcover::make_queens(5);
  const xcover::DistributedResult result = xcover::distributed_count(queens.problem);
  std::cout << result.stats.solutions << '\n';
  return result.stats.solutions == 10 ? 0 : 1;
}
