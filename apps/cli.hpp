// What every xcover subcommand shares: exit codes, option parsing with usage
// errors, progress and statistics on stderr, and Ctrl-C.
#pragma once

#include <atomic>
#include <boost/program_options.hpp>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "xcover/solver.hpp"

namespace xcover::cli {

namespace po = boost::program_options;

enum ExitCode : int {
  exit_success = 0,
  exit_bad_input = 1,  // or, for batch Sudoku, some puzzle unsolved
  exit_usage = 2,
  exit_limit = 3,
  exit_interrupted = 130,
};

// A usage error: printed with a hint to --help, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses `args` (the words after the subcommand). Returns false when --help
// was given (the help text has then been printed).
bool parse_options(const std::string& command, const std::string& synopsis,
                   const po::options_description& visible, const po::options_description& hidden,
                   const po::positional_options_description& positional,
                   const std::vector<std::string>& args, po::variables_map& vm);

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
  unsigned threads = 0;  // 0: one per core
  std::string checkpoint;
  double checkpoint_every = 60;
  std::string resume;
  bool mpi = false;
  bool ordered = false;
  double memory_limit = 0;  // MiB; 0: none
  std::string layout = "auto";
  bool propagate = false;
  std::string item_choice = "first-shortest";

  // The --layout asked for.
  Layout memory_layout() const;

  void add_to(po::options_description& options);
  // Fills the engine's options: limits, cancellation by Ctrl-C, progress.
  SearchOptions search_options() const;
};

// Prints one solution; `number` counts from 1.
using SolutionPrinter = std::function<void(const Solution& solution, std::uint64_t number)>;

// Runs the search the flags ask for — on one thread, on several, or on MPI
// ranks, with checkpoints — and prints the count (--count) or hands each
// solution to `print`. Returns the exit code.
int run_search(const Problem& problem, const SearchFlags& flags, const SolutionPrinter& print);

// Set by SIGINT; the engine polls it.
std::atomic<bool>& interrupted();
void install_interrupt_handler();

// Caps the process's address space at `mib` MiB (0: no cap), so that a
// problem too big for the machine fails with "out of memory" (exit status 3)
// instead of pushing the machine into swap.
void apply_memory_limit(double mib);

bool stderr_is_terminal();

// A progress line on stderr: redrawn in place on a terminal, one plain line
// each time otherwise.
void print_progress(const Progress& progress);
void end_progress();

void print_statistics(std::ostream& out, const Statistics& stats);

// Exit code for how a search ended, after saying on stderr why it stopped
// early (with the statistics so far) when it did.
int finish_search(Status status, const Statistics& stats, bool print_stats);

}  // namespace xcover::cli
