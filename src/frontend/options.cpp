// SPDX-License-Identifier: MIT
// The table of search options (frontend/options.hpp) and the checks of what
// a caller gave, for the CLI, Python and JavaScript alike.
#include "xcover/frontend/options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace xcover::frontend {
namespace {

constexpr unsigned searches = call_solutions | call_count;
constexpr unsigned tree = call_solutions | call_count | call_estimate;
constexpr unsigned reporting = call_solutions | call_count | call_cheapest | call_zdd;
constexpr unsigned every = call_solutions | call_count | call_estimate | call_cheapest | call_zdd;

using K = OptionKind;
using O = Option;

// The rows, in the CLI's --help order (and the Option enum's). Each help
// text is the CLI's, word for word.
constexpr std::array<OptionSpec, option_count> table{{
    {O::count, "count", "count", 'c', "", "", "", K::switch_, "", "off", call_count,
     "print only the number of solutions", "count(): a call of its own"},
    {O::limit, "limit", "limit", 'n', "N", "limit", "limit", K::count, "", "0", searches,
     "stop after N solutions", ""},
    {O::stats, "stats", "stats", 's', "", "", "", K::switch_, "", "off", every,
     "print nodes, updates, solutions and time to stderr", "the statistics of the result"},
    {O::progress, "progress", "progress", 0, "", "progress", "progress", K::callback, "", "",
     reporting, "print progress to stderr about every second (default when stderr is a terminal)",
     ""},
    {O::no_progress, "no-progress", "no-progress", 0, "", "", "", K::switch_, "", "off", reporting,
     "never print progress", "no progress callback"},
    {O::progress_interval, "progress-interval", "", 0, "", "progress_interval", "progressInterval",
     K::positive_seconds, "", "1", reporting,
     "the seconds between two calls of the progress callback",
     "the CLI prints its progress about every second"},
    {O::time_limit, "time-limit", "time-limit", 0, "SECONDS", "time_limit", "timeLimit", K::seconds,
     "", "0", every, "stop SECONDS after the command started, reading included (exit status 3)",
     ""},
    {O::node_limit, "node-limit", "node-limit", 0, "N", "node_limit", "nodeLimit", K::count, "",
     "0", call_solutions | call_count | call_cheapest | call_zdd,
     "stop after N search nodes (exit status 3)", ""},
    {O::seed, "seed", "seed", 0, "N", "seed", "seed", K::count, "", "0", tree,
     "break ties between items at random with seed N (default: first item); with --estimate, "
     "seed the probes instead (default 0)",
     ""},
    {O::estimate, "estimate", "estimate", 0, "N", "", "", K::positive_count, "", "0", call_estimate,
     "do not search: estimate the nodes, updates, solutions and time of the search with N "
     "random probes (Knuth's method), each with its standard error",
     "estimate(probes): a call of its own"},
    {O::threads, "threads", "threads", 'j', "N", "threads", "", K::threads, "", "0", every,
     "search on N threads (default, and 0: one per CPU this process may use, as taskset sets "
     "it); "
     "solutions then come in no fixed order, and --stats counts the nodes of all threads",
     "Python's count() alone; WebAssembly runs on one thread (searches side by side in "
     "Workers: xcover/client)"},
    {O::ordered, "ordered", "ordered", 0, "", "", "", K::switch_, "", "off", call_solutions,
     "with several threads, print solutions in the order one thread finds them",
     "Python's and JavaScript's searches run on one thread"},
    {O::checkpoint, "checkpoint", "checkpoint", 0, "FILE", "", "", K::file, "", "", call_count,
     "save the state of the search to FILE now and then, and when it is stopped",
     "the CLI's alone (a checkpoint is the CLI's file)"},
    {O::checkpoint_every, "checkpoint-every", "checkpoint-every", 0, "SECONDS", "", "", K::seconds,
     "", "60", call_count, "how often to save the checkpoint (default 60)",
     "the CLI's alone (with --checkpoint)"},
    {O::propagate, "propagate", "propagate", 0, "", "propagate", "propagate", K::switch_, "", "off",
     tree,
     "commit forced options (an item with one option left) ahead, all at once, and drop the "
     "options an item's last two rule out: the same solutions (perhaps in another order), "
     "with the bitsets layout only (refused with the others), node and update counts unlike "
     "DLX1's",
     ""},
    {O::item_choice, "item-choice", "item-choice", 0, "RULE", "item_choice", "itemChoice", K::name,
     "item-choice", "first-shortest", tree,
     "the item to branch on: first-shortest (default, DLX1's) or most-clashes (of the first "
     "7 shortest, the one whose options clash with the most; bitsets layout only)",
     ""},
    {O::layout, "layout", "layout", 0, "NAME", "layout", "layout", K::name, "layout", "auto",
     searches,
     "how the solver holds the problem: auto (default: multiplicities when the items line "
     "has bounds, counted-bitsets for colour problems with few primary items and many "
     "options, bitsets for small or dense problems, sparse for other colour problems of "
     "under 256 items, else links), links (dancing links), bitsets, counted-bitsets, sparse "
     "(sparse sets, as Knuth's SSXCC) or multiplicities (Algorithm M); --stats says which "
     "ran",
     ""},
    {O::memo, "memo", "memo", 0, "", "memo", "memo", K::switch_, "", "auto", call_count,
     "with --count: count with a memo of sub-problems (as Knuth's DLX6), one shared by the "
     "threads: each "
     "distinct sub-problem is searched once, so counts of billions take seconds where "
     "sub-problems repeat (matchings, partitions, tilings); exact to 2^128 - 1. Without "
     "--memo or --no-memo, --count takes the memo where it pays",
     ""},
    {O::no_memo, "no-memo", "no-memo", 0, "", "", "", K::switch_, "", "off", call_count,
     "with --count: visit every solution, never the memo (nor the problem's symmetries)",
     "memo=False in Python, memo: false in JavaScript"},
    {O::symmetry, "symmetry", "", 0, "", "symmetry", "symmetry", K::switch_, "", "on", call_count,
     "split the count by the problem's symmetries (the default)", "the CLI has --no-symmetry"},
    {O::no_symmetry, "no-symmetry", "no-symmetry", 0, "", "", "", K::switch_, "", "off", call_count,
     "with --count: do not split the count by the problem's symmetries. Without it, a "
     "count that finds permutations of the items mapping the options onto themselves "
     "counts one option of each class they make among an item's options, times the "
     "class's size (13-queens and Langford pairs in half the time); --stats says where it "
     "split",
     "symmetry=False in Python, symmetry: false in JavaScript"},
    {O::zdd, "zdd", "zdd", 0, "FILE", "", "", K::file, "", "", call_zdd,
     "with --count: count with the memo and write every solution to FILE as a decision "
     "diagram (a ZDD, one node a line: docs/formats.md), which 'xcover zdd' counts, samples "
     "and indexes without searching again; one thread",
     "zdd(): a call of its own in Python, whose Zdd writes itself"},
    {O::zdd_format, "zdd-format", "zdd-format", 0, "FORM", "", "", K::name, "zdd-format", "text",
     call_zdd,
     "with --zdd: text (one node a line, as Graphillion reads it; the default) or binary "
     "(several times smaller); 'xcover zdd' reads either",
     "Zdd.write's format in Python"},
    {O::zdd_order, "zdd-order", "zdd-order", 0, "ORDER", "order", "", K::name, "zdd-order",
     "fewest", call_zdd,
     "with --zdd: branch on the item of fewest options, as the count does (fewest, the "
     "default, the fastest), or on the first item left (first: an ordered diagram, the "
     "family's unique ZDD for the options' order, as Graphillion expects)",
     "JavaScript makes no diagrams"},
    {O::memory_limit, "memory-limit", "memory-limit", 0, "MIB", "", "", K::mebibytes, "", "0",
     every,
     "stop with exit status 3 if memory use would pass MIB mebibytes (0: no limit; else at "
     "least 16: the program itself needs that much)",
     "the CLI's alone (it caps the process)"},
    {O::resume, "resume", "resume", 0, "FILE", "", "", K::file, "", "", call_count,
     "go on from a checkpoint (and keep saving to it unless --checkpoint says otherwise)",
     "the CLI's alone (with --checkpoint)"},
    {O::mpi, "mpi", "mpi", 0, "", "", "", K::switch_, "", "off", call_count,
     "count across MPI ranks (run under mpirun)", "the CLI's alone (built with MPI)"},
}};

static_assert([] {
  for (std::size_t k = 0; k < table.size(); ++k)
    if (static_cast<std::size_t>(table[k].option) != k) return false;
  return true;
}());

// `name` in quotes, as Python and JavaScript write a string.
std::string quoted(std::string_view value) { return "'" + std::string(value) + "'"; }

}  // namespace

