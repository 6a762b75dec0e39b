// SPDX-License-Identifier: MIT
// What the puzzle subcommands (queens, polyomino, langford) share: --emit to
// write the problem in Knuth's format, and a search that prints each solution
// as text (solutions separated by blank lines, coloured on a terminal where
// the command offers it), draws them (--format svg), or makes them solids
// (--format stl, where the command offers it: stl_output.hpp).
#pragma once

#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "stl_output.hpp"
#include "xcover/dlx_format.hpp"

namespace xcover::cli {

struct PuzzleFlags {
  SearchFlags search;
  bool emit = false;
  std::string format = "text";
  std::string color = "auto";
  bool takes_color = false;  // whether --color was offered (the command colours its text)
  bool color_given = false;  // whether it was given
  StlFlags stl_flags;        // --output, --explode, --scale (with --format stl)
  bool takes_stl = false;    // whether --format stl was offered (the command has solids)
  bool takes_json = false;   // whether --format json was offered (the command writes it)

  // `offer_color`: the command offers --color (its text has colours);
  // `offer_stl`: --format stl and its options (its solutions are solids:
  // PuzzleViews::solids); `json`: what --format json writes, when the
  // command writes it (it prints the JSON itself: run_puzzle does not).
  void add_to(po::options_description& options, bool offer_color = false, bool offer_stl = false,
              const std::string& json = "") {
    search.add_to(options);
    auto add = options.add_options();
    add("emit", po::bool_switch(&emit),
        "write the problem in Knuth's text format (for 'xcover solve') instead of solving it");
    std::string formats =
        "text (default); svg: a picture of the solution, or of each solution shown on one sheet "
        "(--limit N for the first N)";
    if (offer_stl)
      formats += "; stl: the solution as solids for 3D printing, binary STL (see --output)";
    if (!json.empty()) formats += "; json: " + json;
    add("format,f", po::value(&format)->value_name("FORMAT"), formats.c_str());
    takes_stl = offer_stl;
    takes_json = !json.empty();
    if (offer_stl) stl_flags.add_to(options);
    takes_color = offer_color;
    if (offer_color)
      add("color", po::value(&color)->value_name("WHEN")->notifier([this](const std::string&) {
        color_given = true;
      }),
          "colour the text: auto (default: when the output is a terminal and NO_COLOR is not "
          "set), always or never");
  }
  // Whether --format is svg, or stl; each checks --format and what goes
  // with it (UsageError).
  bool svg() const {
    check_format();
    return format == "svg";
  }
  bool stl() const {
    check_format();
    return format == "stl";
  }
  bool json() const {
    check_format();
    return format == "json";
  }

 private:
  void check_format() const {
    if (format != "text" && format != "svg" && !(takes_stl && format == "stl") &&
        !(takes_json && format == "json")) {
      std::string formats = "text";
      if (takes_json) formats += ", json";
      if (takes_stl)
        formats += ", svg or stl";
      else
        formats += " or svg";
      throw UsageError("--format must be " + formats + ", not '" + format + "'");
    }
    if (format == "json" && emit)
      throw UsageError("--format json writes solutions; --emit writes the problem: give one");
    if (format == "json" && color_given)
      throw UsageError("--color colours the text; --format json has no colours");
    if (format == "svg" && search.count)
      throw UsageError("--format svg draws solutions; --count prints a number: give one");
    if (format == "svg" && emit)
      throw UsageError("--format svg draws solutions; --emit writes the problem: give one");
    if (format == "svg" && color_given)
      throw UsageError("--color colours the text; --format svg has colours of its own");
    if (format == "stl" && search.count)
      throw UsageError("--format stl makes solids of solutions; --count prints a number: give one");
    if (format == "stl" && emit)
      throw UsageError(
          "--format stl makes solids of solutions; --emit writes the problem: give one");
    if (format == "stl" && color_given)
      throw UsageError("--color colours the text; --format stl has no colours");
    if (takes_stl) stl_flags.check(format == "stl", search);
  }
};

// Lines of text showing one solution.
using SolutionPicture = std::function<std::vector<std::string>(const Solution&)>;

// The ways a puzzle shows a solution: text lines, the same lines coloured
// for a terminal (optional), an SVG picture, and the tiling whose pieces
// --format stl makes solids (with PuzzleFlags' offer_stl; null: the problem
// has no solution to make).
struct PuzzleViews {
  SolutionPicture text = {};
  SolutionPicture colored = {};
  std::function<std::string(const Solution&)> svg = {};
  const polyform::Tiling* solids = nullptr;
};

// Emits or solves `problem` as the flags say; returns the exit code. With
// `keep`, only the solutions it keeps count (see run_search).
inline int run_puzzle(const Problem& problem, const PuzzleFlags& flags, const PuzzleViews& views,
                      const Visitor& keep = {}) {
  flags.search.search_options();  // checks the values, also with --emit
  const bool svg = flags.svg();
  const bool stl = flags.stl();
  const bool colored = flags.takes_color && use_color(flags.color) && views.colored;
  if (flags.emit) {
    write_dlx(std::cout, problem);
    return exit_success;
  }
  if (stl) return run_stl(problem, flags.search, flags.stl_flags, views.solids, keep);
  if (svg) {
    // The pictures wait for the end of the search: a sheet's size depends
    // on how many there are.
    std::vector<std::string> pictures;
    return run_search(
        problem, flags.search,
        [&](const Solution& solution, std::uint64_t) { pictures.push_back(views.svg(solution)); },
        [&](Status, const Statistics&, unsigned) {
          if (pictures.size() == 1)
            std::cout << pictures.front();
          else if (!pictures.empty())
            std::cout << svg_sheet(pictures);
        },
        keep);
  }
  const SolutionPicture& picture = colored ? views.colored : views.text;
  return run_search(
      problem, flags.search,
      [&](const Solution& solution, std::uint64_t number) {
        if (number > 1) std::cout << '\n';
        for (const std::string& line : picture(solution)) std::cout << line << '\n';
      },
      {}, keep);
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
