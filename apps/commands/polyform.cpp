// SPDX-License-Identifier: MIT
// xcover polyform [FILE...]: tile a board of squares, triangles, hexagons or
// cubes with pieces, and count the tilings once each up to symmetry.
#include "xcover/puzzles/polyform.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdint>
#include <iostream>
#include <iterator>
#include <sstream>
#include <system_error>
#include <utility>

#include "cli/input.hpp"
#include "cli/puzzle_search.hpp"
#include "commands/commands.hpp"
#include "commands/polyform_output.hpp"
#include "commands/tiling_command.hpp"
#include "xcover/frontend/tiling.hpp"
#include "xcover/puzzles/disassembly.hpp"
#include "xcover/puzzles/svg.hpp"

namespace xcover::cli {

namespace pf = polyform;
using pf::Lattice;

namespace {

constexpr const char* polyform_synopsis =
    "[FILE...] [options]\n\n"
    "Tiles a board with pieces on a lattice of squares, triangles, hexagons or\n"
    "cubes, each piece used once (or as many times as it has copies, or within\n"
    "its range), turned and, in the plane, flipped over, and prints each tiling as\n"
    "the board with the name of the piece on each cell ('.' a hole). --distinct\n"
    "keeps one tiling of each class under the board's rotations, and reflections\n"
    "when every piece may be flipped or has its mirror image in the set (the\n"
    "count BurrTools gives): 6x10 pentominoes 2339 (9356 without).\n\n"
    "Without options: the square lattice, the 12 pentominoes, the 6x10 board.\n\n"
    "Lattices (--lattice) and their cells: square; triangle, rows of triangles,\n"
    "row r column c pointing up when r + c is even; hex, a parallelogram of\n"
    "hexagons, each row half a hexagon right of the one above; cube, layers; and\n"
    "BurrTools' other grids: prism (triangles in layers), sphere (the face-centred\n"
    "cubic packing: row + column + layer even), rhombic and tetra-octa (cubes cut\n"
    "into pieces, as BurrTools numbers them; see docs/polyforms.md).\n\n"
    "Piece sets (--pieces): tetrominoes, pentominoes, hexominoes (square; on cube\n"
    "their flat pieces), hexiamonds (triangle), tetrahexes (hex), soma and bedlam\n"
    "(cube), trispheres and tetraspheres (sphere), kanoodle (square, cube, sphere:\n"
    "its 12 flat pieces of 55 balls). Boards (--board): RxC on square\n"
    "(and 8x8-centre), triangle (R rows of C rhombi) and hex (a parallelogram);\n"
    "hexagon-N and triangle-N on triangle and hex; RxCxL on cube (rows, columns,\n"
    "layers), prism (RxC triangles in L layers), sphere, rhombic and tetra-octa (cubes\n"
    "of the grid); pyramid-N and tetrahedron-N on sphere (3D Kanoodle's: pyramid-5).\n\n"
    "FILEs ('-' for standard input) are BurrTools puzzles (.xmpuzzle, gzip'd or\n"
    "not, on any of its grids; --problem N picks one, --problem all solves each\n"
    "in turn), Knuth's polyomino-dlx, polyiamond-dlx and\n"
    "polycube-dlx specs, or pictures, '#' a cell and '.' none (blanks ignored; on\n"
    "cubes a line of '-' starts the next layer):\n\n"
    "  board\n"
    "  ####\n"
    "  ####\n\n"
    "  piece L x2 0..2 one-sided\n"
    "  #.\n"
    "  ##\n\n"
    "'piece NAME' may add xN (N copies), M..N (N copies, at least M of them\n"
    "used) and one-sided (turned, never flipped). See docs/polyforms.md.";

// Board and pieces gathered from the files and options, with where each
// came from.
struct Inputs {
  std::optional<Lattice> lattice;  // set by --lattice or a file that has one
  std::string lattice_where;
  std::optional<pf::Board> board;
  pf::Shape optional_cells;
  std::string board_where;  // "FILE:LINE"
  std::vector<pf::Piece> pieces;
  std::vector<std::string> piece_where;  // "FILE:LINE" or "--pieces NAME"
  bool cells_first = false;              // a Knuth spec's: pf::Puzzle::cells_first
  std::vector<int> board_colours;        // a BurrTools file's colour constraints
  std::vector<std::pair<int, int>> colour_pairs;
};

// A stop while reading (a signal, the time limit) ends the command with its
// exit code.
struct StoppedReading {
  int code;
};

std::string read_all(const std::string& file, std::string& name) {
  Input in(file);
  name = in.name();
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (const int code = stopped_reading(in)) throw StoppedReading{code};
  return bytes;
}

// An error about what `where` names: "FILE:LINE" (a ParseError, as the
// reader's own) or an option.
[[noreturn]] void fail_at(const std::string& where, const std::string& what) {
  const std::size_t colon = where.rfind(':');
  if (colon != std::string::npos && colon + 1 < where.size() &&
      where.find_first_not_of("0123456789", colon + 1) == std::string::npos)
    throw ParseError(where.substr(0, colon), std::stoul(where.substr(colon + 1)), what);
  throw UsageError(where + ": " + what);
}

void set_lattice(Inputs& inputs, Lattice lattice, const std::string& where) {
  if (inputs.lattice && *inputs.lattice != lattice)
    throw UsageError(where + " is on the " + to_string(lattice) + " lattice, but " +
                     inputs.lattice_where + " is on the " + to_string(*inputs.lattice) + " one");
  inputs.lattice = lattice;
  inputs.lattice_where = where;
}

void set_board(Inputs& inputs, pf::Board board, pf::Shape optional_cells,
               const std::string& where) {
  if (inputs.board) fail_at(where, "a second board (the first is at " + inputs.board_where + ")");
  inputs.board = std::move(board);
  inputs.optional_cells = std::move(optional_cells);
  inputs.board_where = where;
}

void add_piece(Inputs& inputs, pf::Piece piece, const std::string& where) {
  for (std::size_t j = 0; j < inputs.pieces.size(); ++j) {
    if (inputs.pieces[j].name == piece.name)
      fail_at(where, "piece '" + piece.name + "' is defined twice (first at " +
                         inputs.piece_where[j] + ")");
  }
  inputs.pieces.push_back(std::move(piece));
  inputs.piece_where.push_back(where);
}

// Whether a file (not BurrTools') is one of Knuth's specs, and for which
// generator: by its extension (.polyomino, .polyiamond, .polycube), or by a
// first line that is not a picture's ('board', 'piece NAME' or a row of '#'
// and '.'), then on the lattice asked for (square by default).
std::optional<Lattice> knuth_spec_lattice(const std::string& file, const std::string& bytes,
                                          Lattice lattice) {
  const std::pair<const char*, Lattice> extensions[] = {{".polyomino", Lattice::square},
                                                        {".polyiamond", Lattice::triangle},
                                                        {".polycube", Lattice::cube}};
  for (const auto& [extension, on] : extensions)
    if (file.ends_with(extension)) return on;
  std::istringstream in(bytes);
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '|') continue;
    const std::string_view text = std::string_view(line).substr(first);
    const bool picture = text.starts_with("board") || text.starts_with("piece") ||
                         text.find_first_not_of("#. \t\r-") == std::string_view::npos;
    if (picture) return std::nullopt;
    return lattice;
  }
  return std::nullopt;
}

