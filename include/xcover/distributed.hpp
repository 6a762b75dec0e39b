// Counting across machines with MPI (optional: build with -DXCOVER_WITH_MPI=ON
// and link xcover::mpi). Every rank calls distributed_count() with the same
// problem; rank 0 cuts the tree into pieces and hands them out, the other
// ranks search them and give work back when rank 0 runs dry, so uneven trees
// still balance. The count equals a single run's for any number of ranks.
//
//   mpirun -np 4 xcover solve --mpi --count problem.dlx
#pragma once

#include <cstdint>

#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover {

struct DistributedResult {
  Status status = Status::exhausted;
  // On rank 0: totals over all ranks. Elsewhere: what this rank searched.
  Statistics stats;
  bool coordinator = false;  // true on rank 0
};

// Call between MPI initialisation and finalisation, on every rank. Honours
// options.cancel, time_limit and on_progress (on rank 0; progress has no
// node-by-node detail: it is updated as pieces finish).
DistributedResult distributed_count(const Problem& problem, const SearchOptions& options = {},
                                    std::size_t pieces_per_rank = 64);

}  // namespace xcover
