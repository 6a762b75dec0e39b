// SPDX-License-Identifier: MIT
// A tiling as a picture, on every lattice: one filled shape per placed
// piece, bold edges between pieces and round the board, holes blank.
// Squares are drawn as rectangles along rows; triangles, hexagons and the
// layers of cubes cell by cell, with thin edges between a piece's cells.
#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "puzzles/svg/solid_view.hpp"
#include "puzzles/svg/svg_writer.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover {

namespace {

using polyform::Cell;
using polyform::Lattice;

// The fills of a solution's pieces, given copy_numbers' answer for it.
std::vector<Rgb> fills_of(const polyform::Tiling& tiling, const Solution& solution,
                          const std::vector<int>& copies) {
  std::vector<int> first(tiling.pieces.size() + 1, 0);  // piece p's first colour
  for (std::size_t p = 0; p < tiling.pieces.size(); ++p)
    first[p + 1] = first[p] + tiling.pieces[p].copies;
  std::vector<Rgb> fills;
  fills.reserve(solution.options.size());
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    const int piece = tiling.placements[static_cast<std::size_t>(solution.options[k])].piece;
    fills.push_back(distinct_color(first[static_cast<std::size_t>(piece)] + copies[k] - 1));
  }
  return fills;
}

const polyform::Placement& placement_of(const polyform::Tiling& tiling, const Solution& solution,
                                        std::size_t k) {
  return tiling.placements[static_cast<std::size_t>(solution.options[k])];
}

// A piece's shape: its label as data and tooltip, its fill, path data `d`.
std::string piece_element(const std::string& label, Rgb fill, const std::string& d) {
  return "<path class=\"piece\" data-piece=\"" + detail::escaped(label) + "\" fill=\"" +
         detail::hex(fill) + "\" d=\"" + d + "\"><title>" + detail::escaped(label) +
         "</title></path>";
}

std::string title_of(const polyform::Tiling& tiling, const Solution& solution) {
  return "tiling of " + std::to_string(tiling.board.size()) + " cells by " +
         std::to_string(solution.options.size()) + " pieces";
}

// --- squares: rectangles along rows ------------------------------------------

std::string render_squares(const polyform::Tiling& tiling, const Solution& solution) {
  // (Checks the options.)
  const std::vector<int> copies = polyform::copy_numbers(tiling, solution);
  int top = INT_MAX, left = INT_MAX, bottom = INT_MIN, right = INT_MIN;
  for (const Cell& cell : tiling.board.cells()) {
    top = std::min(top, cell.row), bottom = std::max(bottom, cell.row);
    left = std::min(left, cell.col), right = std::max(right, cell.col);
  }
  if (tiling.board.cells().empty()) top = left = 0, bottom = right = -1;
  const int rows = bottom - top + 1, cols = right - left + 1;
  // Cells that far apart stay readable; a 1000x1000 board stays a file of
  // sensible size (a pixel a cell).
  const double size = std::clamp(600.0 / std::max({rows, cols, 1}), 1.0, 32.0);
  const double margin = 4;

  const std::vector<Rgb> fills = fills_of(tiling, solution, copies);
  const std::vector<std::string> labels = polyform::placement_labels(tiling, solution);
  // Which placement covers each cell (-1: none, a hole).
  std::vector<int> owner(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), -1);
  auto cell_at = [&](int r, int c) -> int& {
    return owner[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) +
                 static_cast<std::size_t>(c)];
  };
  for (std::size_t k = 0; k < solution.options.size(); ++k)
    for (const Cell& cell : placement_of(tiling, solution, k).cells.cells())
      cell_at(cell.row - top, cell.col - left) = static_cast<int>(k);

  detail::SvgWriter svg(2 * margin + cols * size, 2 * margin + rows * size,
                        title_of(tiling, solution));
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    // A rectangle for each run of the piece's cells along a row (the cells
    // are sorted row by row).
    const std::vector<Cell>& cells = placement_of(tiling, solution, k).cells.cells();
    std::string d;
    for (std::size_t j = 0; j < cells.size();) {
      std::size_t end = j + 1;
      while (end < cells.size() && cells[end].row == cells[j].row &&
             cells[end].col == cells[end - 1].col + 1)
        ++end;
      const double width = static_cast<double>(end - j) * size;
      d += 'M' + detail::num(margin + (cells[j].col - left) * size) + ' ' +
           detail::num(margin + (cells[j].row - top) * size) + 'h' + detail::num(width) + 'v' +
           detail::num(size) + 'h' + detail::num(-width) + 'z';
      j = end;
    }
    svg.add(piece_element(labels[k], fills[k], d));
  }
  // Bold edges between pieces and round the board.
  const std::string edges = detail::borders(rows, cols, size, margin, margin,
                                            [&](int r, int c) { return cell_at(r, c); });
  svg.add("<path class=\"edges\" fill=\"none\" stroke=\"#222\" stroke-width=\"" +
          detail::num(std::max(1.0, size / 12)) + "\" stroke-linecap=\"square\" d=\"" + edges +
          "\"/>");
  return svg.finish();
}

