// SPDX-License-Identifier: MIT
// Polyominoes: the square lattice of the polyform model, by its old names.
#include "xcover/puzzles/polyomino.hpp"

namespace xcover::polyomino {

using polyform::Lattice;

std::vector<Shape> orientations(const Shape& shape, bool reflections) {
  return polyform::orientations(Lattice::square, shape, reflections);
}

const std::vector<PolyominoPiece>& pentominoes() {
  static const std::vector<PolyominoPiece> pieces =
      polyform::named_pieces(Lattice::square, "pentominoes");
  return pieces;
}

std::optional<Board> builtin_board(std::string_view name) {
  return polyform::builtin_board(Lattice::square, name);
}

PolyominoFile read_polyomino(std::istream& in, const std::string& source) {
  return polyform::read_pictures(in, Lattice::square, source);
}

PolyominoFile parse_polyomino(std::string_view text, const std::string& source) {
  return polyform::parse_pictures(text, Lattice::square, source);
}

TilingProblem make_tiling(const Board& board, std::vector<PolyominoPiece> pieces,
                          const TilingOptions& options) {
  return polyform::make_tiling(Lattice::square, board, std::move(pieces),
                               polyform::TilingOptions{.reflections = options.reflections});
}

}  // namespace xcover::polyomino
