// SPDX-License-Identifier: MIT
// A lattice's symmetry applied to a list of cells, each cell's image in
// order: what the board's symmetries permute.
#pragma once

#include <optional>
#include <vector>

#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

// a / b rounded down (C++'s / rounds toward zero): the block of a cell.
constexpr int floor_div(int a, int b) {
  return a / b - ((a % b != 0 && (a < 0) != (b < 0)) ? 1 : 0);
}

// The images of `cells` under symmetry k, in their order, all moved by one
// translation of the lattice; std::nullopt when the symmetry does not map
// them onto the lattice (some of the sphere lattice's turns).
std::optional<std::vector<Cell>> transform_cells(Lattice lattice, int symmetry,
                                                 const std::vector<Cell>& cells);

// A shape and the colour of each of its cells (in the order of
// shape.cells(); empty: no colours), as BurrTools' pieces have them.
struct ColouredShape {
  Shape shape;
  std::vector<int> colours;
  friend bool operator==(const ColouredShape&, const ColouredShape&) = default;
  // By cells, then colours: the least of a class names it.
  friend bool operator<(const ColouredShape& a, const ColouredShape& b) {
    if (a.shape.cells() != b.shape.cells()) return a.shape.cells() < b.shape.cells();
    return a.colours < b.colours;
  }
};

// Symmetry k applied to a coloured shape, normalized; std::nullopt where
// transform(Shape) has none.
std::optional<ColouredShape> transform(Lattice lattice, int symmetry, const ColouredShape& shape);
// The distinct orientations of a coloured shape, normalized, as
// orientations() (two with the same cells and other colours are two).
std::vector<ColouredShape> orientations(Lattice lattice, const ColouredShape& shape,
                                        bool reflections);

}  // namespace xcover::polyform