// --- triangles, hexagons, cubes: cell by cell ----------------------------------

// A corner of a cell on a grid of corners in whole steps, so that cells
// sharing a corner name it alike and draw it at the very same point.
struct Corner {
  int x = 0;
  int y = 0;
};

// A cell's outline: its corners in turn, and the cell across each side
// (from corner k to corner k + 1, the last back to the first).
struct Outline {
  std::array<Corner, 6> corners{};
  std::array<Cell, 6> across{};
  int sides = 0;
};

// The steps: squares (and a cube's layers) in whole cells; triangles in
// half edges across and rows down; hexagons (pointy-top, so that row r + 1
// sits half a hexagon right) in half widths across and half edges down.
Outline outline(Lattice lattice, Cell cell) {
  const int r = cell.row, c = cell.col, l = cell.layer;
  switch (lattice) {
    case Lattice::square:
    case Lattice::cube:
    // BurrTools' sphere, rhombic and tetra-octa cells as the cubes of its
    // grid they take, layer by layer.
    case Lattice::sphere:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      return {{{{c, r}, {c + 1, r}, {c + 1, r + 1}, {c, r + 1}}},
              {{{r - 1, c, l}, {r, c + 1, l}, {r + 1, c, l}, {r, c - 1, l}}},
              4};
    case Lattice::triangle:
    case Lattice::prism:
      // Triangle c of a row spans half edges c to c + 2; it points up when
      // r + c is even (its base below, shared with row r + 1), else down.
      if ((r + c) % 2 == 0)
        return {{{{c + 1, r}, {c + 2, r + 1}, {c, r + 1}}},
                {{{r, c + 1, l}, {r + 1, c, l}, {r, c - 1, l}}},
                3};
      return {{{{c, r}, {c + 2, r}, {c + 1, r + 1}}},
              {{{r - 1, c, l}, {r, c + 1, l}, {r, c - 1, l}}},
              3};
    case Lattice::hex: {
      // The centre at (2c + r, 3r); corners from the top, clockwise.
      const int x = 2 * c + r, y = 3 * r;
      return {{{{x, y - 2},
                {x + 1, y - 1},
                {x + 1, y + 1},
                {x, y + 2},
                {x - 1, y + 1},
                {x - 1, y - 1}}},
              {{{r - 1, c + 1}, {r, c + 1}, {r + 1, c}, {r + 1, c - 1}, {r, c - 1}, {r - 1, c}}},
              6};
    }
  }
  return {};
}

// Where corners land: a step across and a step down in pixels, and the
// origin of each layer (one in the plane; a cube's layers side by side).
struct Frame {
  double step_x = 1;
  double step_y = 1;
  int least_x = 0;  // the board's least corner
  int least_y = 0;
  int least_layer = 0;
  std::vector<std::pair<double, double>> layer_origins;  // by layer - least_layer

  std::string point(Cell cell, Corner corner) const {
    const auto& [x0, y0] = layer_origins[static_cast<std::size_t>(cell.layer - least_layer)];
    return detail::num(x0 + (corner.x - least_x) * step_x) + ' ' +
           detail::num(y0 + (corner.y - least_y) * step_y);
  }
};

// The board's extent in corner steps, and its layers.
struct Extent {
  int least_x = 0, least_y = 0, most_x = 0, most_y = 0;
  int least_layer = 0, most_layer = 0;
};

