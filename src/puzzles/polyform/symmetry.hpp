// SPDX-License-Identifier: MIT
// Distinct tilings: the board's symmetries, and one piece's placements cut
// to one of each class under them.
#pragma once

#include <vector>

#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

// One piece's placements, each the sorted board indices of its cells.
using PiecePlacements = std::vector<std::vector<int>>;

// Whether `piece` may be flipped over in this tiling.
bool flips(const Tiling& tiling, const Piece& piece, const TilingOptions& options);

// Fills tiling.symmetries (the board's symmetries that the pieces respect),
// picks the piece to restrict and cuts its placements to one of each class,
// and fills tiling.restricted_piece and tiling.symmetric_placements (whose
// options are numbered as the placements of all pieces in order will be).
void restrict_by_symmetry(Tiling& tiling, const TilingOptions& options,
                          std::vector<PiecePlacements>& placements);

}  // namespace xcover::polyform
