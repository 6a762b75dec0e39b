// SPDX-License-Identifier: MIT
// Sudoku of any shape: rules, boards as text, the exact-cover model against
// a plain backtracking count that knows only the rules, generated puzzles
// (unique, minimal, symmetric, reproducible) and ratings.
#include <doctest/doctest.h>

#include <atomic>
#include <bit>
#include <chrono>
#include <functional>
#include <numeric>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_generate.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"

namespace test_sudoku_rules {

using xcover::SudokuAlphabet;
using xcover::SudokuBoard;
using xcover::SudokuError;
using xcover::SudokuRules;
using xcover::SudokuSolver;
using xcover::SudokuStatus;

namespace {

// Counts the completions of `board` by trying digits cell by cell, checking
// houses and cages directly: no exact cover, nothing shared with the model.
std::uint64_t backtrack_count(const SudokuRules& rules, SudokuBoard board) {
  const int n = rules.side();
  std::vector<std::vector<int>> houses_of(static_cast<std::size_t>(n * n));
  for (const auto& house : rules.houses())
    for (int cell : house.cells)
      houses_of[static_cast<std::size_t>(cell)].push_back(
          static_cast<int>(&house - rules.houses().data()));
  auto fits = [&](int cell, int d) {
    for (int h : houses_of[static_cast<std::size_t>(cell)])
      for (int other : rules.houses()[static_cast<std::size_t>(h)].cells)
        if (other != cell && board.cells[static_cast<std::size_t>(other)] == d) return false;
    for (const auto& cage : rules.cages()) {
      if (std::find(cage.cells.begin(), cage.cells.end(), cell) == cage.cells.end()) continue;
      int sum = 0;
      bool full = true;
      for (int other : cage.cells) {
        const int v = other == cell ? d : board.cells[static_cast<std::size_t>(other)];
        if (other != cell && v == d) return false;
        sum += v;
        full &= v != 0;
      }
      if (sum > cage.sum || (full && sum != cage.sum)) return false;
    }
    return true;
  };
  std::function<std::uint64_t(int)> count = [&](int cell) -> std::uint64_t {
    if (cell == n * n) return 1;
    if (board.cells[static_cast<std::size_t>(cell)] != 0 || rules.is_hole(cell))
      return count(cell + 1);
    std::uint64_t total = 0;
    for (int d = 1; d <= n; ++d) {
      if (!fits(cell, d)) continue;
      board.cells[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
      total += count(cell + 1);
      board.cells[static_cast<std::size_t>(cell)] = 0;
    }
    return total;
  };
  return count(0);
}

std::uint64_t exact_cover_count(const SudokuRules& rules, const SudokuBoard& board) {
  SudokuSolver solver(rules);
  const auto result = solver.count(board, 0);
  // Every solution it finds obeys the rules.
  SudokuBoard first;
  if (solver.solve(board, first, 1).status == SudokuStatus::solved)
    CHECK(rules.is_solution(board, first));
  return result.solutions;
}

std::vector<int> cells_of(std::initializer_list<int> cells) { return cells; }

}  // namespace

TEST_CASE("rules: known counts of full boards") {
  CHECK(exact_cover_count(SudokuRules(4), SudokuBoard(4)) == 576);  // Latin squares, A002860
  CHECK(exact_cover_count(SudokuRules(5), SudokuBoard(5)) == 161280);
  CHECK(exact_cover_count(SudokuRules::boxes(2, 2), SudokuBoard(4)) == 288);  // 4x4 Sudoku
  CHECK(exact_cover_count(SudokuRules(1), SudokuBoard(1)) == 1);
}

TEST_CASE("rules: the model counts what a plain backtracking counts") {
  std::vector<SudokuRules> all;
  all.push_back(SudokuRules::boxes(2, 2).add_diagonals());
  all.push_back(SudokuRules::boxes(2, 2).add_windows());
  all.push_back(SudokuRules(5).add_diagonals());
  all.push_back(SudokuRules::jigsaw("AABBAABBCCDDCCDD"));
  all.push_back(SudokuRules::jigsaw("AAABBACCBBACCCBDDEEEDDDEE"));
  all.push_back(SudokuRules(4).add_cage(cells_of({0, 1}), 3).add_cage(cells_of({4, 8, 12}), 9));
  SudokuRules six = SudokuRules::boxes(2, 3);
  CHECK(six.describe() == "6x6, 2x3 boxes");
  all.push_back(six);
  for (const SudokuRules& rules : all) {
    CAPTURE(rules.describe());
    SudokuBoard board(rules.side());
    if (rules.side() == 6) {  // a few givens, or the count runs long
      for (int c = 0; c < 6; ++c)
        board.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c + 1);
      board.cells[6] = 4;
    }
    const std::uint64_t expected = backtrack_count(rules, board);
    CHECK(expected > 0);  // each case has boards to find
    CHECK(exact_cover_count(rules, board) == expected);
  }
}

TEST_CASE("rules: cages as fillings and as digit sets count what a plain backtracking counts") {
  // 6x6: row 2 is a cage of 720 fillings (written as its digit set), the
  // others have few (written as fillings); givens in both kinds.
  SudokuRules rules = SudokuRules::boxes(2, 3)
                          .add_cage(cells_of({6, 7, 8, 9, 10, 11}), 21)
                          .add_cage(cells_of({12, 13}), 7)
                          .add_cage(cells_of({18, 24, 30}), 10)
                          .add_cage(cells_of({14, 15, 20}), 9);
  const xcover::Problem problem = rules.problem();
  CHECK(problem.find_item("k1#1") >= 0);   // the digit set's items
  CHECK(problem.find_item("k2#1") < 0);    // none for a filled cage
  CHECK(problem.find_item("r3c1d") >= 0);  // its cells' coloured items
  SudokuBoard board(6);
  for (int c = 0; c < 6; ++c)
    board.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c + 1);
  const std::uint64_t bare = backtrack_count(rules, board);
  CHECK(bare > 1);
  CHECK(exact_cover_count(rules, board) == bare);
  // Givens from a solution: in a filled cage and in the digit-set cage.
  SudokuSolver solver(rules);
  SudokuBoard solution;
  REQUIRE(solver.solve(board, solution, 1).status == SudokuStatus::solved);
  for (int cell : {13, 7})
    board.cells[static_cast<std::size_t>(cell)] = solution.cells[static_cast<std::size_t>(cell)];
  const std::uint64_t given = backtrack_count(rules, board);
  CHECK(given > 0);
  CHECK(given < bare);
  CHECK(exact_cover_count(rules, board) == given);
  // Givens no filling agrees with, whose sum is not yet too big (r4c1 and
  // r5c1 of the cage of sum 10 can be 3 and 4 only with another 3): no
  // solution.
  board.cells[13] = board.cells[7] = 0;
  board.cells[18] = 3;
  board.cells[24] = 4;
  CHECK(rules.find_conflict(board).empty());
  CHECK(backtrack_count(rules, board) == 0);
  CHECK(solver.count(board, 0).solutions == 0);
}