// A problem of a BurrTools file.
void add_puzzle(Inputs& inputs, const pf::Puzzle& puzzle, const std::string& source) {
  set_lattice(inputs, puzzle.lattice, source);
  set_board(inputs, puzzle.board, puzzle.optional_cells, puzzle.source);
  inputs.board_colours = puzzle.board_colours;
  inputs.colour_pairs = puzzle.colour_pairs;
  for (const pf::Piece& piece : puzzle.pieces) add_piece(inputs, piece, puzzle.source);
}

// One file: BurrTools, Knuth's spec or pictures.
void add_file(Inputs& inputs, const std::string& file, Lattice picture_lattice, int problem) {
  std::string source;
  const std::string bytes = read_all(file, source);
  if (pf::looks_like_burrtools(bytes)) {
    const std::vector<pf::Puzzle> puzzles = pf::parse_burrtools(bytes, source);
    if (problem > static_cast<int>(puzzles.size()))
      throw UsageError("--problem " + std::to_string(problem) + ", but " + source + " has " +
                       std::to_string(puzzles.size()) + " problem" +
                       (puzzles.size() == 1 ? "" : "s"));
    if (problem == 0 && puzzles.size() > 1)
      std::cerr << "xcover: " << source << " has " << puzzles.size()
                << " problems; solving the first (--problem N for another, --problem all)\n";
    add_puzzle(inputs, puzzles[static_cast<std::size_t>(std::max(problem, 1) - 1)], source);
    return;
  }
  if (problem > 1)
    throw UsageError("--problem picks a problem of a BurrTools file; " + source + " is not one");
  if (const std::optional<Lattice> lattice = knuth_spec_lattice(file, bytes, picture_lattice)) {
    set_lattice(inputs, *lattice, source);
    std::istringstream in(bytes);
    pf::Puzzle puzzle = pf::read_knuth_spec(in, *lattice, source);
    set_board(inputs, std::move(puzzle.board), std::move(puzzle.optional_cells), source + ":1");
    inputs.cells_first = puzzle.cells_first;
    for (pf::Piece& piece : puzzle.pieces) add_piece(inputs, std::move(piece), source);
    return;
  }
  const pf::PictureFile contents = pf::parse_pictures(bytes, picture_lattice, source);
  if (contents.board)
    set_board(inputs, *contents.board, {}, source + ":" + std::to_string(contents.board_line));
  for (std::size_t k = 0; k < contents.pieces.size(); ++k)
    add_piece(inputs, contents.pieces[k], source + ":" + std::to_string(contents.piece_lines[k]));
}

