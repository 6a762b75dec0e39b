// SPDX-License-Identifier: MIT
// A shape's surface: the faces of its cells that no other cell of the shape
// covers, each turned outward and cut into a fan of triangles, over corners
// joined by their whole-step names (so that a corner shared by cells is one
// vertex, at the very same point, and no edge ends in another's middle:
// faces meet whole edge to whole edge).
#include <algorithm>
#include <map>
#include <vector>

#include "puzzles/polyform/geometry.hpp"
#include "xcover/puzzles/stl.hpp"

namespace xcover::polyform {

namespace {

// Whether the polygon's corners run counter-clockwise seen from the side
// away from `inside` (Newell's normal, which any convex polygon's corners
// give exactly, against the direction from `inside` to the polygon).
bool faces_away(const std::vector<Point3>& polygon, Point3 inside) {
  Point3 normal;
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const Point3& a = polygon[k];
    const Point3& b = polygon[(k + 1) % polygon.size()];
    normal.x += (a.y - b.y) * (a.z + b.z);
    normal.y += (a.z - b.z) * (a.x + b.x);
    normal.z += (a.x - b.x) * (a.y + b.y);
  }
  const Point3& p = polygon.front();
  return normal.x * (p.x - inside.x) + normal.y * (p.y - inside.y) + normal.z * (p.z - inside.z) >
         0;
}

}  // namespace

Mesh shape_mesh(Lattice lattice, const Shape& shape) {
  const LatticeGeometry& geometry = checked_geometry(lattice);
  Mesh mesh;
  std::map<Corner3, int> vertex_of;
  auto vertex = [&](Corner3 corner) {
    const auto [at, added] = vertex_of.try_emplace(corner, static_cast<int>(mesh.vertices.size()));
    if (added) mesh.vertices.push_back(geometry.point(corner));
    return at->second;
  };
  for (const Cell& cell : shape.cells()) {
    const Point3 centre = cell_centre(geometry, cell);
    for (const CellFace& face : geometry.faces(cell)) {
      if (shape.contains(face.across)) continue;  // inside the solid
      std::vector<int> ring;
      std::vector<Point3> polygon;
      for (const Corner3& corner : face.corners) {
        ring.push_back(vertex(corner));
        polygon.push_back(geometry.point(corner));
      }
      if (!faces_away(polygon, centre)) std::reverse(ring.begin(), ring.end());
      for (std::size_t k = 1; k + 1 < ring.size(); ++k)
        mesh.triangles.push_back({ring[0], ring[k], ring[k + 1]});
    }
  }
  return mesh;
}

}  // namespace xcover::polyform
