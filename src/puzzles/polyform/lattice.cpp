// SPDX-License-Identifier: MIT
// Cells and shapes, and the four lattices' symmetries: what turns and flips
// a shape, and what moves it without changing it.
#include "puzzles/polyform/lattice.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "puzzles/polyform/names.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

const char* to_string(Lattice lattice) {
  switch (lattice) {
    case Lattice::square:
      return "square";
    case Lattice::triangle:
      return "triangle";
    case Lattice::hex:
      return "hex";
    case Lattice::cube:
      return "cube";
    case Lattice::prism:
      return "prism";
    case Lattice::sphere:
      return "sphere";
    case Lattice::rhombic:
      return "rhombic";
    case Lattice::tetra_octa:
      return "tetra-octa";
  }
  return "?";
}

std::optional<Lattice> lattice_named(std::string_view name) {
  if (name == "square") return Lattice::square;
  if (name == "triangle" || name == "triangular") return Lattice::triangle;
  if (name == "hex" || name == "hexagonal") return Lattice::hex;
  if (name == "cube" || name == "cubic") return Lattice::cube;
  if (name == "prism" || name == "triangular-prism") return Lattice::prism;
  if (name == "sphere" || name == "spheres" || name == "fcc") return Lattice::sphere;
  if (name == "rhombic" || name == "rhombic-dodecahedron") return Lattice::rhombic;
  if (name == "tetra-octa" || name == "tetra_octa") return Lattice::tetra_octa;
  return std::nullopt;
}

// --- shapes ---------------------------------------------------------------

namespace {

struct Bounds {
  int min_row = 0, min_col = 0, max_row = -1, max_col = -1;
  std::size_t rows() const { return static_cast<std::size_t>(std::int64_t{max_row} - min_row + 1); }
  std::size_t cols() const { return static_cast<std::size_t>(std::int64_t{max_col} - min_col + 1); }
};

Bounds bounds_of(const std::vector<Cell>& cells) {
  if (cells.empty()) return Bounds{};
  Bounds b{cells.front().row, cells.front().col, cells.front().row, cells.front().col};
  for (const Cell& cell : cells) {
    b.min_row = std::min(b.min_row, cell.row);
    b.min_col = std::min(b.min_col, cell.col);
    b.max_row = std::max(b.max_row, cell.row);
    b.max_col = std::max(b.max_col, cell.col);
  }
  return b;
}

// Layer by layer, row by row. Most shapes come in order (pictures, boards,
// moved shapes): one pass sees it. A big planar shape out of order (a
// turned piece) is put in order by two stable counting passes, by column
// and then by row, in linear time: std::sort took a second over the 8 turns
// of a 1000x1000 piece. A spread-out shape, whose bounding box dwarfs it,
// and a solid take std::sort. `scratch` is a buffer to reuse.
void sort_cells(std::vector<Cell>& cells, std::vector<Cell>& scratch) {
  if (std::is_sorted(cells.begin(), cells.end())) return;
  const Bounds b = bounds_of(cells);
  constexpr std::size_t small = 256;
  const bool planar = std::all_of(cells.begin(), cells.end(),
                                  [&](const Cell& cell) { return cell.layer == cells[0].layer; });
  if (!planar || cells.size() < small || b.rows() > cells.size() || b.cols() > cells.size()) {
    std::sort(cells.begin(), cells.end());
    return;
  }
  std::vector<Cell>& by_column = scratch;
  by_column.resize(cells.size());
  auto stable_pass = [](const std::vector<Cell>& from, std::vector<Cell>& to, std::size_t keys,
                        auto key_of) {
    std::vector<std::size_t> next(keys + 1, 0);  // where each key's cells go
    for (const Cell& cell : from) ++next[key_of(cell) + 1];
    for (std::size_t k = 1; k <= keys; ++k) next[k] += next[k - 1];
    for (const Cell& cell : from) to[next[key_of(cell)]++] = cell;
  };
  stable_pass(cells, by_column, b.cols(),
              [&](Cell cell) { return static_cast<std::size_t>(cell.col - b.min_col); });
  stable_pass(by_column, cells, b.rows(),
              [&](Cell cell) { return static_cast<std::size_t>(cell.row - b.min_row); });
}

}  // namespace

