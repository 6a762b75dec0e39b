// SPDX-License-Identifier: MIT
// A Sudoku of any shape as a picture: grid, regions, variants, cages, digits.
#include <algorithm>
#include <string_view>
#include <vector>

#include "puzzles/svg/svg_writer.hpp"

namespace xcover {

namespace {

// The cells of the houses whose names start with `prefix` ("window ").
std::vector<bool> cells_of(const SudokuRules& rules, std::string_view prefix) {
  std::vector<bool> in(static_cast<std::size_t>(rules.cell_count()), false);
  for (const SudokuRules::House& house : rules.houses())
    if (house.name.starts_with(prefix))
      for (int cell : house.cells) in[static_cast<std::size_t>(cell)] = true;
  return in;
}

// A killer cage's dashed outline, set `inset` pixels inside its cells: for
// each side of a cell that faces out of the cage, a segment that reaches
// into the neighbouring cells of the cage (and round inner corners).
std::string cage_outline(const SudokuRules::Cage& cage, int side, double size, double x0, double y0,
                         double inset) {
  std::vector<bool> in(static_cast<std::size_t>(side) * static_cast<std::size_t>(side), false);
  for (int cell : cage.cells) in[static_cast<std::size_t>(cell)] = true;
  auto at = [&](int r, int c) {
    return r >= 0 && c >= 0 && r < side && c < side &&
           in[static_cast<std::size_t>(r) * static_cast<std::size_t>(side) +
              static_cast<std::size_t>(c)];
  };
  std::string d;
  auto segment = [&](double xa, double ya, double xb, double yb) {
    d += 'M' + detail::num(xa) + ' ' + detail::num(ya) + 'L' + detail::num(xb) + ' ' +
         detail::num(yb);
  };
  for (int cell : cage.cells) {
    const int r = cell / side, c = cell % side;
    const double x = x0 + c * size, y = y0 + r * size, e = inset;
    // Where a side's segment starts or ends along the cell: short of the
    // corner (the cage turns there), at it (the cage goes on), or past it
    // (an inner corner: the cage wraps round the diagonal cell).
    auto reach = [&](bool along, bool diagonal) { return along ? (diagonal ? -e : 0.0) : e; };
    if (!at(r - 1, c))
      segment(x + reach(at(r, c - 1), at(r - 1, c - 1)), y + e,
              x + size - reach(at(r, c + 1), at(r - 1, c + 1)), y + e);
    if (!at(r + 1, c))
      segment(x + reach(at(r, c - 1), at(r + 1, c - 1)), y + size - e,
              x + size - reach(at(r, c + 1), at(r + 1, c + 1)), y + size - e);
    if (!at(r, c - 1))
      segment(x + e, y + reach(at(r - 1, c), at(r - 1, c - 1)), x + e,
              y + size - reach(at(r + 1, c), at(r + 1, c - 1)));
    if (!at(r, c + 1))
      segment(x + size - e, y + reach(at(r - 1, c), at(r - 1, c + 1)), x + size - e,
              y + size - reach(at(r + 1, c), at(r + 1, c + 1)));
  }
  return d;
}

void check_side(const SudokuRules& rules, const SudokuBoard& board, const char* what) {
  if (board.side != rules.side())
    throw SudokuError(std::string("render_svg: the ") + what + " has side " +
                      std::to_string(board.side) + ", the rules " + std::to_string(rules.side()));
}

}  // namespace

std::string render_svg(const SudokuRules& rules, const SudokuBoard& puzzle,
                       const SudokuBoard& solution, const SudokuAlphabet& alphabet) {
  check_side(rules, puzzle, "puzzle");
  if (solution.side != 0) check_side(rules, solution, "solution");
  const int side = rules.side();
  const double size = std::clamp(540.0 / side, 14.0, 40.0), margin = 6;
  const double full = side * size;
  detail::SvgWriter svg(2 * margin + full, 2 * margin + full, "Sudoku " + rules.describe());
  svg.rect(margin, margin, full, full, "class=\"grid\" fill=\"#fff\"");
  auto shade = [&](const std::vector<bool>& cells, std::string_view name, std::string_view fill) {
    const std::string d = detail::cells_path(side, side, size, margin, margin, [&](int r, int c) {
      return cells[static_cast<std::size_t>(r * side + c)];
    });
    if (!d.empty())
      svg.add("<path class=\"" + std::string(name) + "\" fill=\"" + std::string(fill) +
              "\" fill-opacity=\"0.7\" d=\"" + d + "\"/>");
  };
  shade(cells_of(rules, "window "), "window", "#f3e3a6");
  std::vector<bool> diagonal = cells_of(rules, "diagonal");
  const std::vector<bool> anti = cells_of(rules, "anti-diagonal");
  for (std::size_t k = 0; k < diagonal.size(); ++k) diagonal[k] = diagonal[k] || anti[k];
  shade(diagonal, "diagonal", "#c9dcf0");
  std::vector<bool> holes(static_cast<std::size_t>(rules.cell_count()));
  for (int cell = 0; cell < rules.cell_count(); ++cell)
    holes[static_cast<std::size_t>(cell)] = rules.is_hole(cell);
  shade(holes, "hole", "#555");

  // Thin lines between all cells, bold ones between boxes or regions.
  std::string thin;
  for (int k = 1; k < side; ++k) {
    thin +=
        'M' + detail::num(margin + k * size) + ' ' + detail::num(margin) + 'v' + detail::num(full);
    thin +=
        'M' + detail::num(margin) + ' ' + detail::num(margin + k * size) + 'h' + detail::num(full);
  }
  svg.add("<path class=\"cells\" stroke=\"#999\" stroke-width=\"1\" d=\"" + thin + "\"/>");
  std::vector<int> region(static_cast<std::size_t>(rules.cell_count()), 0);
  int regions = 0;
  for (const SudokuRules::House& house : rules.houses()) {
    if (!house.name.starts_with("box ") && !house.name.starts_with("region ")) continue;
    ++regions;
    for (int cell : house.cells) region[static_cast<std::size_t>(cell)] = regions;
  }
  svg.add(
      "<path class=\"regions\" fill=\"none\" stroke=\"#222\" stroke-width=\"3\" "
      "stroke-linecap=\"square\" d=\"" +
      detail::borders(
          side, side, size, margin, margin,
          [&](int r, int c) { return region[static_cast<std::size_t>(r * side + c)]; }) +
      "\"/>");

  for (const SudokuRules::Cage& cage : rules.cages()) {
    svg.add(
        "<path class=\"cage\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"1.2\" "
        "stroke-dasharray=\"3 2\" d=\"" +
        cage_outline(cage, side, size, margin, margin, size * 0.1) + "\"/>");
    const int first = *std::min_element(cage.cells.begin(), cage.cells.end());
    svg.add("<text class=\"cage-sum\" x=\"" +
            detail::num(margin + (first % side) * size + size * 0.14) + "\" y=\"" +
            detail::num(margin + (first / side) * size + size * 0.32) + "\" font-size=\"" +
            detail::num(size * 0.26) + "\" fill=\"#c0392b\">" + std::to_string(cage.sum) +
            "</text>");
  }

  for (int cell = 0; cell < rules.cell_count(); ++cell) {
    const auto k = static_cast<std::size_t>(cell);
    const int given = puzzle.cells[k];
    const int digit = given ? given : solution.side ? solution.cells[k] : 0;
    if (digit == 0 || rules.is_hole(cell)) continue;
    svg.text(margin + (cell % side + 0.5) * size, margin + (cell / side + 0.55) * size, size * 0.6,
             std::string(1, alphabet.symbol(digit)),
             given ? "class=\"given\" font-weight=\"bold\" fill=\"#111\""
                   : "class=\"found\" fill=\"#1f5fbf\"");
  }
  return svg.finish();
}

}  // namespace xcover
