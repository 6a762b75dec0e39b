// SPDX-License-Identifier: MIT
// A polyomino tiling as a picture: one filled shape per placed piece.
#include <algorithm>
#include <climits>
#include <vector>

#include "svg_writer.hpp"

namespace xcover {

namespace {

// The fills of a solution's pieces, given copy_numbers' answer for it.
std::vector<Rgb> fills_of(const polyomino::TilingProblem& tiling, const Solution& solution,
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

}  // namespace

std::vector<Rgb> tiling_colors(const polyomino::TilingProblem& tiling, const Solution& solution) {
  return fills_of(tiling, solution, polyomino::copy_numbers(tiling, solution));  // (checks)
}

std::string render_svg(const polyomino::TilingProblem& tiling, const Solution& solution) {
  using polyomino::Cell;
  // (Checks the options.)
  const std::vector<int> copies = polyomino::copy_numbers(tiling, solution);
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
  // Which placement covers each cell (-1: none, a hole).
  std::vector<int> owner(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), -1);
  auto cell_at = [&](int r, int c) -> int& {
    return owner[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) +
                 static_cast<std::size_t>(c)];
  };
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    const polyomino::Placement& placement =
        tiling.placements[static_cast<std::size_t>(solution.options[k])];
    for (const Cell& cell : placement.cells.cells())
      cell_at(cell.row - top, cell.col - left) = static_cast<int>(k);
  }

  detail::SvgWriter svg(2 * margin + cols * size, 2 * margin + rows * size,
                        "tiling of " + std::to_string(tiling.board.size()) + " cells by " +
                            std::to_string(solution.options.size()) + " pieces");
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    const polyomino::PolyominoPiece& piece = tiling.pieces[static_cast<std::size_t>(
        tiling.placements[static_cast<std::size_t>(solution.options[k])].piece)];
    const std::string label =
        piece.copies > 1 ? piece.name + ":" + std::to_string(copies[k]) : piece.name;
    // A rectangle for each run of the piece's cells along a row (the cells
    // are sorted row by row).
    const std::vector<Cell>& cells =
        tiling.placements[static_cast<std::size_t>(solution.options[k])].cells.cells();
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
    svg.add("<path class=\"piece\" data-piece=\"" + detail::escaped(label) + "\" fill=\"" +
            detail::hex(fills[k]) + "\" d=\"" + d + "\"><title>" + detail::escaped(label) +
            "</title></path>");
  }
  // Bold edges between pieces and round the board.
  const std::string edges = detail::borders(rows, cols, size, margin, margin,
                                            [&](int r, int c) { return cell_at(r, c); });
  svg.add("<path class=\"edges\" fill=\"none\" stroke=\"#222\" stroke-width=\"" +
          detail::num(std::max(1.0, size / 12)) + "\" stroke-linecap=\"square\" d=\"" + edges +
          "\"/>");
  return svg.finish();
}

}  // namespace xcover
