// SPDX-License-Identifier: MIT
#include "xcover/threads.hpp"

#include <algorithm>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

namespace xcover {

unsigned default_threads() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  return 1;  // WebAssembly without threads (web/): a thread could not start
#endif
#if defined(__linux__)
  // The CPUs this process may run on (taskset, cgroups' cpusets), which
  // hardware_concurrency() ignores.
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return static_cast<unsigned>(CPU_COUNT(&set));
#endif
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace xcover