TEST_CASE("rules: the solver's bit sets with propagation agree with plain dancing links") {
  const SudokuRules rules = SudokuRules::boxes(3, 3);
  xcover::SudokuSolver solver(rules);
  CHECK(solver.layout() == xcover::Layout::bitsets);
  CHECK(solver.search_options().propagate);
  const xcover::Problem problem = rules.problem();
  xcover::Solver links(problem, xcover::Layout::links);
  const auto alphabet = SudokuAlphabet::standard(9);
  for (const std::string& line :
       xcover::test::puzzle_lines(xcover::test::data_file("sudoku_hardest_sample.txt"))) {
    const SudokuBoard puzzle = xcover::parse_board(line, 9, alphabet);
    SudokuBoard solution;
    REQUIRE(solver.solve(puzzle, solution, 2).solutions == 1);
    CHECK(rules.is_solution(puzzle, solution));
    // The same puzzle by the links, its givens forced one by one.
    for (int cell = 0; cell < 81; ++cell)
      if (const int d = puzzle.cells[static_cast<std::size_t>(cell)]; d != 0)
        REQUIRE(links.assume(cell * 9 + d - 1));
    xcover::SearchOptions options;
    options.solution_limit = 2;
    std::vector<int> found;
    CHECK(links.search(
              [&](const xcover::Solution& s) {
                found.assign(s.options.begin(), s.options.end());
                return true;
              },
              options) == xcover::Status::exhausted);
    links.clear_assumptions();
    CHECK(links.statistics().solutions == 1);
    SudokuBoard by_links(9);
    for (int option : found)
      by_links.cells[static_cast<std::size_t>(option / 9)] =
          static_cast<std::uint8_t>(option % 9 + 1);
    CHECK(by_links == solution);
  }
}

