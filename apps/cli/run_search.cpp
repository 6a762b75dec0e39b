// SPDX-License-Identifier: MIT
// Runs the search a command asks for: one thread, several, or MPI ranks,
// with checkpoints, and prints the count.
#include "cli.hpp"
#include "input.hpp"

#ifdef XCOVER_WITH_MPI
#include <boost/mpi/environment.hpp>

#include "xcover/distributed.hpp"
#endif

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>

#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/zdd.hpp"

namespace xcover::cli {

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
// With `end`, the command prints the count its own way.
void print_count(Status status, const Statistics& stats, const SearchFlags& flags,
                 const SearchEnd& end, unsigned threads) {
  const bool complete = status == Status::exhausted || status == Status::solution_limit;
  if (flags.count && complete) {
    if (!end) std::cout << stats.solutions << '\n';
  } else if (status == Status::exhausted && stats.solutions == 0) {
    std::cerr << "xcover: 0 solutions\n";
  }
  if (end) end(status, stats, threads);
}

// A figure of an estimate: whole when large enough for the digits after
// the point to mean nothing, else four significant digits.
std::string figure(double value) {
  char text[40];
  if (value >= 1e7) {
    std::snprintf(text, sizeof text, "%.3e", value);
  } else if (value >= 100) {
    std::snprintf(text, sizeof text, "%.0f", value);
  } else {
    std::snprintf(text, sizeof text, "%.4g", value);
  }
  return text;
}

// --estimate N: Knuth's estimate of the search, on stdout, one line a
// figure with its standard error.
int run_estimate(const Problem& problem, const SearchFlags& flags, const SearchOptions& options) {
  Solver solver(problem, flags.memory_layout());
  EstimateOptions estimate;
  static_cast<StopOptions&>(estimate) = options;
  estimate.time_limit = command_time_left();
  static_cast<TreeOptions&>(estimate) = options;
  const Estimate e = solver.estimate(flags.estimate, flags.seed, estimate);
  end_progress();
  if (e.probes > 0) {
    std::cout << "probes " << e.probes << '\n'
              << "nodes " << figure(e.nodes) << " +- " << figure(e.nodes_spread) << '\n'
              << "updates " << figure(e.updates) << " +- " << figure(e.updates_spread) << '\n'
              << "solutions " << figure(e.solutions) << " +- " << figure(e.solutions_spread)
              << '\n';
    char seconds[64];
    std::snprintf(seconds, sizeof seconds, "seconds %.3g +- %.2g\n", e.seconds, e.seconds_spread);
    std::cout << seconds;
  }
  std::cout.flush();
  if (flags.stats) {
    char elapsed[64];
    std::snprintf(elapsed, sizeof elapsed, "%.3f", e.elapsed);
    std::cerr << "estimate seconds " << elapsed << '\n'
              << "layout " << layout_name(solver.layout()) << '\n'
              << "kernels " << kernels_in_use() << '\n';
  }
  switch (e.status) {
    case Status::time_limit:
      std::cerr << "xcover: time limit reached after " << e.probes << " of " << flags.estimate
                << " probes\n";
      return exit_limit;
    case Status::cancelled:
      std::cerr << "xcover: interrupted after " << e.probes << " of " << flags.estimate
                << " probes\n";
      return exit_interrupted;
    default:
      return exit_success;
  }
}

// --count --zdd FILE: the memoised count that makes the diagram, which goes
// to FILE (written whole beside it, then renamed over it, so that a stopped
// run leaves no half a diagram); the count on stdout as --count prints it.
int run_zdd_search(const Problem& problem, const SearchFlags& flags, const SearchOptions& options,
                   const SearchEnd& end) {
  if (flags.threads > 1) std::cerr << "xcover: the diagram is made on one thread\n";
  Solver solver(problem);
  SearchOptions timed = options;  // (building the solver counts)
  timed.time_limit = command_time_left();
  const ZddResult made = solver.zdd(timed, flags.count_options().memo_bytes, flags.zdd_order());
  const Statistics& stats = solver.statistics();
  end_progress();
  if (made.complete()) {
    const std::string temporary = flags.zdd + ".tmp";
    {
      std::ofstream out(temporary, std::ios::binary);
      if (!out) throw FileError(temporary, std::strerror(errno));
      made.zdd.write(out, flags.zdd_format());
      out.flush();
      if (!out) throw FileError(temporary, std::strerror(errno != 0 ? errno : EIO));
    }
    if (std::rename(temporary.c_str(), flags.zdd.c_str()) != 0)
      throw FileError(flags.zdd, std::strerror(errno));
  }
  print_count(made.status, stats, flags, end, 1);
  if (flags.stats && made.complete()) std::cerr << "zdd nodes " << made.zdd.node_count() << '\n';
  return finish_search(made.status, stats, flags.stats, 1);
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

namespace {

// The threads' options the flags ask for, with what is left of the
// command's time limit. (ParallelSearch::run counts its time from its
// start: building its solvers counts.)
ParallelOptions parallel_options_for(const SearchFlags& flags, const SearchOptions& options,
                                     unsigned threads) {
  ParallelOptions parallel_options;
  parallel_options.threads = threads;
  parallel_options.ordered = flags.ordered;
  parallel_options.layout = flags.memory_layout();
  parallel_options.search = options;
  parallel_options.search.time_limit = command_time_left();
  return parallel_options;
}

// run_search with `keep`: the engine visits every solution, and those kept
// count (polyform::search_kept: the limit counts them too).
int run_kept_search(const Problem& problem, const SearchFlags& flags, const SearchOptions& options,
                    const Visitor& visit, const SearchEnd& end, const Visitor& keep) {
  auto refuse = [](const char* what) {
    throw UsageError(std::string(what) +
                     " cannot be given here: this search checks each solution it finds "
                     "(--distinct where a symmetry of the board fixes a placement)");
  };
  if (flags.memo) refuse("--memo");
  if (!flags.zdd.empty()) refuse("--zdd");
  if (flags.estimate != 0) refuse("--estimate");
  if (flags.mpi) refuse("--mpi");
  if (!flags.checkpoint.empty() || !flags.resume.empty()) refuse("--checkpoint and --resume");
  const unsigned threads = thread_count(flags.threads);
  ParallelOptions parallel_options = parallel_options_for(flags, options, threads);
  const polyform::KeptSearch kept = polyform::search_kept(problem, keep, visit, parallel_options);
  const Statistics& stats = kept.statistics;
  end_progress();  // before the count: cerr is tied to cout and flushes it
  print_count(kept.status, stats, flags, end, stats.threads);
  return finish_search(kept.status, stats, flags.stats, stats.threads);
}

}  // namespace

int run_search(const Problem& problem, const SearchFlags& flags, const SolutionPrinter& print,
               const SearchEnd& end, const Visitor& keep) {
  const SearchOptions options = flags.search_options();
  std::uint64_t number = 0;
  Visitor visit;
  if (!flags.count && print) {
    visit = [&](const Solution& solution) {
      print(solution, ++number);
      return static_cast<bool>(std::cout);  // stop when the output fails
    };
  }
  // What the layout that will run does not follow is refused before any
  // search. Only the bit sets' own options can be refused, and only then is
  // the problem read once more to find the layout (start-up stays one pass).
  if (!follows(Layout::links, options))
    refuse_unfollowed(layout_for(problem, flags.memory_layout()), options);
  if (keep) return run_kept_search(problem, flags, options, visit, end, keep);
  if (flags.estimate != 0) return run_estimate(problem, flags, options);
#ifdef XCOVER_WITH_MPI
  if (flags.mpi) return run_mpi_search(problem, flags, options);
#endif
  if (!flags.zdd.empty()) return run_zdd_search(problem, flags, options, end);
  const unsigned threads = thread_count(flags.threads);
  const bool parallel = threads != 1 || !flags.checkpoint.empty() || !flags.resume.empty();
  if (!parallel) {
    Solver solver(problem, flags.memory_layout());
    // The time limit holds for the whole command: building the solver counts.
    SearchOptions timed = options;
    timed.time_limit = command_time_left();
    const Status status = flags.count ? solver.count(timed, flags.count_options()).status
                                      : solver.search(visit, timed);
    const Statistics& stats = solver.statistics();
    end_progress();  // before the count: cerr is tied to cout and flushes it
    print_count(status, stats, flags, end, 1);
    return finish_search(status, stats, flags.stats, 1);
  }

  ParallelOptions parallel_options = parallel_options_for(flags, options, threads);
  if (flags.count) parallel_options.count = flags.count_options();
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
  print_count(status, stats, flags, end, stats.threads);
  if (status == Status::cancelled || status == Status::time_limit || status == Status::node_limit) {
    if (!checkpoint_path.empty())
      std::cerr << "xcover: the checkpoint in " << checkpoint_path
                << " holds the rest of the work: --resume " << checkpoint_path << " goes on\n";
  }
  return finish_search(status, stats, flags.stats, stats.threads);
}

}  // namespace xcover::cli
