// SPDX-License-Identifier: MIT
// xcover polyomino [FILE...]: tile a board with pieces, each used once (or
// as many times as it has copies).
#include "xcover/puzzles/polyomino.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <iostream>

#include "cli/input.hpp"
#include "cli/puzzle_search.hpp"
#include "commands/commands.hpp"

namespace xcover::cli {

using polyomino::Board;
using polyomino::builtin_board;
using polyomino::Cell;
using polyomino::make_tiling;
using polyomino::pentominoes;
using polyomino::PolyominoFile;
using polyomino::PolyominoPiece;
using polyomino::read_polyomino;
using polyomino::tiling_picture;
using polyomino::TilingOptions;
using polyomino::TilingProblem;

namespace {

constexpr const char* synopsis =
    "[FILE...] [options]\n\n"
    "Tiles a board with a set of pieces, each used exactly once (a piece with\n"
    "copies, once per copy), turned and flipped over, and prints each tiling as\n"
    "the board with the name of the piece on each cell ('.' a hole). Counts are\n"
    "raw exact-cover counts: rotations and reflections of a tiling are counted\n"
    "separately (6x10: 9356); copies of a piece are not told apart (a tiling that\n"
    "swaps two copies is the same tiling).\n\n"
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
    "(searched with multiplicities, Knuth's Algorithm M: on one thread). Rows of\n"
    "a picture have equal width (pad with '.'); cells need not be connected. At\n"
    "most one board in all FILEs; pieces from FILEs replace the pentominoes.\n\n"
    "When every name is one character and no piece has copies, a cell shows its\n"
    "piece's name. Otherwise each cell is a field as wide as the longest label,\n"
    "NAME or NAME:COPY for copies (D:1, D:2, numbered in board order), fields\n"
    "separated by a blank: 'm0  m1  m10', 'D:1 D:1 D:2'.";

// Board and pieces gathered from the files, with where each came from.
struct Inputs {
  std::optional<Board> board;
  std::string board_where;  // "FILE:LINE"
  std::vector<PolyominoPiece> pieces;
  std::vector<std::string> piece_sources;
  std::vector<std::size_t> piece_lines;
};

// A stop while reading (a signal, the time limit) ends the command with its
// exit code.
struct StoppedReading {
  int code;
};

PolyominoFile read_file(const std::string& file) {
  Input in(file);
  PolyominoFile contents;
  try {
    contents = read_polyomino(in, in.name());
  } catch (const Error&) {
    // A stop cuts the input anywhere: what is read may not parse.
    if (in.stopped() == Input::Stop::none) throw;
  }
  if (const int code = stopped_reading(in)) throw StoppedReading{code};
  return contents;
}

void add_file(Inputs& inputs, const std::string& file) {
  PolyominoFile contents = read_file(file);
  const std::string source = file == "-" ? "<stdin>" : file;
  if (contents.board) {
    if (inputs.board)
      throw ParseError(source, contents.board_line,
                       "a second board (the first is at " + inputs.board_where + ")");
    inputs.board = std::move(contents.board);
    inputs.board_where = source + ":" + std::to_string(contents.board_line);
  }
  for (std::size_t k = 0; k < contents.pieces.size(); ++k) {
    const PolyominoPiece& piece = contents.pieces[k];
    for (std::size_t j = 0; j < inputs.pieces.size(); ++j) {
      if (inputs.pieces[j].name == piece.name)
        throw ParseError(source, contents.piece_lines[k],
                         "piece '" + piece.name + "' is defined twice (first at " +
                             inputs.piece_sources[j] + ":" + std::to_string(inputs.piece_lines[j]) +
                             ")");
    }
    inputs.pieces.push_back(piece);
    inputs.piece_sources.push_back(source);
    inputs.piece_lines.push_back(contents.piece_lines[k]);
  }
}

void choose_board(Inputs& inputs, const std::string& board_name) {
  if (board_name.empty()) {
    if (!inputs.board) inputs.board = builtin_board("6x10");
    return;
  }
  if (inputs.board)
    throw UsageError("--board " + board_name + " and a board in " + inputs.board_where +
                     ": give only one");
  inputs.board = builtin_board(board_name);
  if (!inputs.board)
    throw UsageError("unknown board '" + board_name + "' (try 6x10, 5x12, 4x15, 3x20, " +
                     "8x8-centre or any RxC)");
}

// A piece larger than the board is a mistake in its file; a mismatch in the
// total is legitimate (there is just no tiling) but worth a word.
bool sizes_match(const Inputs& inputs) {
  const std::int64_t board_cells = inputs.board->size();
  std::int64_t piece_cells = 0;
  for (std::size_t k = 0; k < inputs.pieces.size(); ++k) {
    const PolyominoPiece& piece = inputs.pieces[k];
    piece_cells += std::int64_t{piece.shape.size()} * piece.copies;
    if (piece.shape.size() > board_cells && k < inputs.piece_sources.size())
      throw ParseError(inputs.piece_sources[k], inputs.piece_lines[k],
                       "piece '" + piece.name + "' has " + std::to_string(piece.shape.size()) +
                           " cells, more than the board's " + std::to_string(board_cells));
  }
  if (piece_cells != board_cells)
    std::cerr << "xcover polyomino: warning: the pieces have " << piece_cells
              << " cells in all and the board " << board_cells << ", so no tiling exists\n";
  return piece_cells == board_cells;
}

// The text picture with each piece's cells on its fill (tiling_colors): a
// cell is a character, or a label in a field of the row's words.
std::vector<std::string> colored_picture(const TilingProblem& tiling, const Solution& solution) {
  std::vector<std::string> lines = tiling_picture(tiling, solution);
  const std::vector<Rgb> fills = tiling_colors(tiling, solution);
  int top = INT_MAX, left = INT_MAX;
  for (const Cell& cell : tiling.board.cells()) {
    top = std::min(top, cell.row);
    left = std::min(left, cell.col);
  }
  // The fill of each cell, by row; cells of no piece (holes) stay plain.
  std::vector<std::vector<const Rgb*>> fill_at(lines.size());
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    for (const Cell& cell :
         tiling.placements[static_cast<std::size_t>(solution.options[k])].cells.cells()) {
      std::vector<const Rgb*>& row = fill_at[static_cast<std::size_t>(cell.row - top)];
      const auto col = static_cast<std::size_t>(cell.col - left);
      if (row.size() <= col) row.resize(col + 1, nullptr);
      row[col] = &fills[k];
    }
  }
  // (tiling_picture's rule for a character a cell.)
  bool one_character = true;
  for (const PolyominoPiece& piece : tiling.pieces)
    one_character = one_character && piece.name.size() == 1 && piece.copies == 1;
  for (std::size_t r = 0; r < lines.size(); ++r) {
    std::string out;
    std::size_t col = 0, k = 0;
    const Rgb* current = nullptr;  // the fill in force
    const std::string& line = lines[r];
    while (k < line.size()) {
      // One cell: a character, or a label and the blanks after it.
      std::size_t end = k + 1;
      if (!one_character) {
        while (end < line.size() && line[end] != ' ') ++end;
        while (end < line.size() && line[end] == ' ') ++end;
      }
      const std::vector<const Rgb*>& row = fill_at[r];
      const Rgb* fill = col < row.size() ? row[col] : nullptr;
      if (fill != current) out += fill ? background(*fill) : plain();
      current = fill;
      out += line.substr(k, end - k);
      k = end;
      ++col;
    }
    if (current) out += plain();
    lines[r] = std::move(out);
  }
  return lines;
}

}  // namespace