TEST_CASE("rules: houses, windows, diagonals and their checks") {
  const SudokuRules x = SudokuRules::boxes(3, 3).add_diagonals().add_windows();
  CHECK(x.describe() == "9x9, 3x3 boxes, diagonals, windows");
  CHECK(x.houses().size() == 9 * 3 + 2 + 4);
  CHECK(x.houses().back().cells == std::vector<int>{50, 51, 52, 59, 60, 61, 68, 69, 70});
  SudokuBoard board(9);
  board.cells[0] = 5;
  board.cells[80] = 5;
  CHECK(x.find_conflict(board) == "digit 5 twice in diagonal (r1c1 and r9c9)");
  board.cells[80] = 0;
  board.cells[3] = 5;
  CHECK(x.find_conflict(board) == "digit 5 twice in row 1 (columns 1 and 4)");
  CHECK_THROWS_WITH_AS(SudokuRules(9).add_windows(), "windows need boxes (a board of R x C boxes)",
                       SudokuError);
  CHECK_THROWS_WITH_AS(SudokuRules::jigsaw("AAABB"),
                       "a region string of 5 symbols; it needs one per cell (81 for 9x9, a square "
                       "number)",
                       SudokuError);
  CHECK_THROWS_WITH_AS(SudokuRules::jigsaw("AAABAAABCCCDCCDD"), "region 'A' has 6 cells, not 4",
                       SudokuError);
  CHECK_THROWS_WITH_AS(SudokuRules(9).add_cage(cells_of({0, 1}), 18),
                       "cage 1: no 2 distinct digits sum to 18", SudokuError);
  CHECK_THROWS_WITH_AS(SudokuRules(9).add_cage(cells_of({0, 1}), 3).add_cage(cells_of({1, 2}), 5),
                       "cage 2: r1c2 is in another cage already", SudokuError);
  // The sums n distinct digits reach: every one from 1 + .. + n to the n
  // largest, and no other (checked against listing the digit sets).
  for (int side : {4, 9, 16}) {
    for (int n = 1; n <= side; ++n) {
      std::vector<int> cells(static_cast<std::size_t>(n));
      for (int k = 0; k < n; ++k) cells[static_cast<std::size_t>(k)] = k;
      std::vector<bool> reached(static_cast<std::size_t>(side * (side + 1) / 2 + 2), false);
      for (unsigned set = 0; set < (1u << side); ++set) {
        if (std::popcount(set) != n) continue;
        int sum = 0;
        for (int d = 1; d <= side; ++d) sum += (set >> (d - 1) & 1) * d;
        reached[static_cast<std::size_t>(sum)] = true;
      }
      for (int sum = 0; sum < static_cast<int>(reached.size()); ++sum) {
        CAPTURE(side);
        CAPTURE(n);
        CAPTURE(sum);
        SudokuRules rules(side);
        if (reached[static_cast<std::size_t>(sum)]) {
          CHECK_NOTHROW(rules.add_cage(cells, sum));
        } else {
          CHECK_THROWS_WITH_AS(
              rules.add_cage(cells, sum),
              ("cage 1: no " + std::to_string(n) + " distinct digits sum to " + std::to_string(sum))
                  .c_str(),
              SudokuError);
        }
      }
    }
  }
  // A cage with more digit sets than the problem can hold as options is
  // refused at once, not left to fill memory: an 18-cell cage of a 36x36
  // board summing to 333 has 113,093,022. Every cage of a 25x25 board is
  // taken (12 cells summing to 150: 105,430 sets).
  {
    std::vector<int> cells(18);
    std::iota(cells.begin(), cells.end(), 0);
    CHECK_THROWS_WITH_AS(SudokuRules(36).add_cage(cells, 333),
                         "cage 1: 113093022 sets of 18 distinct digits sum to 333, more than the "
                         "250000 a cage may have (each is an option of the problem)",
                         SudokuError);
    CHECK_NOTHROW(SudokuRules(36).add_cage(cells, 18 * 19 / 2));  // 1..18: one set
    cells.resize(12);
    CHECK_NOTHROW(SudokuRules(25).add_cage(cells, 150));
  }
  // A refused cage leaves its cells free for the next.
  {
    SudokuRules rules(9);
    CHECK_THROWS_AS(rules.add_cage(cells_of({0, 1}), 30), SudokuError);
    CHECK_NOTHROW(rules.add_cage(cells_of({0, 1}), 17));
    CHECK_THROWS_WITH_AS(rules.add_hole(1), "r1c2 is in a cage: it cannot be a hole", SudokuError);
    CHECK_NOTHROW(rules.add_hole(2));
    CHECK_THROWS_WITH_AS(rules.add_cage(cells_of({2, 3}), 5), "cage 2: r1c3 is a hole",
                         SudokuError);
  }
  CHECK_THROWS_WITH_AS(SudokuRules(9).add_house("extra", cells_of({0, 1})),
                       "extra has 2 cells; a house of a 9x9 board has 9", SudokuError);
  CHECK_THROWS_AS(SudokuRules(65), SudokuError);
  const SudokuRules caged = SudokuRules(4).add_cage(cells_of({0, 1}), 3);
  SudokuBoard four(4);
  four.cells[0] = 2;
  four.cells[1] = 4;
  CHECK(caged.find_conflict(four) == "cage 1 (r1c1 r1c2) sums to 6, not 3");
}

