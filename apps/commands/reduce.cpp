// SPDX-License-Identifier: MIT
// xcover reduce [FILE]: a problem in Knuth's text format made smaller (as
// DLX-PRE does) and written back in the same format.
#include "xcover/reduce.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "cli/cli.hpp"
#include "cli/input.hpp"
#include "commands/commands.hpp"
#include "xcover/dlx_format.hpp"

namespace xcover::cli {

namespace {

void write_map(const std::string& path, const Reduction& reduction) {
  std::ofstream out(path);
  if (!out) throw FileError(path, std::strerror(errno));
  for (int option : reduction.original_option) out << option + 1 << '\n';
  out.flush();
  if (!out) throw FileError(path, std::strerror(errno != 0 ? errno : EIO));
}

}  // namespace

void print_reduction_summary(std::ostream& out, const Reduction& reduction) {
  out << "xcover: removed " << reduction.removed_options << " option"
      << (reduction.removed_options == 1 ? "" : "s") << " and " << reduction.removed_items
      << " item" << (reduction.removed_items == 1 ? "" : "s") << " in " << reduction.rounds
      << " round" << (reduction.rounds == 1 ? "" : "s");
  if (reduction.unsolvable)
    out << ": no solution, item '" << reduction.problem.item_name(0) << "' has no option left";
  else if (!reduction.complete)
    out << " (stopped by --rounds; more may go)";
  out << '\n';
}

int run_reduce(const std::vector<std::string>& args) {
  po::options_description visible("Options");
  std::string map;
  std::uint64_t rounds = 0;
  visible.add_options()("help,h", "show this help")(
      "map", po::value(&map)->value_name("FILE"),
      "write to FILE, one a line, the number (from 1) of the input option each output option "
      "comes from")("rounds", number(rounds, "--rounds", parse_count)->value_name("N"),
                    "stop after N rounds (0: until a round removes nothing)");
  FileOperands operands;
  po::variables_map vm;
  if (!parse_options(
          "reduce",
          "[FILE] [options]\n\n"
          "Reads an exact-cover problem in Knuth's text format from FILE or standard input\n"
          "and writes an equivalent, smaller one (as Knuth's DLX-PRE): options that can\n"
          "never be in a solution go, and so do items implied by others, secondary items\n"
          "no option uses and options without a primary item. The solutions of the output\n"
          "are those of the input, as sets of options (--map numbers them). A problem\n"
          "found unsolvable becomes its primary item left without options.\n"
          "What was removed is said on standard error.",
          visible, operands.hidden, operands.positional, args, vm))
    return exit_success;
  const std::string file = one_file(operands.files);
  if (rounds > 1000000000) throw UsageError("--rounds must be at most 1000000000");

  ReadResult input;
  {
    Input in(file);
    try {
      input = read_dlx(in, in.name());
    } catch (const Error&) {
      if (in.stopped() == Input::Stop::none) throw;
    }
    if (const int code = stopped_reading(in)) return code;
  }
  for (const Warning& w : input.warnings) std::cerr << w.to_string() << '\n';
  ReduceOptions options;
  options.max_rounds = static_cast<int>(rounds);
  options.cancel = &interrupted();
  const Reduction reduction = reduce(input.problem, options);
  if (reduction.cancelled) {
    std::cerr << "xcover: interrupted while reducing\n";
    return exit_interrupted;
  }
  if (!map.empty()) write_map(map, reduction);
  write_dlx(std::cout, reduction.problem);
  print_reduction_summary(std::cerr, reduction);
  return exit_success;
}

XCOVER_COMMAND(60, "reduce", run_reduce,
               "make a problem in Knuth's format smaller, with the same solutions");

}  // namespace xcover::cli
