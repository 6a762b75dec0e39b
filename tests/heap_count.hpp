// SPDX-License-Identifier: MIT
// The heap the test program holds, counted by its own global operator new
// and delete (heap_count.cpp): memory measured, not estimated.
#pragma once

#include <cstdint>

namespace xcover::test {

// Whether the counts below are kept (they need glibc's malloc_usable_size).
bool heap_counted();
// Bytes allocated with operator new and not deleted yet.
std::int64_t heap_bytes();
// Blocks allocated with operator new so far (freed or not).
std::int64_t heap_allocations();
// The most heap_bytes() has been since the last call (which lowers it to
// heap_bytes()).
std::int64_t take_heap_peak();

}  // namespace xcover::test
