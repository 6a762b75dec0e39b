// SPDX-License-Identifier: MIT
// Solids: a shape's surface encloses its cells' volume (the divergence
// theorem over its triangles), is one closed sphere-like sheet (V - E + F =
// 2, each edge on exactly two triangles, once each way round), and its
// triangles face out; a tiling's pieces and its assembly are those
// surfaces; binary STL says what the mesh says, byte for byte.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "xcover/puzzles/polyform.hpp"
#include "xcover/puzzles/stl.hpp"

namespace test_stl {

namespace pf = xcover::polyform;
using pf::Lattice;
using xcover::Solution;

namespace {

// The volume a closed, outward-facing mesh encloses: the sum over its
// triangles of the signed volumes of the tetrahedra they make with the
// origin (the divergence theorem for the field (x, y, z) / 3).
double volume_of(const pf::Mesh& mesh) {
  double six_times = 0;
  for (const auto& [a, b, c] : mesh.triangles) {
    const pf::Point3 &p = mesh.vertices[static_cast<std::size_t>(a)],
                     &q = mesh.vertices[static_cast<std::size_t>(b)],
                     &r = mesh.vertices[static_cast<std::size_t>(c)];
    six_times += p.x * (q.y * r.z - q.z * r.y) - p.y * (q.x * r.z - q.z * r.x) +
                 p.z * (q.x * r.y - q.y * r.x);
  }
  return six_times / 6;
}

// How many triangles hold each edge (its ends, the smaller first), and how
// many hold it as a directed edge a -> b.
struct Edges {
  std::map<std::pair<int, int>, int> undirected;
  std::map<std::pair<int, int>, int> directed;
};

Edges edges_of(const pf::Mesh& mesh) {
  Edges edges;
  for (const auto& triangle : mesh.triangles)
    for (int k = 0; k < 3; ++k) {
      const int a = triangle[static_cast<std::size_t>(k)];
      const int b = triangle[static_cast<std::size_t>((k + 1) % 3)];
      ++edges.undirected[{std::min(a, b), std::max(a, b)}];
      ++edges.directed[{a, b}];
    }
  return edges;
}

// Checks the mesh is a closed oriented sheet of `cells` cells' volume, a
// sphere's (Euler characteristic 2), every edge on two triangles that run
// it opposite ways.
// (`sphere` false: closed, but its cells may meet at a corner alone, as two
// spheres two apart along an axis do: the Euler characteristic is then not
// 2.)
void check_closed_sphere(const pf::Mesh& mesh, int cells, double cell_volume, bool sphere = true) {
  CHECK(volume_of(mesh) == doctest::Approx(cells * cell_volume));
  const Edges edges = edges_of(mesh);
  int bad_edges = 0;
  for (const auto& [edge, triangles] : edges.undirected) bad_edges += triangles != 2;
  CHECK(bad_edges == 0);
  for (const auto& [edge, count] : edges.directed) {
    CHECK(count == 1);
    CHECK(edges.directed.count({edge.second, edge.first}) == 1);
  }
  const long v = static_cast<long>(mesh.vertices.size());
  const long e = static_cast<long>(edges.undirected.size());
  const long f = static_cast<long>(mesh.triangles.size());
  if (sphere) CHECK(v - e + f == 2);
  // Every vertex is used.
  std::set<int> used;
  for (const auto& triangle : mesh.triangles) used.insert(triangle.begin(), triangle.end());
  CHECK(used.size() == mesh.vertices.size());
}

// The first solution of a tiling.
Solution first_solution(const pf::Tiling& tiling) {
  Solution first;
  (void)pf::solve(tiling, [&](const Solution& s) {
    first = s;
    return false;
  });
  return first;
}

struct Extent {
  pf::Point3 least{1e300, 1e300, 1e300};
  pf::Point3 most{-1e300, -1e300, -1e300};
};

Extent extent_of(const pf::Mesh& mesh) {
  Extent e;
  for (const pf::Point3& p : mesh.vertices) {
    e.least = {std::min(e.least.x, p.x), std::min(e.least.y, p.y), std::min(e.least.z, p.z)};
    e.most = {std::max(e.most.x, p.x), std::max(e.most.y, p.y), std::max(e.most.z, p.z)};
  }
  return e;
}

std::uint32_t u32_at(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  for (int k = 3; k >= 0; --k)
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(k)]);
  return value;
}

