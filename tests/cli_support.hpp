// SPDX-License-Identifier: MIT
// Runs the built `xcover` binary as a user would, for the CLI tests.
#pragma once

#include <string>
#include <vector>

namespace xcover::test {

struct CommandResult {
  int exit_code = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

// Runs `xcover ARGS` through the shell with `input` on standard input. ARGS
// is shell text, so quote file names that need it.
CommandResult run_cli(const std::string& args, const std::string& input = "");

// Runs a shell script in which "$XCOVER" is the built binary, capturing the
// output of the whole script.
CommandResult run_script(const std::string& script, const std::string& input = "");

// A file under tests/data.
std::string data_file(const std::string& name);

// The lines of `text`, without their newlines.
std::vector<std::string> lines_of(const std::string& text);

// The blocks of `text` separated by empty lines, each a list of lines (the
// way puzzle commands print their solutions).
std::vector<std::vector<std::string>> blocks_of(const std::string& text);

// The puzzle lines of a file: all but empty lines and '#' comments.
std::vector<std::string> puzzle_lines(const std::string& path);

// True in a build with AddressSanitizer or ThreadSanitizer: tests then scale
// big inputs down, and skip memory limits (the sanitizers reserve far more
// address space than any limit allows).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

// A problem in Knuth's format: items i0 ... i<n-1>, each with one option of
// its own, so that the one solution lies at the end of a chain n deep.
std::string forced_chain(int n);

// Writes `text` to a fresh temporary file and returns its path. Every such
// file is removed when the test program ends, if the test has not already.
std::string temp_file(const std::string& text, const std::string& suffix = ".txt");

}  // namespace xcover::test