Shape::Shape(std::vector<Cell> cells) : cells_(std::move(cells)) {
  std::vector<Cell> scratch;
  sort_cells(cells_, scratch);
  cells_.erase(std::unique(cells_.begin(), cells_.end()), cells_.end());
}

Shape Shape::from_picture(const std::vector<std::string>& rows) {
  std::vector<Cell> cells;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      if (rows[r][c] == '#') cells.push_back(Cell{static_cast<int>(r), static_cast<int>(c)});
    }
  }
  return Shape(std::move(cells));
}

bool Shape::contains(Cell cell) const {
  return std::binary_search(cells_.begin(), cells_.end(), cell);
}

Shape Shape::normalized() const {
  if (cells_.empty()) return *this;
  const Bounds b = bounds_of(cells_);
  int min_layer = cells_.front().layer;  // (the cells are sorted by layer first)
  // A shift keeps the cells in order: no sort again.
  Shape moved;
  moved.cells_.reserve(cells_.size());
  for (const Cell& cell : cells_)
    moved.cells_.push_back(
        Cell{cell.row - b.min_row, cell.col - b.min_col, cell.layer - min_layer});
  return moved;
}

std::vector<std::string> Shape::picture() const {
  const Bounds b = bounds_of(cells_);
  std::vector<std::string> picture(b.rows(), std::string(b.cols(), '.'));
  for (const Cell& cell : cells_)
    picture[static_cast<std::size_t>(cell.row - b.min_row)]
           [static_cast<std::size_t>(cell.col - b.min_col)] = '#';
  return picture;
}

// --- symmetries -------------------------------------------------------------