float float_at(const std::string& bytes, std::size_t at) {
  return std::bit_cast<float>(u32_at(bytes, at));
}

}  // namespace

TEST_CASE("stl: one cell of each lattice is a closed convex solid") {
  for (const Lattice lattice : {Lattice::square, Lattice::triangle, Lattice::hex, Lattice::cube}) {
    CAPTURE(pf::to_string(lattice));
    REQUIRE(pf::has_geometry(lattice));
    const pf::Mesh mesh = pf::shape_mesh(lattice, pf::Shape({{0, 0, 0}}));
    check_closed_sphere(mesh, 1, pf::cell_volume(lattice, pf::Cell{}));
  }
  CHECK(pf::cell_volume(Lattice::square, pf::Cell{}) == 1);
  CHECK(pf::cell_volume(Lattice::cube, pf::Cell{}) == 1);
  CHECK(pf::cell_volume(Lattice::triangle, pf::Cell{}) == doctest::Approx(std::sqrt(3.0) / 4));
  CHECK(pf::cell_volume(Lattice::hex, pf::Cell{}) == doctest::Approx(3 * std::sqrt(3.0) / 2));
  // A cube: 6 squares, 12 triangles, 8 corners; a hexagonal prism: 6
  // rectangles and two hexagons of 4 triangles each.
  CHECK(pf::shape_mesh(Lattice::cube, pf::Shape({{0, 0, 0}})).triangles.size() == 12);
  CHECK(pf::shape_mesh(Lattice::cube, pf::Shape({{0, 0, 0}})).vertices.size() == 8);
  CHECK(pf::shape_mesh(Lattice::hex, pf::Shape({{0, 0, 0}})).triangles.size() == 20);
  // Both triangles of a row, pointing up and down.
  check_closed_sphere(pf::shape_mesh(Lattice::triangle, pf::Shape({{0, 1, 0}})), 1,
                      pf::cell_volume(Lattice::triangle, pf::Cell{}));
}

TEST_CASE("stl: BurrTools' other grids: cells, blocks and boards are closed solids") {
  // Every kind of cell alone (rhombic: the 24 tetrahedra of a cube;
  // tetra-octa: the tetrahedron and the four octahedra's eighths of a cube
  // of each parity), then whole cubes and boards, whose faces between cells
  // must all cancel: a cube of the rhombic grid is a unit cube, of tetra-octa
  // too, a pyramid of spheres one solid of rhombic dodecahedra.
  auto cells_in = [](Lattice lattice, int rows, int cols, int layers) {
    std::vector<pf::Cell> cells;
    for (int l = 0; l < layers; ++l)
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
          if (pf::is_cell(lattice, {r, c, l})) cells.push_back({r, c, l});
    return cells;
  };
  auto volume_of_cells = [](Lattice lattice, const std::vector<pf::Cell>& cells) {
    double volume = 0;
    for (const pf::Cell& cell : cells) volume += pf::cell_volume(lattice, cell);
    return volume;
  };
  for (const auto& [lattice, side] :
       {std::pair{Lattice::rhombic, 5}, std::pair{Lattice::tetra_octa, 6},
        std::pair{Lattice::sphere, 2}, std::pair{Lattice::prism, 2}}) {
    CAPTURE(pf::to_string(lattice));
    REQUIRE(pf::has_geometry(lattice));
    for (const pf::Cell& cell : cells_in(lattice, side, side, side)) {
      CAPTURE(cell.row);
      CAPTURE(cell.col);
      CAPTURE(cell.layer);
      check_closed_sphere(pf::shape_mesh(lattice, pf::Shape({cell})), 1,
                          pf::cell_volume(lattice, cell));
    }
  }
  CHECK(volume_of_cells(Lattice::rhombic, cells_in(Lattice::rhombic, 5, 5, 5)) ==
        doctest::Approx(1));
  CHECK(volume_of_cells(Lattice::tetra_octa, cells_in(Lattice::tetra_octa, 3, 3, 3)) ==
        doctest::Approx(1));
  const std::vector<std::pair<Lattice, std::vector<pf::Cell>>> solids = {
      {Lattice::rhombic, cells_in(Lattice::rhombic, 5, 5, 5)},
      {Lattice::rhombic, cells_in(Lattice::rhombic, 10, 5, 5)},
      {Lattice::tetra_octa, cells_in(Lattice::tetra_octa, 3, 3, 3)},
      {Lattice::tetra_octa, cells_in(Lattice::tetra_octa, 6, 6, 6)},
      {Lattice::sphere, pf::builtin_board(Lattice::sphere, "pyramid-4")->cells()},
      {Lattice::sphere, pf::builtin_board(Lattice::sphere, "tetrahedron-3")->cells()},
      {Lattice::prism, pf::builtin_board(Lattice::prism, "2x3x2")->cells()}};
  for (const auto& [lattice, cells] : solids) {
    CAPTURE(pf::to_string(lattice));
    CAPTURE(cells.size());
    const pf::Mesh mesh = pf::shape_mesh(lattice, pf::Shape(cells));
    CHECK(volume_of(mesh) == doctest::Approx(volume_of_cells(lattice, cells)));
    check_closed_sphere(mesh, 1, volume_of_cells(lattice, cells));
  }
  // One cube of the rhombic grid is the cube: 8 corners, 12 triangles.
  const pf::Mesh cube =
      pf::shape_mesh(Lattice::rhombic, pf::Shape(cells_in(Lattice::rhombic, 5, 5, 5)));
  CHECK(cube.vertices.size() == 8 + 6);  // (each face's centre stays a corner)
  // The sphere sets' pieces are solids too; two spheres two apart along an
  // axis (a right-angled bend of three) have cells that meet at a corner.
  for (const char* set : {"trispheres", "tetraspheres"})
    for (const pf::Piece& piece : pf::named_pieces(Lattice::sphere, set)) {
      CAPTURE(piece.name);
      check_closed_sphere(pf::shape_mesh(Lattice::sphere, piece.shape), piece.shape.size(),
                          pf::cell_volume(Lattice::sphere, pf::Cell{}), false);
    }
}

