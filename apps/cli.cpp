// SPDX-License-Identifier: MIT
#include "cli.hpp"

#include "xcover/parallel.hpp"

#ifdef XCOVER_WITH_MPI
#include <boost/mpi/environment.hpp>

#include "xcover/distributed.hpp"
#endif

#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <streambuf>
#include <thread>

#include "input.hpp"
#include "xcover/dlx_format.hpp"
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
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
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
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  return true;
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

double parse_seconds(const std::string& option, const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  // from_chars reads "inf" and "nan" too; neither is a duration.
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) || value < 0)
    refuse(option, "a number of seconds (0 or more)", text);
  return value;
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
       "break ties between items at random with seed N (default: first item)")
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
       "commit forced options (an item with one option left) ahead, all at once: the same "
       "solutions in the same order, faster with the bitsets layout, but node and update counts "
       "unlike DLX1's")
      ("item-choice", po::value(&item_choice)->value_name("RULE"),
       "the item to branch on: first-shortest (default, DLX1's) or most-clashes (of the first "
       "7 shortest, the one whose options clash with the most; bitsets layout only)")
      ("layout", po::value(&layout)->value_name("NAME"),
       "how the solver holds the problem: auto (default: bitsets for small or dense problems), "
       "links (dancing links) or bitsets")
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

