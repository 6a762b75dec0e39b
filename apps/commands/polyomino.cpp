// SPDX-License-Identifier: MIT
// xcover polyomino [FILE...]: tile a board with pieces, each used once (or
// as many times as it has copies).
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "commands/tiling_command.hpp"

namespace xcover::cli {

namespace {

constexpr const char* polyomino_synopsis =
    "[FILE...] [options]\n\n"
    "Tiles a board with a set of pieces, each used exactly once (a piece with\n"
    "copies, once per copy), turned and flipped over, and prints each tiling as\n"
    "the board with the name of the piece on each cell ('.' a hole). Rotations\n"
    "and reflections of a tiling are counted separately (6x10: 9356) unless\n"
    "--distinct (2339); copies of a piece are not told apart (a tiling that swaps\n"
    "two copies is the same tiling). 'xcover polyform' has the other lattices.\n\n"
    "Without FILE the pieces are the 12 pentominoes F I L N P T U V W X Y Z.\n"
    "Built-in boards (--board): RxC, an R-by-C rectangle (6x10, 5x12, 4x15, 3x20\n"
    "fit the pentominoes); 8x8-centre (or 8x8-center), the 8x8 square without\n"
    "its central 2x2. The default board is 6x10.\n\n"
    "FILEs ('-' for standard input) give a board and/or pieces as pictures, '#' a\n"
    "cell and '.' a hole:\n\n"
    "  | a comment\n"
    "  board\n"
    "  ###.\n"
    "  ####\n"
    "\n"
    "  piece L\n"
    "  #.\n"
    "  #.\n"
    "  ##\n"
    "\n"
    "  piece D x3\n"
    "  ##\n\n"
    "'board' or 'piece NAME' starts a picture; a blank line or the next header\n"
    "ends it. NAME is letters, digits, '_' and '-' (L, P17, big_L), not of the\n"
    "form rNcN (the board's cells); 'piece NAME xN' gives N identical copies\n"
    "(searched with multiplicities, Knuth's Algorithm M, on --threads as any\n"
    "other). Rows of a picture have equal width (pad with '.'); cells need not\n"
    "be connected. At most one board in all FILEs; pieces from FILEs replace\n"
    "the pentominoes.\n\n"
    "When every name is one character and no piece has copies, a cell shows its\n"
    "piece's name. Otherwise each cell is a field as wide as the longest label,\n"
    "NAME or NAME:COPY for copies (D:1, D:2, numbered in board order), fields\n"
    "separated by a blank: 'm0  m1  m10', 'D:1 D:1 D:2'.";

}  // namespace

int run_polyomino(const std::vector<std::string>& args) {
  return run_tiling_command("polyomino", polyomino_synopsis, args, false);
}

XCOVER_COMMAND(40, "polyomino", run_polyomino,
               "tile a board with polyominoes (pentominoes built in)");

}  // namespace xcover::cli