TEST_CASE("stl: the faces between two cells cancel") {
  // Two cubes: 10 squares; two squares side by side: a 2x1 box.
  const pf::Mesh cubes = pf::shape_mesh(Lattice::cube, pf::Shape({{0, 0, 0}, {0, 0, 1}}));
  CHECK(cubes.triangles.size() == 20);
  CHECK(cubes.vertices.size() == 12);
  check_closed_sphere(cubes, 2, 1);
  const pf::Mesh hexagon =
      pf::shape_mesh(Lattice::triangle, pf::Shape::from_picture({"###", "###"}));
  check_closed_sphere(hexagon, 6, pf::cell_volume(Lattice::triangle, pf::Cell{}));
  // The hexagon's six triangles share their centre: 7 corners a face.
  CHECK(hexagon.vertices.size() == 14);
}

TEST_CASE("stl: the named pieces are closed spheres of their cells' volume") {
  const std::vector<std::pair<Lattice, std::string>> sets = {
      {Lattice::square, "pentominoes"},  {Lattice::square, "hexominoes"},
      {Lattice::triangle, "hexiamonds"}, {Lattice::hex, "tetrahexes"},
      {Lattice::cube, "soma"},           {Lattice::cube, "bedlam"},
      {Lattice::cube, "pentominoes"}};
  for (const auto& [lattice, name] : sets) {
    const std::vector<pf::Piece> pieces = pf::named_pieces(lattice, name);
    REQUIRE(!pieces.empty());
    for (const pf::Piece& piece : pieces) {
      CAPTURE(name);
      CAPTURE(piece.name);
      check_closed_sphere(pf::shape_mesh(lattice, piece.shape), piece.shape.size(),
                          pf::cell_volume(lattice, pf::Cell{}));
    }
  }
}

TEST_CASE("stl: a ring is a torus") {
  // The 3x3 square without its centre: closed, every edge on two
  // triangles, but a hole through it: V - E + F = 0.
  const pf::Mesh ring =
      pf::shape_mesh(Lattice::square, pf::Shape::from_picture({"###", "#.#", "###"}));
  CHECK(volume_of(ring) == doctest::Approx(8));
  const Edges edges = edges_of(ring);
  for (const auto& [edge, triangles] : edges.undirected) CHECK(triangles == 2);
  CHECK(static_cast<long>(ring.vertices.size()) - static_cast<long>(edges.undirected.size()) +
            static_cast<long>(ring.triangles.size()) ==
        0);
}

