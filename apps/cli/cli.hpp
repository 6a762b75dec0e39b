// SPDX-License-Identifier: MIT
// What every xcover subcommand shares: exit codes, option parsing with usage
// errors, progress and statistics on stderr, and Ctrl-C (or SIGTERM, SIGHUP).
#pragma once

#include <atomic>
#include <boost/program_options.hpp>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/frontend/options.hpp"
#include "xcover/puzzles/svg.hpp"
#include "xcover/solver.hpp"
#include "xcover/zdd.hpp"

namespace xcover::cli {

namespace po = boost::program_options;

enum ExitCode : int {
  exit_success = 0,
  exit_bad_input = 1,  // or, for batch Sudoku, some puzzle unsolved
  exit_usage = 2,      // or the environment misused: a bad XCOVER_KERNELS (ConfigurationError)
  exit_limit = 3,
  exit_interrupted = 130,
};

// A usage error: printed with a hint to --help, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// body(), with the library's OptionError (an option given wrongly) thrown as
// the CLI's usage error.
template <class Body>
decltype(auto) as_usage(Body&& body) {
  try {
    return body();
  } catch (const frontend::OptionError& e) {
    throw UsageError(e.what());
  }
}

// An input file that cannot be read: what() is "FILE: reason" (strerror's),
// exit status 1.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "xcover VERSION (kernels: IN USE; this processor supports ...)", what
// --version prints, for the program and every command.
std::string version_line();
// The manual page xcover(1) in roff: `usage` (the top-level help), then each
// command's --help.
void print_man_page(std::ostream& out, const std::string& usage);
// The kernel set the solvers take (XCOVER_KERNELS, else the best);
// ConfigurationError for an XCOVER_KERNELS the library refuses.
const char* kernels_in_use();

// The FILE... operands of a command that reads files: every word that is not
// an option, kept out of --help (the synopsis names them). Not copyable: the
// option description points at `files`.
struct FileOperands {
  std::vector<std::string> files;
  po::options_description hidden;
  po::positional_options_description positional;
  FileOperands() {
    hidden.add_options()("file", po::value(&files));
    positional.add("file", -1);
  }
  FileOperands(const FileOperands&) = delete;
  FileOperands& operator=(const FileOperands&) = delete;
};

// Parses `args` (the words after the subcommand). Returns false when --help
// or --version was given (the text has then been printed).
bool parse_options(const std::string& command, const std::string& synopsis,
                   const po::options_description& visible, const po::options_description& hidden,
                   const po::positional_options_description& positional,
                   const std::vector<std::string>& args, po::variables_map& vm);

// The FILE of a command that reads one problem: "-" (standard input) when
// none was given; a UsageError for more than one.
std::string one_file(const std::vector<std::string>& files);

// Numbers on the command line, one parser for each kind, used by every
// command. Each throws UsageError naming `option` unless `text` is entirely
// such a number:
// a whole number, 0 to 2^64 - 1 (counts, limits, seeds);
std::uint64_t parse_count(const std::string& option, const std::string& text);
// a finite number of seconds, 0 or more;
double parse_seconds(const std::string& option, const std::string& text);
// a whole number, 1 to 2^64 - 1 (a number of probes);
std::uint64_t parse_positive_count(const std::string& option, const std::string& text);
// a size, 1 to 4096 (a board's side, a number of clues);
int parse_size(const std::string& option, const std::string& text);
// a number of threads, 0 (one per CPU available) to max_threads;
constexpr unsigned max_threads = frontend::max_threads;
unsigned parse_threads(const std::string& option, const std::string& text);
// a memory limit in MiB: 0 (none), or min_memory_limit to max_memory_limit.
constexpr double min_memory_limit = 16;
constexpr double max_memory_limit = 1099511627776.0;  // 2^40 MiB
double parse_mebibytes(const std::string& option, const std::string& text);

// An option whose value `parse` reads into `target` (when options are
// notified), so that every command refuses the same things the same way.
template <class T>
po::typed_value<std::string>* number(T& target, const char* option,
                                     T (*parse)(const std::string&, const std::string&)) {
  return po::value<std::string>()->notifier(
      [&target, option, parse](const std::string& text) { target = parse(option, text); });
}

// Options shared by every command that runs a search.
struct SearchFlags {
  bool count = false;
  std::uint64_t limit = 0;
  bool stats = false;
  bool progress = false;
  bool no_progress = false;
  double time_limit = 0;
  std::uint64_t node_limit = 0;
  std::uint64_t seed = 0;
  unsigned threads = 0;  // 0: one per CPU available (thread_count)
  std::string checkpoint;
  double checkpoint_every = 60;
  std::string resume;
  bool mpi = false;
  bool ordered = false;
  double memory_limit = 0;  // MiB; 0: none
  std::string layout = "auto";
  bool propagate = false;
  std::string item_choice = "first-shortest";
  std::uint64_t estimate = 0;   // probes; 0: search
  bool memo = false;            // --count with the memo
  bool no_memo = false;         // --count without it
  bool no_symmetry = false;     // --count without splitting by symmetry
  std::string zdd;              // --zdd FILE: the count's decision diagram, written there
  std::string zdd_format_name;  // --zdd-format as given (empty: not given)
  std::string zdd_order_name;   // --zdd-order likewise

