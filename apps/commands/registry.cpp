// SPDX-License-Identifier: MIT
// The commands, as each registers itself (XCOVER_COMMAND in its own file).
#include <algorithm>

#include "commands/commands.hpp"

namespace xcover::cli {

namespace {

// Built on first use: the commands register from their files' static
// initialisers, in no set order.
std::vector<Command>& registry() {
  static std::vector<Command> all;
  return all;
}

}  // namespace

const std::vector<Command>& commands() { return registry(); }

RegisterCommand::RegisterCommand(const Command& command) {
  std::vector<Command>& all = registry();
  all.insert(std::upper_bound(all.begin(), all.end(), command,
                              [](const Command& a, const Command& b) { return a.order < b.order; }),
             command);
}

}  // namespace xcover::cli
