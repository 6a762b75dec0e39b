// SPDX-License-Identifier: MIT
// The CLI's version line, option parsing, the number parsers and the
// search flags every command shares.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iostream>

#include "cli.hpp"
#include "input.hpp"
#include "xcover/parallel.hpp"
#include "xcover/version.hpp"

namespace xcover::cli {

// The one place the CLI's version is written.

const char* kernels_in_use() { return to_string(default_kernels()); }

std::string version_line() {
  std::string line = std::string("xcover ") + xcover::version_string + " (kernels: ";
  try {
    line += kernels_in_use();
  } catch (const Error& e) {  // XCOVER_KERNELS names no set this processor runs
    line += e.what();
  }
  line += "; this processor supports";
  for (Kernels k : {Kernels::baseline, Kernels::avx2, Kernels::avx512, Kernels::avx512icl}) {
    if (supports(k)) line.append(" ").append(to_string(k));
  }
  return line + ")";
}

bool parse_options(const std::string& command, const std::string& synopsis,
                   const po::options_description& visible, const po::options_description& hidden,
                   const po::positional_options_description& positional,
                   const std::vector<std::string>& args, po::variables_map& vm) {
  po::options_description general;
  general.add_options()("version", "print the version and the kernels in use");
  po::options_description all;
  all.add(visible).add(general).add(hidden);
  // Options by their exact names only: Boost would take any unambiguous
  // prefix (--thread for --threads), which a later option could make
  // ambiguous or point elsewhere.
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).style(style).run(),
              vm);
    if (vm.count("help")) {
      po::options_description shown;
      shown.add(visible).add(general);
      std::cout << "usage: xcover " << command << ' ' << synopsis << "\n\n" << shown;
      return false;
    }
    if (vm.count("version")) {
      std::cout << version_line() << '\n';
      return false;
    }
    po::notify(vm);
  } catch (const po::too_many_positional_options_error&) {
    throw UsageError("too many operands: usage: xcover " + command + ' ' +
                     synopsis.substr(0, synopsis.find('\n')));
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  return true;
}

std::string one_file(const std::vector<std::string>& files) {
  if (files.size() > 1)
    throw UsageError("one problem at a time: give one FILE (or none, for standard input), not " +
                     std::to_string(files.size()));
  return files.empty() ? "-" : files.front();
}

namespace {

[[noreturn]] void refuse(const std::string& option, const std::string& what,
                         const std::string& text) {
  throw UsageError(option + " must be " + what + ", not '" + text + "'");
}

}  // namespace

std::uint64_t parse_count(const std::string& option, const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  // from_chars takes no sign, no spaces, no "0x": digits only.
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error == std::errc::result_out_of_range) refuse(option, "a whole number below 2^64", text);
  if (text.empty() || error != std::errc() || stop != end)
    refuse(option, "a whole number (0 or more)", text);
  return value;
}

std::uint64_t parse_positive_count(const std::string& option, const std::string& text) {
  std::uint64_t value = 0;
  try {
    value = parse_count(option, text);
  } catch (const UsageError&) {
    refuse(option, "a whole number from 1 to 2^64 - 1", text);
  }
  if (value == 0) refuse(option, "a whole number from 1 to 2^64 - 1", text);
  return value;
}

double parse_seconds(const std::string& option, const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  // from_chars reads "inf" and "nan" too; neither is a duration.
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) || value < 0)
    refuse(option, "a number of seconds (0 or more)", text);
  return value;
}

int parse_size(const std::string& option, const std::string& text) {
  const std::uint64_t value = parse_count(option, text);
  if (value < 1 || value > 4096) refuse(option, "a whole number from 1 to 4096", text);
  return static_cast<int>(value);
}

unsigned parse_threads(const std::string& option, const std::string& text) {
  const std::uint64_t value = parse_count(option, text);
  if (value > max_threads)
    refuse(option, "from 0 (one per CPU available) to " + std::to_string(max_threads), text);
  return static_cast<unsigned>(value);
}

