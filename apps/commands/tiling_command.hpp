// SPDX-License-Identifier: MIT
// What `xcover polyform` and `xcover polyomino` (its square lattice, by its
// old name) share: one command that tiles a board.
#pragma once

#include <string>
#include <vector>

namespace xcover::cli {

// The command `name` with this help text; `any_lattice`: --lattice and the
// lattices' options are offered (polyform), else the square lattice alone
// (polyomino).
int run_tiling_command(const std::string& name, const std::string& synopsis,
                       const std::vector<std::string>& args, bool any_lattice);

}  // namespace xcover::cli
