// SPDX-License-Identifier: MIT
// The named piece sets and the built-in boards of each lattice.
#include <algorithm>
#include <charconv>
#include <set>
#include <string>

#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

namespace {

Piece picture_piece(const char* name, std::vector<std::string> rows) {
  return Piece{name, Shape::from_picture(rows)};
}

Piece solid_piece(const char* name, std::vector<Cell> cells) {
  return Piece{name, Shape(std::move(cells))};
}

const std::vector<Piece>& tetrominoes() {
  static const std::vector<Piece> pieces = {
      picture_piece("I", {"####"}),       picture_piece("L", {"#.", "#.", "##"}),
      picture_piece("O", {"##", "##"}),   picture_piece("S", {".##", "##."}),
      picture_piece("T", {"###", ".#."}),
  };
  return pieces;
}

const std::vector<Piece>& pentominoes() {
  // Conway's names.
  static const std::vector<Piece> pieces = {
      picture_piece("F", {".##", "##.", ".#."}),    picture_piece("I", {"#####"}),
      picture_piece("L", {"#.", "#.", "#.", "##"}), picture_piece("N", {".#", ".#", "##", "#."}),
      picture_piece("P", {"##", "##", "#."}),       picture_piece("T", {"###", ".#.", ".#."}),
      picture_piece("U", {"#.#", "###"}),           picture_piece("V", {"#..", "#..", "###"}),
      picture_piece("W", {"#..", "##.", ".##"}),    picture_piece("X", {".#.", "###", ".#."}),
      picture_piece("Y", {".#", "##", ".#", ".#"}), picture_piece("Z", {"##.", ".#.", ".##"}),
  };
  return pieces;
}

// Kanoodle's 12 pieces of 55 balls: a tromino, three tetrominoes and eight
// pentominoes, named by shape and size. They lie flat in a square grid: the
// 5x11 tray, or a square layer of the sphere packing (3D Kanoodle).
const std::vector<Piece>& kanoodle() {
  static const std::vector<Piece> pieces = {
      picture_piece("V3", {"#.", "##"}),
      picture_piece("I4", {"####"}),
      picture_piece("L4", {"#.", "#.", "##"}),
      picture_piece("O4", {"##", "##"}),
      picture_piece("L5", {"#.", "#.", "#.", "##"}),
      picture_piece("N5", {".#", ".#", "##", "#."}),
      picture_piece("P5", {"##", "##", "#."}),
      picture_piece("U5", {"#.#", "###"}),
      picture_piece("V5", {"#..", "#..", "###"}),
      picture_piece("W5", {"#..", "##.", ".##"}),
      picture_piece("X5", {".#.", "###", ".#."}),
      picture_piece("Y5", {".#", "##", ".#", ".#"}),
  };
  return pieces;
}

// Square-grid pieces laid in the sphere packing's layer 0, where the spheres
// touching (r, c, 0) are the four at (r +- 1, c +- 1, 0): square cell (r, c)
// is sphere (r + c, r - c, 0), the way pyramid-N lays its squares.
std::vector<Piece> on_spheres(std::vector<Piece> pieces) {
  for (Piece& piece : pieces) {
    std::vector<Cell> cells;
    for (const Cell& cell : piece.shape.cells())
      cells.push_back(Cell{cell.row + cell.col, cell.row - cell.col, 0});
    piece.shape = normalized(Lattice::sphere, Shape(std::move(cells)));
  }
  return pieces;
}

// The cells next to `cell` on the lattice (sharing an edge, or a face).
std::vector<Cell> neighbours(Lattice lattice, Cell cell) {
  const int r = cell.row, c = cell.col, l = cell.layer;
  switch (lattice) {
    case Lattice::square:
      return {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
    case Lattice::hex:
      return {{r, c - 1}, {r, c + 1}, {r - 1, c}, {r - 1, c + 1}, {r + 1, c - 1}, {r + 1, c}};
    case Lattice::triangle:
      // An up triangle's bottom edge is the top edge of the down triangle
      // below it.
      return {{r, c - 1}, {r, c + 1}, ((r + c) & 1) == 0 ? Cell{r + 1, c} : Cell{r - 1, c}};
    case Lattice::cube:
      return {{r - 1, c, l}, {r + 1, c, l}, {r, c - 1, l},
              {r, c + 1, l}, {r, c, l - 1}, {r, c, l + 1}};
    case Lattice::prism:
      return {{r, c - 1, l},
              {r, c + 1, l},
              ((r + c) & 1) == 0 ? Cell{r + 1, c, l} : Cell{r - 1, c, l},
              {r, c, l - 1},
              {r, c, l + 1}};
    case Lattice::sphere: {
      // The twelve at (+-1, +-1, 0) in some order.
      std::vector<Cell> next;
      for (const int a : {-1, 1})
        for (const int b : {-1, 1})
          for (const Cell step : {Cell{a, b, 0}, Cell{a, 0, b}, Cell{0, a, b}})
            next.push_back(Cell{r + step.row, c + step.col, l + step.layer});
      return next;
    }
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      break;  // (no generated sets)
  }
  return {};
}

// One shape of each class under all the lattice's symmetries: the least
// of its orientations.
Shape canonical(Lattice lattice, const Shape& shape) {
  std::vector<Shape> all = orientations(lattice, shape, true);
  return *std::min_element(all.begin(), all.end(),
                           [](const Shape& a, const Shape& b) { return a.cells() < b.cells(); });
}

// Every connected shape of `size` cells on the lattice, once up to its
// symmetries, grown cell by cell, in the order of their canonical cells.
std::vector<Shape> free_shapes(Lattice lattice, int size) {
  auto less = [](const Shape& a, const Shape& b) { return a.cells() < b.cells(); };
  std::set<Shape, decltype(less)> shapes(less);
  shapes.insert(Shape({Cell{0, 0, 0}}));
  for (int n = 1; n < size; ++n) {
    std::set<Shape, decltype(less)> grown(less);
    for (const Shape& shape : shapes) {
      for (const Cell& cell : shape.cells()) {
        for (const Cell& next : neighbours(lattice, cell)) {
          if (shape.contains(next)) continue;
          std::vector<Cell> cells = shape.cells();
          cells.push_back(next);
          grown.insert(canonical(lattice, Shape(std::move(cells))));
        }
      }
    }
    shapes = std::move(grown);
  }
  return {shapes.begin(), shapes.end()};
}

// Generated pieces, named `prefix` and their rank: h1 ... h35.
std::vector<Piece> numbered(const std::vector<Shape>& shapes, const std::string& prefix) {
  std::vector<Piece> pieces;
  for (std::size_t k = 0; k < shapes.size(); ++k)
    pieces.push_back(Piece{prefix + std::to_string(k + 1), shapes[k]});
  return pieces;
}

// Lettered A, B, ... in order.
std::vector<Piece> lettered(const std::vector<Shape>& shapes) {
  std::vector<Piece> pieces;
  for (std::size_t k = 0; k < shapes.size(); ++k)
    pieces.push_back(Piece{std::string(1, static_cast<char>('A' + k)), shapes[k]});
  return pieces;
}

const std::vector<Piece>& soma() {
  // Three cubes in an L (V), and the three ways to stand a fourth on it:
  // on the corner (P, the branch) or on either end (A and B, the two
  // screws, each the other's mirror image); then the flat L, T and Z.
  static const std::vector<Piece> pieces = {
      solid_piece("V", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}),
      solid_piece("L", {{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 0, 0}}),
      solid_piece("T", {{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 1, 0}}),
      solid_piece("Z", {{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 2, 0}}),
      solid_piece("A", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 1}}),
      solid_piece("B", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 1, 1}}),
      solid_piece("P", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}),
  };
  return pieces;
}

