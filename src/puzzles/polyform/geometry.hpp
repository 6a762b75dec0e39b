// SPDX-License-Identifier: MIT
// The shape of a lattice's cells in space: each cell a convex polyhedron,
// its faces over corners in whole steps (so that cells sharing a corner
// name it alike, and a mesh can join them exactly), and where a corner lies.
// A lattice gets its geometry by one case in geometry_of().
#pragma once

#include <array>
#include <compare>
#include <vector>

#include "xcover/puzzles/polyform.hpp"
#include "xcover/puzzles/stl.hpp"

namespace xcover::polyform {

// A corner of a cell, in the lattice's own whole steps.
struct Corner3 {
  int x = 0;
  int y = 0;
  int z = 0;
  friend auto operator<=>(const Corner3&, const Corner3&) = default;
};

// A face of a cell: its corners in turn round a convex polygon (either way
// round: the mesh turns it outward), and the cell across it, whose own face
// there is the same polygon.
struct CellFace {
  std::vector<Corner3> corners;
  Cell across;
};

// What a lattice's cells are in space.
struct LatticeGeometry {
  // The faces of a cell: a closed convex polyhedron.
  std::vector<CellFace> (*faces)(Cell cell);
  // Where a corner lies, in edges (x right, y away, z up; see stl.hpp).
  Point3 (*point)(Corner3 corner);
  // A cell's volume, in cubed edges.
  double (*cell_volume)(Cell cell);
};

// The lattice's geometry, or nullptr for a lattice that has none yet.
const LatticeGeometry* geometry_of(Lattice lattice);
// The lattice's geometry; ProblemError naming the lattice when it has none.
const LatticeGeometry& checked_geometry(Lattice lattice);

// The centre of a cell (the mean of its faces' corners: inside, the cell
// being convex).
Point3 cell_centre(const LatticeGeometry& geometry, Cell cell);

}  // namespace xcover::polyform
