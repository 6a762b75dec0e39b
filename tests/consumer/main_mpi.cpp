// Counts the 10 solutions of 5-queens with xcover::mpi (one rank when run
// without mpirun).
#include <boost/mpi/environment.hpp>
#include <iostream>
#include <string>
#include <xcover/distributed.hpp>

int main() {
  boost::mpi::environment environment;
  xcover::Problem problem;
  const int n = 5;
  for (int i = 0; i < n; ++i) problem.add_primary(std::string("r").append(std::to_string(i)));
  for (int j = 0; j < n; ++j) problem.add_primary(std::string("c").append(std::to_string(j)));
  for (int d = 0; d < 2 * n - 1; ++d) {
    problem.add_secondary(std::string("a").append(std::to_string(d)));
    problem.add_secondary(std::string("b").append(std::to_string(d)));
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      problem.add_option({xcover::OptionEntry{i}, xcover::OptionEntry{n + j},
                          xcover::OptionEntry{2 * n + 2 * (i + j)},
                          xcover::OptionEntry{2 * n + 2 * (i - j + n - 1) + 1}});
    }
  }
  const xcover::DistributedResult result = xcover::distributed_count(problem);
  std::cout << result.stats.solutions << '\n';
  return result.stats.solutions == 10 ? 0 : 1;
}
