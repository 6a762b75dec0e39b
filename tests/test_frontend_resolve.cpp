// SPDX-License-Identifier: MIT
// What the CLI, Python and JavaScript share from the library: a tiling's
// board and pieces from names, pictures and defaults; solutions pulled one
// at a time with a filter, the limit counting the kept ones; the 0/1
// matrix import; Sudoku levels by name and the fewest-clues check.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/frontend/solutions.hpp"
#include "xcover/frontend/tiling.hpp"
#include "xcover/problem.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/puzzles/sudoku_generate.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"

namespace test_frontend_resolve {

namespace fe = xcover::frontend;
namespace pf = xcover::polyform;
using pf::Lattice;
using xcover::ProblemError;
using xcover::Solution;
using xcover::Status;

// Search options with a solution limit.
xcover::SearchOptions limited(std::uint64_t limit) {
  xcover::SearchOptions options;
  options.solution_limit = limit;
  return options;
}

// The 4x4 square and eight dominoes: copies of one piece, so no piece is
// cut and keep() checks every tiling: 36 tilings, 9 up to symmetry.
pf::Tiling dominoes() {
  const pf::PictureFile file =
      pf::parse_pictures("board\n####\n####\n####\n####\npiece D x8\n##\n", Lattice::square);
  return pf::make_tiling(Lattice::square, *file.board, file.pieces, {.distinct = true});
}

TEST_CASE("frontend: a tiling's board and pieces by name, by picture and by default") {
  const fe::TilingChoice plain = fe::resolve_tiling(Lattice::square, {});
  CHECK(plain.board == *pf::builtin_board(Lattice::square, "6x10"));
  CHECK(plain.pieces.size() == 12);
  CHECK(plain.pieces.front().name == pf::named_pieces(Lattice::square, "pentominoes")[0].name);
  // 9,356 tilings of the default, 2,339 up to symmetry.
  CHECK(pf::count(pf::make_tiling(Lattice::square, plain.board, plain.pieces, {.distinct = true}))
            .solutions == 2339);

  const fe::TilingChoice named =
      fe::resolve_tiling(Lattice::cube, {.board = "3x3x3", .piece_set = "soma"});
  CHECK(named.board.size() == 27);
  CHECK(named.pieces.size() == 7);
  // On cubes the default pieces are the 12 flat pentacubes.
  CHECK(fe::resolve_tiling(Lattice::cube, {.board = "3x4x5"}).pieces.size() == 12);
  // A picture: '#' cells, blanks ignored.
  const fe::TilingChoice drawn =
      fe::resolve_tiling(Lattice::square, {.board = "##.\n.##", .pieces = {plain.pieces[0]}});
  CHECK(drawn.board == pf::Shape({{0, 0}, {0, 1}, {1, 1}, {1, 2}}));
  CHECK(drawn.pieces.size() == 1);
  CHECK(fe::board_from(Lattice::hex, "hexagon-2").size() == 7);
  CHECK(fe::board_from(Lattice::square, "8x8-centre").size() == 60);
  CHECK(fe::piece_set(Lattice::triangle, "hexiamonds").size() == 12);
}

TEST_CASE("frontend: what a tiling cannot be made of is said once for every front end") {
  CHECK_THROWS_WITH_AS(fe::board_from(Lattice::hex, "6x1O"),
                       "unknown board '6x1O' on the hex lattice (RxC, hexagon-N or triangle-N, "
                       "e.g. 4x7; sides up to 1000)",
                       ProblemError);
  CHECK_THROWS_WITH_AS(fe::board_from(Lattice::cube, "3x3"),
                       "unknown board '3x3' on the cube lattice (RxCxL, e.g. 3x4x5; sides up to "
                       "1000)",
                       ProblemError);
  CHECK_THROWS_WITH_AS(fe::piece_set(Lattice::hex, "pentominoes"),
                       "unknown piece set 'pentominoes' on the hex lattice (tetrahexes)",
                       ProblemError);
  CHECK_THROWS_WITH_AS(fe::resolve_tiling(Lattice::hex, {.piece_set = "tetrahexes"}),
                       "the hex lattice has no default board: give a board", ProblemError);
  CHECK_THROWS_WITH_AS(fe::resolve_tiling(Lattice::triangle, {.board = "4x9"}),
                       "the triangle lattice has no default pieces: give pieces", ProblemError);
  // The front end's own spelling of how to give them.
  const fe::TilingWording cli{.board = "--board NAME or a FILE with one",
                              .pieces = "--pieces SET or a FILE with some"};
  CHECK_THROWS_WITH_AS(
      fe::resolve_tiling(Lattice::triangle, {}, cli),
      "the triangle lattice has no default board: give --board NAME or a FILE with one",
      ProblemError);
  CHECK_THROWS_WITH_AS(
      fe::resolve_tiling(Lattice::square, {.board = "6x10", .board_shape = pf::Board()}),
      "a board given twice: give a name or a picture, or a board", ProblemError);
  const std::vector<pf::Piece> set = fe::piece_set(Lattice::square, "tetrominoes");
  CHECK_THROWS_WITH_AS(
      fe::resolve_tiling(Lattice::square, {.piece_set = "pentominoes", .pieces = set}),
      "give a piece set or pieces, not both", ProblemError);
  CHECK_THROWS_AS(fe::board_from(Lattice::square, "#x#"), xcover::ParseError);
}

TEST_CASE("frontend: pulled solutions, the limit counting those the filter keeps") {
  const pf::Tiling tiling = dominoes();
  REQUIRE(tiling.needs_keep());
  const fe::Keep keep = [&](const Solution& s) { return tiling.keep(s); };
  std::vector<std::vector<int>> all;
  {
    xcover::Solver solver(tiling.problem);
    fe::KeptSolutions kept(solver, {}, keep);
    while (const Solution* s = kept.next()) all.push_back(s->options);
    CHECK(kept.status() == Status::exhausted);
    CHECK(kept.kept() == 9);
    CHECK(solver.statistics().solutions == 36);  // the engine's, the dropped ones too
  }
  REQUIRE(all.size() == 9);
  for (std::uint64_t limit = 1; limit <= 10; ++limit) {
    CAPTURE(limit);
    xcover::Solver solver(tiling.problem);
    fe::KeptSolutions kept(solver, limited(limit), keep);
    std::vector<std::vector<int>> some;
    while (const Solution* s = kept.next()) some.push_back(s->options);
    const std::size_t wanted = limit < 9 ? limit : 9;
    CHECK(some == std::vector<std::vector<int>>(all.begin(), all.begin() + wanted));
    CHECK(kept.status() == (limit < 10 ? Status::solution_limit : Status::exhausted));
  }
  // The engine's own limit would have counted the tilings dropped: its
  // first 4 hold 3 kept ones.
  {
    xcover::Solver solver(tiling.problem);
    int kept = 0;
    (void)solver.search([&](const Solution& s) { return (kept += tiling.keep(s)), true; },
                        limited(4));
    CHECK(kept == 3);
  }
  // Closed early: stopped, and no solution after.
  {
    xcover::Solver solver(tiling.problem);
    fe::KeptSolutions kept(solver, limited(5), keep);
    CHECK(kept.status() == std::nullopt);
    REQUIRE(kept.next() != nullptr);
    kept.close();
    CHECK(kept.status() == Status::stopped);
    CHECK(kept.next() == nullptr);
  }
  // Without a filter: every solution (4-queens' 2).
  const xcover::QueensProblem queens = xcover::make_queens(4);
  xcover::Solver solver(queens.problem);
  fe::KeptSolutions every(solver, {});
  CHECK(every.next() != nullptr);
  CHECK(every.next() != nullptr);
  CHECK(every.next() == nullptr);
  CHECK(every.status() == Status::exhausted);
}

TEST_CASE("frontend: the pushed search counts the kept solutions too, on threads or not") {
  const pf::Tiling tiling = dominoes();
  const xcover::Visitor keep = [&](const Solution& s) { return tiling.keep(s); };
  for (const unsigned threads : {1U, 2U}) {
    CAPTURE(threads);
    xcover::ParallelOptions options;
    options.threads = threads;
    const pf::KeptSearch all = pf::search_kept(tiling.problem, keep, nullptr, options);
    CHECK(all.status == Status::exhausted);
    CHECK(all.statistics.solutions == 9);
    options.search.solution_limit = 5;
    int visited = 0;
    const pf::KeptSearch five = pf::search_kept(
        tiling.problem, keep, [&](const Solution&) { return ++visited, true; }, options);
    CHECK(five.status == Status::solution_limit);
    CHECK(five.statistics.solutions == 5);
    CHECK(visited == 5);
  }
  CHECK(pf::count(tiling, limited(4)).solutions == 4);
}

// Knuth's example: rows {c e f}, {a d g}, {b c f}, {a d}, {b g}, {d e g};
// its one solution is rows 0, 3 and 4.
const std::vector<std::uint8_t> knuth = {
    0, 0, 1, 0, 1, 1, 0,  //
    1, 0, 0, 1, 0, 0, 1,  //
    0, 1, 1, 0, 0, 1, 0,  //
    1, 0, 0, 1, 0, 0, 0,  //
    0, 1, 0, 0, 0, 0, 1,  //
    0, 0, 0, 1, 1, 0, 1,  //
};

TEST_CASE("frontend: a 0/1 matrix as a problem, and what a matrix cannot be") {
  const std::vector<std::string> names = {"a", "b", "c", "d", "e", "f", "g"};
  const xcover::Problem p = xcover::Problem::from_matrix(knuth, 6, 7, 0, names);
  CHECK(p.item_count() == 7);
  CHECK(p.option_count() == 6);
  CHECK(p.option_text(0) == "c e f");
  xcover::Solver solver(p);
  std::vector<std::vector<int>> found;
  (void)solver.search([&](const Solution& s) { return found.push_back(s.options), true; });
  REQUIRE(found.size() == 1);
  std::sort(found[0].begin(), found[0].end());  // (in the order the search chose them)
  CHECK(found[0] == std::vector<int>{0, 3, 4});
  // The last two columns secondary, the names 0, 1, ...
  const xcover::Problem unnamed = xcover::Problem::from_matrix(knuth, 6, 7, 2);
  CHECK(unnamed.primary_count() == 5);
  CHECK(unnamed.item_name(6) == "6");
  // No rows: the items alone.
  CHECK(xcover::Problem::from_matrix({}, 0, 3).item_count() == 3);

  CHECK_THROWS_WITH_AS(xcover::Problem::from_matrix(knuth, 6, 7, 8),
                       "secondary 8: the matrix has 7 columns", ProblemError);
  CHECK_THROWS_WITH_AS(xcover::Problem::from_matrix(knuth, 6, 7, 0, {names.data(), 3}),
                       "3 names for 7 columns", ProblemError);
  CHECK_THROWS_WITH_AS(xcover::Problem::from_matrix(knuth, 5, 7),
                       "the matrix has 42 cells, not 5 rows of 7", ProblemError);
  const std::vector<std::uint8_t> two = {1, 0, 0, 2};
  CHECK_THROWS_WITH_AS(xcover::Problem::from_matrix(two, 2, 2),
                       "row 1, column 1 is 2: a matrix's entries are 0 or 1", ProblemError);
  const std::vector<std::uint8_t> empty_row = {1, 0, 0, 0};
  CHECK_THROWS_WITH_AS(xcover::Problem::from_matrix(empty_row, 2, 2),
                       "row 1 has no 1: each row is an option, which covers at least one item",
                       ProblemError);
  CHECK_THROWS_WITH_AS(
      xcover::Problem::from_matrix({}, 0, 2, 0, std::vector<std::string>{"a", "a"}),
      "duplicate item name 'a'", ProblemError);
  xcover::Problem two_items;
  two_items.add_primary("x");
  two_items.add_primary("y");
  const std::vector<int> columns = {0, 2};
  CHECK_THROWS_WITH_AS(two_items.add_matrix_rows(two, 2, columns),
                       "a matrix column stands for item 2, which the problem does not have (it "
                       "has 2)",
                       ProblemError);
}

TEST_CASE("frontend: Sudoku levels by name, and no fewer clues than a unique puzzle has") {
  for (const xcover::SudokuLevel level :
       {xcover::SudokuLevel::simple, xcover::SudokuLevel::easy, xcover::SudokuLevel::intermediate,
        xcover::SudokuLevel::expert})
    CHECK(xcover::parse_level(xcover::to_string(level)) == level);
  CHECK_THROWS_WITH_AS(xcover::parse_level("hard"),
                       "difficulty must be simple, easy, intermediate or expert, not 'hard'",
                       xcover::SudokuError);
  const xcover::SudokuRules nine = xcover::SudokuRules::boxes(3, 3);
  CHECK_THROWS_WITH_AS(xcover::check_fit(nine, {}, {.max_clues = 16}),
                       "clues 16: no 9x9, 3x3 boxes puzzle with one solution has fewer than 17 "
                       "clues",
                       xcover::SudokuError);
  CHECK_NOTHROW(xcover::check_fit(nine, {}, {.max_clues = 17}));
  CHECK_NOTHROW(xcover::check_fit(nine, {}, {}));
  CHECK_NOTHROW(xcover::check_fit(nine, {.killer = true}, {.max_clues = 1}));  // cages may do
  // generate_fitting checks first: no puzzle is made in vain.
  const xcover::SudokuRules four = xcover::SudokuRules::boxes(2, 2);
  bool delivered = false;
  CHECK_THROWS_WITH_AS((void)xcover::generate_fitting(four, 1, 1, {}, {.max_clues = 3}, 1,
                                                      [&](const xcover::GeneratedSudoku&) {
                                                        delivered = true;
                                                        return true;
                                                      }),
                       "clues 3: no 4x4, 2x2 boxes puzzle with one solution has fewer than 4 clues",
                       xcover::SudokuError);
  CHECK(!delivered);
}

}  // namespace test_frontend_resolve
