// SPDX-License-Identifier: MIT
// xcover solve [FILE]: a problem in Knuth's text format, solved or counted.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/input.hpp"
#include "commands/commands.hpp"
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
void print_solution(const Problem& problem, const std::vector<int>& options, std::uint64_t number) {
  std::cout << number << ':';
  if (problem.has_costs()) {
    std::uint64_t cost = 0;
    for (int option : options) cost += problem.option_cost(option);
    std::cout << " cost " << cost;
  }
  std::cout << '\n';
  for (int option : options) print_option(problem, option);
}

// --format json: one object on one line,
//   {"solutions":[{"options":[3,4,0],"lines":["a d f","b g","c e"]},...],
//    "count":1,"status":"exhausted","complete":true,"statistics":{...}}
// "options" are the input's option numbers (from 0, as --cheapest and the
// library count them), "lines" the options as the text output writes them,
// "cost" their total when the problem has costs. --count leaves the
// solutions out. The solutions go out as they are found; the rest at the end.
void print_json_solution(const Problem& problem, const std::vector<int>& options,
                         std::uint64_t number) {
  std::cout << (number > 1 ? ",{" : "{") << "\"options\":[";
  for (std::size_t k = 0; k < options.size(); ++k) std::cout << (k ? "," : "") << options[k];
  std::cout << ']';
  if (problem.has_costs()) {
    std::uint64_t cost = 0;
    for (int option : options) cost += problem.option_cost(option);
    std::cout << ",\"cost\":" << cost;
  }
  std::cout << ",\"lines\":[";
  for (std::size_t k = 0; k < options.size(); ++k) {
    std::string line = problem.option_text(options[k]);
    if (const std::uint64_t cost = problem.option_cost(options[k]); cost != 0)
      line += " |" + std::to_string(cost);
    std::cout << (k ? "," : "") << json_string(line);
  }
  std::cout << "]}";
}

void print_json_end(bool count_only, Status status, const Statistics& stats, unsigned threads) {
  std::cout << (count_only ? "{" : "],") << json_search_end(status, stats, threads) << "}\n";
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
  // (Branch and bound grows DLX5's tree by DLX5's rule.)
  if (flags.propagate) throw UsageError("--cheapest does not go with --propagate");
  for (const char* option : {"item-choice", "seed", "layout"}) {
    if (vm.count(option) && !vm[option].defaulted())
      throw UsageError(std::string("--cheapest does not go with --") + option +
                       " (it searches DLX5's links by DLX5's rule)");
  }
}

// --cheapest K: branch and bound on one thread (Solver::cheapest).
// `searched` is the input's problem, or its reduction (`reduction`).
int run_cheapest(const Problem& input, const Problem& searched, const Reduction* reduction,
                 const SearchFlags& flags, std::uint64_t k) {
  const SearchOptions given = flags.search_options();
  CheapestOptions options;
  static_cast<LimitOptions&>(options) = given;
  static_cast<StopOptions&>(options) = given;
  static_cast<ProgressOptions&>(options) = given;
  // (cheapest() searches dancing links of its own, whatever the layout: the
  // solver's own links cost least to build.)
  Solver solver(searched, searched.has_multiplicities() ? Layout::automatic : Layout::links);
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
  std::string format = "text";
  visible.add_options()("help,h", "show this help");
  visible.add_options()(
      "format", po::value(&format)->value_name("text|json"),
      "text (default): numbered solutions, one option a line; json: one object on stdout with "
      "the solutions (option numbers from 0, and lines), count, status and statistics");
  visible.add_options()("preprocess", po::bool_switch(&preprocess),
                        "reduce the problem first, as 'xcover reduce' does (the same solutions, "
                        "printed with the input's options)");
  std::uint64_t cheapest = 0;
  visible.add_options()(
      "cheapest", number(cheapest, "--cheapest", parse_count)->value_name("K"),
      "print the K cheapest solutions by the options' costs ('|n' on an option "
      "line), cheapest first, each with its cost; ties by the sorted option numbers; one thread");
  flags.add_to(visible);
  FileOperands operands;
  po::variables_map vm;
  if (!parse_options("solve",
                     "[FILE] [options]\n\n"
                     "Solves an exact-cover problem in Knuth's text format (DLX1/DLX2, DLX3's\n"
                     "multiplicities: u:v|name on the items line, and DLX5's option costs: |n\n"
                     "on an option line) read from FILE or standard input. Solutions are printed\n"
                     "numbered, one option a line.",
                     visible, operands.hidden, operands.positional, args, vm))
    return exit_success;
  const std::string file = one_file(operands.files);
  flags.search_options();  // checks the values before the input is read
  if (vm.count("cheapest")) check_cheapest(flags, cheapest, vm);
  if (format != "text" && format != "json")
    throw UsageError("--format must be text or json, not '" + format + "'");
  if (preprocess && !flags.zdd.empty())
    throw UsageError(
        "--zdd does not go with --preprocess (the diagram would number the reduced problem's "
        "options)");
  const bool json = format == "json";
  if (json) {
    for (const char* option : {"estimate", "cheapest", "mpi"}) {
      if (vm.count(option) && !vm[option].defaulted())
        throw UsageError(std::string("--format json does not go with --") + option);
    }
  }

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
  if (json) {
    if (!flags.count) std::cout << "{\"solutions\":[";
    return run_search(
        searched, flags,
        [&](const Solution& solution, std::uint64_t number) {
          print_json_solution(problem, input_options(solution.options, reduced), number);
        },
        [&](Status status, const Statistics& stats, unsigned threads) {
          print_json_end(flags.count, status, stats, threads);
        });
  }
  return run_search(searched, flags, [&](const Solution& solution, std::uint64_t number) {
    print_solution(problem, input_options(solution.options, reduced), number);
  });
}

XCOVER_COMMAND(10, "solve", run_solve, "solve or count an exact-cover problem in Knuth's format");

}  // namespace xcover::cli