TEST_CASE("stl: cells that meet along an edge alone share it four ways") {
  // Two cubes edge to edge: the one mesh such a solid has puts four
  // triangles on that edge (no STL can do otherwise); the volume holds.
  const pf::Mesh cubes = pf::shape_mesh(Lattice::cube, pf::Shape({{0, 0, 0}, {1, 1, 0}}));
  CHECK(volume_of(cubes) == doctest::Approx(2));
  const Edges edges = edges_of(cubes);
  int four_ways = 0;
  for (const auto& [edge, triangles] : edges.undirected) {
    CHECK((triangles == 2 || triangles == 4));
    four_ways += triangles == 4;
  }
  CHECK(four_ways == 1);
  // Squares corner to corner in the plane: their prisms' shared upright
  // edge.
  const pf::Mesh squares = pf::shape_mesh(Lattice::square, pf::Shape({{0, 0, 0}, {1, 1, 0}}));
  CHECK(volume_of(squares) == doctest::Approx(2));
  // Cubes corner to corner share a corner alone: every edge still on two.
  const pf::Mesh corner = pf::shape_mesh(Lattice::cube, pf::Shape({{0, 0, 0}, {1, 1, 1}}));
  for (const auto& [edge, triangles] : edges_of(corner).undirected) CHECK(triangles == 2);
}

TEST_CASE("stl: solids look like their pictures") {
  // An L of squares: rows run down (y falls), columns right (x grows).
  const pf::Mesh l = pf::shape_mesh(Lattice::square, pf::Shape::from_picture({"#.", "##"}));
  const Extent e = extent_of(l);
  CHECK(e.least.x == 0);
  CHECK(e.most.x == 2);
  CHECK(e.least.y == -2);
  CHECK(e.most.y == 0);
  CHECK(e.least.z == 0);
  CHECK(e.most.z == 1);
  // A cube's layers go away (y), its rows down (z).
  const Extent cubes = extent_of(pf::shape_mesh(Lattice::cube, pf::Shape({{1, 0, 2}})));
  CHECK(cubes.least.y == 2);
  CHECK(cubes.most.z == -1);
  // Hexagons: row 1 sits half a hexagon right of row 0.
  const Extent row0 = extent_of(pf::shape_mesh(Lattice::hex, pf::Shape({{0, 0, 0}})));
  const Extent row1 = extent_of(pf::shape_mesh(Lattice::hex, pf::Shape({{1, 0, 0}})));
  CHECK(row1.least.x - row0.least.x == doctest::Approx(std::sqrt(3.0) / 2));
  CHECK(row0.least.y - row1.least.y == doctest::Approx(1.5));
}

TEST_CASE("stl: a lattice without geometry is refused by name") {
  const auto unknown = static_cast<Lattice>(99);
  CHECK(!pf::has_geometry(unknown));
  CHECK_THROWS_AS(pf::shape_mesh(unknown, pf::Shape({{0, 0, 0}})), xcover::ProblemError);
  CHECK_THROWS_AS(pf::cell_volume(unknown, pf::Cell{}), xcover::ProblemError);
  try {
    (void)pf::cell_volume(unknown, pf::Cell{});
  } catch (const xcover::ProblemError& e) {
    CHECK(std::string(e.what()).find("has no solid geometry") != std::string::npos);
  }
}