TEST_CASE("rules: boards as text in any alphabet") {
  const auto hex = SudokuAlphabet::custom("0123456789ABCDEF", 16);
  const auto standard16 = SudokuAlphabet::standard(16);
  CHECK(standard16.describe() == "1-9 and A-G; '.' or '0' for a blank");
  CHECK(hex.describe() == "0-9 and A-F; '.' for a blank");
  std::string line(256, '.');
  line[0] = '0';
  line[1] = 'F';
  const SudokuBoard board = xcover::parse_board(line, 16, hex);
  CHECK(board.cells[0] == 1);
  CHECK(board.cells[1] == 16);
  CHECK(xcover::to_line(board, hex) == line);
  // With the standard alphabet '0' is a blank, but a line with '0' and no
  // 'G' may be hex: refused. With a 'G' it is a blank, and 'F' the digit 15.
  CHECK_THROWS_WITH_AS(xcover::parse_board(line, 16, standard16),
                       "'0' with no 'G' in a 16x16 puzzle: is '0' a blank or a digit (as in hex "
                       "0-F)? Write blanks as '.', or give the digits' symbols (xcover sudoku "
                       "--alphabet ...)",
                       SudokuError);
  std::string with_g = line;
  with_g[5] = 'G';
  CHECK(xcover::parse_board(with_g, 16, standard16).cells[0] == 0);
  CHECK(xcover::parse_board(with_g, 16, standard16).cells[1] == 15);
  line[2] = 'G';
  CHECK_THROWS_WITH_AS(xcover::parse_board(line, 16, hex),
                       "'G' at position 3 (row 1, column 3) is not a symbol of a 16x16 board "
                       "(0-9 and A-F; '.' for a blank)",
                       SudokuError);
  CHECK_THROWS_WITH_AS(xcover::parse_board("123", 9, SudokuAlphabet::standard(9)),
                       "3 cells; a 9x9 board has 81", SudokuError);
  CHECK_THROWS_WITH_AS(
      SudokuAlphabet::custom("0123456789ABCDE.", 16),
      "the alphabet cannot hold '.' ('.' is the blank; cells end at blanks, ',' and ':')",
      SudokuError);
  CHECK_THROWS_WITH_AS(SudokuAlphabet::custom("1123", 4), "the alphabet holds '1' twice",
                       SudokuError);
  CHECK_THROWS_WITH_AS(SudokuAlphabet::custom("123", 4),
                       "the alphabet '123' has 3 symbols; a 4x4 board needs 4", SudokuError);
}

