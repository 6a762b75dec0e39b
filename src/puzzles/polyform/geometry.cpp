// SPDX-License-Identifier: MIT
// The lattices' cells in space: cubes as they are, the planar cells
// extruded to prisms one edge high (a layer's prisms on top of the one
// below, should a planar shape have layers). Corners are named in the steps
// the SVG pictures use (src/puzzles/svg/tiling_svg.cpp), so that a solid
// seen from above looks like its picture.
#include "puzzles/polyform/geometry.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "puzzles/polyform/lattice.hpp"

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

// --- BurrTools' solid grids ---------------------------------------------------

// A triangle face (the rhombic and tetra-octa cells are tetrahedra), its
// cell across filled in by across_faces().
CellFace triangle_face(Corner3 a, Corner3 b, Corner3 c) { return {{a, b, c}, Cell{}}; }

// The rhombic grid: each cube of 5x5x5 cells is cut into 24 tetrahedra,
// each the cube's centre, the centre of a face and an edge of that face:
// the coordinate 0 or 4 (folded) names the face, the one of 1 or 3 the
// edge's side of it, the one of 2 the edge's direction. Corners doubled.
std::vector<CellFace> rhombic_cell_faces(Cell cell) {
  const std::array<int, 3> v = {cell.col, cell.row, cell.layer};
  std::array<int, 3> origin{}, face_at{}, centre{};
  int face_axis = 0, side_axis = 0, along = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const int block = floor_div(v[i], 5), rest = v[i] - 5 * block;
    origin[i] = 2 * block;
    centre[i] = origin[i] + 1;
    const int folded = std::min(rest, 4 - rest);
    if (folded == 0) face_axis = static_cast<int>(i);
    if (folded == 1) side_axis = static_cast<int>(i);
    if (folded == 2) along = static_cast<int>(i);
    face_at[i] = rest < 2 ? origin[i] : origin[i] + 2;  // the low side or the high one
  }
  std::array<int, 3> f = centre;
  f[static_cast<std::size_t>(face_axis)] = face_at[static_cast<std::size_t>(face_axis)];
  std::array<int, 3> v1 = f, v2 = f;
  v1[static_cast<std::size_t>(side_axis)] = v2[static_cast<std::size_t>(side_axis)] =
      face_at[static_cast<std::size_t>(side_axis)];
  v1[static_cast<std::size_t>(along)] = origin[static_cast<std::size_t>(along)];
  v2[static_cast<std::size_t>(along)] = origin[static_cast<std::size_t>(along)] + 2;
  const auto at = [](const std::array<int, 3>& p) { return Corner3{p[0], p[1], p[2]}; };
  return {triangle_face(at(f), at(v1), at(v2)), triangle_face(at(centre), at(v1), at(v2)),
          triangle_face(at(centre), at(f), at(v1)), triangle_face(at(centre), at(f), at(v2))};
}

