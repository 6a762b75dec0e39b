// SPDX-License-Identifier: MIT
// How many threads "all of them" means.
#pragma once

#include "xcover/export.hpp"

namespace xcover {

// The CPUs this process may run on: its affinity mask where the system has
// one (taskset, cgroups' cpusets), else the hardware's threads; at least 1.
// What every `threads = 0` in the library, the CLI and Python resolves to.
XCOVER_API unsigned default_threads();

}  // namespace xcover