const std::vector<Piece>& bedlam() {
  // The 12 pentacubes and one tetracube of the Bedlam cube, as they lie in
  // one of its solutions (row, column, layer).
  static const std::vector<Piece> pieces = {
      solid_piece("A", {{2, 0, 0}, {3, 0, 0}, {3, 1, 0}, {3, 2, 0}, {3, 0, 1}}),
      solid_piece("B", {{1, 2, 0}, {2, 2, 0}, {2, 3, 0}, {3, 3, 0}, {3, 3, 1}}),
      solid_piece("C", {{1, 2, 1}, {2, 1, 0}, {2, 1, 1}, {2, 2, 1}, {2, 2, 2}}),
      solid_piece("D", {{0, 0, 1}, {1, 0, 0}, {1, 0, 1}, {1, 0, 2}, {2, 0, 1}}),
      solid_piece("E", {{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 1, 0}, {1, 1, 1}}),
      solid_piece("F", {{0, 0, 3}, {1, 0, 3}, {1, 1, 3}, {2, 0, 2}, {2, 0, 3}}),
      solid_piece("G", {{0, 1, 3}, {0, 2, 3}, {1, 2, 2}, {1, 3, 2}, {1, 2, 3}}),
      solid_piece("H", {{1, 3, 1}, {2, 3, 1}, {2, 3, 2}, {2, 3, 3}, {3, 3, 2}}),
      solid_piece("J", {{0, 3, 0}, {0, 1, 1}, {0, 2, 1}, {0, 3, 1}, {1, 3, 0}}),
      solid_piece("K", {{0, 0, 2}, {0, 1, 2}, {1, 1, 2}, {2, 1, 2}, {2, 1, 3}}),
      solid_piece("M", {{2, 2, 3}, {3, 2, 2}, {3, 1, 3}, {3, 2, 3}, {3, 3, 3}}),
      solid_piece("N", {{3, 1, 1}, {3, 2, 1}, {3, 0, 2}, {3, 1, 2}, {3, 0, 3}}),
      solid_piece("Q", {{0, 2, 2}, {0, 3, 2}, {0, 3, 3}, {1, 3, 3}}),
  };
  return pieces;
}

