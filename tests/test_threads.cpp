// SPDX-License-Identifier: MIT
// default_threads(): the CPUs this process may run on, as its affinity mask
// says (taskset), which is what every `threads = 0` resolves to.
#include <doctest/doctest.h>

#include <thread>

#include "cli_support.hpp"
#include "xcover/threads.hpp"

#if defined(__linux__)
#include <sched.h>

namespace test_threads {
#endif

TEST_CASE("threads: default_threads() is at least 1 and at most the hardware's") {
  const unsigned threads = xcover::default_threads();
  CHECK(threads >= 1);
  if (std::thread::hardware_concurrency() > 0)
    CHECK(threads <= std::thread::hardware_concurrency());
}

#if defined(__linux__)
TEST_CASE("threads: default_threads() follows the affinity mask") {
  cpu_set_t saved;
  CPU_ZERO(&saved);
  REQUIRE(sched_getaffinity(0, sizeof saved, &saved) == 0);
  int first = 0;
  while (!CPU_ISSET(first, &saved)) ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
  const unsigned pinned = xcover::default_threads();
  REQUIRE(sched_setaffinity(0, sizeof saved, &saved) == 0);
  CHECK(pinned == 1);
  CHECK(xcover::default_threads() == static_cast<unsigned>(CPU_COUNT(&saved)));
}

TEST_CASE("threads: xcover sudoku under taskset runs one thread by default") {
  const auto r = xcover::test::run_script("taskset -c 0 \"$XCOVER\" sudoku --stats",
                                          std::string(81, '.') + "\n");
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("threads 1\n") != std::string::npos);
}
#endif

}  // namespace test_threads
