// SPDX-License-Identifier: MIT
// xcover solve [FILE]: a problem in Knuth's text format, solved or counted.
#include <iostream>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "cli/input.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/reduce.hpp"

namespace xcover::cli {

int run_solve(const std::vector<std::string>& args) {
  po::options_description visible("Options");
  SearchFlags flags;
  bool preprocess = false;
  visible.add_options()("help,h", "show this help");
  visible.add_options()("preprocess", po::bool_switch(&preprocess),
                        "reduce the problem first, as 'xcover reduce' does (the same solutions, "
                        "printed with the input's options)");
  flags.add_to(visible);
  po::options_description hidden;
  std::string file = "-";
  hidden.add_options()("file", po::value(&file));
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options("solve",
                     "[FILE] [options]\n\n"
                     "Solves an exact-cover problem in Knuth's text format (DLX1/DLX2, and DLX3's\n"
                     "multiplicities: u:v|name on the items line) read from FILE or standard\n"
                     "input. Solutions are printed numbered, one option a line.",
                     visible, hidden, positional, args, vm))
    return exit_success;
  flags.search_options();  // checks the values before the input is read

  ReadResult input;
  {
    Input in(file);
    try {
      input = read_dlx(in, in.name());
    } catch (const Error&) {
      // A stop cuts the input anywhere: what is read may not parse.
      if (in.stopped() == Input::Stop::none) throw;
    }
    // A signal or the time limit while the input was read: no search.
    if (const int code = stopped_reading(in)) return code;
  }
  for (const Warning& w : input.warnings) std::cerr << w.to_string() << '\n';
  const Problem& problem = input.problem;
  if (preprocess) {
    ReduceOptions reduce_options;
    reduce_options.cancel = &interrupted();
    const Reduction reduction = reduce(problem, reduce_options);
    if (reduction.cancelled) {
      std::cerr << "xcover: interrupted while reducing\n";
      return exit_interrupted;
    }
    if (flags.stats) print_reduction_summary(std::cerr, reduction);
    return run_search(reduction.problem, flags,
                      [&](const Solution& solution, std::uint64_t number) {
                        std::cout << number << ":\n";
                        for (int option : reduction.original_options(solution.options))
                          std::cout << ' ' << problem.option_text(option) << '\n';
                      });
  }
  return run_search(problem, flags, [&](const Solution& solution, std::uint64_t number) {
    std::cout << number << ":\n";
    for (int option : solution.options) std::cout << ' ' << problem.option_text(option) << '\n';
  });
}

}  // namespace xcover::cli
