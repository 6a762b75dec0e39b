// SPDX-License-Identifier: MIT
// A tiling's board and pieces from names, pictures and defaults.
#include "xcover/frontend/tiling.hpp"

#include <utility>

namespace xcover::frontend {

namespace pf = polyform;

pf::Board board_from(pf::Lattice lattice, std::string_view given) {
  if (given.find('#') != std::string_view::npos) {
    pf::PictureFile file = pf::parse_pictures("board\n" + std::string(given), lattice, "<board>");
    if (file.board) return std::move(*file.board);
  }
  std::optional<pf::Board> board = pf::builtin_board(lattice, given);
  if (!board)
    throw ProblemError("unknown board '" + std::string(given) + "' on the " +
                       pf::to_string(lattice) + " lattice (" + pf::board_forms(lattice) +
                       "; sides up to 1000)");
  return std::move(*board);
}

std::vector<pf::Piece> piece_set(pf::Lattice lattice, std::string_view name) {
  std::vector<pf::Piece> pieces = pf::named_pieces(lattice, name);
  if (pieces.empty()) {
    std::string known;
    for (const std::string& set_name : pf::piece_set_names(lattice))
      known += (known.empty() ? "" : ", ") + set_name;
    throw ProblemError("unknown piece set '" + std::string(name) + "' on the " +
                       pf::to_string(lattice) + " lattice (" + known + ")");
  }
  return pieces;
}

TilingChoice resolve_tiling(pf::Lattice lattice, TilingParts given, const TilingWording& wording) {
  const std::string on = std::string("the ") + pf::to_string(lattice) + " lattice";
  if (given.board && given.board_shape)
    throw ProblemError("a board given twice: give a name or a picture, or a board");
  if (given.piece_set && !given.pieces.empty())
    throw ProblemError("give a piece set or pieces, not both");
  TilingChoice choice;
  if (given.board)
    choice.board = board_from(lattice, *given.board);
  else if (given.board_shape)
    choice.board = std::move(*given.board_shape);
  else if (lattice == pf::Lattice::square)
    choice.board = *pf::builtin_board(lattice, "6x10");
  else
    throw ProblemError(on + " has no default board: give " + wording.board);
  if (given.piece_set)
    choice.pieces = piece_set(lattice, *given.piece_set);
  else if (!given.pieces.empty())
    choice.pieces = std::move(given.pieces);
  else if (lattice == pf::Lattice::square || lattice == pf::Lattice::cube)
    choice.pieces = pf::named_pieces(lattice, "pentominoes");
  else
    throw ProblemError(on + " has no default pieces: give " + wording.pieces);
  return choice;
}

}  // namespace xcover::frontend
