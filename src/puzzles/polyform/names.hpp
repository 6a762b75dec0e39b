// SPDX-License-Identifier: MIT
// The names a tiling's items take: the pieces', and the cells'.
#pragma once

#include <string>
#include <string_view>

#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

// Empty when `name` may name a piece; otherwise why not. Letters, digits,
// '_' and '-' keep a name one word in the picture format and in Knuth's (no
// blank, ':' or '|'), and leave ':' free for the copies in tiling_picture;
// the cells' names (rNcN, lNrNcN) are taken.
std::string piece_name_error(std::string_view name);

// A cell's item: "rRcC" in the plane, "lLrRcC" on cubes.
std::string cell_name(Lattice lattice, Cell cell);

}  // namespace xcover::polyform
