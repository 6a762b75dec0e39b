// SPDX-License-Identifier: MIT
// The doctest main, compiled once; the tests live in one file per topic.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
