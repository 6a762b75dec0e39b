// SPDX-License-Identifier: MIT
// What a search prints on stderr: progress, statistics, why it stopped.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli.hpp"
#include "input.hpp"

namespace xcover::cli {

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
  if (stats.layout != Layout::automatic) out << "layout " << layout_name(stats.layout) << '\n';
  if (stats.layout == Layout::memo)
    out << "memo hits " << stats.memo_hits << '\n'
        << "memo entries " << stats.memo_entries << '\n'
        << "memo splits " << stats.memo_splits << '\n';
  // A count split by symmetry: the item's options, and the classes counted.
  if (stats.symmetry_classes != 0)
    out << "symmetry options " << stats.symmetry_options << '\n'
        << "symmetry classes " << stats.symmetry_classes << '\n';
  // The automatic count's trials, which `seconds` holds, on lines of their
  // own; then the whole command, reading and building included.
  if (stats.plain_trial_nodes != 0) {
    std::snprintf(seconds, sizeof seconds, "%.3f", stats.plain_trial_seconds);
    out << "plain trial nodes " << stats.plain_trial_nodes << '\n'
        << "plain trial seconds " << seconds << '\n';
  }
  if (stats.memo_trial_nodes != 0) {
    std::snprintf(seconds, sizeof seconds, "%.3f", stats.memo_trial_seconds);
    out << "memo trial nodes " << stats.memo_trial_nodes << '\n'
        << "memo trial seconds " << seconds << '\n';
  }
  out << "kernels " << kernels_in_use() << '\n';
  std::snprintf(seconds, sizeof seconds, "%.3f", command_seconds());
  out << "command seconds " << seconds << '\n';
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
      std::cerr << "xcover: interrupted; the search is incomplete (statistics so far below)\n";
      code = exit_interrupted;
      print_stats = true;
      break;
  }
  if (print_stats) print_statistics(std::cerr, stats, threads);
  return code;
}

}  // namespace xcover::cli
