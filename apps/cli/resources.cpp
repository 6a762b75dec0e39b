// SPDX-License-Identifier: MIT
// What the machine allows: the memory limit, the CPUs, a terminal on stderr.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

#include "cli.hpp"
#include "xcover/threads.hpp"

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

unsigned thread_count(unsigned requested) { return requested != 0 ? requested : default_threads(); }

}  // namespace xcover::cli
