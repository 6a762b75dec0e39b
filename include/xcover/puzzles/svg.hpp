// SPDX-License-Identifier: MIT
// Pictures of solutions: each puzzle's solution as an SVG document (a
// string, ready to write to a .svg file, to show in a browser or in
// Jupyter), and a sheet of several pictures in one document.
//
//   namespace poly = xcover::polyomino;
//   poly::TilingProblem tiling = poly::make_tiling(*poly::builtin_board("6x10"),
//                                                  poly::pentominoes());
//   xcover::Solver solver(tiling.problem);
//   for (const xcover::Solution& s : solver.solutions({.limit = {.solution_limit = 1}}))
//     std::ofstream("tiling.svg") << xcover::render_svg(tiling, s);
//
// What each picture shows:
//   tiling    each piece one shape with its own fill and its name as a
//             tooltip, bold edges between pieces, holes of the board blank;
//   queens    the chequered board and a crown on each queen's square;
//   langford  the row of numbers, each pair joined by an arc in its colour;
//   sudoku    the grid, bold edges between boxes or jigsaw regions, the
//             diagonals and windows shaded, holes dark, killer cages dashed
//             with their sums, the givens black and the digits found blue.
// Every shape carries a class ("piece", "queen", "pair", "given", "found",
// "cage", ...) so that a stylesheet or a test can find it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/puzzles/disassembly.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"
#include "xcover/solver.hpp"

namespace xcover {

// A colour: red, green and blue, 0 to 255 each.
struct Rgb {
  std::uint8_t red = 0;                                      // 0 to 255
  std::uint8_t green = 0;                                    // 0 to 255
  std::uint8_t blue = 0;                                     // 0 to 255
  friend bool operator==(const Rgb&, const Rgb&) = default;  // (memberwise)
};

// The k-th colour (k >= 0) of an endless sequence of light fills, each far
// in hue from the few before it (a golden-angle walk round the colour
// wheel): piece k of a tiling, value k + 1 of a Langford arrangement. The
// terminal's colours use the same sequence.
XCOVER_API Rgb distinct_color(int k);

// The fill of each piece of a tiling, in the order of solution.options:
// piece p's copy c (from copy_numbers) gets distinct_color(the copies of
// the pieces before p, plus c - 1), so a piece keeps its colour from one
// tiling to the next.
XCOVER_API std::vector<Rgb> tiling_colors(const polyomino::TilingProblem& tiling,
                                          const Solution& solution);

// The pictures; each throws ProblemError for a solution of another problem.
XCOVER_API std::string render_svg(const polyomino::TilingProblem& tiling, const Solution& solution);
// A solid tiling's solution taken apart, `found` being its disassembly
// (polyform::disassemble's): views in space, four a row, all from one
// viewpoint and at one scale: the assembly, captioned with the level
// ("level 1.2, 3 moves"), then the pieces where each move leaves them,
// captioned with the move ("2: A B, 1 cell"; "3: C off") and an arrow from
// where the pieces were to where they went. Each view is a group of class
// "step" whose data-step is the moves made. ProblemError for a plan that
// moves a piece the solution does not have, or cells off the lattice.
XCOVER_API std::string render_svg(const polyomino::TilingProblem& tiling, const Solution& solution,
                                  const polyform::Disassembly& found);
XCOVER_API std::string render_svg(const QueensProblem& queens, const Solution& solution);
XCOVER_API std::string render_svg(const LangfordProblem& langford, const Solution& solution);
// A Sudoku of any shape: `puzzle` holds the givens, `solution` the full
// board (a board of side 0 draws the puzzle alone), digits written with
// `alphabet`. SudokuError when a board's side is not the rules'.
XCOVER_API std::string render_svg(const SudokuRules& rules, const SudokuBoard& puzzle,
                                  const SudokuBoard& solution, const SudokuAlphabet& alphabet);

// One document showing `pictures` (documents made by render_svg) in rows of
// `columns` (0: as near a square as the count allows), in order, each in a
// cell as large as the largest. Error for a document render_svg did not
// make (no width and height at its start).
XCOVER_API std::string svg_sheet(std::span<const std::string> pictures, int columns = 0);

}  // namespace xcover
