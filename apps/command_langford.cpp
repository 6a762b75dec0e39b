// xcover langford N: Langford pairs, solved, counted or emitted.
#include "commands.hpp"
#include "puzzle_search.hpp"
#include "xcover/langford.hpp"

namespace xcover::cli {

namespace {

std::string joined(const std::vector<int>& numbers) {
  std::string line;
  for (int number : numbers) {
    if (!line.empty()) line += ' ';
    line += std::to_string(number);
  }
  return line;
}

}  // namespace

int run_langford(const std::vector<std::string>& args) {
  po::options_description visible("Options");
  PuzzleFlags flags;
  visible.add_options()("help,h", "show this help");
  flags.add_to(visible);
  po::options_description hidden;
  hidden.add_options()("n", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("n", 1);
  po::variables_map vm;
  if (!parse_options("langford",
                     "N [options]\n\n"
                     "Arranges two 1s, two 2s, ..., two Ns in a row so that the two copies of\n"
                     "each number v have v numbers between them, and prints each arrangement\n"
                     "on a line (N = 3: 2 3 1 2 1 3). Solutions exist only when N mod 4 is 0\n"
                     "or 3. Counts are raw exact-cover counts: an arrangement and its\n"
                     "reversal are counted separately (twice OEIS A014552; N = 7 gives 52).",
                     visible, hidden, positional, args, vm))
    return exit_success;
  const int n = checked_size(vm, 1000);

  const LangfordProblem langford = make_langford(n);
  return run_puzzle(langford.problem, flags, [&](const Solution& solution) {
    return std::vector<std::string>{joined(langford_sequence(langford, solution))};
  });
}

}  // namespace xcover::cli
