// SPDX-License-Identifier: MIT
// The Sudoku adapter: parsing, rule checks, formatting, and solving through
// the engine on boards from 4x4 to 25x25. Every solution is checked against
// the rules and the givens.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "sudoku_support.hpp"
#include "xcover/puzzles/sudoku.hpp"

namespace test_sudoku {

using xcover::test::puzzle_lines;

namespace {

using xcover::SudokuBoard;
using xcover::SudokuSolver;
using xcover::SudokuStatus;

// The classic shapes: a board of box size n is n² x n² with n x n boxes.
SudokuBoard box_board(int box) { return SudokuBoard(box * box); }
SudokuSolver box_solver(int box) { return SudokuSolver(xcover::SudokuRules::square(box * box)); }
xcover::SudokuRules rules_of(const SudokuBoard& board) {
  return xcover::SudokuRules::square(board.side);
}
bool is_solution(const SudokuBoard& puzzle, const SudokuBoard& solution) {
  return puzzle.side == solution.side && rules_of(puzzle).is_solution(puzzle, solution);
}
std::string find_conflict(const SudokuBoard& board) { return rules_of(board).find_conflict(board); }
std::string to_grid(const SudokuBoard& board) {
  return to_grid(board, rules_of(board), xcover::SudokuAlphabet::standard(board.side));
}

const char* const leetcode_puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const char* const leetcode_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const char* const inkala_puzzle =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
// Row 1 holds 1-8, so its last cell must be 9, which column 9 already has.
const char* const dead_end_puzzle =
    "12345678.........9...............................................................";

std::vector<std::vector<char>> board_of(const std::string& line) {
  std::vector<std::vector<char>> board(9);
  for (int row = 0; row < 9; ++row)
    board[row].assign(line.begin() + row * 9, line.begin() + row * 9 + 9);
  return board;
}

std::string line_of(const std::vector<std::vector<char>>& board) {
  std::string line;
  for (const auto& row : board) line.append(row.begin(), row.end());
  return line;
}

// A complete grid of box size n by the pattern (n·(r mod n) + r div n + c)
// mod n² + 1: each row shifts the one above by n, each band by one more.
SudokuBoard pattern_grid(int box) {
  SudokuBoard grid = box_board(box);
  const int side = box * box;
  for (int row = 0; row < side; ++row) {
    for (int column = 0; column < side; ++column)
      grid.set(row, column, (box * (row % box) + row / box + column) % side + 1);
  }
  return grid;
}

// Blanks about `percent` % of the cells, chosen by a fixed pseudo-random
// sequence so that the test is the same on every run.
SudokuBoard blank_cells(SudokuBoard grid, int percent, std::uint32_t seed) {
  for (std::uint8_t& cell : grid.cells) {
    seed = seed * 1664525u + 1013904223u;
    if ((seed >> 8) % 100 < static_cast<std::uint32_t>(percent)) cell = 0;
  }
  return grid;
}

std::string parse_error(const std::string& line) {
  xcover::SudokuReader reader;
  xcover::SudokuLine read;
  std::string error;
  CHECK_FALSE(reader.read(line, read, error));
  return error;
}

}  // namespace

TEST_CASE("sudoku: the classic in-place API solves the LeetCode example") {
  auto board = board_of(leetcode_puzzle);
  REQUIRE(xcover::solveSudoku(board));
  CHECK(line_of(board) == leetcode_solution);
  CHECK(is_solution(xcover::parse_sudoku(leetcode_puzzle), xcover::parse_sudoku(line_of(board))));

  SUBCASE("a solved board stays as it is") {
    REQUIRE(xcover::solveSudoku(board));
    CHECK(line_of(board) == leetcode_solution);
  }
  SUBCASE("givens that break a rule leave the board unchanged") {
    std::string line = leetcode_puzzle;
    line[2] = '5';  // a second 5 in row 1
    auto bad = board_of(line);
    CHECK_FALSE(xcover::solveSudoku(bad));
    CHECK(line_of(bad) == line);
  }
  SUBCASE("a puzzle without a solution leaves the board unchanged") {
    auto dead = board_of(dead_end_puzzle);
    CHECK_FALSE(xcover::solveSudoku(dead));
    CHECK(line_of(dead) == dead_end_puzzle);
  }
  SUBCASE("a board of the wrong shape or with other characters is refused") {
    auto short_board = board_of(leetcode_puzzle);
    short_board.pop_back();
    CHECK_FALSE(xcover::solveSudoku(short_board));
    CHECK(short_board.size() == 8);
    auto ragged = board_of(leetcode_puzzle);
    ragged[4].push_back('.');
    CHECK_FALSE(xcover::solveSudoku(ragged));
    auto zeros = board_of(leetcode_puzzle);
    zeros[0][2] = '0';
    CHECK_FALSE(xcover::solveSudoku(zeros));
    CHECK(zeros[0][3] == '.');
  }
}

TEST_CASE("sudoku: Arto Inkala's 2012 puzzle has one solution") {
  const SudokuBoard puzzle = xcover::parse_sudoku(inkala_puzzle);
  CHECK(puzzle.given_count() == 21);
  SudokuSolver solver;
  SudokuBoard solution;
  const auto result = solver.solve(puzzle, solution, 2);
  CHECK(result.status == SudokuStatus::solved);
  CHECK(result.solutions == 1);
  CHECK(is_solution(puzzle, solution));
  CHECK(xcover::to_line(solution) ==
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452");
  CHECK(solver.statistics().nodes > 81 - 21);
}

TEST_CASE("sudoku: counts of puzzles with 0, 1, 2 and many solutions") {
  SudokuSolver solver;
  CHECK(solver.count(xcover::parse_sudoku(dead_end_puzzle)).solutions == 0);
  CHECK(solver.count(xcover::parse_sudoku(leetcode_puzzle)).solutions == 1);
  CHECK(solver.count(xcover::parse_sudoku(leetcode_puzzle), 0).solutions == 1);

  // A deadly pattern: two rows of one band hold a, b and b, a in two columns
  // of different stacks. Blanking those four cells of a full grid leaves
  // exactly the grid and its swap.
  const SudokuBoard full = xcover::parse_sudoku(leetcode_solution);
  SudokuBoard deadly = full;
  bool found = false;
  for (int r1 = 0; r1 < 9 && !found; ++r1) {
    for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3 && !found; ++r2) {
      for (int c1 = 0; c1 < 9 && !found; ++c1) {
        for (int c2 = (c1 / 3 + 1) * 3; c2 < 9 && !found; ++c2) {
          if (full.get(r1, c1) == full.get(r2, c2) && full.get(r1, c2) == full.get(r2, c1)) {
            for (int r : {r1, r2}) {
              for (int c : {c1, c2}) deadly.set(r, c, 0);
            }
            found = true;
          }
        }
      }
    }
  }
  REQUIRE(found);
  CHECK(solver.count(deadly, 0).solutions == 2);
  CHECK(solver.count(deadly, 2).solutions == 2);
  CHECK(solver.count(deadly, 1).solutions == 1);
  std::set<std::string> seen;
  const auto result = solver.enumerate(deadly, [&](const SudokuBoard& grid) {
    CHECK(is_solution(deadly, grid));
    seen.insert(xcover::to_line(grid));
    return true;
  });
  CHECK(result.status == SudokuStatus::solved);
  CHECK(result.solutions == 2);
  CHECK(seen.size() == 2);
  CHECK(seen.count(leetcode_solution) == 1);

  // The empty board has about 6.67e21 completions; the limit stops the count.
  const SudokuBoard empty = box_board(3);
  CHECK(solver.count(empty, 1000).solutions == 1000);
  SudokuBoard first;
  const auto empty_result = solver.solve(empty, first);
  CHECK(empty_result.status == SudokuStatus::solved);
  CHECK(empty_result.solutions == 1);
  CHECK(is_solution(empty, first));
}

TEST_CASE("sudoku: all 288 complete 4x4 grids from an empty board") {
  SudokuSolver solver = box_solver(2);
  const SudokuBoard empty = box_board(2);
  CHECK(solver.count(empty, 0).solutions == 288);
  std::set<std::string> grids;
  const auto result = solver.enumerate(empty, [&](const SudokuBoard& grid) {
    CHECK(is_solution(empty, grid));
    grids.insert(xcover::to_line(grid));
    return true;
  });
  CHECK(result.solutions == 288);
  CHECK(grids.size() == 288);

  // Fixing the first row leaves 288 / 4! of them.
  CHECK(solver.count(xcover::parse_sudoku("1234............"), 0).solutions == 12);

  // A visitor that says stop ends the enumeration.
  int visited = 0;
  (void)solver.enumerate(empty, [&](const SudokuBoard&) { return ++visited < 5; });
  CHECK(visited == 5);
  CHECK(solver.statistics().solutions == 5);
}

TEST_CASE("sudoku: 16x16 and 25x25 puzzles") {
  for (int box : {4, 5}) {
    CAPTURE(box);
    const SudokuBoard full = pattern_grid(box);
    REQUIRE(find_conflict(full).empty());
    REQUIRE(is_solution(box_board(box), full));
    const SudokuBoard puzzle = blank_cells(full, box == 4 ? 55 : 35, 12345u + box);
    CHECK(puzzle.given_count() < static_cast<int>(full.cells.size()) * (box == 4 ? 60 : 75) / 100);

    // Through the text format, as a user would give it.
    const std::string line = xcover::to_line(puzzle);
    CHECK(line.size() == static_cast<std::size_t>(box * box * box * box));
    const SudokuBoard parsed = xcover::parse_sudoku(line);
    CHECK(parsed == puzzle);

    SudokuSolver solver = box_solver(box);
    SudokuBoard solution;
    const auto result = solver.solve(parsed, solution);
    REQUIRE(result.status == SudokuStatus::solved);
    CHECK(is_solution(puzzle, solution));
    CHECK(xcover::to_line(solution).find_first_of(".0") == std::string::npos);
  }
}

TEST_CASE("sudoku: one solver serves many puzzles of its size") {
  // Solving puzzles in a row, with invalid and dead-end ones between them,
  // gives what a fresh solver gives: the assumptions are undone each time.
  const auto lines = puzzle_lines(xcover::test::data_file("sudoku_17clue_sample.txt"));
  REQUIRE(lines.size() == 100);
  const SudokuBoard invalid = xcover::parse_sudoku(
      "11...............................................................................");
  const SudokuBoard dead_end = xcover::parse_sudoku(dead_end_puzzle);
  SudokuSolver solver;
  SudokuBoard solution;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    CAPTURE(lines[k]);
    const SudokuBoard puzzle = xcover::parse_sudoku(lines[k]);
    CHECK(puzzle.given_count() == 17);
    const auto result = solver.solve(puzzle, solution, 2);
    CHECK(result.status == SudokuStatus::solved);
    CHECK(result.solutions == 1);
    CHECK(is_solution(puzzle, solution));
    if (k % 10 == 0) {
      SudokuSolver fresh;
      SudokuBoard fresh_solution;
      (void)fresh.solve(puzzle, fresh_solution, 2);
      CHECK(fresh_solution == solution);
      CHECK(fresh.statistics().nodes == solver.statistics().nodes);
    }
    if (k % 3 == 0) CHECK(solver.solve(invalid, solution).status == SudokuStatus::invalid);
    if (k % 3 == 1) CHECK(solver.solve(dead_end, solution).status == SudokuStatus::no_solution);
  }
  // The hardest puzzles are where a search gives the subset rule up: the
  // next search starts with it again, so a reused solver searches the same
  // tree as a fresh one.
  for (const std::string& line :
       puzzle_lines(xcover::test::data_file("sudoku_hardest_sample.txt"))) {
    CAPTURE(line);
    const SudokuBoard puzzle = xcover::parse_sudoku(line);
    const auto result = solver.solve(puzzle, solution, 2);
    CHECK(result.status == SudokuStatus::solved);
    CHECK(result.solutions == 1);
    CHECK(is_solution(puzzle, solution));
    SudokuSolver fresh;
    SudokuBoard fresh_solution;
    (void)fresh.solve(puzzle, fresh_solution, 2);
    CHECK(fresh.statistics().nodes == solver.statistics().nodes);
  }
}

