// SPDX-License-Identifier: MIT
// The options a piece of a split search runs with: everything the user chose
// for the search itself (item choice, propagation, random seed, and whatever
// is added to SearchOptions later), without what the coordinator handles for
// the whole count (limits, cancellation, progress). One place,
// so that threads and MPI ranks search exactly as a single solver would.
#pragma once

#include "xcover/solver.hpp"

namespace xcover::detail {

inline SearchOptions piece_options(const SearchOptions& user) {
  SearchOptions o = user;
  o.solution_limit = 0;
  o.node_limit = 0;
  o.time_limit = 0;
  o.cancel = nullptr;
  o.on_progress = nullptr;
  o.progress_nodes = 0;
  o.progress_seconds = 0;
  return o;
}

}  // namespace xcover::detail