double parse_mebibytes(const std::string& option, const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) || value < 0)
    refuse(option, "a number of mebibytes (0 for no limit)", text);
  if (value != 0 && value < min_memory_limit)
    refuse(option,
           "0 (no limit) or at least " + std::to_string(static_cast<int>(min_memory_limit)) +
               " (MiB, what the program alone needs)",
           text);
  if (value > max_memory_limit) refuse(option, "at most 2^40 (MiB)", text);
  return value;
}

void SearchFlags::add_to(po::options_description& options) {
  // clang-format off
  options.add_options()
      ("count,c", po::bool_switch(&count), "print only the number of solutions")
      ("limit,n", number(limit, "--limit", parse_count)->value_name("N"), "stop after N solutions")
      ("stats,s", po::bool_switch(&stats), "print nodes, updates, solutions and time to stderr")
      ("progress", po::bool_switch(&progress),
       "print progress to stderr about every second (default when stderr is a terminal)")
      ("no-progress", po::bool_switch(&no_progress), "never print progress")
      ("time-limit", number(time_limit, "--time-limit", parse_seconds)->value_name("SECONDS"),
       "stop SECONDS after the command started, reading included (exit status 3)")
      ("node-limit", number(node_limit, "--node-limit", parse_count)->value_name("N"),
       "stop after N search nodes (exit status 3)")
      ("seed", number(seed, "--seed", parse_count)->value_name("N"),
       "break ties between items at random with seed N (default: first item); with --estimate, "
       "seed the probes instead (default 0)")
      ("estimate", number(estimate, "--estimate", parse_positive_count)->value_name("N"),
       "do not search: estimate the nodes, updates, solutions and time of the search with N "
       "random probes (Knuth's method), each with its standard error")
      ("threads,j", number(threads, "--threads", parse_threads)->value_name("N"),
       "search on N threads (default, and 0: one per CPU this process may use, as taskset sets "
       "it); "
       "solutions then come in no fixed order, and --stats counts the nodes of all threads")
      ("ordered", po::bool_switch(&ordered),
       "with several threads, print solutions in the order one thread finds them")
      ("checkpoint", po::value(&checkpoint)->value_name("FILE"),
       "save the state of the search to FILE now and then, and when it is stopped")
      ("checkpoint-every",
       number(checkpoint_every, "--checkpoint-every", parse_seconds)->value_name("SECONDS"),
       "how often to save the checkpoint (default 60)")
      ("propagate", po::bool_switch(&propagate),
       "commit forced options (an item with one option left) ahead, all at once, and drop the "
       "options an item's last two rule out: the same solutions (perhaps in another order), "
       "with the bitsets layout only (refused with the others), node and update counts unlike "
       "DLX1's")
      ("item-choice", po::value(&item_choice)->value_name("RULE"),
       "the item to branch on: first-shortest (default, DLX1's) or most-clashes (of the first "
       "7 shortest, the one whose options clash with the most; bitsets layout only)")
      ("layout", po::value(&layout)->value_name("NAME"),
       "how the solver holds the problem: auto (default: multiplicities when the items line "
       "has bounds, counted-bitsets for colour problems with few primary items and many "
       "options, bitsets for small or dense problems, sparse for other colour problems of "
       "under 256 items, else links), links (dancing links), bitsets, counted-bitsets, sparse "
       "(sparse sets, as Knuth's SSXCC) or multiplicities (Algorithm M); --stats says which "
       "ran")
      ("memo", po::bool_switch(&memo),
       "with --count: count with a memo of sub-problems (as Knuth's DLX6), one shared by the "
       "threads: each "
       "distinct sub-problem is searched once, so counts of billions take seconds where "
       "sub-problems repeat (matchings, partitions, tilings); exact to 2^128 - 1. Without "
       "--memo or --no-memo, --count takes the memo where it pays")
      ("no-memo", po::bool_switch(&no_memo),
       "with --count: visit every solution, never the memo (nor the problem's symmetries)")
      ("no-symmetry", po::bool_switch(&no_symmetry),
       "with --count: do not split the count by the problem's symmetries. Without it, a "
       "count that finds permutations of the items mapping the options onto themselves "
       "counts one option of each class they make among an item's options, times the "
       "class's size (13-queens and Langford pairs in half the time); --stats says where it "
       "split")
      ("zdd", po::value(&zdd)->value_name("FILE"),
       "with --count: count with the memo and write every solution to FILE as a decision "
       "diagram (a ZDD, one node a line: docs/formats.md), which 'xcover zdd' counts, samples "
       "and indexes without searching again; one thread")
      ("zdd-format", po::value(&zdd_format_name)->value_name("FORM"),
       "with --zdd: text (one node a line, as Graphillion reads it; the default) or binary "
       "(several times smaller); 'xcover zdd' reads either")
      ("zdd-order", po::value(&zdd_order_name)->value_name("ORDER"),
       "with --zdd: branch on the item of fewest options, as the count does (fewest, the "
       "default, the fastest), or on the first item left (first: an ordered diagram, the "
       "family's unique ZDD for the options' order, as Graphillion expects)")
      ("memory-limit", number(memory_limit, "--memory-limit", parse_mebibytes)->value_name("MIB"),
       "stop with exit status 3 if memory use would pass MIB mebibytes (0: no limit; else at "
       "least 16: the program itself needs that much)")
      ("resume", po::value(&resume)->value_name("FILE"),
       "go on from a checkpoint (and keep saving to it unless --checkpoint says otherwise)")
#ifdef XCOVER_WITH_MPI
      ("mpi", po::bool_switch(&mpi), "count across MPI ranks (run under mpirun)")
#endif
      ;
  // clang-format on
}