int run_polyomino(const std::vector<std::string>& args) {
  po::options_description visible("Options");
  PuzzleFlags flags;
  std::string board_name;
  bool no_reflections = false;
  auto add = visible.add_options();
  add("help,h", "show this help");
  add("board,b", po::value(&board_name)->value_name("NAME"), "a built-in board (see above)");
  add("no-reflections", po::bool_switch(&no_reflections), "pieces may turn but not flip over");
  flags.add_to(visible, /*color=*/true);
  FileOperands operands;
  std::vector<std::string>& files = operands.files;
  po::variables_map vm;
  if (!parse_options("polyomino", synopsis, visible, operands.hidden, operands.positional, args,
                     vm))
    return exit_success;

  flags.search.search_options();  // checks the values, starts the time limit
  Inputs inputs;
  try {
    for (const std::string& file : files) add_file(inputs, file);
  } catch (const StoppedReading& stop) {
    return stop.code;
  }
  choose_board(inputs, board_name);
  if (inputs.pieces.empty()) inputs.pieces = pentominoes();
  if (!sizes_match(inputs) && !flags.emit) {
    // The answer is known: do not build what may be a huge problem. One
    // item that no option covers stands for it.
    Problem none;
    none.add_primary("no_tiling");
    flags.svg();  // (checks --format)
    return run_puzzle(none, flags,
                      {.text = [](const Solution&) { return std::vector<std::string>(); }});
  }

  const TilingProblem tiling =
      make_tiling(*inputs.board, inputs.pieces, TilingOptions{.reflections = !no_reflections});
  return run_puzzle(
      tiling.problem, flags,
      {.text = [&](const Solution& solution) { return tiling_picture(tiling, solution); },
       .colored = [&](const Solution& solution) { return colored_picture(tiling, solution); },
       .svg = [&](const Solution& solution) { return render_svg(tiling, solution); }});
}

XCOVER_COMMAND(40, "polyomino", run_polyomino,
               "tile a board with polyominoes (pentominoes built in)");

}  // namespace xcover::cli
