// SPDX-License-Identifier: MIT
// A solid tiling drawn in space: each piece's surface seen from the front,
// the right and above (an isometric view), painted far to near.
#pragma once

#include <string>

#include "xcover/puzzles/polyform.hpp"
#include "xcover/solver.hpp"

namespace xcover::detail {

// The SVG document of `solution` in space: the pieces assembled, and beside
// them moved apart from the board's centre, so that the inner ones show.
// Throws ProblemError for an option the tiling does not have.
std::string render_solid_view(const polyform::Tiling& tiling, const Solution& solution);

}  // namespace xcover::detail