// The tetra-octa grid: each cube of 3x3x3 cells holds the regular
// tetrahedron on its four corners whose coordinates' sum is even (the cell
// at its centre) and, at each of the other four (the cells at those
// corners), the eighth of the octahedron centred there: the corner and its
// three neighbours along the cube's edges. Corners in whole cubes.
std::vector<CellFace> tetra_octa_cell_faces(Cell cell) {
  const std::array<int, 3> v = {cell.col, cell.row, cell.layer};
  std::array<int, 3> block{}, rest{};
  for (std::size_t i = 0; i < 3; ++i) {
    block[i] = floor_div(v[i], 3);
    rest[i] = v[i] - 3 * block[i];
  }
  const auto at = [](const std::array<int, 3>& p) { return Corner3{p[0], p[1], p[2]}; };
  if (rest == std::array<int, 3>{1, 1, 1}) {
    // The corners whose coordinates' sum is even (the odd ones are the
    // octahedra's centres: the cells at the corners, whichever the block).
    std::vector<std::array<int, 3>> corners;
    for (int k = 0; k < 8; ++k) {
      const std::array<int, 3> p = {block[0] + (k & 1), block[1] + (k >> 1 & 1),
                                    block[2] + (k >> 2 & 1)};
      if (((p[0] + p[1] + p[2]) & 1) == 0) corners.push_back(p);
    }
    return {triangle_face(at(corners[0]), at(corners[1]), at(corners[2])),
            triangle_face(at(corners[0]), at(corners[1]), at(corners[3])),
            triangle_face(at(corners[0]), at(corners[2]), at(corners[3])),
            triangle_face(at(corners[1]), at(corners[2]), at(corners[3]))};
  }
  std::array<int, 3> p{};
  for (std::size_t i = 0; i < 3; ++i) p[i] = block[i] + rest[i] / 2;
  std::array<std::array<int, 3>, 3> q{p, p, p};
  for (std::size_t i = 0; i < 3; ++i) q[i][i] = rest[i] == 0 ? p[i] + 1 : p[i] - 1;
  return {triangle_face(at(p), at(q[0]), at(q[1])), triangle_face(at(p), at(q[0]), at(q[2])),
          triangle_face(at(p), at(q[1]), at(q[2])), triangle_face(at(q[0]), at(q[1]), at(q[2]))};
}

// Each face's cell across: the cell near it with the same face, found once
// for each kind of cell (its place in its block, and the block's parity on
// tetra-octa) and kept as an offset.
struct FaceTable {
  int period;                                               // the block's side
  std::vector<CellFace> (*faces)(Cell);                     // without `across`
  std::map<std::array<int, 4>, std::vector<Cell>> offsets;  // kind -> offset of each face's
};

std::array<int, 4> kind_of(const FaceTable& table, Cell cell) {
  const int p = table.period;
  const int br = floor_div(cell.row, p), bc = floor_div(cell.col, p), bl = floor_div(cell.layer, p);
  return {cell.row - p * br, cell.col - p * bc, cell.layer - p * bl, (br + bc + bl) & 1};
}

std::vector<Corner3> sorted_corners(std::vector<Corner3> corners) {
  std::sort(corners.begin(), corners.end());
  return corners;
}

// The table of a lattice cut from blocks of `period`: every kind of cell
// met in two blocks each way, each face matched against the cells about it.
FaceTable make_table(Lattice lattice, int period, std::vector<CellFace> (*faces)(Cell)) {
  FaceTable table{period, faces, {}};
  const int reach = 2 * period;
  for (int l = 0; l < 2 * period; ++l)
    for (int r = 0; r < 2 * period; ++r)
      for (int c = 0; c < 2 * period; ++c) {
        const Cell cell{r, c, l};
        if (!is_cell(lattice, cell) || table.offsets.count(kind_of(table, cell))) continue;
        const std::vector<CellFace> own = faces(cell);
        std::vector<Cell> offsets(own.size(), Cell{0, 0, 0});
        for (std::size_t f = 0; f < own.size(); ++f) {
          const std::vector<Corner3> want = sorted_corners(own[f].corners);
          for (int dl = -reach; dl <= reach; ++dl)
            for (int dr = -reach; dr <= reach; ++dr)
              for (int dc = -reach; dc <= reach; ++dc) {
                const Cell other{r + dr, c + dc, l + dl};
                if ((dr == 0 && dc == 0 && dl == 0) || !is_cell(lattice, other)) continue;
                for (const CellFace& face : faces(other))
                  if (sorted_corners(face.corners) == want) offsets[f] = Cell{dr, dc, dl};
              }
        }
        table.offsets.emplace(kind_of(table, cell), std::move(offsets));
      }
  return table;
}

std::vector<CellFace> across_faces(const FaceTable& table, Cell cell) {
  std::vector<CellFace> faces = table.faces(cell);
  const std::vector<Cell>& offsets = table.offsets.at(kind_of(table, cell));
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const Cell d = offsets[f];
    faces[f].across = Cell{cell.row + d.row, cell.col + d.col, cell.layer + d.layer};
  }
  return faces;
}