namespace {

// A triangle as three times its centre's coordinates on the basis of two
// edges from a vertex, (u, v), about the vertex at the top of triangle
// (0, 0): the turn by 60 degrees is then (u, v) -> (-v, u + v), and the
// mirror that swaps the two edges (u, v) -> (v, u). Rows are 6 apart in v;
// an up triangle's centre is 4 below its row's top (in sixths), a down
// triangle's 2. (Both formulas give whole numbers and come back exactly.)
std::pair<int, int> triangle_to_uv(Cell cell) {
  const bool up = ((cell.row + cell.col) & 1) == 0;
  return up ? std::pair(3 * cell.col - 3 * cell.row - 2, 6 * cell.row + 4)
            : std::pair(3 * cell.col - 3 * cell.row - 1, 6 * cell.row + 2);
}

Cell triangle_from_uv(int u, int v, int layer) {
  const int rest = ((v % 6) + 6) % 6;  // 4: up, 2: down
  const int row = (v - rest) / 6;
  const int col = rest == 4 ? (u + 3 * row + 2) / 3 : (u + 3 * row + 1) / 3;
  return Cell{row, col, layer};
}

// Turns then a mirror of the plane's triangles (layer kept).
Cell triangle_transform(Cell cell, int turns, bool mirror) {
  auto [u, v] = triangle_to_uv(cell);
  if (mirror) std::swap(u, v);
  for (int k = 0; k < turns; ++k) std::tie(u, v) = std::pair(-v, u + v);
  return triangle_from_uv(u, v, cell.layer);
}

// A symmetry of the solids as a 3x3 integer matrix on (row, col, layer),
// `scale` times an orthogonal one: 1 for the cube's 48, 3 for the sphere
// packing's 240.
using Matrix = std::array<std::array<int, 3>, 3>;

int determinant(const Matrix& m) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
         m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

// The cube's 24 turns and then its 24 mirror images, as signed
// permutations: coordinate i of the image is sign[i] times coordinate
// axis[i] of the cell (row, col, layer). The identity comes first.
std::vector<Matrix> cube_matrices() {
  std::vector<Matrix> turns, mirrors;
  std::array<int, 3> axis = {0, 1, 2};
  do {
    // The permutation's parity: the number of pairs out of order.
    int inversions = 0;
    for (int i = 0; i < 3; ++i)
      for (int j = i + 1; j < 3; ++j) inversions += axis[i] > axis[j] ? 1 : 0;
    for (int signs = 0; signs < 8; ++signs) {
      Matrix m{};
      int negatives = 0;
      for (std::size_t i = 0; i < 3; ++i) {
        const bool negative = ((signs >> i) & 1) != 0;
        m[i][static_cast<std::size_t>(axis[i])] = negative ? -1 : 1;
        negatives += negative ? 1 : 0;
      }
      ((inversions + negatives) % 2 == 0 ? turns : mirrors).push_back(m);
    }
  } while (std::next_permutation(axis.begin(), axis.end()));
  turns.insert(turns.end(), mirrors.begin(), mirrors.end());
  return turns;
}

// Three times the sphere packing's 240 symmetries as BurrTools counts
// them: every orthogonal matrix whose entries are thirds (the integer
// matrices M with M M^T = 9 I). The cube's 24 turns come first, in the
// cube's order, then the 96 turns in thirds (such as the 60-degree turn
// about a body diagonal), then the mirror images in the same order: the
// cube's, then each turn in thirds after the mirror that negates the
// column. The turns in thirds map the packing onto itself only for some
// shapes (a layer of spheres turned in its plane): they are tried on each
// shape.
std::vector<Matrix> sphere_matrices() {
  std::vector<Matrix> cube = cube_matrices();
  for (Matrix& m : cube)
    for (auto& row : m)
      for (int& x : row) x *= 3;
  std::vector<std::array<int, 3>> rows;
  for (int a = -2; a <= 2; ++a)
    for (int b = -2; b <= 2; ++b)
      for (int c = -2; c <= 2; ++c)
        if (a * a + b * b + c * c == 9) rows.push_back({a, b, c});  // (1, 2, 2) signed, permuted
  const auto dot = [](const std::array<int, 3>& x, const std::array<int, 3>& y) {
    return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
  };
  std::vector<Matrix> thirds;
  for (const auto& a : rows)
    for (const auto& b : rows)
      if (dot(a, b) == 0)
        for (const auto& c : rows)
          if (dot(a, c) == 0 && dot(b, c) == 0 && determinant(Matrix{a, b, c}) > 0)
            thirds.push_back(Matrix{a, b, c});
  std::vector<Matrix> all(cube.begin(), cube.begin() + 24);
  all.insert(all.end(), thirds.begin(), thirds.end());
  all.insert(all.end(), cube.begin() + 24, cube.end());
  for (Matrix m : thirds) {
    for (auto& row : m) row[1] = -row[1];
    all.push_back(m);
  }
  return all;
}

const std::vector<Matrix>& matrices(int scale) {
  static const std::vector<Matrix> cube = cube_matrices();
  static const std::vector<Matrix> sphere = sphere_matrices();
  return scale == 1 ? cube : sphere;
}

// On the lattices cut from cubes (cube, rhombic, tetra-octa) a coordinate
// negated is reflected about the centre of a block: v -> offset - v, the
// block's side less one (rhombic 5 - 1) or two blocks' (tetra-octa 6 - 1,
// whose blocks alternate), as BurrTools turns a shape in a box of whole
// blocks.
int reflection_offset(Lattice lattice) {
  switch (lattice) {
    case Lattice::rhombic:
      return 4;
    case Lattice::tetra_octa:
      return 5;
    default:
      return 0;
  }
}

void check_symmetry(Lattice lattice, int symmetry) {
  if (symmetry < 0 || symmetry >= symmetry_count(lattice))
    throw ProblemError("symmetry " + std::to_string(symmetry) + " is not one of the " +
                       std::string(to_string(lattice)) + " lattice's");
}

// Symmetry k of a plane lattice, or of the prism's layers, about the origin.
Cell layered_transform(Lattice lattice, int symmetry, Cell cell) {
  // In the plane: the mirror first (symmetries past the rotations), then
  // the turns. Prisms: symmetry k < 12 turns the plane k % 6 times and
  // mirrors it past 6, turning the layers over with it (a half turn about a
  // line in the plane); past 12, the same with the layers turned over when
  // the plane is not mirrored, and the other way round.
  const int planar = lattice == Lattice::prism ? 6 : rotation_count(lattice);
  const int turns = symmetry % planar;
  const bool mirror = (symmetry / planar) % 2 == 1;
  if (lattice == Lattice::prism) {
    const bool over = mirror != (symmetry >= rotation_count(lattice));
    Cell image = triangle_transform(cell, turns, mirror);
    if (over) image.layer = -image.layer;
    return image;
  }
  if (lattice == Lattice::square) {
    if (mirror) cell.col = -cell.col;
    for (int k = 0; k < turns; ++k) cell = Cell{cell.col, -cell.row, 0};  // a quarter turn
    return cell;
  }
  if (lattice == Lattice::hex) {
    // Axial coordinates (q, r) = (col, row): the turn is (q, r) -> (-r, q + r).
    if (mirror) std::swap(cell.row, cell.col);
    for (int k = 0; k < turns; ++k) cell = Cell{cell.col + cell.row, -cell.row, 0};
    return cell;
  }
  return triangle_transform(cell, turns, mirror);
}

// A cube-cut lattice's symmetry: a signed permutation of the coordinates,
// negation reflecting about a block's centre.
Cell cube_transform(Lattice lattice, int symmetry, Cell cell) {
  const Matrix& m = matrices(1)[static_cast<std::size_t>(symmetry)];
  const std::array<int, 3> from = {cell.row, cell.col, cell.layer};
  const int offset = reflection_offset(lattice);
  std::array<int, 3> to{};
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      if (m[i][j] != 0) to[i] = m[i][j] > 0 ? from[j] : offset - from[j];
  return Cell{to[0], to[1], to[2]};
}

// The sphere packing's symmetry applied to `offset` (a difference of two
// cells); std::nullopt when the image is not a lattice vector.
std::optional<Cell> sphere_transform(int symmetry, Cell offset) {
  const Matrix& m = matrices(3)[static_cast<std::size_t>(symmetry)];
  const std::array<int, 3> from = {offset.row, offset.col, offset.layer};
  std::array<int, 3> to{};
  for (std::size_t i = 0; i < 3; ++i) {
    const int sum = m[i][0] * from[0] + m[i][1] * from[1] + m[i][2] * from[2];
    if (sum % 3 != 0) return std::nullopt;
    to[i] = sum / 3;
  }
  if (((to[0] + to[1] + to[2]) & 1) != 0) return std::nullopt;
  return Cell{to[0], to[1], to[2]};
}

}  // namespace