  // How --zdd FILE is written, and what its diagram branches on (the names
  // checked by search_options()).
  ZddFormat zdd_format() const {
    return frontend::value_named<ZddFormat>(zdd_format_name).value_or(ZddFormat::text);
  }
  ZddOrder zdd_order() const {
    return frontend::value_named<ZddOrder>(zdd_order_name).value_or(ZddOrder::fewest);
  }

  // The --layout asked for.
  Layout memory_layout() const;
  // The flags given, those not at their defaults (for the library's checks
  // of what goes together, frontend::check_together).
  frontend::Given given() const;

  void add_to(po::options_description& options);
  // Fills the engine's options: limits, cancellation by a signal, progress.
  SearchOptions search_options() const;
  // How --count counts: --memo, --no-memo, or automatically; the memo's
  // budget under --memory-limit.
  CountOptions count_options() const;
};

// The name --layout takes for `layout`, and --stats prints: counted-bitsets.
std::string layout_name(Layout layout);
// UsageError for --propagate or --item-choice most-clashes with a layout
// that does not follow them.
void refuse_unfollowed(Layout layout, const TreeOptions& options);

// Prints one solution; `number` counts from 1.
using SolutionPrinter = std::function<void(const Solution& solution, std::uint64_t number)>;
// Prints the end of the results once the search has ended (solve --format
// json), in place of the count --count prints; `threads`: how many searched.
using SearchEnd = std::function<void(Status status, const Statistics& stats, unsigned threads)>;

// Runs the search the flags ask for — on one thread, on several, or on MPI
// ranks, with checkpoints — and prints the count (--count) or hands each
// solution to `print`, then calls `end` if given (not with --estimate or
// --mpi). Returns the exit code. With `keep`, only the solutions it keeps
// count, are printed and meet --limit: each solution is then seen (no
// memo), and what cannot see them (--memo, --zdd, --estimate, --mpi,
// checkpoints) is refused.
int run_search(const Problem& problem, const SearchFlags& flags, const SolutionPrinter& print,
               const SearchEnd& end = {}, const Visitor& keep = {});

// Set by SIGINT (Ctrl-C), SIGTERM or SIGHUP; the engine polls it.
std::atomic<bool>& interrupted();
void install_interrupt_handler();

// Sends std::cout straight to standard output through a buffer that keeps
// the errno of the first write that failed, in whichever thread it failed
// (a worker printing a solution, or the last flush), so that the message
// names the real cause rather than a later, unrelated errno.
void install_output_buffer();
// `text` as a JSON string: quotes, backslashes and control characters
// escaped; other bytes as they are (the input's UTF-8 stays UTF-8).
std::string json_string(std::string_view text);
// The fields that end a --format json object, without its braces: "count",
// "status" (the Status's name: solution_limit), "complete" (exhausted) and
// "statistics" (nodes, updates, solutions, seconds, bytes, layout, threads,
// kernels), as `solve` and `polyform` write them.
std::string json_search_end(Status status, const Statistics& stats, unsigned threads);
// 0 while every write to standard output has succeeded; else the errno of
// the first that failed.
int output_error();

// Caps the process's address space at `mib` MiB (0: no cap), so that a
// problem too big for the machine fails with "out of memory" (exit status 3)
// instead of pushing the machine into swap.
void apply_memory_limit(double mib);
// Whether apply_memory_limit() set a cap.
bool memory_limited();
// Has the allocator keep big freed blocks for reuse (a command builds its
// tables once, and start-up counts).
void keep_freed_memory();

bool stderr_is_terminal();

// --color WHEN: "always", "never", or "auto" (stdout a terminal and NO_COLOR
// unset or empty); UsageError for another word.
bool use_color(const std::string& when);
// Escape sequences: a cell's fill (dark text on `color`), bold, the colour
// of a digit found, and back to plain.
std::string background(Rgb color);
std::string bold();
std::string found_digit();
std::string plain();

// The number of threads --threads N asks for: N, or the library's
// default_threads() (the CPUs this process may run on) for 0.
unsigned thread_count(unsigned requested);

// A progress line on stderr: redrawn in place on a terminal, one plain line
// each time otherwise.
void print_progress(const Progress& progress);
void end_progress();

// `threads`: how many searched (a line of its own; 0: none printed).
void print_statistics(std::ostream& out, const Statistics& stats, unsigned threads);

// Exit code for how a search ended, after saying on stderr why it stopped
// early (with the statistics so far) when it did.
int finish_search(Status status, const Statistics& stats, bool print_stats, unsigned threads);

}  // namespace xcover::cli
