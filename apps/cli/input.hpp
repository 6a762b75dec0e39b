// SPDX-License-Identifier: MIT
// The commands' input: a file, or standard input for "-", read so that a
// stop is honoured while reading too. Ctrl-C (SIGTERM, SIGHUP) or the end of
// --time-limit ends the input within a tenth of a second, even while a
// slow pipe or a terminal keeps the reader waiting; the rest then reads as
// the end of the input, and stopped() says why.
#pragma once

#include <istream>
#include <memory>
#include <string>

namespace xcover::cli {

class Input : public std::istream {
 public:
  enum class Stop { none, interrupted, time_limit };

  // "-" is standard input. Throws InputError ("FILE: reason") when the
  // file cannot be opened or is a directory.
  explicit Input(const std::string& path);
  ~Input() override;
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  // Why the input was cut short, if it was.
  Stop stopped() const;
  // "<stdin>" or the path, as messages name the input.
  const std::string& name() const { return name_; }

 private:
  class Buffer;
  std::string name_;
  std::unique_ptr<Buffer> buffer_;
};

// When the input was cut short: says so on stderr and returns the exit code
// (130 for a signal, 3 for the time limit); else 0.
int stopped_reading(const Input& input);

// The time limit of the whole command (reading, building and searching),
// counted from its start; 0: none. search_options() sets it from
// --time-limit and gives the search what is left of it.
void set_command_time_limit(double seconds);
// Seconds since the command started.
double command_seconds();
// True once the command's time limit has passed.
bool past_command_time_limit();
// What is left of the command's time limit, as a search's time_limit: 0
// when there is none, else at least 1 ns (0 would mean none).
double command_time_left();

}  // namespace xcover::cli
