// SPDX-License-Identifier: MIT
// xcover zdd count|sample|nth FILE: the solutions in a diagram that
// `--zdd FILE` wrote (zdd.hpp), without searching again.
#include "xcover/zdd.hpp"

#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/input.hpp"
#include "commands/commands.hpp"
#include "xcover/dlx_format.hpp"

namespace xcover::cli {

namespace {

// A solution on one line: its option numbers, from 1, as the diagram's text
// numbers them.
void print_options(const std::vector<int>& options) {
  std::string line;
  for (const int option : options) {
    if (!line.empty()) line += ' ';
    line += std::to_string(option + 1);
  }
  line += '\n';
  std::cout << line;
}

}  // namespace

int run_zdd(const std::vector<std::string>& args) {
  po::options_description visible("Options");
  std::uint64_t seed = 0, samples = 1;
  visible.add_options()("help,h", "show this help")(
      "seed", number(seed, "--seed", parse_count)->value_name("N"),
      "sample: the first seed (default 0); the k-th sample uses seed N + k - 1, and a seed "
      "gives the same solution on every machine")(
      "samples", number(samples, "--samples", parse_positive_count)->value_name("K"),
      "sample: draw K solutions (default 1), each independently");
  FileOperands operands;
  po::variables_map vm;
  if (!parse_options(
          "zdd",
          "count|sample|nth FILE [INDEX...] [options]\n\n"
          "Reads a decision diagram of all solutions, as 'xcover solve --count --zdd FILE'\n"
          "(or any command's --zdd) writes it, and, without searching again:\n"
          "  count   prints the number of solutions;\n"
          "  sample  prints solutions drawn uniformly at random (--samples, --seed);\n"
          "  nth     prints the solution of each INDEX, counted from 0, in the diagram's\n"
          "          order (with a node's option before without it).\n"
          "A solution is a line of its option numbers, from 1, in the problem's order.\n"
          "FILE '-' is standard input.",
          visible, operands.hidden, operands.positional, args, vm))
    return exit_success;
  const std::vector<std::string>& words = operands.files;
  if (words.empty()) throw UsageError("say count, sample or nth, then the diagram's FILE");
  const std::string& action = words[0];
  if (action != "count" && action != "sample" && action != "nth")
    throw UsageError("the action must be count, sample or nth, not '" + action + "'");
  if (words.size() < 2) throw UsageError(action + ": give the diagram's FILE");
  if (action != "nth" && words.size() > 2)
    throw UsageError(action + ": one FILE, not " + std::to_string(words.size() - 1) + " operands");
  if (action == "nth" && words.size() < 3)
    throw UsageError("nth: give one INDEX or more after the FILE (from 0)");
  if (action != "sample" && (vm.count("seed") || vm.count("samples")))
    throw UsageError(action + ": --seed and --samples apply to sample");
  std::vector<Count> indices;
  for (std::size_t k = 2; k < words.size(); ++k) {
    const std::optional<Count> index = xcover::parse_count(words[k]);
    if (!index)
      throw UsageError("nth: INDEX must be a whole number from 0, not '" + words[k] + "'");
    indices.push_back(*index);
  }

  Zdd zdd;
  {
    Input in(words[1]);
    try {
      zdd = Zdd::read(in, in.name());
    } catch (const Error&) {
      if (in.stopped() == Input::Stop::none) throw;
    }
    if (const int code = stopped_reading(in)) return code;
  }
  if (action == "count") {
    std::cout << zdd.count() << '\n';
    return exit_success;
  }
  if (action == "sample") {
    if (zdd.count() == 0) {
      std::cerr << "xcover: 0 solutions in " << words[1] << ": nothing to sample\n";
      return exit_bad_input;
    }
    for (std::uint64_t k = 0; k < samples && std::cout; ++k) print_options(zdd.sample(seed + k));
    return exit_success;
  }
  const Count total = zdd.count();
  for (const Count index : indices) {
    if (index >= total)
      throw UsageError("nth: INDEX " + to_string(index) + " is past the last solution (" +
                       words[1] + " holds " + to_string(total) + ", from index 0)");
  }
  for (const Count index : indices) print_options(zdd.nth(index));
  return exit_success;
}

XCOVER_COMMAND(65, "zdd", run_zdd,
               "count, sample or index the solutions in a decision diagram (--zdd FILE)");

}  // namespace xcover::cli
