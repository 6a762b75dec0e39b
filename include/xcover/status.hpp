// SPDX-License-Identifier: MIT
// Why a search ended: the Status every search, count and diagram returns.
#pragma once

#include "xcover/export.hpp"

namespace xcover {

// Why a search ended.
enum class Status {
  exhausted,       // the whole tree was searched: every solution was visited
  stopped,         // the visitor returned false
  solution_limit,  // SearchOptions::solution_limit solutions were visited
  node_limit,      // SearchOptions::node_limit nodes were entered
  time_limit,      // SearchOptions::time_limit elapsed
  cancelled,       // SearchOptions::cancel became true
};

// The status's name, as the CLI prints it: "exhausted", "node_limit", ...
XCOVER_API const char* to_string(Status status);

}  // namespace xcover
