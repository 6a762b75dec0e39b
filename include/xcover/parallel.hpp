// One search on many threads, and checkpoints that let a long count survive
// being stopped. The tree is cut into many more pieces than workers; a piece
// is a subproblem, the options to force to reach a node of the tree. Workers
// that run dry ask busy ones to share, so uneven trees still balance, and
// counts equal a single-threaded run's for any number of threads.
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
#include <vector>

#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover {

// Work not yet done: options to force, and the part of the whole tree it is
// (by Knuth's estimate, for progress reports).
struct WorkPiece {
  std::vector<int> forced;
  double weight = 0;
  friend bool operator==(const WorkPiece&, const WorkPiece&) = default;
};

// Where a count stands: what the finished part found, and the pieces left.
// Resuming from it finishes the count with exactly the single-run total.
struct Checkpoint {
  std::uint64_t fingerprint = 0;  // of the problem, see fingerprint()
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;
  double seconds = 0;
  double done = 0;  // part of the tree finished, by estimate
  std::vector<WorkPiece> pending;
  friend bool operator==(const Checkpoint&, const Checkpoint&) = default;
};

// Cuts the search tree breadth first into about `target` pieces whose
// solutions together are the problem's, each exactly once, returned in the
// order a single-threaded search meets them. Branches found empty on the way
// add their weight to *dead_weight.
std::vector<WorkPiece> cut_into_pieces(const Problem& problem, std::size_t target,
                                       double* dead_weight = nullptr);

// A hash of the problem's items and options, to tell checkpoints apart.
std::uint64_t fingerprint(const Problem& problem);

// Writes the file atomically: to a temporary name, then renamed over `path`.
void write_checkpoint(const std::string& path, const Checkpoint& checkpoint);
// Throws ParseError (FILE:LINE: reason) when the file is not a checkpoint.
Checkpoint read_checkpoint(const std::string& path);

struct ParallelOptions {
  unsigned threads = 0;               // 0: one per core
  Layout layout = Layout::automatic;  // each worker's solver
  // Limits, cancellation and progress (figures combined over the workers;
  // called from one thread at a time). Node counts are checked about every
  // thousand nodes per worker. The work-sharing fields are used internally.
  SearchOptions search;
  std::size_t pieces_per_thread = 64;  // the first cut
  // Visit solutions in the order a single-threaded search finds them: the
  // workers solve the first cut's pieces into buffers and the calling thread
  // visits them piece by piece. Busy workers do not share then, so balance
  // rests on the first cut; no checkpoints.
  bool ordered = false;
  // Every checkpoint_seconds the workers pause and on_checkpoint gets the
  // state of the count (0: never).
  double checkpoint_seconds = 0;
  std::function<void(const Checkpoint&)> on_checkpoint;
};

class ParallelSearch {
 public:
  // The problem must outlive the search.
  explicit ParallelSearch(const Problem& problem, ParallelOptions options = {});
  ~ParallelSearch();
  ParallelSearch(const ParallelSearch&) = delete;
  ParallelSearch& operator=(const ParallelSearch&) = delete;

  // Goes on from a checkpoint instead of from the whole problem. Throws
  // std::invalid_argument when it was written for another problem.
  void resume(const Checkpoint& checkpoint);

  // Visits the solutions found by all workers, one call at a time, in no
  // fixed order; the visitor returns false to stop everything. Stops by a
  // limit or cancellation leave the remaining work in checkpoint().
  Status run(const Visitor& visit = nullptr);

  // Totals over all workers (level_nodes is left empty).
  const Statistics& statistics() const;
  // The state of the count now that run() has returned.
  Checkpoint checkpoint() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xcover