std::span<const OptionSpec> search_option_table() { return table; }

const OptionSpec& spec(Option option) { return table[static_cast<std::size_t>(option)]; }

const OptionSpec* spec_named(std::string_view name) {
  for (const OptionSpec& row : table)
    if (row.name == name) return &row;
  return nullptr;
}

std::string spelled(Option option, FrontEnd front) {
  const OptionSpec& row = spec(option);
  switch (front) {
    case FrontEnd::cli:
      return row.cli.empty() ? std::string(row.name) : "--" + std::string(row.cli);
    case FrontEnd::python:
      return std::string(row.python.empty() ? row.name : row.python);
    case FrontEnd::javascript:
      return std::string(row.javascript.empty() ? row.name : row.javascript);
  }
  return std::string(row.name);
}

std::string spelled_with(Option option, FrontEnd front, std::string_view value) {
  switch (front) {
    case FrontEnd::cli:
      return spelled(option, front) + " " + std::string(value);
    case FrontEnd::python:
      return spelled(option, front) + "=" + quoted(value);
    case FrontEnd::javascript:
      return spelled(option, front) + ": " + quoted(value);
  }
  return spelled(option, front);
}

std::string what_kind_takes(OptionKind kind) {
  switch (kind) {
    case K::switch_:
      return "on or off";
    case K::count:
      return "a whole number (0 or more)";
    case K::positive_count:
      return "a whole number from 1 to 2^64 - 1";
    case K::seconds:
      return "a number of seconds (0 or more)";
    case K::positive_seconds:
      return "a number of seconds (more than 0)";
    case K::threads:
      return "from 0 (one per CPU available) to " + std::to_string(max_threads);
    case K::mebibytes:
      return "a number of mebibytes (0 for no limit)";
    case K::file:
      return "a file's name";
    case K::callback:
      return "a function";
    case K::name:
      return "a name";
  }
  return "a value";
}

