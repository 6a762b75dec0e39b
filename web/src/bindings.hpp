// SPDX-License-Identifier: MIT
// What the WebAssembly bindings (embind) share: errors turned into
// JavaScript Errors, search options read from a JavaScript object, and
// results written as plain objects. The JavaScript layer (web/npm/index.mjs)
// makes the API people use out of these.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <atomic>
#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"
#include "xcover/solver.hpp"

namespace xcover::web {

using emscripten::val;

// A JavaScript callback threw: the exception waits in the JavaScript layer,
// which throws it again once the library has unwound (a JavaScript
// exception never crosses the library's frames).
struct CallbackThrew {};

// Throws `error` as a JavaScript Error with the library's message, its
// `name` the library's class (ParseError, with `source` and `line`;
// SudokuError, ProblemError, Error...). A callback's own exception comes out
// as an Error the JavaScript layer replaces with it. `error` is emptied
// first: nothing of C++ is left to unwind when JavaScript throws.
[[noreturn]] void throw_as_javascript(std::exception_ptr& error);

// Runs `body`, turning the library's exceptions into JavaScript Errors.
template <class Body>
decltype(auto) guard(Body&& body) {
  std::exception_ptr error;
  try {
    return body();
  } catch (...) {
    error = std::current_exception();
  }
  throw_as_javascript(error);
}

// What a JavaScript options object asks of a search: limit, nodeLimit,
// timeLimit (seconds), the tree options (read_tree_options), progress (a function given a Progress
// object; it returns false to stop the search, and is called every progressInterval seconds,
// default 1).
struct SearchRequest {
  SearchOptions options;
  std::atomic<bool> cancelled{false};
  val progress = val::undefined();
  bool threw = false;  // the progress callback threw (CallbackThrew)
};
// Reads `from` (undefined or an object) into `request`, wiring the
// progress callback; `request` must stay where it is while it searches.
void read_search_options(const val& from, SearchRequest& request);

// How the tree is grown: propagate (a boolean), itemChoice
// ('first-shortest' or 'most-clashes', from the library's table) and seed (ties between items
// broken at random with it; 0: the first). read_search_options reads them too.
void read_tree_options(const val& from, TreeOptions& options);

// Optional properties of a JavaScript object.
bool has(const val& object, const char* key);
std::uint64_t get_count(const val& object, const char* key, std::uint64_t otherwise);
double get_number(const val& object, const char* key, double otherwise);
// (get_bool: Error "KEY must be true or false" for any other value.)
bool get_bool(const val& object, const char* key, bool otherwise);
std::string get_string(const val& object, const char* key, const std::string& otherwise);

// A JavaScript array of numbers, and one made from a vector.
std::vector<int> to_ints(const val& array, const char* what);
val to_array(const std::vector<int>& values);
val to_array(const std::vector<std::string>& values);

// Text that crosses in bulk (a batch of puzzles, its solutions) goes as
// UTF-8 bytes through the module's memory, which JavaScript's TextEncoder
// and TextDecoder read and write at native speed; a std::string argument
// or result is converted by a JavaScript loop a character (10,000 Sudoku
// lines took 4 ms in and 2 ms out so). One buffer each way, so a call reads
// its input before any other call fills the buffer again.
std::string& bulk_input();
std::string& bulk_output();
// A Uint8Array over `text` (no copy): valid until the module's memory grows
// or `text` changes, so the JavaScript layer decodes it at once.
val bytes_view(const std::string& text);
// Frees the buffers' memory when they hold over a MiB (a batch of a
// million puzzles would otherwise keep 160 MB): a call that read its input
// calls it; the JavaScript layer calls it (releaseBulk) once it has read
// the output.
void release_bulk();
// Gives back `text`'s memory when it holds over a MiB (release_bulk's rule,
// for one buffer).
void release_if_big(std::string& text);
// release_bulk() when it goes out of scope, error or not.
struct ReleaseBulk {
  ReleaseBulk() = default;
  ReleaseBulk(const ReleaseBulk&) = delete;
  ReleaseBulk& operator=(const ReleaseBulk&) = delete;
  ~ReleaseBulk() { release_bulk(); }
};
// Binds inputBuffer(bytes): bulk_input() resized to `bytes`, as a
// Uint8Array for the JavaScript layer to fill at once; and releaseBulk.
void bind_bulk_text();

// A status as JavaScript has it ("solution_limit"), a layout's name
// ("counted-bitsets"), and the layout a JavaScript string asks for (its
// name, or an old spelling: "automatic", "counted_bitsets"), all from the
// library's table (xcover/frontend/names.hpp).
std::string status_name(Status status);
std::string layout_name(Layout layout);
Layout parse_layout(const std::string& name);

// Refuses what the CLI and Python refuse alike (frontend::check_together,
// frontend::check_followed), in JavaScript's spelling: a memoised count
// (`memo`) with a limit, tree options or a seed, and tree options `layout`
// (the one the search runs on) does not follow.
void check_search(const SearchOptions& options, Layout layout, bool memo);

// Binds searchOptionTable() and optionNames(): the library's option table
// and name tables as plain objects.
void bind_option_table();

// Statistics and count results as plain objects; counts (128 bits) are
// decimal strings, which the JavaScript layer makes BigInts.
val statistics_object(const Statistics& statistics);
val count_object(const CountResult& result, const Statistics& statistics);

}  // namespace xcover::web
