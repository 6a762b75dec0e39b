// SPDX-License-Identifier: MIT
// A tiling's board and pieces as a front end is given them: a board by name
// ("6x10", "hexagon-3", "3x4x5") or as a picture, pieces by a set's name or
// one by one, and the defaults where none are given (the 6x10 board on
// squares, the pentominoes on squares and cubes). One list of names and one
// set of messages for the CLI, Python and JavaScript.
//
//   namespace fe = xcover::frontend;
//   fe::TilingChoice choice = fe::resolve_tiling(xcover::polyform::Lattice::square,
//                                                {.board = "8x8-centre"});
//   // choice.board: 60 cells; choice.pieces: the 12 pentominoes
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::frontend {

// A board given as a built-in name (polyform::builtin_board) or as a
// picture: rows of '#' cells and '.' holes, one a line (a given that holds
// a '#' is a picture). ProblemError "unknown board 'NAME' on the LATTICE
// lattice (FORMS; sides up to 1000)" for another name (polyform::board_forms);
// ParseError "<board>:LINE: reason" for a picture that does not read.
XCOVER_API polyform::Board board_from(polyform::Lattice lattice, std::string_view given);

// A named piece set (polyform::named_pieces). ProblemError "unknown piece
// set 'NAME' on the LATTICE lattice (NAMES)" for a name the lattice does
// not have, NAMES the ones it has.
XCOVER_API std::vector<polyform::Piece> piece_set(polyform::Lattice lattice, std::string_view name);

// What a front end was given for a tiling; what is unset takes its default.
struct TilingParts {
  std::optional<std::string> board = std::nullopt;            // a name or a picture (board_from)
  std::optional<polyform::Board> board_shape = std::nullopt;  // or a board already made
  std::optional<std::string> piece_set = std::nullopt;        // a set's name (piece_set)
  std::vector<polyform::Piece> pieces = {};                   // or the pieces themselves
};

// How a front end tells its user to give what has no default, in its own
// spelling: "the hex lattice has no default board: give " + board.
struct TilingWording {
  // How to give a board (the CLI's: --board NAME or a FILE with one).
  std::string board = "a board";
  // How to give pieces (the CLI's: --pieces SET or a FILE with some).
  std::string pieces = "pieces";
};

// A tiling's board and pieces, resolved.
struct TilingChoice {
  polyform::Board board;                // the board to cover
  std::vector<polyform::Piece> pieces;  // the pieces, as given or named
};

// The board and pieces `given` names, or the defaults: the 6x10 board on
// squares (ProblemError "the LATTICE lattice has no default board: give
// ..." on the others), the pentominoes on squares and cubes (their flat
// pieces; "the LATTICE lattice has no default pieces: give ..." on the
// others). ProblemError when a board is given both ways ("a board given
// twice: give a name or a picture, or a board") or pieces both ways ("give
// a piece set or pieces, not both"), and what board_from and piece_set
// refuse.
XCOVER_API TilingChoice resolve_tiling(polyform::Lattice lattice, TilingParts given,
                                       const TilingWording& wording = {});

}  // namespace xcover::frontend
