// SPDX-License-Identifier: MIT
// One search on many threads, and checkpoints that let a long count survive
// being stopped. The tree is cut into many more pieces than workers; a piece
// is a subproblem, the options to force to reach a node of the tree. Workers
// that run dry ask busy ones to share, so uneven trees still balance, and
// solution counts equal a single-threaded run's for any number of threads
// (nodes and updates add up the searches of the pieces).
//
//   xcover::ParallelOptions options;
//   options.threads = 8;
//   xcover::ParallelSearch search(problem, options);
//   search.run();
//   std::cout << search.statistics().solutions;
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/error.hpp"
#include "xcover/export.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover {

// A checkpoint that does not belong to the problem it is resumed with.
class XCOVER_API CheckpointError : public Error {
 public:
  using Error::Error;
};

// Work not yet done: options to force, and the part of the whole tree it is
// (by Knuth's estimate, for progress reports).
struct WorkPiece {
  // The options that make the piece, in order; with multiplicities, ~k
  // (a negative entry) leaves option k out (see Solver::assume).
  std::vector<int> forced;
  double weight = 0;  // its part of the tree, between 0 and 1
  friend bool operator==(const WorkPiece&, const WorkPiece&) = default;  // (memberwise)
};

// Where a count stands: what the finished part found, and the pieces left.
// Resuming from it finishes the count with exactly the single-run total.
struct Checkpoint {
  std::uint64_t fingerprint = 0;   // of the problem, see fingerprint()
  Count solutions = 0;             // found by the finished part
  Count nodes = 0;                 // its nodes
  Count updates = 0;               // its updates
  double seconds = 0;              // the time spent so far, over every run
  double done = 0;                 // part of the tree finished, by estimate
  std::vector<WorkPiece> pending;  // the work left
  friend bool operator==(const Checkpoint&, const Checkpoint&) = default;  // (memberwise)
};

// Cuts the search tree breadth first into about `target` pieces whose
// solutions together are the problem's, each exactly once, returned in the
// order a single-threaded search meets them. Branches found empty on the way
// add their weight to *dead_weight. A piece whose search has one way to go
// on is not cut further (cutting would give it back unchanged), so the
// cut's time grows with `target`, not with the depth of forced choices.
// `stop`, when given, is asked between cuts: when it says true the cut ends
// where it stands, and the pieces still cover the whole tree.
XCOVER_API std::vector<WorkPiece> cut_into_pieces(const Problem& problem, std::size_t target,
                                                  double* dead_weight = nullptr,
                                                  const std::function<bool()>& stop = {});

// A hash of the problem's items and options, to tell checkpoints apart.
XCOVER_API std::uint64_t fingerprint(const Problem& problem);

// Writes the checkpoint atomically: a temporary beside `path`, flushed to the
// disk, then renamed over it. A symbolic link is written through (the file
// it names is replaced, the link stays); a device, pipe or directory at
// `path` is refused. Throws FileError.
XCOVER_API void write_checkpoint(const std::string& path, const Checkpoint& checkpoint);
// Throws FileError unless write_checkpoint(path, ...) can work: the
// directory exists and takes new files, and `path` is not a device, pipe or
// directory. Call it before a long search, not after.
XCOVER_API void check_checkpoint_path(const std::string& path);
// The file's text, ending with its checksum line.
XCOVER_API std::string checkpoint_text(const Checkpoint& checkpoint);
// Throws ParseError (FILE:LINE: reason) when the file is not a checkpoint.
XCOVER_API Checkpoint read_checkpoint(const std::string& path);
// The same from text; `source` names it in messages. Both throw ParseError
// ("FILE:LINE: not a valid checkpoint: ...") for a damaged or cut file: the
// last line is a checksum over the rest, checked first.
XCOVER_API Checkpoint parse_checkpoint(std::string_view text, const std::string& source);
// Throws CheckpointError unless `checkpoint` was written for `problem`: the
// fingerprint agrees, every option exists, no piece forces options that
// exclude each other, and no two pieces overlap (resume() checks this).
// Quadratic in the number of pending pieces (a few thousand take well under
// a second).
XCOVER_API void check_checkpoint(const Problem& problem, const Checkpoint& checkpoint);