// Each piece moved so that its cells start at row, column and layer 0.
std::vector<Piece> normalized_pieces(Lattice lattice, std::vector<Piece> pieces) {
  for (Piece& piece : pieces) piece.shape = normalized(lattice, piece.shape);
  return pieces;
}

}  // namespace

std::vector<Piece> named_pieces(Lattice lattice, std::string_view name) {
  const bool planar_squares = lattice == Lattice::square || lattice == Lattice::cube;
  if (planar_squares && name == "tetrominoes") return tetrominoes();
  if (planar_squares && name == "pentominoes") return pentominoes();
  if (planar_squares && name == "hexominoes") return numbered(free_shapes(Lattice::square, 6), "h");
  if (lattice == Lattice::triangle && name == "hexiamonds")
    return lettered(free_shapes(Lattice::triangle, 6));
  if (lattice == Lattice::hex && name == "tetrahexes")
    return lettered(free_shapes(Lattice::hex, 4));
  if (planar_squares && name == "kanoodle") return kanoodle();
  if (lattice == Lattice::sphere && name == "kanoodle") return on_spheres(kanoodle());
  if (lattice == Lattice::cube && name == "soma") return soma();
  if (lattice == Lattice::cube && name == "bedlam")
    return normalized_pieces(Lattice::cube, bedlam());
  if (lattice == Lattice::sphere && name == "trispheres")
    return numbered(free_shapes(Lattice::sphere, 3), "t");
  if (lattice == Lattice::sphere && name == "tetraspheres")
    return numbered(free_shapes(Lattice::sphere, 4), "q");
  return {};
}

std::vector<std::string> piece_set_names(Lattice lattice) {
  switch (lattice) {
    case Lattice::square:
      return {"tetrominoes", "pentominoes", "hexominoes", "kanoodle"};
    case Lattice::triangle:
      return {"hexiamonds"};
    case Lattice::hex:
      return {"tetrahexes"};
    case Lattice::cube:
      return {"tetrominoes", "pentominoes", "hexominoes", "kanoodle", "soma", "bedlam"};
    case Lattice::sphere:
      return {"trispheres", "tetraspheres", "kanoodle"};
    case Lattice::prism:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      return {};
  }
  return {};
}

// --- boards -------------------------------------------------------------------

namespace {

// The largest side a built-in board takes: a typo should not ask for
// billions of cells.
constexpr int kMostBoardSide = 1000;

// A whole number from 1 to kMostBoardSide, the whole of `text`.
std::optional<int> side(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1 ||
      value > kMostBoardSide)
    return std::nullopt;
  return value;
}