std::string what_it_takes(Option option) {
  const OptionSpec& row = spec(option);
  if (row.kind != K::name) return what_kind_takes(row.kind);
  if (row.names == "layout") return names_listed<Layout>();
  if (row.names == "item-choice") return names_listed<ItemChoice>();
  if (row.names == "zdd-format") return names_listed<ZddFormat>();
  if (row.names == "zdd-order") return names_listed<ZddOrder>();
  return what_kind_takes(row.kind);
}

void refuse_value(Option option, FrontEnd front, std::string_view given) {
  throw OptionError(spelled(option, front) + " must be " + what_it_takes(option) + ", not '" +
                    std::string(given) + "'");
}

double checked_number(Option option, FrontEnd front, double value, std::string_view given) {
  bool fits = std::isfinite(value) && value >= 0;
  switch (spec(option).kind) {
    case K::count:
      fits = fits && value == std::floor(value) && value < 18446744073709551616.0;
      break;
    case K::positive_count:
      fits = fits && value == std::floor(value) && value >= 1 && value < 18446744073709551616.0;
      break;
    case K::threads:
      fits = fits && value == std::floor(value) && value <= max_threads;
      break;
    case K::positive_seconds:
      fits = fits && value > 0;
      break;
    default:
      break;
  }
  if (!fits) refuse_value(option, front, given);
  return value;
}