TEST_CASE("stl: a tiling's pieces and its assembly") {
  const pf::Tiling soma = pf::make_tiling(Lattice::cube, *pf::builtin_board(Lattice::cube, "3x3x3"),
                                          pf::named_pieces(Lattice::cube, "soma"));
  const Solution solution = first_solution(soma);
  REQUIRE(solution.options.size() == 7);

  SUBCASE("each piece alone, at the origin, in millimetres") {
    const std::vector<pf::Solid> pieces = pf::piece_solids(soma, solution);
    REQUIRE(pieces.size() == 7);
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      const pf::Placement& placement =
          soma.placements[static_cast<std::size_t>(solution.options[k])];
      CHECK(pieces[k].name == soma.pieces[static_cast<std::size_t>(placement.piece)].name);
      check_closed_sphere(pieces[k].mesh, placement.cells.size(), 1000);
      const Extent e = extent_of(pieces[k].mesh);
      CHECK(e.least == pf::Point3{0, 0, 0});
    }
    const std::vector<pf::Solid> unit = pf::piece_solids(soma, solution, {.scale = 1});
    const int cells = soma.placements[static_cast<std::size_t>(solution.options[0])].cells.size();
    CHECK(volume_of(unit[0].mesh) == doctest::Approx(cells));
  }

  SUBCASE("assembled: the board's box, a shell for each piece") {
    const pf::Solid assembly = pf::assembled_solid(soma, solution, {.scale = 1});
    CHECK(volume_of(assembly.mesh) == doctest::Approx(27));
    const Extent e = extent_of(assembly.mesh);
    CHECK(e.least == pf::Point3{0, 0, 0});
    CHECK(e.most == pf::Point3{3, 3, 3});
    std::size_t triangles = 0;
    for (const pf::Solid& piece : pf::piece_solids(soma, solution))
      triangles += piece.mesh.triangles.size();
    CHECK(assembly.mesh.triangles.size() == triangles);
  }

  SUBCASE("exploded: the pieces apart, the volume kept") {
    const pf::Solid exploded = pf::assembled_solid(soma, solution, {.scale = 1, .explode = 1});
    CHECK(volume_of(exploded.mesh) == doctest::Approx(27));
    const Extent e = extent_of(exploded.mesh);
    CHECK(e.most.x > 3);
    CHECK(e.most.z > 3);
  }

  SUBCASE("a solution of another problem") {
    Solution other = solution;
    other.options.back() = static_cast<int>(soma.placements.size());
    CHECK_THROWS_AS(pf::piece_solids(soma, other), xcover::ProblemError);
    CHECK_THROWS_AS(pf::assembled_solid(soma, other), xcover::ProblemError);
  }
}

TEST_CASE("stl: pieces with copies are named by copy") {
  std::vector<pf::Piece> pieces = {{"D", pf::Shape::from_picture({"##"}), 2}};
  const pf::Tiling dominoes =
      pf::make_tiling(Lattice::square, *pf::builtin_board(Lattice::square, "2x2"), pieces);
  const std::vector<pf::Solid> solids = pf::piece_solids(dominoes, first_solution(dominoes));
  REQUIRE(solids.size() == 2);
  CHECK(solids[0].name == "D:1");
  CHECK(solids[1].name == "D:2");
}

TEST_CASE("stl: binary STL, little-endian, with normals") {
  const pf::Solid cube{"cube", pf::shape_mesh(Lattice::cube, pf::Shape({{0, 0, 0}}))};
  const std::string bytes = pf::stl_bytes(cube);
  REQUIRE(bytes.size() == 84 + 50 * 12);
  CHECK(bytes.rfind("solid", 0) != 0);  // (readers would take it for ASCII)
  CHECK(bytes.substr(0, 11) == "xcover cube");
  CHECK(u32_at(bytes, 80) == 12);
  for (std::size_t t = 0; t < 12; ++t) {
    const std::size_t at = 84 + 50 * t;
    const pf::Point3 normal{float_at(bytes, at), float_at(bytes, at + 4), float_at(bytes, at + 8)};
    CHECK(std::abs(normal.x) + std::abs(normal.y) + std::abs(normal.z) == doctest::Approx(1));
    // The normal points away from the cube's centre (0.5, 0.5, -0.5).
    const pf::Point3 corner{float_at(bytes, at + 12), float_at(bytes, at + 16),
                            float_at(bytes, at + 20)};
    CHECK(normal.x * (corner.x - 0.5) + normal.y * (corner.y - 0.5) + normal.z * (corner.z + 0.5) >
          0);
    CHECK(bytes[at + 48] == 0);
    CHECK(bytes[at + 49] == 0);
  }
  // A name past the header is cut.
  const pf::Solid long_name{std::string(200, 'x'), cube.mesh};
  CHECK(pf::stl_bytes(long_name).size() == bytes.size());
}

}  // namespace test_stl