bool is_solid(Lattice lattice) {
  return lattice != Lattice::square && lattice != Lattice::triangle && lattice != Lattice::hex;
}

bool is_cell(Lattice lattice, Cell cell) {
  switch (lattice) {
    case Lattice::square:
    case Lattice::triangle:
    case Lattice::hex:
      return cell.layer == 0;
    case Lattice::cube:
    case Lattice::prism:
      return true;
    case Lattice::sphere:
      return ((cell.row + cell.col + cell.layer) & 1) == 0;
    case Lattice::rhombic: {
      // In its block of 5x5x5, folded onto 0..2: the coordinates 0, 1 and 2
      // each once (the 24 pieces a block is cut into).
      std::array<int, 3> v = {cell.row - 5 * floor_div(cell.row, 5),
                              cell.col - 5 * floor_div(cell.col, 5),
                              cell.layer - 5 * floor_div(cell.layer, 5)};
      for (int& x : v) x = x > 2 ? 4 - x : x;
      std::sort(v.begin(), v.end());
      return v == std::array<int, 3>{0, 1, 2};
    }
    case Lattice::tetra_octa: {
      // In its block of 3x3x3: the octahedron at the centre, or one of the
      // four tetrahedra at alternate corners, which alternate with the
      // blocks.
      const int br = floor_div(cell.row, 3), bc = floor_div(cell.col, 3),
                bl = floor_div(cell.layer, 3);
      const int r = cell.row - 3 * br, c = cell.col - 3 * bc, l = cell.layer - 3 * bl;
      if (r == 1 && c == 1 && l == 1) return true;
      if (r == 1 || c == 1 || l == 1) return false;
      const int twos = (r == 2) + (c == 2) + (l == 2);
      return ((br + bc + bl) & 1) == 1 ? twos % 2 == 0 : twos % 2 == 1;
    }
  }
  return false;
}