TEST_CASE("sudoku: branching on the most clashes, but not with cages") {
  // Cages' digit sets clash with much and settle little: there the first
  // shortest item makes the smaller tree.
  CHECK(SudokuSolver().search_options().item_choice == xcover::ItemChoice::most_clashes);
  CHECK(
      SudokuSolver(xcover::SudokuRules::boxes(3, 3).add_diagonals()).search_options().item_choice ==
      xcover::ItemChoice::most_clashes);
  SudokuSolver killer(xcover::SudokuRules::boxes(3, 3).add_cage({0, 1}, 3));
  CHECK(killer.search_options().item_choice == xcover::ItemChoice::first_shortest);
  CHECK(killer.search_options().propagate);
}

TEST_CASE("sudoku: solve reports invalid givens, dead ends and stopped searches") {
  SudokuSolver solver;
  SudokuBoard solution = xcover::parse_sudoku(leetcode_solution);
  const SudokuBoard before = solution;
  auto result =
      solver.solve(xcover::parse_sudoku(std::string("55") + std::string(79, '.')), solution);
  CHECK(result.status == SudokuStatus::invalid);
  CHECK(result.solutions == 0);
  CHECK(solution == before);
  CHECK(solver.count(xcover::parse_sudoku(std::string("55") + std::string(79, '.'))).solutions ==
        0);

  result = solver.solve(xcover::parse_sudoku(dead_end_puzzle), solution);
  CHECK(result.status == SudokuStatus::no_solution);
  CHECK(solution == before);

  // The engine's limits apply to every search of the solver.
  solver.search_options().node_limit = 3;
  result = solver.solve(xcover::parse_sudoku(inkala_puzzle), solution);
  CHECK(result.status == SudokuStatus::stopped);
  solver.search_options().node_limit = 0;
  result = solver.solve(xcover::parse_sudoku(inkala_puzzle), solution);
  CHECK(result.status == SudokuStatus::solved);

  CHECK_THROWS_AS((void)solver.solve(box_board(2), solution), xcover::SudokuError);
  CHECK_THROWS_AS(xcover::SudokuRules::square(6), xcover::SudokuError);
  CHECK_THROWS_AS(xcover::SudokuRules::square(65), xcover::SudokuError);
  SudokuBoard grid(9);
  CHECK_THROWS_AS(grid.set(0, 0, 10), xcover::SudokuError);
  CHECK_THROWS_AS(grid.set(9, 0, 1), xcover::SudokuError);
}

