// SPDX-License-Identifier: MIT
// A solid tiling drawn in space: each piece's surface seen from the front,
// the right and above (an isometric view), painted far to near.
#pragma once

#include <string>

#include "xcover/puzzles/disassembly.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/solver.hpp"

namespace xcover::detail {

// The SVG document of `solution` in space: the pieces assembled, and beside
// them moved apart from the board's centre, so that the inner ones show.
// Throws ProblemError for an option the tiling does not have.
std::string render_solid_view(const polyform::Tiling& tiling, const Solution& solution);

// The sheet of `found`, the solution's disassembly, step by step (svg.hpp's
// render_svg with a disassembly).
std::string render_disassembly_view(const polyform::Tiling& tiling, const Solution& solution,
                                    const polyform::Disassembly& found);

}  // namespace xcover::detail
