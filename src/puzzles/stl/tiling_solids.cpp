// SPDX-License-Identifier: MIT
// A tiling's solution as solids: each piece's cells made one surface
// (shape_mesh), scaled to millimetres, alone at the origin or assembled
// where it lies on the board, perhaps exploded away from the board's centre.
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "puzzles/polyform/geometry.hpp"
#include "xcover/puzzles/stl.hpp"

namespace xcover::polyform {

namespace {

// The mean of the cells' centres (the origin for no cells).
Point3 centre_of(const LatticeGeometry& geometry, const Shape& shape) {
  Point3 sum;
  for (const Cell& cell : shape.cells()) {
    const Point3 c = cell_centre(geometry, cell);
    sum.x += c.x, sum.y += c.y, sum.z += c.z;
  }
  const double n = std::max(1, shape.size());
  return {sum.x / n, sum.y / n, sum.z / n};
}

// Scales the mesh by `scale` and moves it so that its least x, y and z are
// 0 (every vertex moved alike, so that shared corners stay one point).
void scale_to_origin(Mesh& mesh, double scale) {
  if (mesh.vertices.empty()) return;
  constexpr double far = std::numeric_limits<double>::max();
  Point3 least{far, far, far};
  for (const Point3& p : mesh.vertices)
    least = {std::min(least.x, p.x), std::min(least.y, p.y), std::min(least.z, p.z)};
  for (Point3& p : mesh.vertices)
    p = {(p.x - least.x) * scale, (p.y - least.y) * scale, (p.z - least.z) * scale};
}

const Placement& placement_of(const Tiling& tiling, const Solution& solution, std::size_t k) {
  return tiling.placements[static_cast<std::size_t>(solution.options[k])];
}

}  // namespace

std::vector<Solid> piece_solids(const Tiling& tiling, const Solution& solution,
                                const SolidOptions& options) {
  checked_geometry(tiling.lattice);
  const std::vector<std::string> labels = placement_labels(tiling, solution);  // (checks)
  std::vector<Solid> solids;
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    const Placement& placement = placement_of(tiling, solution, k);
    Solid solid{labels[k], shape_mesh(tiling.lattice, placement.cells)};
    scale_to_origin(solid.mesh, options.scale);
    solids.push_back(std::move(solid));
  }
  return solids;
}

Solid assembled_solid(const Tiling& tiling, const Solution& solution, const SolidOptions& options) {
  const LatticeGeometry& geometry = checked_geometry(tiling.lattice);
  copy_numbers(tiling, solution);  // (checks the options)
  const Point3 board_centre = centre_of(geometry, tiling.board);
  Solid assembly{"solution", {}};
  Mesh& mesh = assembly.mesh;
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    const Shape& cells = placement_of(tiling, solution, k).cells;
    const Point3 centre = centre_of(geometry, cells);
    const Point3 move{(centre.x - board_centre.x) * options.explode,
                      (centre.y - board_centre.y) * options.explode,
                      (centre.z - board_centre.z) * options.explode};
    const Mesh piece = shape_mesh(tiling.lattice, cells);
    const int first = static_cast<int>(mesh.vertices.size());
    for (const Point3& p : piece.vertices)
      mesh.vertices.push_back({p.x + move.x, p.y + move.y, p.z + move.z});
    for (const auto& [a, b, c] : piece.triangles)
      mesh.triangles.push_back({first + a, first + b, first + c});
  }
  scale_to_origin(mesh, options.scale);
  return assembly;
}

}  // namespace xcover::polyform