TEST_CASE("sudoku: reading puzzle lines") {
  SUBCASE("blanks are '.' or '0', and the size follows from the length") {
    const SudokuBoard dots = xcover::parse_sudoku(leetcode_puzzle);
    std::string zeros = leetcode_puzzle;
    for (char& c : zeros) c = c == '.' ? '0' : c;
    CHECK(xcover::parse_sudoku(zeros) == dots);
    CHECK(dots.side == 9);
    CHECK(dots.get(0, 0) == 5);
    CHECK(dots.get(0, 2) == 0);
    CHECK(dots.get(8, 8) == 9);
    CHECK(xcover::parse_sudoku("1234............").side == 4);
    const SudokuBoard big = xcover::parse_sudoku("G" + std::string(255, '.'));
    CHECK(big.side == 16);
    CHECK(big.get(0, 0) == 16);
    const SudokuBoard huge = xcover::parse_sudoku("P" + std::string(624, '0'));
    CHECK(huge.side == 25);
    CHECK(huge.get(0, 0) == 25);
  }
  SUBCASE("anything after whitespace, ',' or ':' is ignored") {
    const SudokuBoard expected = xcover::parse_sudoku(leetcode_puzzle);
    for (const char* tail : {":1:534678912", ",1", " 1 solution", "\t#", "\r"}) {
      CAPTURE(tail);
      CHECK(xcover::parse_sudoku(std::string(leetcode_puzzle) + tail) == expected);
    }
    CHECK(xcover::parse_sudoku(std::string("  ") + leetcode_puzzle) == expected);
  }
  SUBCASE("but killer cages are refused, not dropped, unless the lines are read as killer") {
    const std::string line = std::string(leetcode_puzzle) + " x=1 r1c1r1c2=8 r9c9=9";
    CHECK_THROWS_WITH_AS(xcover::parse_sudoku(line),
                         "the line has a killer cage after its cells ('r1c1r1c2=8'), which would "
                         "be ignored: read killer lines as killer (the CLI's --killer)",
                         xcover::SudokuError);
    // Words that only look like one go on being ignored.
    for (const char* tail : {" r1c1=", " r1c1r2=3", " r1c1=3x", " =3", ",r1c=2"}) {
      CAPTURE(tail);
      CHECK(xcover::parse_sudoku(std::string(leetcode_puzzle) + tail) ==
            xcover::parse_sudoku(leetcode_puzzle));
    }
    xcover::SudokuLineFormat killer;
    killer.killer = true;
    xcover::SudokuReader reader(killer);
    xcover::SudokuLine read;
    std::string error;
    CHECK(reader.read(std::string(81, '.') + " r1c1r1c2=8 r9c9=9", read, error));
    CHECK(read.rules->cages().size() == 2);
  }
  SUBCASE("a reader's line is reused across sizes") {
    xcover::SudokuReader reader;
    xcover::SudokuLine line;
    std::string error;
    CHECK(reader.read("1234............", line, error));
    CHECK(line.board.side == 4);
    CHECK(line.rules->box_rows() == 2);
    CHECK(reader.read(leetcode_puzzle, line, error));
    CHECK(line.board.side == 9);
    CHECK(line.rules->box_rows() == 3);
    CHECK(line.board.get(0, 1) == 3);
  }
}