CountOptions SearchFlags::count_options() const {
  CountOptions how;
  how.counting = memo ? Counting::memo : no_memo ? Counting::plain : Counting::automatic;
  how.symmetry = !no_symmetry;
  // Under --memory-limit the memo takes at most half of it.
  if (memory_limit > 0) how.memo_bytes = static_cast<std::uint64_t>(memory_limit * 1048576 / 2);
  return how;
}

std::string layout_name(Layout layout) {
  if (layout == Layout::automatic) return "auto";
  std::string name = to_string(layout);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

Layout SearchFlags::memory_layout() const {
  for (const Layout asked : {Layout::automatic, Layout::links, Layout::bitsets,
                             Layout::counted_bitsets, Layout::sparse, Layout::multiplicities}) {
    if (layout == layout_name(asked)) return asked;
  }
  throw UsageError(
      "--layout must be auto, links, bitsets, counted-bitsets, sparse or multiplicities, not '" +
      layout + "'");
}

void refuse_unfollowed(Layout layout, const TreeOptions& options) {
  if (follows(layout, options)) return;
  const char* flag = options.propagate ? "--propagate" : "--item-choice most-clashes";
  throw UsageError(std::string(flag) +
                   " is followed by the bitsets layout only, and this problem runs on the " +
                   layout_name(layout) + " layout: add --layout bitsets, or leave " +
                   (options.propagate ? "--propagate" : "--item-choice") + " out");
}

SearchOptions SearchFlags::search_options() const {
  if (checkpoint_every <= 0) throw UsageError("--checkpoint-every must be positive, not 0");
  if (ordered && (!checkpoint.empty() || !resume.empty()))
    throw UsageError("--ordered does not go with --checkpoint or --resume");
  if (memory_layout() != Layout::automatic && mpi)
    throw UsageError("--layout does not go with --mpi (the ranks choose automatically)");
  // A checkpoint that cannot be written is said now, not after hours.
  const std::string& checkpoint_path = !checkpoint.empty() ? checkpoint : resume;
  if (!checkpoint_path.empty()) check_checkpoint_path(checkpoint_path);
  if (estimate != 0) {
    const char* refused = count                 ? "--count"
                          : limit               ? "--limit"
                          : node_limit          ? "--node-limit"
                          : ordered             ? "--ordered"
                          : !checkpoint.empty() ? "--checkpoint"
                          : !resume.empty()     ? "--resume"
                          : mpi                 ? "--mpi"
                                                : nullptr;
    if (refused)
      throw UsageError(std::string("--estimate does not go with ") + refused +
                       " (it searches nothing)");
  }
  if (no_symmetry && !count) throw UsageError("--no-symmetry applies to --count");
  if (memo || no_memo) {
    const char* flag = memo ? "--memo" : "--no-memo";
    if (memo && no_memo) throw UsageError("--memo and --no-memo do not go together");
    if (!count) throw UsageError(std::string(flag) + " applies to --count");
    if (memo) {
      const char* refused = limit                             ? "--limit"
                            : !checkpoint.empty()             ? "--checkpoint"
                            : !resume.empty()                 ? "--resume"
                            : mpi                             ? "--mpi"
                            : propagate                       ? "--propagate"
                            : item_choice != "first-shortest" ? "--item-choice"
                            : seed                            ? "--seed"
                                                              : nullptr;
      if (refused)
        throw UsageError(std::string("--memo does not go with ") + refused +
                         " (a memoised count counts whole sub-problems, by "
                         "DLX1's choice of item)");
    }
  }
  if (zdd.empty() && !(zdd_format_name.empty() && zdd_order_name.empty()))
    throw UsageError(std::string(zdd_format_name.empty() ? "--zdd-order" : "--zdd-format") +
                     " says how --zdd FILE is made: add --zdd FILE");
  if (!zdd_format_name.empty() && zdd_format_name != "text" && zdd_format_name != "binary")
    throw UsageError("--zdd-format is text or binary, not '" + zdd_format_name + "'");
  if (!zdd_order_name.empty() && zdd_order_name != "fewest" && zdd_order_name != "first")
    throw UsageError("--zdd-order is fewest or first, not '" + zdd_order_name + "'");
  if (!zdd.empty()) {
    if (!count) throw UsageError("--zdd writes the diagram of a count: add --count");
    if (zdd == "-") throw UsageError("--zdd takes a file name: standard output carries the count");
    const char* refused = no_memo                           ? "--no-memo"
                          : limit                           ? "--limit"
                          : !checkpoint.empty()             ? "--checkpoint"
                          : !resume.empty()                 ? "--resume"
                          : mpi                             ? "--mpi"
                          : ordered                         ? "--ordered"
                          : propagate                       ? "--propagate"
                          : item_choice != "first-shortest" ? "--item-choice"
                          : seed                            ? "--seed"
                          : layout != "auto"                ? "--layout"
                                                            : nullptr;
    if (refused)
      throw UsageError(std::string("--zdd does not go with ") + refused +
                       " (the diagram is made by a memoised count of every solution, on one "
                       "thread, branching as --zdd-order says)");
    // A file that cannot be written is said now, not after the search (the
    // diagram is written as a checkpoint is: beside it, then renamed).
    check_checkpoint_path(zdd);
  }
  apply_memory_limit(memory_limit);
  SearchOptions options;
  options.solution_limit = limit;
  options.node_limit = node_limit;
  // The limit holds for the whole command: reading and building count.
  set_command_time_limit(time_limit);
  options.time_limit = command_time_left();
  // (With --estimate the seed is the probes'.)
  options.random_seed = estimate != 0 ? 0 : seed;
  options.propagate = propagate;
  if (item_choice == "most-clashes") {
    options.item_choice = ItemChoice::most_clashes;
  } else if (item_choice != "first-shortest") {
    throw UsageError("--item-choice must be first-shortest or most-clashes, not '" + item_choice +
                     "'");
  }
  options.cancel = &interrupted();
  if (progress || (!no_progress && stderr_is_terminal())) {
    options.on_progress = print_progress;
    options.progress_seconds = 1.0;
  }
  return options;
}

}  // namespace xcover::cli
