// SPDX-License-Identifier: MIT
// What the puzzle subcommands (queens, polyomino, langford) share: --emit to
// write the problem in Knuth's format, and a search that prints each solution
// as a picture, solutions separated by blank lines.
#pragma once

#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "xcover/dlx_format.hpp"

namespace xcover::cli {

struct PuzzleFlags {
  SearchFlags search;
  bool emit = false;

  void add_to(po::options_description& options) {
    search.add_to(options);
    options.add_options()("emit", po::bool_switch(&emit),
                          "write the problem in Knuth's text format (for 'xcover solve') "
                          "instead of solving it");
  }
};

// Lines of text showing one solution.
using SolutionPicture = std::function<std::vector<std::string>(const Solution&)>;

// Emits or solves `problem` as the flags say; returns the exit code.
inline int run_puzzle(const Problem& problem, const PuzzleFlags& flags,
                      const SolutionPicture& picture) {
  flags.search.search_options();  // checks the values, also with --emit
  if (flags.emit) {
    write_dlx(std::cout, problem);
    return exit_success;
  }
  return run_search(problem, flags.search, [&](const Solution& solution, std::uint64_t number) {
    if (number > 1) std::cout << '\n';
    for (const std::string& line : picture(solution)) std::cout << line << '\n';
  });
}

// The positional N of `xcover queens N` and `xcover langford N`, checked.
inline int checked_size(const po::variables_map& vm, int max) {
  if (!vm.count("n")) throw UsageError("missing N");
  const std::string& text = vm["n"].as<std::string>();
  const std::string wanted =
      "N must be a whole number from 1 to " + std::to_string(max) + ", not '" + text + "'";
  std::uint64_t n = 0;
  try {
    n = parse_count("N", text);
  } catch (const UsageError&) {
    throw UsageError(wanted);
  }
  if (n < 1 || n > static_cast<std::uint64_t>(max)) throw UsageError(wanted);
  return static_cast<int>(n);
}

// Parses `xcover NAME N [options]` for the puzzles sized by one number:
// N (checked against 1..max), or nothing when --help was given.
inline std::optional<int> parse_sized_puzzle(const std::string& name, const std::string& help,
                                             const std::vector<std::string>& args,
                                             PuzzleFlags& flags, int max) {
  po::options_description visible("Options");
  visible.add_options()("help,h", "show this help");
  flags.add_to(visible);
  po::options_description hidden;
  hidden.add_options()("n", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("n", 1);
  po::variables_map vm;
  if (!parse_options(name, "N [options]\n\n" + help, visible, hidden, positional, args, vm))
    return std::nullopt;
  return checked_size(vm, max);
}

}  // namespace xcover::cli
