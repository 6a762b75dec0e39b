// SPDX-License-Identifier: MIT
// The xcover subcommands. Each takes the words after its name and returns the
// process exit code, and registers itself beside its code:
//
//   XCOVER_COMMAND(40, "queens", run_queens, "place N queens on an N x N board");
//
// (the number orders `xcover --help`'s list). main.cpp finds them here; a new
// command is its file, that line, and its entry in apps/CMakeLists.txt.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace xcover {
struct Reduction;
}

namespace xcover::cli {

struct Command {
  int order;
  const char* name;
  int (*run)(const std::vector<std::string>& args);
  const char* summary;
};

// Every command registered, in their order.
const std::vector<Command>& commands();

// Registers a command when the program starts (see XCOVER_COMMAND).
struct RegisterCommand {
  explicit RegisterCommand(const Command& command);
};

// (Named by __COUNTER__: the CLI is a unity build, several commands in one
// translation unit.)
#define XCOVER_COMMAND_NAME_(counter) registered_command_##counter
#define XCOVER_COMMAND_NAME(counter) XCOVER_COMMAND_NAME_(counter)
#define XCOVER_COMMAND(order, name, run, summary)                                \
  static const ::xcover::cli::RegisterCommand XCOVER_COMMAND_NAME(__COUNTER__) { \
    { order, name, run, summary }                                                \
  }

// "xcover: removed N options and M items in R rounds", DLX-PRE's summary
// (reduce.cpp; solve --preprocess prints it with --stats).
void print_reduction_summary(std::ostream& out, const Reduction& reduction);

}  // namespace xcover::cli