TEST_CASE("sudoku: every error message") {
  const std::string sizes = "; a puzzle has 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25)";
  CHECK(parse_error(std::string(80, '.')) == "80 cells" + sizes);
  CHECK(parse_error(std::string(82, '.')) == "82 cells" + sizes);
  CHECK(parse_error("") == "no cells" + sizes);
  CHECK(parse_error(":81") == "no cells" + sizes);
  CHECK(parse_error("5") == "1 cell" + sizes);

  std::string line = leetcode_puzzle;
  line[11] = 'x';
  CHECK(parse_error(line) ==
        "'x' at position 12 (row 2, column 3) is not a symbol of a 9x9 board "
        "(1-9; '.' or '0' for a blank)");
  line[11] = 'A';
  CHECK(parse_error(line) ==
        "'A' at position 12 (row 2, column 3) is not a symbol of a 9x9 board "
        "(1-9; '.' or '0' for a blank)");
  line[11] = '\x01';
  CHECK(parse_error(line) ==
        "byte 0x01 at position 12 (row 2, column 3) is not a symbol of a 9x9 board "
        "(1-9; '.' or '0' for a blank)");
  CHECK(parse_error("1234.......5....") ==
        "'5' at position 12 (row 3, column 4) is not a symbol of a 4x4 board "
        "(1-4; '.' or '0' for a blank)");
  CHECK(parse_error("H" + std::string(255, '.')) ==
        "'H' at position 1 (row 1, column 1) is not a symbol of a 16x16 board "
        "(1-9 and A-G; '.' or '0' for a blank)");
  CHECK(parse_error(std::string(624, '.') + "a") ==
        "'a' at position 625 (row 25, column 25) is not a symbol of a 25x25 board "
        "(1-9 and A-P; '.' or '0' for a blank)");
  CHECK_THROWS_WITH_AS(xcover::parse_sudoku("12"), ("2 cells" + sizes).c_str(),
                       xcover::SudokuError);

  auto conflict = [](const std::string& text) { return find_conflict(xcover::parse_sudoku(text)); };
  CHECK(conflict(leetcode_puzzle).empty());
  CHECK(conflict(leetcode_solution).empty());
  CHECK(conflict("5....5" + std::string(75, '.')) == "digit 5 twice in row 1 (columns 1 and 6)");
  CHECK(conflict(std::string(9, '.') + "........3" + std::string(54, '.') + "........3") ==
        "digit 3 twice in column 9 (rows 2 and 9)");
  CHECK(conflict(std::string(30, '.') + "7" + std::string(9, '.') + "7" + std::string(40, '.')) ==
        "digit 7 twice in box 5 (r4c4 and r5c5)");
  CHECK(conflict("G" + std::string(16, '.') + "G" + std::string(238, '.')) ==
        "digit 16 twice in box 1 (r1c1 and r2c2)");
  CHECK(conflict("1.1" + std::string(13, '.')) == "digit 1 twice in row 1 (columns 1 and 3)");
}