namespace {

// Boxes with two pairs of cells traded between neighbours.
const char* const jigsaw9 =
    "AAABBBCCC"
    "AAABBBCCC"
    "AADBBBCCC"
    "DADEEEFFF"
    "DDDEEEFFF"
    "DDDEEHFFF"
    "GGGEHHIII"
    "GGGHHHIII"
    "GGGHHHIII";

bool symmetric(const SudokuBoard& puzzle, xcover::SudokuSymmetry symmetry) {
  const int n = puzzle.side;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int rr = r, cc = c;
      switch (symmetry) {
        case xcover::SudokuSymmetry::rotate180:
          rr = n - 1 - r, cc = n - 1 - c;
          break;
        case xcover::SudokuSymmetry::rotate90:
          rr = c, cc = n - 1 - r;
          break;
        case xcover::SudokuSymmetry::mirror:
          cc = n - 1 - c;
          break;
        case xcover::SudokuSymmetry::flip:
          rr = n - 1 - r;
          break;
        case xcover::SudokuSymmetry::diagonal:
          rr = c, cc = r;
          break;
        case xcover::SudokuSymmetry::none:
          break;
      }
      if ((puzzle.get(r, c) != 0) != (puzzle.get(rr, cc) != 0)) return false;
    }
  return true;
}

}  // namespace

TEST_CASE("generate: unique, minimal, symmetric puzzles of every shape") {
  using xcover::SudokuSymmetry;
  struct Case {
    SudokuRules rules;
    SudokuSymmetry symmetry;
  };
  std::vector<Case> cases = {
      {SudokuRules::boxes(3, 3), SudokuSymmetry::none},
      {SudokuRules::boxes(3, 3), SudokuSymmetry::rotate180},
      {SudokuRules::boxes(3, 3), SudokuSymmetry::rotate90},
      {SudokuRules::boxes(3, 3), SudokuSymmetry::mirror},
      {SudokuRules::boxes(3, 3), SudokuSymmetry::diagonal},
      {SudokuRules::boxes(2, 3), SudokuSymmetry::flip},
      {SudokuRules::boxes(2, 4), SudokuSymmetry::none},
      {SudokuRules::boxes(3, 3).add_diagonals(), SudokuSymmetry::none},
      {SudokuRules::boxes(3, 3).add_windows(), SudokuSymmetry::none},
      {SudokuRules::jigsaw(jigsaw9), SudokuSymmetry::none},
      {SudokuRules(5), SudokuSymmetry::none},
  };
  for (Case& c : cases) {
    CAPTURE(c.rules.describe());
    const std::string symmetry = xcover::to_string(c.symmetry);
    CAPTURE(symmetry);
    SudokuSolver solver(c.rules);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const auto made = xcover::generate_sudoku(c.rules, seed, {c.symmetry});
      CHECK(c.rules.is_solution(made.puzzle, made.solution));
      CHECK(solver.count(made.puzzle, 2).solutions == 1);
      CHECK(xcover::is_minimal(solver, made.puzzle, c.symmetry));
      if (c.symmetry == SudokuSymmetry::none) {
        // Minimal as clues, checked here without the library's help.
        SudokuBoard less = made.puzzle;
        for (std::size_t k = 0; k < less.cells.size(); ++k) {
          if (!less.cells[k]) continue;
          less.cells[k] = 0;
          CHECK(solver.count(less, 2).solutions == 2);
          less.cells[k] = made.puzzle.cells[k];
        }
      }
      CHECK(symmetric(made.puzzle, c.symmetry));
      CHECK(made.puzzle.given_count() < c.rules.cell_count());
    }
  }
}

