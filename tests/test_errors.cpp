// SPDX-License-Identifier: MIT
// One base for every error the library throws: each error type is an
// xcover::Error (so one catch handles them all), keeps its own type, and
// says what is wrong in a message a user can act on.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "error_of.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"
#include "xcover/problem.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/solver.hpp"

namespace test_errors {

TEST_CASE("every error type derives from xcover::Error, itself a std::runtime_error") {
  static_assert(std::is_base_of_v<std::runtime_error, xcover::Error>);
  static_assert(std::is_base_of_v<xcover::Error, xcover::ProblemError>);
  static_assert(std::is_base_of_v<xcover::Error, xcover::ParseError>);
  static_assert(std::is_base_of_v<xcover::Error, xcover::SudokuError>);
  static_assert(std::is_base_of_v<xcover::Error, xcover::FileError>);
  CHECK(std::string(xcover::FileError("out/x.ckpt", "No such file or directory").what()) ==
        "cannot write 'out/x.ckpt': No such file or directory");
  CHECK(xcover::FileError("out/x.ckpt", "why").path() == "out/x.ckpt");
}

TEST_CASE("ProblemError: the builder, indices the problem does not have, the adapters") {
  xcover::Problem p;
  p.add_primary("a");
  p.add_secondary("x");
  CHECK_THROWS_AS(p.add_primary("b"), xcover::Error);
  CHECK(error_of([&] { p.add_primary("b"); }) == "primary item 'b' declared after secondary items");
  CHECK(error_of([&] { p.add_secondary("x"); }) == "duplicate item name 'x'");
  CHECK(error_of([&] { p.add_option({"a", "q"}); }) == "unknown item 'q'");
  CHECK(error_of([&] { p.add_option({"a:red"}); }) == "primary item 'a' cannot have a colour");
  CHECK_THROWS_AS(p.add_option({"a", "a"}), xcover::ProblemError);
  // Indices out of range were std::out_of_range, now ProblemErrors that say
  // how many there are.
  CHECK(error_of([&] { p.remove_last_option(); }) ==
        "remove_last_option: the problem has no option");
  p.add_option({"a", "x"});
  CHECK(error_of([&] { (void)p.option(1); }) ==
        "option index 1 out of range: the problem has 1 options");
  CHECK(error_of([&] { (void)p.option(-1); }) ==
        "option index -1 out of range: the problem has 1 options");
  CHECK(error_of([&] { (void)p.option_text(3); }) ==
        "option index 3 out of range: the problem has 1 options");
  CHECK(error_of([&] { (void)p.item_name(2); }) ==
        "item index 2 out of range: the problem has 2 items");
  CHECK(p.item_name(1) == "x");
  CHECK(error_of([&] { (void)p.color_name(1); }) ==
        "colour 1 out of range: the problem has 0 colours");
  CHECK(p.color_name(0).empty());
  CHECK_THROWS_AS((void)p.item_name(-1), xcover::ProblemError);

  // The adapters: sizes that make no problem, and solutions of another one.
  CHECK(error_of([] { xcover::make_queens(0); }) == "queens: n must be at least 1, not 0");
  CHECK(error_of([] { xcover::make_langford(-2); }) == "langford: n must be at least 1, not -2");
  CHECK_THROWS_AS(xcover::make_langford(0), xcover::ProblemError);
  const xcover::QueensProblem queens = xcover::make_queens(4);
  const std::vector<int> foreign{16};
  const xcover::Solution stray{foreign, nullptr};
  CHECK(error_of([&] { xcover::queens_columns(queens, stray); }) ==
        "option 16 is not one of this 4-queens problem's");
  const xcover::LangfordProblem langford = xcover::make_langford(3);
  CHECK(error_of([&] { xcover::langford_sequence(langford, stray); }) ==
        "option 16 is not one of this Langford 3 problem's");
  const xcover::polyomino::TilingProblem tiling =
      xcover::polyomino::make_tiling(*xcover::polyomino::builtin_board("2x4"),
                                     {{"a", xcover::polyomino::Shape::from_picture({"##"})}});
  CHECK(error_of([&] { xcover::polyomino::tiling_picture(tiling, stray); }) ==
        "option 16 is not one of this tiling's");
  CHECK(error_of([&] {
          xcover::polyomino::make_tiling(*xcover::polyomino::builtin_board("2x4"),
                                         {{"a", {}}, {"a", {}}});
        }) == "two pieces are named 'a'");
  // The bit-set layout's limits.
  xcover::Problem colored;
  colored.add_primary("p");
  for (int k = 0; k < 65536; ++k) colored.add_secondary("s" + std::to_string(k));
  colored.add_option({"p", "s0:red"});
  CHECK_THROWS_AS(xcover::Solver(colored, xcover::Layout::bitsets), xcover::Error);
}

TEST_CASE("ParseError: the text format and polyomino pictures, located") {
  CHECK_THROWS_AS(xcover::parse_dlx("a b\nc\n", "p.dlx"), xcover::Error);
  CHECK(error_of([] { xcover::parse_dlx("a b\nc\n", "p.dlx"); }) == "p.dlx:2: unknown item 'c'");
  CHECK(error_of([] { xcover::parse_dlx("", "e.dlx"); }) == "e.dlx:1: empty input: no items line");
  try {
    xcover::parse_dlx("a | b | c\n", "t.dlx");
    FAIL("no error");
  } catch (const xcover::ParseError& e) {
    CHECK(e.source() == "t.dlx");
    CHECK(e.line() == 1);
    CHECK(e.reason() == "second '|' in the items line");
  }
  CHECK_THROWS_AS(xcover::polyomino::parse_polyomino("board\n#x#\n", "b.txt"), xcover::Error);
  CHECK_THROWS_AS(xcover::polyomino::parse_polyomino("board\n#x#\n", "b.txt"), xcover::ParseError);
}

TEST_CASE("SudokuError: sizes, cells and digits, puzzle lines") {
  CHECK_THROWS_AS(xcover::SudokuRules::square(6), xcover::Error);
  CHECK_THROWS_AS(xcover::SudokuRules(0), xcover::Error);
  xcover::SudokuBoard grid(9);
  CHECK(error_of([&] { grid.set(0, 0, 10); }) ==
        "digit 10 does not fit a 9x9 board (0 for a blank, 1..9)");
  // Was std::out_of_range.
  CHECK(error_of([&] { grid.set(9, 0, 1); }) == "cell (9, 0) is outside a 9x9 board");
  CHECK_THROWS_AS(grid.set(0, -1, 1), xcover::SudokuError);
  CHECK_THROWS_AS(xcover::parse_sudoku("12"), xcover::Error);
  xcover::SudokuSolver solver;
  xcover::SudokuBoard solution;
  CHECK(error_of([&] { (void)solver.solve(xcover::SudokuBoard(4), solution); }) ==
        "a 4x4 board given to a solver for 9x9, 3x3 boxes");
}

}  // namespace test_errors
