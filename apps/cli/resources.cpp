// SPDX-License-Identifier: MIT
// What the machine allows: the memory limit, the CPUs, a terminal on stderr.
#include <sys/resource.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <thread>

#include "cli.hpp"
#include "xcover/threads.hpp"

namespace xcover::cli {

namespace {
bool memory_cap_set = false;
}  // namespace

bool memory_limited() { return memory_cap_set; }

void keep_freed_memory() {
#if defined(__GLIBC__)
  // Up to 256 MiB, a block comes from the heap, and a freed one stays there
  // for the next: glibc would map each big one anew and hand it back when
  // freed, so that every vector that doubles touches fresh pages. Page
  // faults were a fifth of reading and building the 5x5 word squares.
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

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