int rotation_count(Lattice lattice) {
  switch (lattice) {
    case Lattice::square:
      return 4;
    case Lattice::triangle:
    case Lattice::hex:
      return 6;
    case Lattice::prism:
      return 12;
    case Lattice::cube:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      return 24;
    case Lattice::sphere:
      return 120;
  }
  return 1;
}

int symmetry_count(Lattice lattice) { return 2 * rotation_count(lattice); }

Cell transform(Lattice lattice, int symmetry, Cell cell) {
  check_symmetry(lattice, symmetry);
  if (lattice == Lattice::sphere) {
    const std::optional<Cell> image = sphere_transform(symmetry, cell);
    if (!image)
      throw ProblemError("symmetry " + std::to_string(symmetry) +
                         " of the sphere lattice does not map cell " + cell_name(lattice, cell) +
                         " onto the lattice (it fits some shapes only: see transform(Shape))");
    return *image;
  }
  if (is_solid(lattice) && lattice != Lattice::prism)
    return cube_transform(lattice, symmetry, cell);
  return layered_transform(lattice, symmetry, cell);
}

std::optional<std::vector<Cell>> transform_cells(Lattice lattice, int symmetry,
                                                 const std::vector<Cell>& cells) {
  check_symmetry(lattice, symmetry);
  std::vector<Cell> image;
  image.reserve(cells.size());
  if (lattice != Lattice::sphere) {
    for (const Cell& cell : cells) image.push_back(transform(lattice, symmetry, cell));
    return image;
  }
  // About the first cell: the others' offsets from it must map to lattice
  // vectors.
  if (cells.empty()) return image;
  const Cell anchor = cells.front();
  for (const Cell& cell : cells) {
    const std::optional<Cell> moved = sphere_transform(
        symmetry, Cell{cell.row - anchor.row, cell.col - anchor.col, cell.layer - anchor.layer});
    if (!moved) return std::nullopt;
    image.push_back(
        Cell{moved->row + anchor.row, moved->col + anchor.col, moved->layer + anchor.layer});
  }
  return image;
}

std::optional<Shape> transform(Lattice lattice, int symmetry, const Shape& shape) {
  std::optional<std::vector<Cell>> image = transform_cells(lattice, symmetry, shape.cells());
  if (!image) return std::nullopt;
  return Shape(std::move(*image));
}

bool is_translation(Lattice lattice, Cell offset) {
  switch (lattice) {
    case Lattice::square:
    case Lattice::hex:
      return offset.layer == 0;
    case Lattice::triangle:
      return offset.layer == 0 && ((offset.row + offset.col) & 1) == 0;
    case Lattice::prism:
      return ((offset.row + offset.col) & 1) == 0;
    case Lattice::cube:
      return true;
    case Lattice::sphere:
      return ((offset.row + offset.col + offset.layer) & 1) == 0;
    case Lattice::rhombic:
      return offset.row % 5 == 0 && offset.col % 5 == 0 && offset.layer % 5 == 0;
    case Lattice::tetra_octa:
      return offset.row % 3 == 0 && offset.col % 3 == 0 && offset.layer % 3 == 0 &&
             ((offset.row / 3 + offset.col / 3 + offset.layer / 3) & 1) == 0;
  }
  return false;
}

