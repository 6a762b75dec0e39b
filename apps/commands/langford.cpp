// SPDX-License-Identifier: MIT
// xcover langford N: Langford pairs, solved, counted or emitted.
#include "xcover/puzzles/langford.hpp"

#include <iostream>

#include "cli/puzzle_search.hpp"
#include "commands/commands.hpp"

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
  PuzzleFlags flags;
  const std::optional<int> n =
      parse_sized_puzzle("langford",
                         "Arranges two 1s, two 2s, ..., two Ns in a row so that the two copies of\n"
                         "each number v have v numbers between them, and prints each arrangement\n"
                         "on a line (N = 3: 2 3 1 2 1 3). Solutions exist only when N mod 4 is 0\n"
                         "or 3. Counts are raw exact-cover counts: an arrangement and its\n"
                         "reversal are counted separately (twice OEIS A014552; N = 7 gives 52).",
                         args, flags, 1000);
  if (!n) return exit_success;
  // The search would only confirm it, and for a large N take long to.
  if (*n % 4 == 1 || *n % 4 == 2)
    std::cerr << "xcover langford: no arrangement of " << *n
              << " pairs exists: only N with N mod 4 = 0 or 3 has one\n";
  const LangfordProblem langford = make_langford(*n);
  return run_puzzle(
      langford.problem, flags,
      {.text =
           [&](const Solution& solution) {
             return std::vector<std::string>{joined(langford_sequence(langford, solution))};
           },
       .svg = [&](const Solution& solution) { return render_svg(langford, solution); }});
}

XCOVER_COMMAND(50, "langford", run_langford, "arrange Langford pairs 1 1, 2 2, ..., N N");

}  // namespace xcover::cli
