// SPDX-License-Identifier: MIT
// What the machine allows: the memory limit, the CPUs, a terminal on stderr.
#include "cli.hpp"

#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

namespace xcover::cli {

namespace {
bool memory_cap_set = false;
}  // namespace

bool memory_limited() { return memory_cap_set; }

void apply_memory_limit(double mib) {
  if (mib <= 0) return;
  memory_cap_set = true;
  struct rlimit limit {};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(mib * 1024 * 1024);
  if (setrlimit(RLIMIT_AS, &limit) != 0) throw UsageError("cannot set --memory-limit");
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

unsigned available_cpus() {
  // The CPUs this process may run on (taskset, cgroups' cpusets), which
  // hardware_concurrency() ignores.
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return static_cast<unsigned>(CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned thread_count(unsigned requested) { return requested != 0 ? requested : available_cpus(); }

}  // namespace xcover::cli