Shape normalized(Lattice lattice, const Shape& shape) {
  if (shape.size() == 0) return shape;
  const std::vector<Cell>& cells = shape.cells();
  Cell least = cells.front();
  for (const Cell& cell : cells)
    least = Cell{std::min(least.row, cell.row), std::min(least.col, cell.col),
                 std::min(least.layer, cell.layer)};
  // The translation that brings the least row, column and layer nearest
  // above 0: by whole blocks on the lattices cut from blocks, and with a
  // parity kept on triangles and spheres (a column or a layer further).
  Cell shift{-least.row, -least.col, -least.layer};
  switch (lattice) {
    case Lattice::triangle:
    case Lattice::prism:
    case Lattice::sphere:
      if (!is_translation(lattice, shift)) shift.col += 1;
      break;
    case Lattice::rhombic:
      shift = Cell{-5 * floor_div(least.row, 5), -5 * floor_div(least.col, 5),
                   -5 * floor_div(least.layer, 5)};
      break;
    case Lattice::tetra_octa:
      shift = Cell{-3 * floor_div(least.row, 3), -3 * floor_div(least.col, 3),
                   -3 * floor_div(least.layer, 3)};
      if (!is_translation(lattice, shift)) shift.layer -= 3;
      break;
    default:
      return shape.normalized();
  }
  // A shift keeps the cells sorted.
  std::vector<Cell> moved;
  moved.reserve(cells.size());
  for (const Cell& cell : cells)
    moved.push_back(Cell{cell.row + shift.row, cell.col + shift.col, cell.layer + shift.layer});
  return Shape(std::move(moved));
}

std::vector<Shape> orientations(Lattice lattice, const Shape& shape, bool reflections) {
  std::vector<Shape> found;
  const int count = reflections ? symmetry_count(lattice) : rotation_count(lattice);
  for (int k = 0; k < count; ++k) {
    std::optional<Shape> image = transform(lattice, k, shape);
    if (!image) continue;
    Shape oriented = normalized(lattice, *image);
    if (std::find(found.begin(), found.end(), oriented) == found.end())
      found.push_back(std::move(oriented));
  }
  return found;
}

std::optional<ColouredShape> transform(Lattice lattice, int symmetry, const ColouredShape& shape) {
  if (shape.colours.empty()) {
    std::optional<Shape> image = transform(lattice, symmetry, shape.shape);
    if (!image) return std::nullopt;
    return ColouredShape{normalized(lattice, *image), {}};
  }
  const std::vector<Cell>& cells = shape.shape.cells();
  const std::optional<std::vector<Cell>> image = transform_cells(lattice, symmetry, cells);
  if (!image) return std::nullopt;
  std::vector<std::pair<Cell, int>> pairs;
  pairs.reserve(cells.size());
  for (std::size_t k = 0; k < cells.size(); ++k)
    pairs.emplace_back((*image)[k], k < shape.colours.size() ? shape.colours[k] : 0);
  std::sort(pairs.begin(), pairs.end());
  ColouredShape turned;
  std::vector<Cell> sorted;
  sorted.reserve(pairs.size());
  for (const auto& [cell, colour] : pairs) {
    sorted.push_back(cell);
    turned.colours.push_back(colour);
  }
  // normalized() moves the cells by one translation: their order stays.
  turned.shape = normalized(lattice, Shape(std::move(sorted)));
  return turned;
}

std::vector<ColouredShape> orientations(Lattice lattice, const ColouredShape& shape,
                                        bool reflections) {
  std::vector<ColouredShape> found;
  const int count = reflections ? symmetry_count(lattice) : rotation_count(lattice);
  for (int k = 0; k < count; ++k) {
    std::optional<ColouredShape> oriented = transform(lattice, k, shape);
    if (oriented && std::find(found.begin(), found.end(), *oriented) == found.end())
      found.push_back(std::move(*oriented));
  }
  return found;
}

}  // namespace xcover::polyform