// A piece larger than the board is a mistake in its file; a mismatch in the
// total is legitimate (there is just no tiling) but worth a word. False
// when no tiling can exist.
bool sizes_match(const std::string& name, const Inputs& inputs) {
  const std::int64_t board_cells = inputs.board->size();
  const std::int64_t must_cover = board_cells - inputs.optional_cells.size();
  std::int64_t least = 0, most = 0;
  for (std::size_t k = 0; k < inputs.pieces.size(); ++k) {
    const pf::Piece& piece = inputs.pieces[k];
    least += std::int64_t{piece.shape.size()} * piece.fewest();
    most += std::int64_t{piece.shape.size()} * piece.copies;
    if (piece.shape.size() > board_cells && piece.fewest() > 0)
      fail_at(inputs.piece_where[k],
              "piece '" + piece.name + "' has " + std::to_string(piece.shape.size()) +
                  " cells, more than the board's " + std::to_string(board_cells));
  }
  if (least > board_cells || most < must_cover) {
    std::cerr << "xcover " << name << ": warning: the pieces have " << least;
    if (most != least) std::cerr << " to " << most;
    std::cerr << " cells in all and the board " << must_cover;
    if (board_cells != must_cover) std::cerr << " to " << board_cells;
    std::cerr << ", so no tiling exists\n";
    return false;
  }
  return true;
}

