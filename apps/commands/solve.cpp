// SPDX-License-Identifier: MIT
// xcover solve [FILE]: a problem in Knuth's text format, solved or counted.
#include <cstdint>
#include <iostream>
#include <optional>
#include <span>
#include <vector>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "cli/input.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/reduce.hpp"

namespace xcover::cli {

namespace {

// An option as in the file: its items, and its cost when it has one.
void print_option(const Problem& problem, int option) {
  std::cout << ' ' << problem.option_text(option);
  if (const std::uint64_t cost = problem.option_cost(option); cost != 0) std::cout << " |" << cost;
  std::cout << '\n';
}

// A solution as the input's options: its number, its cost when the problem
// has costs, then one option a line.
void print_solution(const Problem& problem, const std::vector<int>& options,
                    std::uint64_t number) {
  std::cout << number << ':';
  if (problem.has_costs()) {
    std::uint64_t cost = 0;
    for (int option : options) cost += problem.option_cost(option);
    std::cout << " cost " << cost;
  }
  std::cout << '\n';
  for (int option : options) print_option(problem, option);
}

// The options of a solution of the problem searched, as the input's: the
// same, or mapped back through the reduction (--preprocess).
std::vector<int> input_options(std::span<const int> options, const Reduction* reduction) {
  if (reduction) return reduction->original_options(options);
  return {options.begin(), options.end()};
}

// What --cheapest refuses, said before the input is read.
void check_cheapest(const SearchFlags& flags, std::uint64_t k, const po::variables_map& vm) {
  if (k == 0) throw UsageError("--cheapest must be 1 or more, not 0");
  for (const char* option : {"count", "limit", "ordered", "checkpoint", "resume", "mpi"}) {
    if (vm.count(option) && !vm[option].defaulted())
      throw UsageError(std::string("--cheapest does not go with --") + option);
  }
  if (vm.count("threads") && flags.threads != 1)
    throw UsageError("--cheapest searches on one thread: --threads must be 1 with it");
  if (flags.propagate) throw UsageError("--cheapest does not go with --propagate");
}

// --cheapest K: branch and bound on one thread (Solver::cheapest).
// `searched` is the input's problem, or its reduction (`reduction`).
int run_cheapest(const Problem& input, const Problem& searched, const Reduction* reduction,
                 const SearchFlags& flags, std::uint64_t k) {
  const SearchOptions options = flags.search_options();
  // (cheapest() searches dancing links of its own, whatever the layout: the
  // solver's own links cost least to build.)
  Solver solver(searched, Layout::links);
  const CheapestResult result = solver.cheapest(static_cast<std::size_t>(k), options);
  end_progress();
  std::uint64_t number = 0;
  for (const CostedSolution& solution : result.solutions) {
    std::cout << ++number << ": cost " << solution.cost << '\n';
    for (int option : input_options(solution.options, reduction)) print_option(input, option);
  }
  const Statistics& stats = solver.statistics();
  if (result.status == Status::exhausted && result.solutions.empty())
    std::cerr << "xcover: 0 solutions\n";
  return finish_search(result.status, stats, flags.stats, 1);
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  po::options_description visible("Options");
  SearchFlags flags;
  bool preprocess = false;
  visible.add_options()("help,h", "show this help");
  visible.add_options()("preprocess", po::bool_switch(&preprocess),
                        "reduce the problem first, as 'xcover reduce' does (the same solutions, "
                        "printed with the input's options)");
  std::uint64_t cheapest = 0;
  visible.add_options()(
      "cheapest", number(cheapest, "--cheapest", parse_count)->value_name("K"),
      "print the K cheapest solutions by the options' costs ('|n' on an option "
      "line), cheapest first, each with its cost; ties by the sorted option numbers; one thread");
  flags.add_to(visible);
  po::options_description hidden;
  std::string file = "-";
  hidden.add_options()("file", po::value(&file));
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options("solve",
                     "[FILE] [options]\n\n"
                     "Solves an exact-cover problem in Knuth's text format (DLX1/DLX2, DLX3's\n"
                     "multiplicities: u:v|name on the items line, and DLX5's option costs: |n\n"
                     "on an option line) read from FILE or standard input. Solutions are printed\n"
                     "numbered, one option a line.",
                     visible, hidden, positional, args, vm))
    return exit_success;
  flags.search_options();  // checks the values before the input is read
  if (vm.count("cheapest")) check_cheapest(flags, cheapest, vm);

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
  std::optional<Reduction> reduction;
  if (preprocess) {
    ReduceOptions reduce_options;
    reduce_options.cancel = &interrupted();
    reduction = reduce(problem, reduce_options);
    if (reduction->cancelled) {
      std::cerr << "xcover: interrupted while reducing\n";
      return exit_interrupted;
    }
    if (flags.stats) print_reduction_summary(std::cerr, *reduction);
  }
  const Reduction* reduced = reduction ? &*reduction : nullptr;
  const Problem& searched = reduced ? reduced->problem : problem;
  if (vm.count("cheapest")) return run_cheapest(problem, searched, reduced, flags, cheapest);
  return run_search(searched, flags, [&](const Solution& solution, std::uint64_t number) {
    print_solution(problem, input_options(solution.options, reduced), number);
  });
}

XCOVER_COMMAND(10, "solve", run_solve,
               "solve or count an exact-cover problem in Knuth's format");

}  // namespace xcover::cli