Extent board_extent(Lattice lattice, const polyform::Board& board) {
  if (board.cells().empty()) return {};
  Extent e{INT_MAX, INT_MAX, INT_MIN, INT_MIN, INT_MAX, INT_MIN};
  for (const Cell& cell : board.cells()) {
    const Outline shape = outline(lattice, cell);
    for (int k = 0; k < shape.sides; ++k) {
      const Corner corner = shape.corners[static_cast<std::size_t>(k)];
      e.least_x = std::min(e.least_x, corner.x), e.most_x = std::max(e.most_x, corner.x);
      e.least_y = std::min(e.least_y, corner.y), e.most_y = std::max(e.most_y, corner.y);
    }
    e.least_layer = std::min(e.least_layer, cell.layer);
    e.most_layer = std::max(e.most_layer, cell.layer);
  }
  return e;
}

// Where everything goes: the frame of corners, the picture's size, and the
// sizes the strokes and labels take.
struct Sheet {
  Frame frame;
  double width = 0, height = 0;
  double board_width = 0;
  double cell_size = 0;               // about a cell's width in pixels
  double font = 0, label_height = 0;  // a cube's layer labels
  int layers = 1;
};

Sheet lay_out(Lattice lattice, const Extent& e) {
  const bool cubes = polyform::is_solid(lattice);  // layers side by side
  const int span_x = e.most_x - e.least_x, span_y = e.most_y - e.least_y;
  Sheet sheet;
  sheet.layers = e.most_layer - e.least_layer + 1;
  const int layers = sheet.layers;

  // A step's length in pixels on the lattice's own unit (an edge), and the
  // scale: the longer side near 600 pixels, a cell at most about as large as
  // a square's 32 pixels and at least a few pixels.
  double unit_x = 1, unit_y = 1;
  double cell_width = 1;  // about a cell's width, in units: what strokes scale by
  int per_row = 1;        // cube layers side by side
  double most_unit = 32, least_unit = 1;
  // Up to five layers in one row; more wrap, as near a square as may be.
  if (cubes)
    per_row =
        layers <= 5 ? layers : static_cast<int>(std::ceil(std::sqrt(static_cast<double>(layers))));
  switch (lattice) {
    case Lattice::square:
    case Lattice::cube:
    case Lattice::sphere:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      break;
    case Lattice::triangle:
    case Lattice::prism:
      unit_x = 0.5, unit_y = std::sqrt(3.0) / 2, most_unit = 40, least_unit = 2;
      cell_width = 0.67;
      break;
    case Lattice::hex:
      unit_x = std::sqrt(3.0) / 2, unit_y = 0.5, most_unit = 20, least_unit = 1;
      cell_width = std::sqrt(3.0);
      break;
  }
  const int down = (layers + per_row - 1) / per_row;
  // A cube's layers a cell apart (and a line for the label above each).
  const double width_units = per_row * (span_x * unit_x + (cubes ? 1 : 0));
  const double height_units = down * (span_y * unit_y + (cubes ? 1 : 0));
  const double unit =
      std::clamp(600.0 / std::max({width_units, height_units, 1.0}), least_unit, most_unit);
  sheet.cell_size = cell_width * unit;
  const double margin = 4;

  Frame& frame = sheet.frame;
  frame.step_x = unit_x * unit, frame.step_y = unit_y * unit;
  frame.least_x = e.least_x, frame.least_y = e.least_y, frame.least_layer = e.least_layer;
  const double board_width = span_x * frame.step_x, board_height = span_y * frame.step_y;
  sheet.board_width = board_width;
  // Labels over a cube's layers: at least 10 pixels high, and room between
  // them for "layer NN".
  sheet.font = cubes ? std::clamp(unit * 0.45, 10.0, 14.0) : 0;
  sheet.label_height = cubes ? sheet.font * 1.6 : 0;
  const double label_height = sheet.label_height;
  const double gap = cubes ? std::max({unit, 12.0, sheet.font * 5 - board_width}) : 0;
  for (int k = 0; k < layers; ++k)
    frame.layer_origins.emplace_back(
        margin + (k % per_row) * (board_width + gap),
        margin + label_height + (k / per_row) * (board_height + label_height + gap));
  // Whole pixels (a renderer rounds a fraction up, so the picture's size
  // and its image's agree).
  sheet.width = std::ceil(2 * margin + per_row * board_width + (per_row - 1) * gap);
  sheet.height = std::ceil(2 * margin + down * (board_height + label_height) + (down - 1) * gap);
  return sheet;
}