// The text picture with each piece's cells on its fill (tiling_colors): a
// cell is a character, or a label in a field of the row's words. (Squares
// only: each row of text is a row of cells.)
std::vector<std::string> colored_picture(const pf::Tiling& tiling, const Solution& solution) {
  std::vector<std::string> lines = tiling_picture(tiling, solution);
  const std::vector<Rgb> fills = tiling_colors(tiling, solution);
  int top = INT_MAX, left = INT_MAX;
  for (const pf::Cell& cell : tiling.board.cells()) {
    top = std::min(top, cell.row);
    left = std::min(left, cell.col);
  }
  // The fill of each cell, by row; cells of no piece (holes) stay plain.
  std::vector<std::vector<const Rgb*>> fill_at(lines.size());
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    for (const pf::Cell& cell :
         tiling.placements[static_cast<std::size_t>(solution.options[k])].cells.cells()) {
      std::vector<const Rgb*>& row = fill_at[static_cast<std::size_t>(cell.row - top)];
      const auto col = static_cast<std::size_t>(cell.col - left);
      if (row.size() <= col) row.resize(col + 1, nullptr);
      row[col] = &fills[k];
    }
  }
  // (tiling_picture's rule for a character a cell.)
  bool one_character = true;
  for (const pf::Piece& piece : tiling.pieces)
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