// How a ParallelSearch runs: threads, layout, limits and progress,
// checkpoints, and whether its solutions come in order.
struct ParallelOptions {
  unsigned threads = 0;               // 0: one per core
  Layout layout = Layout::automatic;  // each worker's solver
  // Limits, cancellation and progress (figures combined over the workers;
  // called from one thread at a time). The node limit holds for all the
  // workers together, exactly (as for one Solver, forced options committed
  // by `propagate` can pass it); with `ordered` it is checked between
  // pieces. What shapes the search (item_choice, propagate, random_seed)
  // reaches every worker.
  SearchOptions search;
  std::size_t pieces_per_thread = 64;  // the first cut
  // A search that one thread finishes within this many nodes (a small
  // problem, or a first solution found at once) runs on the calling thread
  // alone, and visits its solutions in a single-threaded search's order:
  // starting the workers and cutting the tree would cost more than it. A
  // trial that does not finish is forgotten (its nodes are not counted) and
  // the workers start from the whole tree. It runs before the first cut of
  // a search that is not resumed, without progress reports; a node limit
  // at or below it, or 0 here, starts the workers at once. A count that
  // may take the memo (CountOptions::counting automatic) tries at least
  // Solver::count()'s plain trial, 65,536 nodes, before the memo's.
  // statistics().threads says which ran.
  std::uint64_t single_thread_nodes = 10000;
  // Visit solutions in the order a single-threaded search finds them: the
  // workers solve the first cut's pieces into buffers and the calling thread
  // visits them piece by piece. Busy workers do not share then, so balance
  // rests on the first cut; no checkpoints.
  bool ordered = false;
  // Every checkpoint_seconds the workers pause and on_checkpoint gets the
  // state of the count (0: never).
  double checkpoint_seconds = 0;
  std::function<void(const Checkpoint&)> on_checkpoint;
  // What a stop by the time limit or cancellation does with the work left
  // (a node limit always keeps it): keep it
  // (checkpoint() holds it, run() again goes on), which makes each worker
  // hand back every untried option of every level of its search as a piece
  // (hundreds of thousands in a search a thousand levels deep); or, when
  // false, drop it and stop at once (run() again and checkpoint() then
  // throw Error).
  bool keep_work_on_stop = true;
  // Which solutions run()'s visitor is given (empty: every one): called on
  // the thread of the worker that found each solution, at the same time as
  // the other workers' calls (it must be safe to call so; the visitor is
  // called one call at a time), so that a costly check (a tiling's
  // disassembly) runs on every thread. A solution it refuses is not
  // visited and counts neither toward search.solution_limit nor in
  // statistics().solutions. With `ordered`, and for a search
  // small enough for the calling thread alone, it is called there, in
  // order. It goes with a visitor: run() without one throws Error. It may
  // throw, as the visitor may.
  std::function<bool(const Solution&)> keep;
  // How run() without a visitor counts (see Counting in solver.hpp): a
  // count the memo makes (Counting::memo, or automatic where the memo pays)
  // runs on the calling thread, as Solver::count does, and is neither
  // resumed nor checkpointed (with checkpoints or resume, memo throws Error
  // and automatic counts plainly); statistics() then say layout memo and
  // one thread. A stop (a limit, a cancellation) loses that count's work.
  CountOptions count;
};

// A search on several threads: the tree cut into pieces that the threads
// take in turn (work sharing), each searched by a sibling of one Solver.
// Counts equal a single thread's; solutions come in any order unless
// ParallelOptions::ordered; checkpoints save and resume a long count.
class XCOVER_API ParallelSearch {
 public:
  // The problem must outlive the search. A problem with multiplicities is
  // cut as any: Algorithm M's pieces also leave options out (~k entries of
  // WorkPiece::forced).
  explicit ParallelSearch(const Problem& problem, ParallelOptions options = {});
  // A temporary problem would be gone before run(): refused at compile time.
  explicit ParallelSearch(const Problem&& problem, ParallelOptions options = {}) = delete;
  ~ParallelSearch();
  ParallelSearch(const ParallelSearch&) = delete;
  ParallelSearch& operator=(const ParallelSearch&) = delete;

  // Goes on from a checkpoint instead of from the whole problem. Throws
  // CheckpointError unless check_checkpoint(problem, checkpoint) passes: when
  // it was written for another problem, names an option the problem does
  // not have, or holds pieces that conflict or overlap.
  void resume(const Checkpoint& checkpoint);

  // Visits the solutions found by all workers, one call at a time, in no
  // fixed order (with `ordered`, in a single-threaded search's); the visitor
  // returns false to stop everything. A stop by the node limit, by the time
  // limit or cancellation (unless keep_work_on_stop is false), or by a
  // progress or checkpoint callback that throws hands all running work
  // back: checkpoint() holds what is left, and run() again goes on with it.
  // A stop by the visitor or the solution limit ends the running pieces
  // where they are, and what they had left is lost. After a visitor threw,
  // run() again throws Error.
  [[nodiscard]] Status run(const Visitor& visit = nullptr);

  // Totals over all workers (level_nodes is left empty).
  const Statistics& statistics() const;
  // The state of the count now that run() has returned.
  Checkpoint checkpoint() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xcover