TEST_CASE("sudoku: checking solutions") {
  const SudokuBoard puzzle = xcover::parse_sudoku(leetcode_puzzle);
  const SudokuBoard solution = xcover::parse_sudoku(leetcode_solution);
  CHECK(is_solution(puzzle, solution));
  CHECK(is_solution(solution, solution));
  CHECK_FALSE(is_solution(puzzle, puzzle));  // not complete

  SudokuBoard swapped = solution;  // two digits of row 1 exchanged: columns break
  swapped.set(0, 0, solution.get(0, 1));
  swapped.set(0, 1, solution.get(0, 0));
  CHECK_FALSE(is_solution(box_board(3), swapped));

  // A valid grid that does not keep the givens: digits 1 and 2 relabelled.
  SudokuBoard relabelled = solution;
  for (std::uint8_t& cell : relabelled.cells) cell = cell == 1 ? 2 : cell == 2 ? 1 : cell;
  CHECK(find_conflict(relabelled).empty());
  CHECK(is_solution(box_board(3), relabelled));
  SudokuBoard one_given = box_board(3);
  one_given.set(0, 7, 1);  // the solution has 1 in row 1, column 8
  CHECK(is_solution(one_given, solution));
  CHECK_FALSE(is_solution(one_given, relabelled));

  CHECK_FALSE(is_solution(box_board(2), solution));  // other size
}