// The board and pieces --board and --pieces name, or the defaults, beside
// those the files gave (frontend::resolve_tiling: its names and messages,
// the options as the CLI spells them; what it refuses is a usage error).
void resolve_parts(Inputs& inputs, Lattice lattice, const std::string& board_name,
                   const std::string& pieces_name) {
  const frontend::TilingWording wording{.board = "--board NAME or a FILE with one",
                                        .pieces = "--pieces SET or a FILE with some"};
  try {
    if (!board_name.empty())
      set_board(inputs, frontend::board_from(lattice, board_name), {}, "--board " + board_name);
    if (!pieces_name.empty())
      for (pf::Piece& piece : frontend::piece_set(lattice, pieces_name))
        add_piece(inputs, std::move(piece), "--pieces " + pieces_name);
    const bool default_pieces = inputs.pieces.empty();
    frontend::TilingParts given{.board_shape = std::move(inputs.board),
                                .pieces = std::move(inputs.pieces)};
    frontend::TilingChoice choice = frontend::resolve_tiling(lattice, std::move(given), wording);
    inputs.board = std::move(choice.board);
    inputs.pieces.clear();
    if (!default_pieces) {
      inputs.pieces = std::move(choice.pieces);
      return;
    }
    for (pf::Piece& piece : choice.pieces)
      add_piece(inputs, std::move(piece), "the default pieces");
  } catch (const ProblemError& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

namespace {

// What the command line asks of every problem.
struct TilingAsked {
  std::string name;  // the command's
  bool any_lattice = true;
  std::string board_name, pieces_name;
  pf::TilingOptions options;
  TilingOutput output;  // JSON, and the disassembly: --disassemble, --moves, --sort, --min-level
};

// The tiling of the inputs, searched as `flags` say: the command's exit
// code.
int solve_inputs(Inputs inputs, const TilingAsked& asked, PuzzleFlags& flags) {
  const Lattice lattice = *inputs.lattice;
  check_tiling_output(flags, asked.output);
  if (const std::string refused = pf::disassembly_refusal(lattice);
      asked.output.disassemble && !refused.empty())
    throw UsageError("--disassemble: " + refused);
  resolve_parts(inputs, lattice, asked.board_name, asked.pieces_name);
  if (!sizes_match(asked.name, inputs) && !flags.emit) {
    // The answer is known: do not build what may be a huge problem. One
    // item that no option covers stands for it.
    Problem none;
    none.add_primary("no_tiling");
    flags.svg();  // (checks --format)
    return run_puzzle(none, flags,
                      {.text = [](const Solution&) { return std::vector<std::string>(); }});
  }
  pf::Puzzle puzzle;
  puzzle.lattice = lattice;
  puzzle.board = std::move(*inputs.board);
  puzzle.optional_cells = std::move(inputs.optional_cells);
  puzzle.pieces = std::move(inputs.pieces);
  puzzle.board_colours = std::move(inputs.board_colours);
  puzzle.colour_pairs = std::move(inputs.colour_pairs);
  puzzle.cells_first = inputs.cells_first;
  const pf::Tiling tiling = pf::make_tiling(puzzle, asked.options);
  if (flags.emit && tiling.needs_keep())
    std::cerr << "xcover " << asked.name
              << ": warning: the problem written counts some tilings more than once: "
                 "--distinct checks those as it finds them, which a file cannot say\n";
  PuzzleViews views{
      .text = [&](const Solution& solution) { return tiling_picture(tiling, solution); },
      .colored = {},
      .svg = [&](const Solution& solution) { return render_svg(tiling, solution); },
      .solids = &tiling};
  if (lattice == Lattice::square)
    views.colored = [&](const Solution& solution) { return colored_picture(tiling, solution); };
  return run_tiling_output(tiling, flags, std::move(views), asked.output);
}

// The exit code of several problems: an interruption, then a limit, then
// bad input, over success.
int worse_code(int a, int b) {
  const auto rank = [](int code) {
    return code == exit_interrupted ? 4 : code == exit_limit ? 3 : code == 0 ? 0 : 2;
  };
  return rank(b) > rank(a) ? b : a;
}

// --problem all: every problem of the one BurrTools file, in turn, each
// after a line "problem K of N: NAME" on standard output.
int solve_every_problem(const std::string& file, const TilingAsked& asked, PuzzleFlags& flags) {
  std::string source;
  const std::string bytes = read_all(file, source);
  if (!pf::looks_like_burrtools(bytes))
    throw UsageError("--problem all solves each problem of a BurrTools file; " + source +
                     " is not one");
  const std::vector<pf::Puzzle> puzzles = pf::parse_burrtools(bytes, source);
  int code = exit_success;
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    std::cout << "problem " << k + 1 << " of " << puzzles.size()
              << (puzzles[k].name.empty() ? "" : ": " + puzzles[k].name) << "\n"
              << std::flush;
    Inputs inputs;
    add_puzzle(inputs, puzzles[k], source);
    code = worse_code(code, solve_inputs(std::move(inputs), asked, flags));
    if (code == exit_interrupted) break;
  }
  return code;
}

}  // namespace

int run_tiling_command(const std::string& name, const std::string& help,
                       const std::vector<std::string>& args, bool any_lattice) {
  po::options_description visible("Options");
  PuzzleFlags flags;
  TilingAsked asked{name, any_lattice, "", "", {}, {.name = name}};
  std::string lattice_name, problem_text, sort_by;
  bool no_reflections = false, one_sided = false, mirrors = false, distinct = false;
  bool no_reduce = false;
  auto add = visible.add_options();
  add("help,h", "show this help");
  if (any_lattice) {
    add("lattice,l", po::value(&lattice_name)->value_name("NAME"),
        "square (default), triangle, hex, cube, prism, sphere, rhombic or tetra-octa");
    add("pieces,p", po::value(&asked.pieces_name)->value_name("SET"),
        "a named piece set (see above); default: the pentominoes when no FILE gives pieces");
  }
  add("board,b", po::value(&asked.board_name)->value_name("NAME"), "a built-in board (see above)");
  add("no-reflections", po::bool_switch(&no_reflections), "pieces may turn but not flip over");
  if (any_lattice) {
    add("one-sided", po::bool_switch(&one_sided), "the same as --no-reflections");
    add("mirrors", po::bool_switch(&mirrors),
        "pieces may also be placed as their mirror images (the default in the plane; in "
        "space, where a solid cannot be mirrored, only when asked)");
  }
  if (any_lattice)
    add("no-reduce", po::bool_switch(&no_reduce),
        "keep the placements that no tiling can use (by default they are dropped first, as "
        "Knuth's DLX-PRE finds them: the same tilings, found faster)");
  add("distinct", po::bool_switch(&distinct),
      "keep one tiling of each class under the board's symmetries (see above)");
  if (any_lattice)
    add("disassemble", po::bool_switch(&asked.output.disassemble),
        "keep only the assemblies whose pieces can be slid apart (BurrTools' solutions; cube "
        "and prism lattices), and say on standard error how many assemblies were found; each "
        "solution "
        "printed starts with its level (BurrTools' 5.2.1: the moves until the first part comes "
        "off, then each part's) and its moves in all");
  if (any_lattice)
    add("min-level", number(asked.output.min_level, "--min-level", parse_count)->value_name("N"),
        "with --disassemble, keep only the solutions whose first part needs at least N moves "
        "to come off (the first number of the level)");
  if (any_lattice)
    add("moves", po::bool_switch(&asked.output.moves),
        "with --disassemble, print each solution's moves after it, one a line: \"move A B right "
        "2\" (the pieces, the way, the steps), \"remove C up 3\" for a part taken off; with "
        "--format svg, draw each solution step by step, a view after each move");
  if (any_lattice)
    add("sort", po::value(&sort_by)->value_name("level"),
        "with --disassemble, print the hardest solutions first: by level, number by number, "
        "then by moves in all (--limit N: the N hardest)");
  if (any_lattice)
    add("problem", po::value(&problem_text)->value_name("N|all"),
        "the problem of a BurrTools file with several (from 1; default 1), or all of them in "
        "turn");
  flags.add_to(visible, /*color=*/true, /*stl=*/true, tiling_json_help);
  FileOperands operands;
  po::variables_map vm;
  if (!parse_options(name, help, visible, operands.hidden, operands.positional, args, vm))
    return exit_success;
  if (vm.count("sort") && sort_by != "level")
    throw UsageError("--sort takes level, not '" + sort_by + "'");
  asked.output.sort_level = vm.count("sort") != 0;
  one_sided = one_sided || no_reflections;
  if (one_sided && mirrors) throw UsageError("--one-sided and --mirrors: give one");
  const bool every_problem = problem_text == "all";
  int problem = 0;
  if (vm.count("problem") && !every_problem) {
    const char* end = problem_text.data() + problem_text.size();
    const auto [stop, error] = std::from_chars(problem_text.data(), end, problem);
    if (problem_text.empty() || error != std::errc() || stop != end || problem < 1)
      throw UsageError("--problem must be a number from 1 or 'all', not '" + problem_text + "'");
  }
  if (one_sided) asked.options.reflections = false;
  if (mirrors) asked.options.reflections = true;
  asked.options.distinct = distinct;
  // (xcover polyomino writes the problem it always wrote: every placement.)
  asked.options.reduce = any_lattice && !no_reduce;

  flags.search.search_options();  // checks the values, starts the time limit
  Inputs inputs;
  if (!any_lattice) set_lattice(inputs, Lattice::square, "xcover " + name);
  if (!lattice_name.empty()) {
    const std::optional<Lattice> lattice = pf::lattice_named(lattice_name);
    if (!lattice)
      throw UsageError("unknown lattice '" + lattice_name +
                       "' (square, triangle, hex, cube, prism, sphere, rhombic or tetra-octa)");
    set_lattice(inputs, *lattice, "--lattice " + lattice_name);
  }
  try {
    if (every_problem) {
      if (operands.files.size() != 1)
        throw UsageError("--problem all solves the problems of one BurrTools FILE; give one");
      return solve_every_problem(operands.files.front(), asked, flags);
    }
    const Lattice picture_lattice = inputs.lattice.value_or(Lattice::square);
    for (const std::string& file : operands.files) add_file(inputs, file, picture_lattice, problem);
    if (!inputs.lattice) set_lattice(inputs, picture_lattice, "the default");
  } catch (const StoppedReading& stop) {
    return stop.code;
  }
  return solve_inputs(std::move(inputs), asked, flags);
}

namespace {

int run_polyform(const std::vector<std::string>& args) {
  return run_tiling_command("polyform", polyform_synopsis, args, true);
}

}  // namespace

XCOVER_COMMAND(41, "polyform", run_polyform,
               "tile a board of squares, triangles, hexagons, cubes or BurrTools' other grids; "
               "count up to symmetry");

}  // namespace xcover::cli
