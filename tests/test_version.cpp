// SPDX-License-Identifier: MIT
// The generated <xcover/version.hpp> agrees with project(VERSION) in
// CMakeLists.txt, and `xcover --version` says the same.
#include <doctest/doctest.h>

#include <string>

#include "cli_support.hpp"
#include "xcover/version.hpp"

namespace test_version {

// tests/CMakeLists.txt passes CMake's own idea of the version and of the
// build, so a header that went stale or was written by hand shows up here.
#ifndef XCOVER_TEST_PROJECT_VERSION
#error "tests/CMakeLists.txt defines XCOVER_TEST_PROJECT_VERSION"
#endif

TEST_CASE("version.hpp carries the CMake project version") {
  CHECK(std::string(XCOVER_VERSION_STRING) == XCOVER_TEST_PROJECT_VERSION);
  CHECK(std::string(xcover::version_string) == XCOVER_TEST_PROJECT_VERSION);
  const std::string composed = std::to_string(XCOVER_VERSION_MAJOR) + "." +
                               std::to_string(XCOVER_VERSION_MINOR) + "." +
                               std::to_string(XCOVER_VERSION_PATCH);
  CHECK(composed == XCOVER_TEST_PROJECT_VERSION);
  CHECK(xcover::version_major == XCOVER_VERSION_MAJOR);
  CHECK(xcover::version_minor == XCOVER_VERSION_MINOR);
  CHECK(xcover::version_patch == XCOVER_VERSION_PATCH);
}

TEST_CASE("version.hpp says whether the library was built with MPI") {
#ifdef XCOVER_WITH_MPI
  CHECK(XCOVER_WITH_MPI == 1);
#endif
  CHECK(xcover::with_mpi == (XCOVER_TEST_BUILT_WITH_MPI != 0));
}

TEST_CASE("xcover --version prints the project version") {
  const auto result = xcover::test::run_cli("--version");
  CHECK(result.exit_code == 0);
  CHECK(result.out.rfind(std::string("xcover ") + XCOVER_TEST_PROJECT_VERSION + " (kernels: ", 0) ==
        0);
  CHECK(result.err.empty());
}

}  // namespace test_version
