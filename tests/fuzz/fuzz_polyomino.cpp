// SPDX-License-Identifier: MIT
// Fuzzes the polyomino picture format. Whatever the bytes, parse_polyomino
// either throws ParseError or gives pictures whose shapes are non-empty; when
// there is a small board and a few small pieces, the tiling problem solves
// (under a node limit) only to placements that
//   - use each piece once, in one of its orientations,
//   - cover each board cell exactly once (and nothing off the board),
// and none at all when the pieces' cells do not add up to the board's.
#include <cstddef>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyomino.hpp"

namespace poly = xcover::polyomino;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char *>(data), size);
  poly::PolyominoFile file;
  try {
    file = poly::parse_polyomino(text, "fuzz");
  } catch (const xcover::ParseError &) {
    return 0;
  }
  FUZZ_CHECK(file.pieces.size() == file.piece_lines.size());
  for (const poly::PolyominoPiece &piece : file.pieces) {
    FUZZ_CHECK(piece.shape.size() > 0);
    // A picture reads back as the same shape, moved to the corner.
    FUZZ_CHECK(poly::Shape::from_picture(piece.shape.picture()) == piece.shape.normalized());
  }
  if (!file.board || file.pieces.empty()) return 0;
  FUZZ_CHECK(file.board->size() > 0);

  // Keep the tiling small enough for a fuzzing run.
  constexpr int max_board_cells = 64, max_piece_cells = 16, max_pieces = 8;
  if (file.board->size() > max_board_cells || static_cast<int>(file.pieces.size()) > max_pieces)
    return 0;
  int piece_cells = 0;
  for (const poly::PolyominoPiece &piece : file.pieces) {
    if (piece.shape.size() > max_piece_cells || piece.copies > max_board_cells) return 0;
    piece_cells += piece.shape.size() * piece.copies;
  }

  const poly::TilingProblem tiling = poly::make_tiling(*file.board, file.pieces);
  FUZZ_CHECK(tiling.placements.size() == static_cast<std::size_t>(tiling.problem.option_count()));
  std::vector<std::vector<poly::Shape>> turned;
  for (const poly::PolyominoPiece &piece : tiling.pieces)
    turned.push_back(poly::orientations(piece.shape));

  xcover::Solver solver(tiling.problem);
  xcover::SearchOptions options;
  options.node_limit = 20000;
  options.solution_limit = 100;
  const xcover::Status status = solver.search(
      [&](const xcover::Solution &solution) {
        std::vector<int> piece_uses(tiling.pieces.size(), 0);
        std::map<poly::Cell, int> cover;
        for (int option : solution.options) {
          const poly::Placement &placement = tiling.placements.at(static_cast<std::size_t>(option));
          const auto piece = static_cast<std::size_t>(placement.piece);
          FUZZ_CHECK(piece < tiling.pieces.size());
          ++piece_uses[piece];
          const poly::Shape shape = placement.cells.normalized();
          bool known = false;
          for (const poly::Shape &orientation : turned[piece])
            known = known || orientation == shape;
          FUZZ_CHECK(known);
          for (const poly::Cell &cell : placement.cells.cells()) {
            FUZZ_CHECK(tiling.board.contains(cell));
            ++cover[cell];
          }
        }
        for (std::size_t k = 0; k < piece_uses.size(); ++k)
          FUZZ_CHECK(piece_uses[k] == tiling.pieces[k].copies);
        FUZZ_CHECK(static_cast<int>(cover.size()) == tiling.board.size());
        for (const auto &[cell, count] : cover) FUZZ_CHECK(count == 1);
        // The picture shows a piece's label on every board cell: a
        // character each when every name is one and no piece has copies,
        // else words separated by blanks (NAME, or NAME:COPY).
        bool narrow = true;
        for (const poly::PolyominoPiece &piece : tiling.pieces)
          narrow = narrow && piece.name.size() == 1 && piece.copies == 1;
        const std::vector<std::string> picture = poly::tiling_picture(tiling, solution);
        std::size_t named = 0;
        for (const std::string &row : picture) {
          if (narrow) {
            for (char c : row) named += c != '.';
            continue;
          }
          std::istringstream words(row);
          for (std::string word; words >> word;) {
            if (word == ".") continue;
            ++named;
            const std::string name = word.substr(0, word.find(':'));
            bool known = false;
            for (const poly::PolyominoPiece &piece : tiling.pieces)
              known = known || piece.name == name;
            FUZZ_CHECK(known);
          }
        }
        FUZZ_CHECK(named == static_cast<std::size_t>(tiling.board.size()));
        return true;
      },
      options);
  FUZZ_CHECK(status != xcover::Status::stopped);  // the visitor never stops it
  if (piece_cells != file.board->size()) FUZZ_CHECK(solver.statistics().solutions == 0);
  return 0;
}
