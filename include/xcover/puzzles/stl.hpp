// SPDX-License-Identifier: MIT
// Polyforms as solids, for 3D printing: a shape's cells as one closed
// surface, each piece of a tiling's solution a solid of its own, the whole
// solution assembled (or exploded: its pieces moved apart), written as
// binary STL.
//
//   namespace pf = xcover::polyform;
//   const pf::Tiling& soma = ...;  // make_tiling(pf::Lattice::cube, ...)
//   for (const xcover::Solution& s : xcover::Solver(soma.problem).solutions(...))
//     for (const pf::Solid& piece : pf::piece_solids(soma, s)) {
//       std::ofstream out(piece.name + ".stl", std::ios::binary);
//       pf::write_stl(out, piece);
//     }
//
// Cells in space, in units of the lattice's edge (x right, y away, z up):
//   square    the unit square extruded to a prism of height 1 (volume 1);
//   triangle  the triangle of edge 1 extruded likewise (sqrt(3)/4);
//   hex       the hexagon of edge 1 likewise (3 sqrt(3)/2), pointy-top;
//   cube      the unit cube (1): column along x, layer along y, row down z.
//   prism     the triangle's prism, layer on layer (sqrt(3)/4).
//   sphere    the sphere's Voronoi cell, a rhombic dodecahedron, neighbours'
//             centres an edge apart (1/sqrt(2)): spheres touch at a point
//             alone, which no printer can join; the cells join face to face
//             (two spheres two apart along an axis meet at a corner).
//   rhombic   the cube of BurrTools' 5x5x5 cells an edge, cut into its 24
//             tetrahedra: its centre, a face's centre and an edge of that
//             face (1/24).
//   tetra-octa the cube of 3x3x3 cells an edge: the regular tetrahedron on
//             its four corners of even coordinates (1/3, the centre cell)
//             and at each other corner the eighth of the octahedron centred
//             there (1/6, the corner cells).
// A picture's rows run down the page as they do in its text: seen from
// above (planar lattices) or from the front (cubes), a solid looks like the
// picture. A shape's surface is the cells' faces that do not touch another
// cell of the shape (the faces between two cells cancel), triangulated over
// shared corners: closed, and every edge on two triangles, except where two
// cells meet along an edge alone (cubes edge to edge, squares or triangles
// corner to corner in the plane), whose edge four triangles share, as any
// mesh of that solid must (a mesh checker such as admesh then counts the
// cells on either side as parts of their own; no built-in piece has one).
#pragma once

#include <array>
#include <iosfwd>
#include <string>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/solver.hpp"

namespace xcover::polyform {

// A point in space.
struct Point3 {
  double x = 0;                                                    // right
  double y = 0;                                                    // away
  double z = 0;                                                    // up
  friend bool operator==(const Point3&, const Point3&) = default;  // the same point
};

// A surface of triangles over shared vertices; each triangle's corners run
// counter-clockwise seen from outside the solid (its normal points out).
struct Mesh {
  std::vector<Point3> vertices;               // each corner once
  std::vector<std::array<int, 3>> triangles;  // indices into `vertices`
};

// A named mesh: one piece, or a whole solution.
struct Solid {
  std::string name;  // a piece's label (NAME, or NAME:COPY), or the solution's
  Mesh mesh;         // its surface
};

// Whether cells of the lattice have a shape in space (every lattice: one
// added later, until its geometry is).
XCOVER_API bool has_geometry(Lattice lattice);
// The volume of a cell, in cubed edges (see above): on tetra-octa a
// tetrahedron (the cell at its cube's centre) or an octahedron's eighth (a
// corner) of its cube; alike elsewhere. Throws ProblemError for a lattice
// without geometry.
XCOVER_API double cell_volume(Lattice lattice, Cell cell);

// The closed surface of a shape's cells, in edges, where the cells lie.
// Throws ProblemError for a lattice without geometry or cells off it.
XCOVER_API Mesh shape_mesh(Lattice lattice, const Shape& shape);

// How a tiling's solids are made.
struct SolidOptions {
  // Millimetres (STL's customary unit) per edge of a cell: 10 makes a
  // unit cube 1 cm on each side.
  double scale = 10;
  // assembled_solid moves each piece away from the board's centre by this
  // many times its own centre's distance from it (0: as they lie).
  double explode = 0;
};

// Each piece of `solution` as a solid of its own, in the order of
// solution.options, turned as it lies on the board and moved so that its
// least x, y and z are 0. Throws ProblemError for a lattice without
// geometry or an option the problem does not have.
XCOVER_API std::vector<Solid> piece_solids(const Tiling& tiling, const Solution& solution,
                                           const SolidOptions& options = {});
// The solution assembled: every piece's surface where it lies on the board
// (apart by options.explode), one shell each, moved so that the least x, y
// and z are 0. Throws as piece_solids does.
XCOVER_API Solid assembled_solid(const Tiling& tiling, const Solution& solution,
                                 const SolidOptions& options = {});

// Writes `solid` as binary STL: an 80-byte header naming it (never starting
// with "solid", which readers take for ASCII STL), the triangle count, and
// each triangle's unit normal and corners as little-endian 32-bit floats.
XCOVER_API void write_stl(std::ostream& out, const Solid& solid);
// The same bytes as a string.
XCOVER_API std::string stl_bytes(const Solid& solid);

}  // namespace xcover::polyform