// "AxB" or "AxBxC": the sides, or nothing.
std::optional<std::vector<int>> sides(std::string_view name, std::size_t count) {
  std::vector<int> found;
  while (true) {
    const std::size_t x = name.find('x');
    const std::optional<int> n = side(name.substr(0, x));
    if (!n) return std::nullopt;
    found.push_back(*n);
    if (x == std::string_view::npos) break;
    name.remove_prefix(x + 1);
  }
  if (found.size() != count) return std::nullopt;
  return found;
}

// The side N of "PREFIX-N".
std::optional<int> named_side(std::string_view name, std::string_view prefix) {
  if (!name.starts_with(prefix) || name.size() <= prefix.size() || name[prefix.size()] != '-')
    return std::nullopt;
  return side(name.substr(prefix.size() + 1));
}

Board triangle_board(std::string_view name) {
  std::vector<Cell> cells;
  if (const auto rc = sides(name, 2)) {
    // Row r: C rhombi, each an up triangle and the down one right of it,
    // 2C triangles. A rhombus's bottom edge is the top edge of the one
    // below and half an edge left, so each row starts a column left of the
    // row above (on an up triangle: column R - 1 - r, or one more).
    const int rows = (*rc)[0], cols = (*rc)[1], shift = (rows - 1) % 2;
    for (int r = 0; r < rows; ++r) {
      const int start = rows - 1 - r + shift;
      for (int c = start; c < start + 2 * cols; ++c) cells.push_back(Cell{r, c});
    }
  } else if (const auto n = named_side(name, "hexagon")) {
    // The top half widens by a triangle each side a row, from 2N + 1
    // triangles; the bottom half narrows back. Each row of the top half
    // starts with an up triangle.
    const int side_n = *n, shift = (side_n - 1) % 2;
    for (int r = 0; r < side_n; ++r) {
      const int start = side_n - 1 - r + shift;
      for (int c = start; c < start + 2 * side_n + 1 + 2 * r; ++c) cells.push_back(Cell{r, c});
    }
    for (int k = 0; k < side_n; ++k) {
      const int start = shift + k;
      for (int c = start; c < start + 4 * side_n - 1 - 2 * k; ++c)
        cells.push_back(Cell{side_n + k, c});
    }
  } else if (const auto t = named_side(name, "triangle")) {
    // Row r: 2r + 1 triangles, up at both ends.
    const int side_n = *t, shift = (side_n - 1) % 2;
    for (int r = 0; r < side_n; ++r) {
      const int start = side_n - 1 - r + shift;
      for (int c = start; c < start + 2 * r + 1; ++c) cells.push_back(Cell{r, c});
    }
  }
  return Board(std::move(cells));
}

Board hex_board(std::string_view name) {
  std::vector<Cell> cells;
  if (const auto rc = sides(name, 2)) {
    for (int r = 0; r < (*rc)[0]; ++r)
      for (int c = 0; c < (*rc)[1]; ++c) cells.push_back(Cell{r, c});
  } else if (const auto n = named_side(name, "hexagon")) {
    // Within N - 1 steps of the centre (N - 1, N - 1).
    const int k = *n - 1;
    for (int r = 0; r <= 2 * k; ++r) {
      for (int c = 0; c <= 2 * k; ++c) {
        const int q = c - k, s = r - k;
        if (std::abs(q + s) <= k) cells.push_back(Cell{r, c});
      }
    }
  } else if (const auto t = named_side(name, "triangle")) {
    for (int r = 0; r < *t; ++r)
      for (int c = 0; r + c < *t; ++c) cells.push_back(Cell{r, c});
  }
  return Board(std::move(cells));
}

