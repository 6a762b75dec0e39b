// SPDX-License-Identifier: MIT
// Cells and shapes, and the four lattices' symmetries: what turns and flips
// a shape, and what moves it without changing it.
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

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
  }
  return "?";
}

std::optional<Lattice> lattice_named(std::string_view name) {
  if (name == "square") return Lattice::square;
  if (name == "triangle" || name == "triangular") return Lattice::triangle;
  if (name == "hex" || name == "hexagonal") return Lattice::hex;
  if (name == "cube" || name == "cubic") return Lattice::cube;
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

Cell triangle_from_uv(int u, int v) {
  const int rest = ((v % 6) + 6) % 6;  // 4: up, 2: down
  const int row = (v - rest) / 6;
  const int col = rest == 4 ? (u + 3 * row + 2) / 3 : (u + 3 * row + 1) / 3;
  return Cell{row, col, 0};
}

// The 24 turns of the cube and then its 24 mirror images, as signed
// permutations: coordinate i of the image is sign[i] times coordinate
// axis[i] of the cell (row, col, layer). The identity comes first.
struct CubeSymmetry {
  std::array<int, 3> axis;
  std::array<int, 3> sign;
};

const std::vector<CubeSymmetry>& cube_symmetries() {
  static const std::vector<CubeSymmetry> all = [] {
    std::vector<CubeSymmetry> turns, mirrors;
    std::array<int, 3> axis = {0, 1, 2};
    do {
      // The permutation's parity: the number of pairs out of order.
      int inversions = 0;
      for (int i = 0; i < 3; ++i)
        for (int j = i + 1; j < 3; ++j) inversions += axis[i] > axis[j] ? 1 : 0;
      for (int signs = 0; signs < 8; ++signs) {
        CubeSymmetry s{axis, {1, 1, 1}};
        int negatives = 0;
        for (int i = 0; i < 3; ++i) {
          if ((signs >> i) & 1) {
            s.sign[static_cast<std::size_t>(i)] = -1;
            ++negatives;
          }
        }
        ((inversions + negatives) % 2 == 0 ? turns : mirrors).push_back(s);
      }
    } while (std::next_permutation(axis.begin(), axis.end()));
    turns.insert(turns.end(), mirrors.begin(), mirrors.end());
    return turns;
  }();
  return all;
}

}  // namespace

int rotation_count(Lattice lattice) {
  switch (lattice) {
    case Lattice::square:
      return 4;
    case Lattice::triangle:
    case Lattice::hex:
      return 6;
    case Lattice::cube:
      return 24;
  }
  return 1;
}

int symmetry_count(Lattice lattice) { return 2 * rotation_count(lattice); }

Cell transform(Lattice lattice, int symmetry, Cell cell) {
  if (symmetry < 0 || symmetry >= symmetry_count(lattice))
    throw ProblemError("symmetry " + std::to_string(symmetry) + " is not one of the " +
                       std::string(to_string(lattice)) + " lattice's");
  if (lattice == Lattice::cube) {
    const CubeSymmetry& s = cube_symmetries()[static_cast<std::size_t>(symmetry)];
    const std::array<int, 3> from = {cell.row, cell.col, cell.layer};
    return Cell{s.sign[0] * from[static_cast<std::size_t>(s.axis[0])],
                s.sign[1] * from[static_cast<std::size_t>(s.axis[1])],
                s.sign[2] * from[static_cast<std::size_t>(s.axis[2])]};
  }
  // In the plane: the mirror first (symmetries past the rotations), then
  // the turns.
  const int turns = symmetry % rotation_count(lattice);
  const bool mirror = symmetry >= rotation_count(lattice);
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
  auto [u, v] = triangle_to_uv(cell);
  if (mirror) std::swap(u, v);
  for (int k = 0; k < turns; ++k) std::tie(u, v) = std::pair(-v, u + v);
  return triangle_from_uv(u, v);
}

bool is_translation(Lattice lattice, Cell offset) {
  if (lattice == Lattice::cube) return true;
  if (offset.layer != 0) return false;
  return lattice != Lattice::triangle || ((offset.row + offset.col) & 1) == 0;
}

Shape normalized(Lattice lattice, const Shape& shape) {
  if (shape.size() == 0 || lattice != Lattice::triangle) return shape.normalized();
  Shape moved = shape.normalized();
  const Cell first = shape.cells().front();
  const Cell now = moved.cells().front();
  // Moved by (first - now); on triangles that must keep row + col's parity:
  // if it does not, one column further.
  if ((((first.row - now.row) + (first.col - now.col)) & 1) == 0) return moved;
  std::vector<Cell> cells = moved.cells();
  for (Cell& cell : cells) ++cell.col;
  return Shape(std::move(cells));
}

std::vector<Shape> orientations(Lattice lattice, const Shape& shape, bool reflections) {
  std::vector<Shape> found;
  const int count = reflections ? symmetry_count(lattice) : rotation_count(lattice);
  std::vector<Cell> cells;
  for (int k = 0; k < count; ++k) {
    cells.clear();
    for (const Cell& cell : shape.cells()) cells.push_back(transform(lattice, k, cell));
    Shape oriented = normalized(lattice, Shape(std::move(cells)));
    if (std::find(found.begin(), found.end(), oriented) == found.end())
      found.push_back(std::move(oriented));
    cells = {};
  }
  return found;
}

}  // namespace xcover::polyform
