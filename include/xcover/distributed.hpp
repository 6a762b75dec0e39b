// SPDX-License-Identifier: MIT
// Counting across machines with MPI (optional: build with -DXCOVER_WITH_MPI=ON
// and link xcover::mpi). Every rank calls distributed_count() with the same
// problem; rank 0 cuts the tree into pieces and hands them out, the other
// ranks search them and give work back when rank 0 runs dry, so uneven trees
// still balance. The count equals a single run's for any number of ranks,
// and checkpoints let it be stopped and resumed, on any number of ranks.
//
//   mpirun -np 4 xcover solve --mpi --count --checkpoint count.ckpt problem.dlx
#pragma once

#include <cstdint>
#include <functional>

#include "xcover/export.hpp"
#include "xcover/parallel.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover {

// What distributed_count returns on each rank.
struct DistributedResult {
  Status status = Status::exhausted;  // why the count ended (the same on every rank)
  // On rank 0: totals over all ranks. Elsewhere: what this rank searched.
  Statistics stats;
  bool coordinator = false;  // true on rank 0
  // On rank 0: where the count stands at the end: nothing pending when it
  // finished; when a cancellation or the time limit stopped it and
  // checkpoints are on, every piece of the work left.
  Checkpoint checkpoint;
};

// How a distributed count cuts its work and saves it.
struct DistributedOptions {
  std::size_t pieces_per_rank = 64;  // the first cut
  // Every checkpoint_seconds rank 0 has every rank give back its unfinished
  // work, then hands on_checkpoint the exact state of the count and goes on
  // (0: never). With checkpoints on, a cancellation or the time limit also
  // gathers the work left instead of dropping it, for the final checkpoint.
  double checkpoint_seconds = 0;
  std::function<void(const Checkpoint&)> on_checkpoint;
  // On rank 0: where to start instead of the root of the tree (called once;
  // it may throw, e.g. on an unreadable file). The checkpoint must belong
  // to this problem (CheckpointError otherwise). Other ranks ignore it.
  std::function<Checkpoint()> resume;
};

// Call between MPI initialisation and finalisation, on every rank. Honours
// options.cancel, time_limit and on_progress (on rank 0; progress has no
// node-by-node detail: it is updated as pieces finish). When rank 0 throws
// (a resume that fails), the other ranks are told to stop first.
XCOVER_API DistributedResult distributed_count(const Problem& problem, const SearchOptions& options,
                                               const DistributedOptions& distributed);
XCOVER_API DistributedResult distributed_count(const Problem& problem,
                                               const SearchOptions& options = {},
                                               std::size_t pieces_per_rank = 64);

}  // namespace xcover