// pyramid-N: a square pyramid of spheres, N x N on the ground (layer 0),
// each layer's squares on the diagonals, sitting in the hollows of the one
// below (3D Kanoodle's 55 spheres: pyramid-5); tetrahedron-N: a triangular
// pyramid of N(N+1)(N+2)/6 spheres.
Board sphere_board(std::string_view name) {
  std::vector<Cell> cells;
  if (const auto n = named_side(name, "pyramid")) {
    for (int l = 0; l < *n; ++l)
      for (int i = 0; i < *n - l; ++i)
        for (int j = 0; j < *n - l; ++j) cells.push_back(Cell{i + j + l, i - j, l});
  } else if (const auto t = named_side(name, "tetrahedron")) {
    // Sums of (1, 1, 0), (1, 0, 1) and (0, 1, 1): the three at 60 degrees.
    for (int i = 0; i < *t; ++i)
      for (int j = 0; i + j < *t; ++j)
        for (int k = 0; i + j + k < *t; ++k) cells.push_back(Cell{i + j, i + k, j + k});
  }
  return Board(std::move(cells));
}

}  // namespace

std::optional<Board> builtin_board(Lattice lattice, std::string_view name) {
  std::vector<Cell> cells;
  switch (lattice) {
    case Lattice::square:
      if (name == "8x8-centre" || name == "8x8-center") {
        for (int r = 0; r < 8; ++r)
          for (int c = 0; c < 8; ++c)
            if (r < 3 || r > 4 || c < 3 || c > 4) cells.push_back(Cell{r, c});
      } else if (const auto rc = sides(name, 2)) {
        for (int r = 0; r < (*rc)[0]; ++r)
          for (int c = 0; c < (*rc)[1]; ++c) cells.push_back(Cell{r, c});
      }
      break;
    case Lattice::triangle:
      cells = triangle_board(name).cells();
      break;
    case Lattice::hex:
      cells = hex_board(name).cells();
      break;
    case Lattice::cube:
    case Lattice::sphere:
      if (const auto rcl = sides(name, 3)) {
        for (int l = 0; l < (*rcl)[2]; ++l)
          for (int r = 0; r < (*rcl)[0]; ++r)
            for (int c = 0; c < (*rcl)[1]; ++c)
              if (is_cell(lattice, Cell{r, c, l})) cells.push_back(Cell{r, c, l});
      } else if (lattice == Lattice::sphere) {
        cells = sphere_board(name).cells();
      }
      break;
    case Lattice::prism:
      // Layers of the triangle lattice's RxC.
      if (const auto rcl = sides(name, 3)) {
        const std::string plane = std::to_string((*rcl)[0]) + "x" + std::to_string((*rcl)[1]);
        const Board layer = triangle_board(plane);
        for (int l = 0; l < (*rcl)[2]; ++l)
          for (const Cell& cell : layer.cells()) cells.push_back(Cell{cell.row, cell.col, l});
      }
      break;
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      // R x C x L of the grid's cubes (of 5 cells a side, or of 3).
      if (const auto rcl = sides(name, 3)) {
        const int side = lattice == Lattice::rhombic ? 5 : 3;
        for (int l = 0; l < side * (*rcl)[2]; ++l)
          for (int r = 0; r < side * (*rcl)[0]; ++r)
            for (int c = 0; c < side * (*rcl)[1]; ++c)
              if (is_cell(lattice, Cell{r, c, l})) cells.push_back(Cell{r, c, l});
      }
      break;
  }
  if (cells.empty()) return std::nullopt;
  return Board(std::move(cells));
}

std::string board_forms(Lattice lattice) {
  switch (lattice) {
    case Lattice::square:
      return "RxC or 8x8-centre, e.g. 6x10";
    case Lattice::triangle:
      return "RxC, hexagon-N or triangle-N, e.g. 4x9";
    case Lattice::hex:
      return "RxC, hexagon-N or triangle-N, e.g. 4x7";
    case Lattice::cube:
      return "RxCxL, e.g. 3x4x5";
    case Lattice::prism:
      return "RxCxL (R rows of C rhombi, L layers), e.g. 2x3x2";
    case Lattice::sphere:
      return "pyramid-N, tetrahedron-N or RxCxL, e.g. pyramid-5";
    case Lattice::rhombic:
      return "RxCxL (cubes of the grid, 24 cells each), e.g. 2x2x2";
    case Lattice::tetra_octa:
      return "RxCxL (cubes of the grid, 5 cells each), e.g. 2x2x2";
  }
  return "";
}

}  // namespace xcover::polyform