TEST_CASE("the fewest clues a puzzle of one solution can have") {
  CHECK(xcover::SudokuRules::square(9).fewest_clues() == 17);
  CHECK(xcover::SudokuRules::square(4).fewest_clues() == 4);
  CHECK(xcover::SudokuRules::boxes(2, 3).fewest_clues() == 5);
  CHECK(xcover::SudokuRules::square(16).fewest_clues() == 15);
  CHECK(xcover::SudokuRules::square(9).add_diagonals().fewest_clues() == 8);
  CHECK(xcover::SudokuRules(5).fewest_clues() == 4);
  CHECK(xcover::SudokuRules::square(9).add_hole(0).fewest_clues() == 0);
  CHECK(xcover::SudokuRules::square(4).add_cage({0, 1}, 3).fewest_clues() == 0);
  // The bound holds: with two digits missing from the clues, swapping them
  // in the solution gives a second one.
  const xcover::SudokuRules rules = xcover::SudokuRules::square(4);
  xcover::SudokuBoard puzzle;
  puzzle.reset(4);
  puzzle.set(0, 0, 1);
  puzzle.set(1, 2, 2);
  puzzle.set(2, 1, 1);
  xcover::SudokuSolver solver(rules);
  CHECK(solver.count(puzzle, 3).solutions >= 2);
}

TEST_CASE("generate: a seed gives the same puzzle whatever the threads") {
  const SudokuRules rules = SudokuRules::boxes(3, 3);
  std::vector<std::string> one, three;
  const auto alphabet = SudokuAlphabet::standard(9);
  xcover::generate_sudokus(rules, 10, 42, {}, 1, [&](const xcover::GeneratedSudoku& g) {
    one.push_back(xcover::to_line(g.puzzle, alphabet));
    return true;
  });
  xcover::generate_sudokus(rules, 10, 42, {}, 3, [&](const xcover::GeneratedSudoku& g) {
    three.push_back(xcover::to_line(g.puzzle, alphabet));
    return true;
  });
  CHECK(one == three);
  CHECK(std::set<std::string>(one.begin(), one.end()).size() == 10);
  CHECK(xcover::to_line(xcover::generate_sudoku(rules, 45).puzzle, alphabet) == one[3]);
  int delivered = 0;
  xcover::generate_sudokus(rules, 10, 1, {}, 2,
                           [&](const xcover::GeneratedSudoku&) { return ++delivered < 4; });
  CHECK(delivered == 4);
}

TEST_CASE("generate_fitting: the puzzles of the level and clues asked, or why none came") {
  const SudokuRules nine = SudokuRules::boxes(3, 3);
  xcover::SudokuFit fit;
  fit.level = xcover::SudokuLevel::easy;
  fit.max_clues = 25;
  std::vector<xcover::GeneratedSudoku> made;
  const xcover::SudokuFitting easy =
      xcover::generate_fitting(nine, 3, 1, {}, fit, 2, [&](const xcover::GeneratedSudoku& g) {
        made.push_back(g);
        return true;
      });
  CHECK(easy.made == 3);
  CHECK(easy.tried > 3);  // (some of the first are expert, or have 26 clues)
  CHECK(easy.shortfall.empty());
  REQUIRE(made.size() == 3);
  xcover::SudokuSolver solver(nine);
  for (const auto& g : made) {
    REQUIRE(g.rating.has_value());
    CHECK(g.rating->level == xcover::SudokuLevel::easy);
    CHECK(xcover::rate_sudoku(solver, g.puzzle, 0).level == xcover::SudokuLevel::easy);
    CHECK(g.puzzle.given_count() <= 25);
    CHECK(xcover::is_minimal(solver, g.puzzle));
  }
  // Without a filter: the first seeds, unrated.
  const xcover::SudokuFitting plain = xcover::generate_fitting(
      nine, 2, 5, {}, {}, 1, [](const xcover::GeneratedSudoku& g) { return !g.rating; });
  CHECK(plain.made == 2);
  CHECK(plain.tried == 2);
  // Every minimal 4x4 puzzle is simple: 10,000 tried for an expert one,
  // and the run says why it made none.
  fit = {};
  fit.level = xcover::SudokuLevel::expert;
  int delivered = 0;
  const xcover::SudokuFitting never = xcover::generate_fitting(
      SudokuRules::boxes(2, 2), 1, 1, {}, fit, 2, [&](const xcover::GeneratedSudoku&) {
        ++delivered;
        return true;
      });
  CHECK(delivered == 0);
  CHECK(never.made == 0);
  CHECK(never.tried == 10000);
  CHECK(never.shortfall.find("none of the other 10000 puzzles made fitted the difficulty or "
                             "clues asked") == 0);
}