namespace {

// The first option of `those` that was given, or nullopt.
std::optional<Option> first_given(const Given& given, std::initializer_list<Option> those) {
  for (const Option option : those)
    if (given.has(option)) return option;
  return std::nullopt;
}

[[noreturn]] void refuse_pair(FrontEnd front, Option first, Option second,
                              std::string_view reason) {
  throw OptionError(spelled(first, front) + " does not go with " + spelled(second, front) +
                    std::string(reason));
}

void check_estimate(FrontEnd front, const Given& given) {
  if (!given.has(O::estimate)) return;
  if (const auto refused = first_given(
          given, {O::count, O::limit, O::node_limit, O::ordered, O::checkpoint, O::resume, O::mpi}))
    refuse_pair(front, O::estimate, *refused, " (it searches nothing)");
}

void check_counting(FrontEnd front, const Given& given) {
  const bool counting = front != FrontEnd::cli || given.has(O::count);
  if (given.has(O::no_symmetry) && !counting)
    throw OptionError(spelled(O::no_symmetry, front) + " applies to " + spelled(O::count, front));
  if (given.has(O::memo) && given.has(O::no_memo))
    throw OptionError(spelled(O::memo, front) + " and " + spelled(O::no_memo, front) +
                      " do not go together");
  for (const Option flag : {O::memo, O::no_memo})
    if (given.has(flag) && !counting)
      throw OptionError(spelled(flag, front) + " applies to " + spelled(O::count, front));
  if (!given.has(O::memo)) return;
  if (const auto refused = first_given(given, {O::limit, O::checkpoint, O::resume, O::mpi,
                                               O::propagate, O::item_choice, O::seed}))
    refuse_pair(front, O::memo, *refused,
                " (a memoised count counts whole sub-problems, by DLX1's choice of item)");
}

void check_zdd(FrontEnd front, const Given& given) {
  if (!given.has(O::zdd)) {
    if (const auto how = first_given(given, {O::zdd_format, O::zdd_order}))
      throw OptionError(spelled(*how, front) + " says how " + spelled(O::zdd, front) +
                        " FILE is made: add " + spelled(O::zdd, front) + " FILE");
    return;
  }
  if (!given.has(O::count))
    throw OptionError(spelled(O::zdd, front) + " writes the diagram of a count: add " +
                      spelled(O::count, front));
  if (const auto refused =
          first_given(given, {O::no_memo, O::limit, O::checkpoint, O::resume, O::mpi, O::ordered,
                              O::propagate, O::item_choice, O::seed, O::layout}))
    refuse_pair(front, O::zdd, *refused,
                " (the diagram is made by a memoised count of every solution, on one thread, "
                "branching as " +
                    spelled(O::zdd_order, front) + " says)");
}

}  // namespace

void check_together(FrontEnd front, const Given& given) {
  if (given.has(O::ordered) && (given.has(O::checkpoint) || given.has(O::resume)))
    throw OptionError(spelled(O::ordered, front) + " does not go with " +
                      spelled(O::checkpoint, front) + " or " + spelled(O::resume, front));
  if (given.has(O::layout) && given.has(O::mpi))
    refuse_pair(front, O::layout, O::mpi, " (the ranks choose automatically)");
  check_estimate(front, given);
  check_counting(front, given);
  check_zdd(front, given);
}

void check_followed(FrontEnd front, Layout layout, const TreeOptions& options) {
  const bool most_clashes = options.item_choice == ItemChoice::most_clashes;
  if (layout == Layout::bitsets || !(options.propagate || most_clashes)) return;
  const std::string asked =
      options.propagate ? spelled(O::propagate, front)
                        : spelled_with(O::item_choice, front, name_of(ItemChoice::most_clashes));
  const std::string left = spelled(options.propagate ? O::propagate : O::item_choice, front);
  throw OptionError(
      asked + " is followed by the bitsets layout only, and this problem runs on the " +
      std::string(name_of(layout)) + " layout: add " +
      spelled_with(O::layout, front, name_of(Layout::bitsets)) + ", or leave " + left + " out");
}

}  // namespace xcover::frontend
