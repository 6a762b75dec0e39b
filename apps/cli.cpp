#include "cli.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace xcover::cli {

bool parse_options(const std::string& command, const std::string& synopsis,
                   const po::options_description& visible, const po::options_description& hidden,
                   const po::positional_options_description& positional,
                   const std::vector<std::string>& args, po::variables_map& vm) {
  po::options_description all;
  all.add(visible).add(hidden);
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << "usage: xcover " << command << ' ' << synopsis << "\n\n" << visible;
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  return true;
}

void SearchFlags::add_to(po::options_description& options) {
  options.add_options()
      ("count,c", po::bool_switch(&count), "print only the number of solutions")
      ("limit,n", po::value(&limit)->value_name("N"), "stop after N solutions")
      ("stats,s", po::bool_switch(&stats), "print nodes, updates, solutions and time to stderr")
      ("progress", po::bool_switch(&progress),
       "print progress to stderr about every second (default when stderr is a terminal)")
      ("no-progress", po::bool_switch(&no_progress), "never print progress")
      ("time-limit", po::value(&time_limit)->value_name("SECONDS"),
       "stop after SECONDS (exit status 3)")
      ("node-limit", po::value(&node_limit)->value_name("N"),
       "stop after N search nodes (exit status 3)")
      ("seed", po::value(&seed)->value_name("N"),
       "break ties between items at random with seed N (default: first item)");
}

SearchOptions SearchFlags::search_options() const {
  if (time_limit < 0) throw UsageError("--time-limit must not be negative");
  SearchOptions options;
  options.solution_limit = limit;
  options.node_limit = node_limit;
  options.time_limit = time_limit;
  options.random_seed = seed;
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
  // A second Ctrl-C kills the process the usual way.
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

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

void print_statistics(std::ostream& out, const Statistics& stats) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", stats.seconds);
  out << "nodes " << stats.nodes << '\n'
      << "updates " << stats.updates << '\n'
      << "solutions " << stats.solutions << '\n'
      << "seconds " << seconds << '\n';
}

int finish_search(Status status, const Statistics& stats, bool print_stats) {
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
  if (print_stats) print_statistics(std::cerr, stats);
  return code;
}

}  // namespace xcover::cli