TEST_CASE("generate: a cancel stops the making, inside a puzzle, and drops what it cut short") {
  const SudokuRules nine = SudokuRules::boxes(3, 3);
  std::atomic<bool> cancel{true};
  xcover::SudokuGenerateOptions options;
  options.cancel = &cancel;
  CHECK_THROWS_WITH_AS(xcover::generate_sudoku(nine, 1, options),
                       "the puzzle was cancelled before it was made", SudokuError);
  int delivered = 0;
  xcover::generate_sudokus(nine, 10, 1, options, 2, [&](const xcover::GeneratedSudoku&) {
    ++delivered;
    return true;
  });
  CHECK(delivered == 0);
  // Cancelled from the callback: what comes after is only puzzles finished
  // before, each whole (unique).
  cancel = false;
  std::vector<xcover::SudokuBoard> made;
  xcover::generate_sudokus(nine, 40, 1, options, 2, [&](const xcover::GeneratedSudoku& g) {
    made.push_back(g.puzzle);
    if (made.size() == 3) cancel = true;
    return true;
  });
  CHECK(made.size() >= 3);
  CHECK(made.size() < 40);
  xcover::SudokuSolver solver(nine);
  for (const auto& puzzle : made) CHECK(solver.count(puzzle, 2).solutions == 1);
  // A 25x25 puzzle takes minutes to dig: a cancel from another thread stops
  // it in the middle, and nothing is delivered.
  cancel = false;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel = true;
  });
  delivered = 0;
  xcover::generate_sudokus(SudokuRules::boxes(5, 5), 1, 1, options, 1,
                           [&](const xcover::GeneratedSudoku&) {
                             ++delivered;
                             return true;
                           });
  canceller.join();
  CHECK(delivered == 0);
}

TEST_CASE("generate: killer puzzles, cages from the solution, unique") {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto made = xcover::generate_sudoku(SudokuRules::boxes(3, 3), seed, {.killer = true});
    CHECK(!made.rules.cages().empty());
    int caged = 0;
    for (const auto& cage : made.rules.cages()) caged += static_cast<int>(cage.cells.size());
    CHECK(caged == 81);
    CHECK(made.rules.is_solution(made.puzzle, made.solution));
    SudokuSolver solver(made.rules);
    CHECK(solver.count(made.puzzle, 2).solutions == 1);
    CHECK(xcover::is_minimal(solver, made.puzzle));
  }
  CHECK_THROWS_WITH_AS(xcover::generate_sudoku(SudokuRules(4).add_cage(cells_of({0, 1}), 3), 1),
                       "puzzles are made for rules without cages (killer makes its own)",
                       SudokuError);
}

TEST_CASE("rate: levels by technique, nodes by the engine") {
  SudokuSolver solver(SudokuRules::boxes(3, 3));
  const auto alphabet = SudokuAlphabet::standard(9);
  auto mean = [&](const char* file, int& experts) {
    double nodes = 0;
    experts = 0;
    const auto lines = xcover::test::puzzle_lines(xcover::test::data_file(file));
    for (const std::string& line : lines) {
      const auto rating = xcover::rate_sudoku(solver, xcover::parse_board(line, 9, alphabet));
      CHECK(rating.solutions == 1);
      nodes += rating.nodes;
      experts += rating.level == xcover::SudokuLevel::expert;
    }
    return nodes / static_cast<double>(lines.size());
  };
  int easy_experts = 0, hard_experts = 0;
  const double easy = mean("sudoku_kaggle_sample.txt", easy_experts);
  const double hard = mean("sudoku_hardest1905_sample.txt", hard_experts);
  CHECK(easy * 3 < hard);
  CHECK(easy_experts == 0);   // the Kaggle set falls to singles
  CHECK(hard_experts == 40);  // rated 11+ by Sudoku Explainer: beyond these techniques
  // A full board but one cell: a naked single.
  SudokuBoard almost = xcover::parse_board(
      "534678912672195348198342567859761423426853791713924856961537284287419635345286170", 9,
      alphabet);
  const auto simple = xcover::rate_sudoku(solver, almost);
  CHECK(simple.level == xcover::SudokuLevel::simple);
  CHECK(simple.naked_singles == 1);
  CHECK(simple.logical);
}

