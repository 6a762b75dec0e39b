// SPDX-License-Identifier: MIT
// The lattices' cells in space: cubes as they are, the planar cells
// extruded to prisms one edge high (a layer's prisms on top of the one
// below, should a planar shape have layers). Corners are named in the steps
// the SVG pictures use (src/puzzles/svg/tiling_svg.cpp), so that a solid
// seen from above looks like its picture.
#include "puzzles/polyform/geometry.hpp"

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace xcover::polyform {

namespace {

// A planar cell's outline: its corners in turn (x across, y down, in the
// lattice's steps) and the cell across each side (from corner k to k + 1).
struct Outline {
  std::vector<std::array<int, 2>> corners;
  std::vector<Cell> across;
};

// The prism over an outline, from z = layer to layer + 1: its sides, then
// its floor and its roof.
std::vector<CellFace> prism(const Outline& outline, Cell cell) {
  const int bottom = cell.layer, top = cell.layer + 1;
  const std::size_t n = outline.corners.size();
  std::vector<CellFace> faces;
  for (std::size_t k = 0; k < n; ++k) {
    const auto [x0, y0] = outline.corners[k];
    const auto [x1, y1] = outline.corners[(k + 1) % n];
    faces.push_back(
        {{{x0, y0, bottom}, {x1, y1, bottom}, {x1, y1, top}, {x0, y0, top}}, outline.across[k]});
  }
  CellFace floor{{}, {cell.row, cell.col, cell.layer - 1}};
  CellFace roof{{}, {cell.row, cell.col, cell.layer + 1}};
  for (const auto& [x, y] : outline.corners) {
    floor.corners.push_back({x, y, bottom});
    roof.corners.push_back({x, y, top});
  }
  faces.push_back(std::move(floor));
  faces.push_back(std::move(roof));
  return faces;
}

// --- square: unit squares, corners in whole cells ---------------------------

std::vector<CellFace> square_faces(Cell cell) {
  const int r = cell.row, c = cell.col, l = cell.layer;
  return prism({{{c, r}, {c + 1, r}, {c + 1, r + 1}, {c, r + 1}},
                {{r - 1, c, l}, {r, c + 1, l}, {r + 1, c, l}, {r, c - 1, l}}},
               cell);
}

Point3 square_point(Corner3 corner) {
  return {static_cast<double>(corner.x), -static_cast<double>(corner.y),
          static_cast<double>(corner.z)};
}

// --- triangle: half edges across, rows down ---------------------------------

std::vector<CellFace> triangle_faces(Cell cell) {
  const int r = cell.row, c = cell.col, l = cell.layer;
  // Triangle c of a row spans half edges c to c + 2; it points up when
  // r + c is even (its base below, shared with row r + 1), else down.
  if ((r + c) % 2 == 0)
    return prism(
        {{{c + 1, r}, {c + 2, r + 1}, {c, r + 1}}, {{r, c + 1, l}, {r + 1, c, l}, {r, c - 1, l}}},
        cell);
  return prism(
      {{{c, r}, {c + 2, r}, {c + 1, r + 1}}, {{r - 1, c, l}, {r, c + 1, l}, {r, c - 1, l}}}, cell);
}

Point3 triangle_point(Corner3 corner) {
  return {corner.x / 2.0, -corner.y * std::sqrt(3.0) / 2, static_cast<double>(corner.z)};
}

// --- hex: pointy-top, half widths across, half edges down -------------------

std::vector<CellFace> hex_faces(Cell cell) {
  const int r = cell.row, c = cell.col, l = cell.layer;
  // The centre at (2c + r, 3r): row r + 1 sits half a hexagon right.
  const int x = 2 * c + r, y = 3 * r;
  return prism(
      {{{x, y - 2}, {x + 1, y - 1}, {x + 1, y + 1}, {x, y + 2}, {x - 1, y + 1}, {x - 1, y - 1}},
       {{r - 1, c + 1, l},
        {r, c + 1, l},
        {r + 1, c, l},
        {r + 1, c - 1, l},
        {r, c - 1, l},
        {r - 1, c, l}}},
      cell);
}

Point3 hex_point(Corner3 corner) {
  return {corner.x * std::sqrt(3.0) / 2, -corner.y / 2.0, static_cast<double>(corner.z)};
}

// --- cube: corners (col, row, layer) ----------------------------------------

std::vector<CellFace> cube_faces(Cell cell) {
  const int r = cell.row, c = cell.col, l = cell.layer;
  auto corner = [&](int dc, int dr, int dl) { return Corner3{c + dc, r + dr, l + dl}; };
  return {
      {{corner(0, 0, 0), corner(1, 0, 0), corner(1, 0, 1), corner(0, 0, 1)}, {r - 1, c, l}},
      {{corner(0, 1, 0), corner(1, 1, 0), corner(1, 1, 1), corner(0, 1, 1)}, {r + 1, c, l}},
      {{corner(0, 0, 0), corner(0, 1, 0), corner(0, 1, 1), corner(0, 0, 1)}, {r, c - 1, l}},
      {{corner(1, 0, 0), corner(1, 1, 0), corner(1, 1, 1), corner(1, 0, 1)}, {r, c + 1, l}},
      {{corner(0, 0, 0), corner(1, 0, 0), corner(1, 1, 0), corner(0, 1, 0)}, {r, c, l - 1}},
      {{corner(0, 0, 1), corner(1, 0, 1), corner(1, 1, 1), corner(0, 1, 1)}, {r, c, l + 1}},
  };
}

// Columns right, layers away, rows down.
Point3 cube_point(Corner3 corner) {
  return {static_cast<double>(corner.x), static_cast<double>(corner.z),
          -static_cast<double>(corner.y)};
}

const LatticeGeometry square_geometry{square_faces, square_point, 1.0};
const LatticeGeometry triangle_geometry{triangle_faces, triangle_point, std::sqrt(3.0) / 4};
const LatticeGeometry hex_geometry{hex_faces, hex_point, 3 * std::sqrt(3.0) / 2};
const LatticeGeometry cube_geometry{cube_faces, cube_point, 1.0};

}  // namespace

const LatticeGeometry* geometry_of(Lattice lattice) {
  // A lattice added to the enum gets its case here: a LatticeGeometry of its
  // cells, or nullptr until it has one (its solids are then refused, by
  // name, never written empty). No default: the compiler names a lattice
  // left out.
  switch (lattice) {
    case Lattice::square:
      return &square_geometry;
    case Lattice::triangle:
      return &triangle_geometry;
    case Lattice::hex:
      return &hex_geometry;
    case Lattice::cube:
      return &cube_geometry;
  }
  return nullptr;
}

const LatticeGeometry& checked_geometry(Lattice lattice) {
  const LatticeGeometry* geometry = geometry_of(lattice);
  if (!geometry)
    throw ProblemError(std::string("the ") + to_string(lattice) +
                       " lattice has no solid geometry yet: its pieces cannot be made solids "
                       "(STL)");
  return *geometry;
}

Point3 cell_centre(const LatticeGeometry& geometry, Cell cell) {
  Point3 sum;
  int corners = 0;
  for (const CellFace& face : geometry.faces(cell))
    for (const Corner3& corner : face.corners) {
      const Point3 p = geometry.point(corner);
      sum.x += p.x, sum.y += p.y, sum.z += p.z;
      ++corners;
    }
  return {sum.x / corners, sum.y / corners, sum.z / corners};
}

bool has_geometry(Lattice lattice) { return geometry_of(lattice) != nullptr; }

double cell_volume(Lattice lattice) { return checked_geometry(lattice).cell_volume; }

}  // namespace xcover::polyform