Layout SearchFlags::memory_layout() const {
  if (layout == "auto") return Layout::automatic;
  if (layout == "links") return Layout::links;
  if (layout == "bitsets") return Layout::bitsets;
  throw UsageError("--layout must be auto, links or bitsets, not '" + layout + "'");
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
  apply_memory_limit(memory_limit);
  SearchOptions options;
  options.solution_limit = limit;
  options.node_limit = node_limit;
  // The limit holds for the whole command: reading and building count.
  set_command_time_limit(time_limit);
  if (time_limit > 0) options.time_limit = std::max(time_limit - command_seconds(), 1e-9);
  options.random_seed = seed;
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

std::atomic<bool>& interrupted() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace {
extern "C" void on_interrupt(int) { interrupted().store(true); }
}  // namespace

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  // A second signal kills the process the usual way.
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
  // kill and job schedulers send SIGTERM, a closed terminal SIGHUP: the same
  // clean stop (and final checkpoint) as Ctrl-C. One ignored from the start,
  // as nohup leaves SIGHUP, stays ignored.
  for (int signal : {SIGTERM, SIGHUP}) {
    struct sigaction previous {};
    if (sigaction(signal, nullptr, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    sigaction(signal, &action, nullptr);
  }
}

namespace {

// Writes with write(2) so that errno is read right where a write fails; a
// stream's own state only says that something failed, some time before.
class OutputBuffer : public std::streambuf {
 public:
  OutputBuffer() { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_.load(); }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }

  std::streamsize xsputn(const char* text, std::streamsize size) override {
    if (size <= epptr() - pptr()) {
      std::memcpy(pptr(), text, static_cast<std::size_t>(size));
      pbump(static_cast<int>(size));
      return size;
    }
    if (!drain() || !write_all(text, size)) return 0;
    return size;
  }

  int sync() override { return drain() ? 0 : -1; }

 private:
  // Writes out what is buffered; false once any write has failed (what
  // failed to go out is dropped: the output is broken anyway).
  bool drain() {
    const bool written = write_all(pbase(), pptr() - pbase());
    setp(buffer_, buffer_ + sizeof buffer_);
    return written;
  }

  bool write_all(const char* text, std::streamsize size) {
    if (error_.load() != 0) return false;
    while (size > 0) {
      const ssize_t written = ::write(STDOUT_FILENO, text, static_cast<std::size_t>(size));
      if (written < 0) {
        if (errno == EINTR) continue;  // Ctrl-C arrived mid-write
        int none = 0;
        error_.compare_exchange_strong(none, errno);
        return false;
      }
      text += written;
      size -= written;
    }
    return true;
  }

  char buffer_[1 << 16];
  std::atomic<int> error_{0};
};

// Never destroyed: std::cout is flushed at exit, after main's locals are gone.
OutputBuffer* output_buffer = nullptr;

}  // namespace

void install_output_buffer() {
  if (output_buffer == nullptr) output_buffer = new OutputBuffer;
  std::cout.rdbuf(output_buffer);
}

int output_error() { return output_buffer != nullptr ? output_buffer->error() : 0; }

namespace {
bool memory_cap_set = false;
}  // namespace

bool memory_limited() { return memory_cap_set; }

void apply_memory_limit(double mib) {
  if (mib <= 0) return;
  memory_cap_set = true;
  struct rlimit limit {};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(mib * 1024 * 1024);
  if (setrlimit(RLIMIT_AS, &limit) != 0) throw UsageError("cannot set --memory-limit");
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

unsigned available_cpus() {
  // The CPUs this process may run on (taskset, cgroups' cpusets), which
  // hardware_concurrency() ignores.
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return static_cast<unsigned>(CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned thread_count(unsigned requested) { return requested != 0 ? requested : available_cpus(); }

namespace {

std::string human(double value) {
  char buffer[32];
  if (value >= 1e9) {
    std::snprintf(buffer, sizeof buffer, "%.2fG", value / 1e9);
  } else if (value >= 1e6) {
    std::snprintf(buffer, sizeof buffer, "%.2fM", value / 1e6);
  } else if (value >= 1e4) {
    std::snprintf(buffer, sizeof buffer, "%.1fk", value / 1e3);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.0f", value);
  }
  return buffer;
}

std::string duration(double seconds) {
  char buffer[32];
  const auto s = static_cast<long long>(seconds);
  if (s >= 3600) {
    std::snprintf(buffer, sizeof buffer, "%lldh%02lldm", s / 3600, s / 60 % 60);
  } else if (s >= 60) {
    std::snprintf(buffer, sizeof buffer, "%lldm%02llds", s / 60, s % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.1fs", seconds);
  }
  return buffer;
}

bool progress_drawn = false;

}  // namespace

void print_progress(const Progress& p) {
  std::ostringstream line;
  line << duration(p.seconds) << "  " << human(static_cast<double>(p.nodes)) << " nodes  "
       << human(p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds : 0) << " nodes/s  "
       << p.solutions << " solutions  ";
  char fraction[32];
  std::snprintf(fraction, sizeof fraction, "%.3f%% done", 100 * p.fraction_done);
  line << fraction;
  if (p.fraction_done > 0 && p.seconds > 0) {
    line << "  ETA " << duration(p.seconds * (1 - p.fraction_done) / p.fraction_done);
  }
  if (stderr_is_terminal()) {
    std::cerr << "\r\033[K" << line.str() << std::flush;
    progress_drawn = true;
  } else {
    std::cerr << "progress: " << line.str() << std::endl;
  }
}

void end_progress() {
  if (progress_drawn) {
    std::cerr << "\r\033[K" << std::flush;
    progress_drawn = false;
  }
}

void print_statistics(std::ostream& out, const Statistics& stats, unsigned threads) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", stats.seconds);
  out << "nodes " << stats.nodes << '\n'
      << "updates " << stats.updates << '\n'
      << "solutions " << stats.solutions << '\n'
      << "seconds " << seconds << '\n';
  if (stats.bytes != 0) out << "bytes " << stats.bytes << '\n';
  if (threads != 0) out << "threads " << threads << '\n';
  out << "kernels " << kernels_in_use() << '\n';
}

int finish_search(Status status, const Statistics& stats, bool print_stats, unsigned threads) {
  end_progress();
  std::cout.flush();
  int code = exit_success;
  switch (status) {
    case Status::exhausted:
    case Status::stopped:
    case Status::solution_limit:
      break;
    case Status::node_limit:
    case Status::time_limit:
      std::cerr << "xcover: " << to_string(status)
                << " reached; the search is incomplete (statistics so far below)\n";
      code = exit_limit;
      print_stats = true;
      break;
    case Status::cancelled:
    case Status::yielded:
      std::cerr << "xcover: interrupted; the search is incomplete (statistics so far below)\n";
      code = exit_interrupted;
      print_stats = true;
      break;
  }
  if (print_stats) print_statistics(std::cerr, stats, threads);
  return code;
}

namespace {

// Saves a checkpoint, saying on stderr when it cannot.
void save(const std::string& path, const Checkpoint& checkpoint) {
  try {
    write_checkpoint(path, checkpoint);
  } catch (const std::exception& e) {
    end_progress();
    std::cerr << "xcover: " << e.what() << '\n';
  }
}

// The count on stdout (--count) when the search got to the end; otherwise,
// when it found nothing, a line on stderr, as DLX1 ends with "Altogether 0
// solutions": an empty stdout alone would not tell "none" from "not run".
void print_count(Status status, const Statistics& stats, const SearchFlags& flags) {
  const bool complete = status == Status::exhausted || status == Status::solution_limit;
  if (flags.count && complete) {
    std::cout << stats.solutions << '\n';
  } else if (status == Status::exhausted && stats.solutions == 0) {
    std::cerr << "xcover: 0 solutions\n";
  }
}

}  // namespace

#ifdef XCOVER_WITH_MPI
// Under mpirun: every rank runs this; rank 0 alone prints and writes the
// checkpoint.
int run_mpi_search(const Problem& problem, const SearchFlags& flags, const SearchOptions& options) {
  if (!flags.count) throw UsageError("--mpi counts: give --count too");
  boost::mpi::environment environment;
  DistributedOptions distributed;
  const std::string checkpoint_path = !flags.checkpoint.empty() ? flags.checkpoint : flags.resume;
  if (!checkpoint_path.empty()) {
    distributed.checkpoint_seconds = flags.checkpoint_every;
    distributed.on_checkpoint = [&](const Checkpoint& c) { save(checkpoint_path, c); };
  }
  if (!flags.resume.empty()) {
    distributed.resume = [&] {
      const Checkpoint checkpoint = read_checkpoint(flags.resume);
      if (checkpoint.fingerprint != fingerprint(problem))
        throw ParseError(flags.resume, 1, "the checkpoint was written for a different problem");
      return checkpoint;
    };
  }
  DistributedResult result;
  try {
    result = distributed_count(problem, options, distributed);
  } catch (const ParseError& e) {
    // Here, not in main(): an exception leaving the MPI environment aborts
    // every rank before the message is out.
    std::cerr << e.what() << '\n';
    return exit_bad_input;
  }
  if (!result.coordinator) return exit_success;
  if (!checkpoint_path.empty()) save(checkpoint_path, result.checkpoint);
  end_progress();
  if (result.status == Status::exhausted) std::cout << result.stats.solutions << '\n';
  if (!checkpoint_path.empty() &&
      (result.status == Status::cancelled || result.status == Status::time_limit))
    std::cerr << "xcover: the checkpoint in " << checkpoint_path
              << " holds the rest of the work: --resume " << checkpoint_path << " goes on\n";
  return finish_search(result.status, result.stats, flags.stats, 0);
}
#endif

int run_search(const Problem& problem, const SearchFlags& flags, const SolutionPrinter& print) {
  const SearchOptions options = flags.search_options();
  std::uint64_t number = 0;
  Visitor visit;
  if (!flags.count && print) {
    visit = [&](const Solution& solution) {
      print(solution, ++number);
      return static_cast<bool>(std::cout);  // stop when the output fails
    };
  }
#ifdef XCOVER_WITH_MPI
  if (flags.mpi) return run_mpi_search(problem, flags, options);
#endif
  const unsigned threads = thread_count(flags.threads);
  const bool parallel = threads != 1 || !flags.checkpoint.empty() || !flags.resume.empty();
  if (!parallel) {
    Solver solver(problem, flags.memory_layout());
    const Status status = solver.search(visit, options);
    const Statistics& stats = solver.statistics();
    end_progress();  // before the count: cerr is tied to cout and flushes it
    print_count(status, stats, flags);
    return finish_search(status, stats, flags.stats, 1);
  }

  ParallelOptions parallel_options;
  parallel_options.threads = threads;
  parallel_options.ordered = flags.ordered;
  parallel_options.layout = flags.memory_layout();
  parallel_options.search = options;
  const std::string checkpoint_path = !flags.checkpoint.empty() ? flags.checkpoint : flags.resume;
  if (!checkpoint_path.empty()) {
    parallel_options.checkpoint_seconds = flags.checkpoint_every;
    parallel_options.on_checkpoint = [&](const Checkpoint& c) { save(checkpoint_path, c); };
  }
  // Without a checkpoint to write, a stop need not gather the work left.
  parallel_options.keep_work_on_stop = !checkpoint_path.empty();
  ParallelSearch search(problem, parallel_options);
  if (!flags.resume.empty()) {
    try {
      search.resume(read_checkpoint(flags.resume));
    } catch (const CheckpointError& e) {
      throw ParseError(flags.resume, 1, e.what());
    }
  }
  const Status status = search.run(visit);
  if (!checkpoint_path.empty() && status != Status::stopped && status != Status::solution_limit)
    save(checkpoint_path, search.checkpoint());
  const Statistics& stats = search.statistics();
  end_progress();  // before the count: cerr is tied to cout and flushes it
  print_count(status, stats, flags);
  if (status == Status::cancelled || status == Status::time_limit || status == Status::node_limit) {
    if (!checkpoint_path.empty())
      std::cerr << "xcover: the checkpoint in " << checkpoint_path
                << " holds the rest of the work: --resume " << checkpoint_path << " goes on\n";
  }
  return finish_search(status, stats, flags.stats, threads);
}

}  // namespace xcover::cli