TEST_CASE("rate: no relabellings gives the level without searching") {
  SudokuSolver solver(SudokuRules::boxes(3, 3));
  const auto alphabet = SudokuAlphabet::standard(9);
  for (const std::string& line :
       xcover::test::puzzle_lines(xcover::test::data_file("sudoku_hardest_sample.txt"))) {
    const SudokuBoard puzzle = xcover::parse_board(line, 9, alphabet);
    const auto quick = xcover::rate_sudoku(solver, puzzle, 0);
    const auto full = xcover::rate_sudoku(solver, puzzle);
    CHECK(quick.level == full.level);
    CHECK(quick.nodes == 0);
    CHECK(full.nodes > 0);
  }
}

// The letter 'A' of the Grabarchuks' Puzzlium ABC, as Knuth's generalized
// Sudoku program describes it: six holes, five hexomino boxes.
const char* const puzzlium_a =
    "#.5..#\n"
    ".4..3.\n"
    "6.##..\n"
    ".5.2..\n"
    ".....1\n"
    ".3##..\n"
    ".0000.\n"
    "122203\n"
    "12..03\n"
    "122433\n"
    "144443\n"
    "11..43\n";

TEST_CASE("rules: Knuth's generalized Sudoku, holes and partial boxes") {
  const auto knuth = xcover::parse_knuth_sudoku(puzzlium_a, "a.txt");
  const SudokuRules& rules = knuth.rules;
  CHECK(rules.side() == 6);
  CHECK(rules.describe() == "6x6 Latin square, holes");
  CHECK(rules.houses().size() == 6 + 6 + 5);
  int holes = 0;
  for (int cell = 0; cell < 36; ++cell) holes += rules.is_hole(cell);
  CHECK(holes == 6);
  CHECK(rules.open_cells().size() == 30);
  CHECK(!rules.full(rules.houses()[0]));  // row 1 has two holes
  CHECK(rules.full(rules.houses()[1]));
  // The model's count is the plain backtracking's, and the one solution
  // keeps the givens and leaves the holes empty.
  const std::uint64_t expected = backtrack_count(rules, knuth.puzzle);
  CHECK(expected == 1);
  SudokuSolver solver(rules);
  SudokuBoard solution;
  REQUIRE(solver.solve(knuth.puzzle, solution, 2).solutions == expected);
  CHECK(rules.is_solution(knuth.puzzle, solution));
  const std::string lines = xcover::to_knuth_lines(solution, rules, knuth.alphabet);
  CHECK(lines.size() == 42);
  CHECK(lines.substr(0, 7).front() == '#');
  CHECK(lines.find('.') == std::string::npos);
  // It rates (the techniques use only full houses for hidden singles) and
  // puzzles can be made under the same rules.
  const auto rating = xcover::rate_sudoku(solver, knuth.puzzle);
  CHECK(rating.solutions == 1);
  const auto made = xcover::generate_sudoku(rules, 3);
  CHECK(rules.is_solution(made.puzzle, made.solution));
  CHECK(solver.count(made.puzzle, 2).solutions == 1);
  CHECK(xcover::is_minimal(solver, made.puzzle));

  CHECK_THROWS_WITH_AS(xcover::parse_knuth_sudoku("12\n1\n", "b.txt"),
                       "b.txt:2: has 1 characters, not n = 2", xcover::ParseError);
  CHECK_THROWS_WITH_AS(
      xcover::parse_knuth_sudoku("12\n..\n0x\n00\n", "c.txt"),
      "c.txt:3: 'x' at column 2 names no box (0-9 then a-v, fewer than n; '.' for none)",
      xcover::ParseError);
  CHECK_THROWS_WITH_AS(xcover::parse_knuth_sudoku("12\n..\n00\n", "d.txt"),
                       "d.txt:3: box-definition group 1 has 1 of its 2 lines", xcover::ParseError);
  CHECK_THROWS_WITH_AS(xcover::parse_knuth_sudoku("1.\n..\n00\n00\n", "e.txt"),
                       "e.txt:4: box 0 has more than 2 cells", xcover::ParseError);
}

}  // namespace test_sudoku_rules