TEST_CASE("sudoku: formatting") {
  const SudokuBoard solution = xcover::parse_sudoku(leetcode_solution);
  CHECK(xcover::to_line(solution) == leetcode_solution);
  CHECK(xcover::to_line(xcover::parse_sudoku(std::string(leetcode_puzzle))) == leetcode_puzzle);
  CHECK(to_grid(solution) ==
        "5 3 4 | 6 7 8 | 9 1 2\n"
        "6 7 2 | 1 9 5 | 3 4 8\n"
        "1 9 8 | 3 4 2 | 5 6 7\n"
        "------+-------+------\n"
        "8 5 9 | 7 6 1 | 4 2 3\n"
        "4 2 6 | 8 5 3 | 7 9 1\n"
        "7 1 3 | 9 2 4 | 8 5 6\n"
        "------+-------+------\n"
        "9 6 1 | 5 3 7 | 2 8 4\n"
        "2 8 7 | 4 1 9 | 6 3 5\n"
        "3 4 5 | 2 8 6 | 1 7 9\n");
  CHECK(to_grid(xcover::parse_sudoku("12..34..........")) ==
        "1 2 | . .\n"
        "3 4 | . .\n"
        "----+----\n"
        ". . | . .\n"
        ". . | . .\n");
  const std::string big = to_grid(pattern_grid(4));
  CHECK(big.substr(0, 32) == "1 2 3 4 | 5 6 7 8 | 9 A B C | D ");
  CHECK(big.find("--------+---------+---------+--------\n") != std::string::npos);
  const xcover::SudokuAlphabet symbols = xcover::SudokuAlphabet::standard(25);
  CHECK(symbols.symbol(0) == '.');
  CHECK(symbols.symbol(9) == '9');
  CHECK(symbols.symbol(10) == 'A');
  CHECK(symbols.symbol(25) == 'P');
}

TEST_CASE("sudoku: a 16x16 line with '0' and no 'G' is refused as ambiguous") {
  std::string hex(256, '.');
  hex[0] = '0';
  hex[1] = 'F';
  CHECK(parse_error(hex) ==
        "'0' with no 'G' in a 16x16 puzzle: is '0' a blank or a digit (as in hex 0-F)? Write "
        "blanks as '.', or give the digits' symbols (xcover sudoku --alphabet ...)");
  hex[2] = 'G';  // now '0' can only be a blank
  const SudokuBoard grid = xcover::parse_sudoku(hex);
  CHECK(grid.get(0, 0) == 0);
  CHECK(grid.get(0, 2) == 16);
}

}  // namespace test_sudoku