// Each piece one path, a closed outline per cell; then each side once:
// bold between pieces and round them, thin inside a piece.
void draw_pieces(detail::SvgWriter& svg, const polyform::Tiling& tiling, const Solution& solution,
                 const std::vector<int>& copies, const Sheet& sheet) {
  const std::vector<Rgb> fills = fills_of(tiling, solution, copies);
  const std::vector<std::string> labels = polyform::placement_labels(tiling, solution);
  const Frame& frame = sheet.frame;
  // Which placement covers each cell (none: a hole, or off the board).
  std::map<Cell, int> owner;
  for (std::size_t k = 0; k < solution.options.size(); ++k)
    for (const Cell& cell : placement_of(tiling, solution, k).cells.cells())
      owner[cell] = static_cast<int>(k);
  auto owner_of = [&](Cell cell) {
    const auto it = owner.find(cell);
    return it == owner.end() ? -1 : it->second;
  };
  std::string bold, thin;
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    std::string d;
    for (const Cell& cell : placement_of(tiling, solution, k).cells.cells()) {
      const Outline shape = outline(tiling.lattice, cell);
      for (int side = 0; side < shape.sides; ++side) {
        const auto j = static_cast<std::size_t>(side);
        d += (side == 0 ? 'M' : 'L') + frame.point(cell, shape.corners[j]);
        const Cell next = shape.across[j];
        const int other = owner_of(next);
        // A side between two covered cells is drawn from the lesser one.
        if (other >= 0 && next < cell) continue;
        (other == static_cast<int>(k) ? thin : bold) +=
            'M' + frame.point(cell, shape.corners[j]) + 'L' +
            frame.point(cell, shape.corners[(j + 1) % static_cast<std::size_t>(shape.sides)]);
      }
      d += 'z';
    }
    svg.add(piece_element(labels[k], fills[k], d));
  }
  svg.add(
      "<path class=\"cell-edges\" fill=\"none\" stroke=\"#222\" stroke-opacity=\"0.35\" "
      "stroke-width=\"" +
      detail::num(std::max(0.5, sheet.cell_size / 40)) + "\" stroke-linecap=\"round\" d=\"" + thin +
      "\"/>");
  svg.add("<path class=\"edges\" fill=\"none\" stroke=\"#222\" stroke-width=\"" +
          detail::num(std::max(1.0, sheet.cell_size / 12)) + "\" stroke-linecap=\"round\" d=\"" +
          bold + "\"/>");
}

std::string render_cells(const polyform::Tiling& tiling, const Solution& solution) {
  // (Checks the options.)
  const std::vector<int> copies = polyform::copy_numbers(tiling, solution);
  const Sheet sheet = lay_out(tiling.lattice, board_extent(tiling.lattice, tiling.board));
  detail::SvgWriter svg(sheet.width, sheet.height, title_of(tiling, solution));
  if (polyform::is_solid(tiling.lattice)) {
    for (int k = 0; k < sheet.layers; ++k) {
      const auto& [x0, y0] = sheet.frame.layer_origins[static_cast<std::size_t>(k)];
      svg.text(x0 + sheet.board_width / 2, y0 - sheet.label_height / 2, sheet.font,
               "layer " + std::to_string(sheet.frame.least_layer + k),
               "class=\"layer\" fill=\"#444\"");
    }
  }
  draw_pieces(svg, tiling, solution, copies, sheet);
  return svg.finish();
}

}  // namespace

std::vector<Rgb> tiling_colors(const polyomino::TilingProblem& tiling, const Solution& solution) {
  return fills_of(tiling, solution, polyform::copy_numbers(tiling, solution));  // (checks)
}

std::string render_svg(const polyomino::TilingProblem& tiling, const Solution& solution) {
  switch (tiling.lattice) {
    case Lattice::square:
      return render_squares(tiling, solution);
    case Lattice::triangle:
    case Lattice::hex:
    case Lattice::cube:
    case Lattice::prism:
      return render_cells(tiling, solution);
    // (Cells cut from cubes, and spheres: their layers say little.)
    case Lattice::sphere:
    case Lattice::rhombic:
    case Lattice::tetra_octa:
      return detail::render_solid_view(tiling, solution);
  }
  return render_squares(tiling, solution);
}

std::string render_svg(const polyomino::TilingProblem& tiling, const Solution& solution,
                       const polyform::Disassembly& found) {
  return detail::render_disassembly_view(tiling, solution, found);
}

}  // namespace xcover
