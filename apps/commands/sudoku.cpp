// SPDX-License-Identifier: MIT
// xcover sudoku [FILE...]: parse the options into a SudokuCommand, check
// that they go together, and pick the run: lines of any shape (the library's
// batch runner, in input order), --generate, or --knuth files.
#include <iostream>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "commands/sudoku_command.hpp"

namespace xcover::cli {

namespace {

// Options as typed, before they are checked into the command.
struct RawOptions {
  unsigned threads = 0;
  std::string format = "line";
  std::string boxes, symmetry = "none", difficulty;
};

const char* const usage_text =
    "[FILE...] [options]\n\n"
    "Solves Sudoku puzzles read from the FILEs or standard input ('-' or none), one\n"
    "a line: the cells row by row, '.' or '0' for a blank, digits 1-9 then letters\n"
    "A-P. The length gives the size: 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25)\n"
    "cells; other shapes and variants take the options below. Anything after the\n"
    "cells and a space, ',' or ':' is ignored (but --jigsaw's regions and --killer's\n"
    "cages; a cage such as r1c1r1c2=3 without --killer is an error, not dropped);\n"
    "empty lines and lines starting with '#' are skipped.\n\n"
    "Each puzzle line gives one output line, in input order: its solution (the\n"
    "first the search meets when there are several; --count tells), 'no solution',\n"
    "or 'error: REASON' (and FILE:LINE: REASON on stderr).\n"
    "Exit status: 0 when every puzzle was solved, 1 when one had no solution or an\n"
    "error, 2 usage, 3 when --node-limit made it give up on one, 130 interrupted\n"
    "by a signal (Ctrl-C, SIGTERM or SIGHUP).";

// clang-format off
void describe_basics(po::options_description& visible, SudokuCommand& command, RawOptions& raw) {
  visible.add_options()
      ("help,h", "show this help")
      ("count,c", po::bool_switch(&command.count),
       "print the number of solutions of each puzzle instead of a solution")
      ("limit,n", number(command.limit, "--limit", parse_count)->value_name("N"),
       "with --count, stop counting at N (default 2: 1 means unique; 0 = no limit)")
      ("node-limit", number(command.node_limit, "--node-limit", parse_count)->value_name("N"),
       "give up on a puzzle after N search nodes: its line says 'limit: ...' and the "
       "exit status is 3")
      ("threads,j", number(raw.threads, "--threads", parse_threads)->value_name("N"),
       "solve with N threads (default, and 0: one per CPU this process may use, as taskset sets "
       "it); output stays in input order")
      ("format,f", po::value(&raw.format)->value_name("line|grid|csv|json|svg"),
       "a solution as one line (default), as the puzzle's board and the solution's side by "
       "side (givens on the left), or a CSV row / "
       "JSON object per puzzle: puzzle, solution, count (up to 2: 1 = unique), nodes, and "
       "with --rate level and score; or svg: a picture of the solved puzzle (givens black, "
       "digits found blue; regions, diagonals, windows and cages drawn), several puzzles on one "
       "sheet")
      ("color", po::value(&command.color)->value_name("WHEN"),
       "colour line and grid output: givens bold, digits found blue; auto (default: when the "
       "output is a terminal and NO_COLOR is not set), always or never")
      ("stats,s", po::bool_switch(&command.stats),
       "print puzzles, solved, no solution, errors, seconds, puzzles per second and mean "
       "search nodes per puzzle to stderr");
}

void describe_shapes(po::options_description& shapes, SudokuCommand& command, RawOptions& raw) {
  shapes.add_options()
      ("boxes", po::value(&raw.boxes)->value_name("RxC"),
       "boxes of R rows and C columns: 2x3 for 6x6, 2x4 for 8x8, 3x4 for 12x12, 6x6 for 36x36")
      ("latin", number(command.lines.latin, "--latin", parse_size)->value_name("N"),
       "an N x N Latin square: rows and columns only, no boxes")
      ("regions", po::value(&command.lines.regions)->value_name("STRING"),
       "jigsaw: one symbol per cell, row by row, naming its region (for every line)")
      ("jigsaw", po::bool_switch(&command.lines.jigsaw_lines),
       "jigsaw: each line holds its cells, then a space and its region string")
      ("diagonals,x", po::bool_switch(&command.lines.diagonals),
       "X-Sudoku: each long diagonal holds every digit once")
      ("windows", po::bool_switch(&command.lines.windows),
       "windoku (hyper): boxes set one cell in from the edges, one apart, hold every digit")
      ("killer", po::bool_switch(&command.lines.killer),
       "killer: each line holds its cells, then cages as r1c1r1c2=3 (cells, '=', their "
       "sum: distinct digits)")
      ("knuth", po::bool_switch(&command.knuth),
       "each FILE holds one generalized Sudoku in Knuth's layout: n lines of n clues (1-9 then "
       "a-w; '#' a hole, anything else a blank), then groups of n lines naming boxes (0-9 then "
       "a-v, '.' none); the solution is written the same way")
      ("alphabet", po::value(&command.lines.alphabet)->value_name("SYMBOLS"),
       "the digits' symbols in order, e.g. 0123456789ABCDEF for hex 16x16; '.' is then the "
       "only blank (default 1-9 then A-Z, with '0' also a blank)");
}

void describe_making(po::options_description& making, SudokuCommand& command, RawOptions& raw) {
  making.add_options()
      ("generate", number(command.generate, "--generate", parse_count)->value_name("N"),
       "make N puzzles with one solution, minimal (no clue can go), of the shape given (9x9 "
       "by default), instead of reading any")
      ("seed", number(command.seed, "--seed", parse_count)->value_name("S"),
       "with --generate: the first puzzle's seed (default 1); puzzle k uses S + k, the same "
       "on every machine and any --threads")
      ("symmetry", po::value(&raw.symmetry)->value_name("NAME"),
       "with --generate: clues placed symmetrically: none (default), rotate180, rotate90, "
       "mirror, flip, diagonal")
      ("difficulty", po::value(&raw.difficulty)->value_name("LEVEL"),
       "with --generate: keep only puzzles of this level: simple, easy, intermediate, expert")
      ("clues", number(command.max_clues, "--clues", parse_size)->value_name("K"),
       "with --generate: keep only puzzles of at most K clues")
      ("rate", po::bool_switch(&command.rate),
       "rate each puzzle: its level by technique (simple: singles; easy: hidden singles; "
       "intermediate: pairs and locked candidates; expert: guessing needed) and a score, "
       "the mean search nodes to prove it unique over 8 relabellings");
}
// clang-format on

SudokuFormat parse_format(const std::string& format) {
  if (format == "line") return SudokuFormat::line;
  if (format == "grid") return SudokuFormat::grid;
  if (format == "csv") return SudokuFormat::csv;
  if (format == "json") return SudokuFormat::json;
  if (format == "svg") return SudokuFormat::svg;
  throw UsageError("--format must be 'line', 'grid', 'csv', 'json' or 'svg', not '" + format + "'");
}

// The library's names and message, the option as the CLI spells it.
std::optional<SudokuLevel> level_named(const std::string& name) {
  if (name.empty()) return std::nullopt;
  try {
    return xcover::parse_level(name);
  } catch (const SudokuError& e) {
    throw UsageError(std::string("--") + e.what());
  }
}

// The shape options, checked: one layout, and --knuth alone.
void check_shape(const SudokuCommand& command) {
  const SudokuLineFormat& lines = command.lines;
  if (int(lines.box_rows > 0) + int(lines.latin > 0) +
          int(!lines.regions.empty() || lines.jigsaw_lines) >
      1)
    throw UsageError("give one of --boxes, --latin and --regions / --jigsaw");
  const bool any_shape = lines.box_rows || lines.latin || !lines.regions.empty() ||
                         lines.jigsaw_lines || lines.diagonals || lines.windows || lines.killer ||
                         !lines.alphabet.empty();
  if (command.knuth &&
      (command.generating || command.format == SudokuFormat::csv ||
       command.format == SudokuFormat::json || command.format == SudokuFormat::svg || any_shape))
    throw UsageError(
        "--knuth files define their own shape: it goes with --count, --limit, "
        "--rate, --node-limit and --format line|grid only");
}

// What only --generate takes, and what --generate does not take.
void check_generate(const SudokuCommand& command, const po::variables_map& vm,
                    const std::vector<std::string>& files) {
  const bool generating = command.generating;
  for (const char* option : {"seed", "symmetry", "difficulty", "clues"})
    if (vm.count(option) && !generating)
      throw UsageError(std::string("--") + option + " applies to --generate");
  if (generating && (!files.empty() || command.count))
    throw UsageError("--generate reads no puzzles (and counts none)");
  if (generating && command.lines.jigsaw_lines)
    throw UsageError("--generate takes its regions from --regions, not from lines (--jigsaw)");
}

// Parses `args` into `command`; false after --help.
bool parse_command(const std::vector<std::string>& args, SudokuCommand& command) {
  RawOptions raw;
  po::options_description visible("Options");
  po::options_description shapes("Shapes and variants (lines then need not be 4x4..25x25)");
  po::options_description making("Making and rating puzzles");
  describe_basics(visible, command, raw);
  describe_shapes(shapes, command, raw);
  describe_making(making, command, raw);
  visible.add(shapes).add(making);
  FileOperands operands;
  po::variables_map vm;
  if (!parse_options("sudoku", usage_text, visible, operands.hidden, operands.positional, args, vm))
    return false;
  command.format = parse_format(raw.format);
  if (command.format == SudokuFormat::svg && (command.count || command.rate))
    throw UsageError(
        "--format svg draws puzzles and their solutions; --count and --rate print "
        "numbers: give one");
  if (vm.count("color") && command.format != SudokuFormat::line &&
      command.format != SudokuFormat::grid)
    throw UsageError("--color colours the line and grid formats, not --format " + raw.format);
  command.colored = use_color(command.color);
  if (vm.count("limit") && !command.count) throw UsageError("--limit applies to --count");
  if (!raw.boxes.empty()) parse_boxes(raw.boxes, command.lines);
  try {
    command.symmetry = parse_symmetry(raw.symmetry);
  } catch (const SudokuError& e) {
    throw UsageError(std::string("--symmetry: ") + e.what());
  }
  command.difficulty = level_named(raw.difficulty);
  command.generating = vm.count("generate") > 0;
  check_shape(command);
  check_generate(command, vm, operands.files);
  command.threads = thread_count(raw.threads);
  command.files = operands.files;
  if (command.files.empty()) command.files.push_back("-");
  return true;
}

}  // namespace

int run_sudoku(const std::vector<std::string>& args) {
  SudokuCommand command;
  if (!parse_command(args, command)) return exit_success;
  try {
    if (command.knuth) return run_sudoku_knuth(command);
    if (command.generating) return run_sudoku_generate(command);
    return run_sudoku_lines(command);
  } catch (const SudokuError& e) {
    throw UsageError(e.what());  // rules from the options that do not hold
  }
}

XCOVER_COMMAND(20, "sudoku", run_sudoku,
               "solve, count, rate or make Sudoku of any shape, one a line");

}  // namespace xcover::cli
