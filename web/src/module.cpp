// SPDX-License-Identifier: MIT
// The WebAssembly module's bindings: each file binds its part.
#include <malloc.h>

#include "search.hpp"
#include "xcover/version.hpp"

EMSCRIPTEN_BINDINGS(xcover) {
  xcover::web::bind_problem();
  xcover::web::bind_sudoku();
  xcover::web::bind_puzzles();
  xcover::web::bind_bulk_text();
  xcover::web::bind_option_table();
  emscripten::constant("version", std::string(XCOVER_VERSION_STRING));
  // The bytes the allocator has handed out and not had back: a test's check
  // that disposing frees what a solve took.
  emscripten::function("heapBytes", emscripten::optional_override(
                                        [] { return static_cast<double>(mallinfo().uordblks); }));
}