std::vector<CellFace> rhombic_faces(Cell cell) {
  static const FaceTable table = make_table(Lattice::rhombic, 5, rhombic_cell_faces);
  return across_faces(table, cell);
}

std::vector<CellFace> tetra_octa_faces(Cell cell) {
  static const FaceTable table = make_table(Lattice::tetra_octa, 3, tetra_octa_cell_faces);
  return across_faces(table, cell);
}

// Corners in half a cube's edge (rhombic), in whole cubes (tetra-octa), in
// the packing's doubled coordinates (spheres, whose neighbours are a
// sphere's diameter, one edge, apart): columns right, layers away, rows
// down, as cubes.
Point3 rhombic_point(Corner3 corner) { return {corner.x / 2.0, corner.z / 2.0, -corner.y / 2.0}; }

Point3 sphere_point(Corner3 corner) {
  const double unit = 1 / (2 * std::sqrt(2.0));
  return {corner.x * unit, corner.z * unit, -corner.y * unit};
}

double rhombic_volume(Cell) { return 1.0 / 24; }
double sphere_volume(Cell) { return 1 / std::sqrt(2.0); }
double tetra_octa_volume(Cell cell) {
  const bool centre = cell.row - 3 * floor_div(cell.row, 3) == 1;
  return centre ? 1.0 / 3 : 1.0 / 6;
}

// A sphere of the packing as its Voronoi cell, the rhombic dodecahedron
// (the solid the spheres' cells fill space with, joined face to face; a
// piece of spheres touching at points alone could not be printed): one
// rhombus toward each of the twelve neighbours. Corners doubled.
std::vector<CellFace> sphere_cell_faces(Cell cell) {
  const std::array<int, 3> p = {2 * cell.col, 2 * cell.row, 2 * cell.layer};
  std::vector<CellFace> faces;
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = i + 1; j < 3; ++j) {
      const std::size_t k = 3 - i - j;
      for (const int si : {-1, 1})
        for (const int sj : {-1, 1}) {
          auto corner = [&](int di, int dj, int dk) {
            std::array<int, 3> c = p;
            c[i] += di, c[j] += dj, c[k] += dk;
            return Corner3{c[0], c[1], c[2]};
          };
          std::array<int, 3> step{};
          step[i] = si, step[j] = sj;
          faces.push_back(
              {{corner(2 * si, 0, 0), corner(si, sj, 1), corner(0, 2 * sj, 0), corner(si, sj, -1)},
               Cell{cell.row + step[1], cell.col + step[0], cell.layer + step[2]}});
        }
    }
  return faces;
}

double unit_volume(Cell) { return 1.0; }
double triangle_volume(Cell) { return std::sqrt(3.0) / 4; }
double hex_volume(Cell) { return 3 * std::sqrt(3.0) / 2; }

const LatticeGeometry square_geometry{square_faces, square_point, unit_volume};
const LatticeGeometry triangle_geometry{triangle_faces, triangle_point, triangle_volume};
const LatticeGeometry hex_geometry{hex_faces, hex_point, hex_volume};
const LatticeGeometry cube_geometry{cube_faces, cube_point, unit_volume};
const LatticeGeometry sphere_geometry{sphere_cell_faces, sphere_point, sphere_volume};
const LatticeGeometry rhombic_geometry{rhombic_faces, rhombic_point, rhombic_volume};
const LatticeGeometry tetra_octa_geometry{tetra_octa_faces, cube_point, tetra_octa_volume};

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
    case Lattice::prism:  // (the triangles' prisms, layer on layer)
      return &triangle_geometry;
    case Lattice::sphere:
      return &sphere_geometry;
    case Lattice::rhombic:
      return &rhombic_geometry;
    case Lattice::tetra_octa:
      return &tetra_octa_geometry;
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

double cell_volume(Lattice lattice, Cell cell) {
  return checked_geometry(lattice).cell_volume(cell);
}

}  // namespace xcover::polyform
