// SPDX-License-Identifier: MIT
// Polyomino tilings: shapes and orientations, the picture format and its
// errors, known pentomino counts with every tiling checked, the CLI.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "slow_run.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyomino.hpp"

namespace test_polyomino {

using xcover::test::blocks_of;
namespace poly = xcover::polyomino;

// A program that uses namespace xcover may have a Cell, Shape and Placement
// of its own: the puzzle's are in xcover::polyomino, so these are not
// ambiguous.
namespace program_types {
struct Cell {};
struct Shape {};
struct Placement {};
}  // namespace program_types
namespace program {
using namespace xcover;
using namespace program_types;
static_assert(std::is_same_v<Cell, program_types::Cell>);
static_assert(std::is_same_v<Shape, program_types::Shape>);
static_assert(std::is_same_v<Placement, program_types::Placement>);
}  // namespace program

namespace {

using poly::Cell;
using poly::Shape;

// The 8 rotations and reflections of `cells`, each moved to the origin and
// sorted. The test computes them itself rather than trust
// poly::orientations().
std::vector<std::vector<Cell>> turns(std::vector<Cell> cells) {
  std::vector<std::vector<Cell>> all;
  for (int k = 0; k < 8; ++k) {
    for (Cell& c : cells) c = k == 4 ? Cell{c.row, -c.col} : Cell{c.col, -c.row};
    int min_row = cells[0].row, min_col = cells[0].col;
    for (const Cell& c : cells) {
      min_row = std::min(min_row, c.row);
      min_col = std::min(min_col, c.col);
    }
    std::vector<Cell> moved;
    for (const Cell& c : cells) moved.push_back(Cell{c.row - min_row, c.col - min_col});
    std::sort(moved.begin(), moved.end());
    all.push_back(std::move(moved));
  }
  return all;
}

// The least of them: two pieces are the same free polyomino when these are
// equal.
std::vector<Cell> canonical(const std::vector<Cell>& cells) {
  const std::vector<std::vector<Cell>> all = turns(cells);
  return *std::min_element(all.begin(), all.end());
}

bool connected(const std::vector<Cell>& cells) {
  std::set<Cell> left(cells.begin(), cells.end()), reached;
  std::vector<Cell> stack{cells.front()};
  while (!stack.empty()) {
    const Cell c = stack.back();
    stack.pop_back();
    if (!left.erase(c)) continue;
    for (const Cell& n : {Cell{c.row + 1, c.col}, Cell{c.row - 1, c.col}, Cell{c.row, c.col + 1},
                          Cell{c.row, c.col - 1}})
      stack.push_back(n);
  }
  return left.empty();
}

// The labels of one row of a tiling picture: its characters, or its
// blank-separated fields when the tiling's labels are longer than one
// character. (The test reads the fields by their fixed width, and checks
// that the row splits the same way on blanks.)
std::vector<std::string> labels_of(const std::string& row, std::size_t width) {
  std::vector<std::string> labels;
  if (width == 1) {
    for (const char ch : row) labels.emplace_back(1, ch);
    return labels;
  }
  for (std::size_t at = 0; at < row.size(); at += width + 1) {
    std::string field = row.substr(at, width);
    field.erase(field.find_last_not_of(' ') + 1);
    labels.push_back(field);
  }
  std::vector<std::string> words;
  std::istringstream in(row);
  for (std::string word; in >> word;) words.push_back(word);
  if (words != labels || row.empty() || row.back() == ' ') labels.push_back("(misaligned)");
  return labels;
}

// The label a tiling draws for copy `copy` of `piece`.
std::string label(const poly::PolyominoPiece& piece, int copy) {
  return piece.copies == 1 ? piece.name : piece.name + ":" + std::to_string(copy);
}

// Empty when `picture` shows a tiling of `board` by `pieces`, each copy of
// each piece once in one of its orientations, the copies of a piece
// numbered in the board order of their first cells; otherwise what is wrong.
std::string tiling_error(const std::vector<std::string>& picture, const poly::Board& board,
                         const std::vector<poly::PolyominoPiece>& pieces) {
  std::size_t width = 1;
  for (const poly::PolyominoPiece& piece : pieces)
    width = std::max(width, label(piece, piece.copies).size());
  std::map<std::string, std::vector<Cell>> covered;
  for (std::size_t r = 0; r < picture.size(); ++r) {
    const std::vector<std::string> labels = labels_of(picture[r], width);
    for (std::size_t c = 0; c < labels.size(); ++c) {
      const Cell cell{static_cast<int>(r), static_cast<int>(c)};
      const std::string& name = labels[c];
      if ((name == ".") == board.contains(cell))
        return "cell " + std::to_string(r) + "," + std::to_string(c) + " wrong";
      if (name != ".") covered[name].push_back(cell);
    }
  }
  std::size_t copies = 0;
  for (const poly::PolyominoPiece& piece : pieces) {
    for (int copy = 1; copy <= piece.copies; ++copy) {
      ++copies;
      const auto found = covered.find(label(piece, copy));
      if (found == covered.end()) return "piece " + label(piece, copy) + " missing";
      if (canonical(found->second) != canonical(piece.shape.cells()))
        return "piece " + label(piece, copy) + " has the wrong shape";
      if (copy > 1 && covered[label(piece, copy - 1)].front() > found->second.front())
        return "piece " + label(piece, copy) + " is numbered out of board order";
    }
  }
  if (covered.size() != copies) return "wrong number of pieces";
  return "";
}

// Counts the tilings and checks every one.
xcover::Count checked_count(const poly::TilingProblem& tiling,
                            xcover::Layout layout = xcover::Layout::automatic,
                            const xcover::SearchOptions& options = {}) {
  xcover::Solver solver(tiling.problem, layout);
  std::uint64_t invalid = 0;
  static_cast<void>(solver.search(
      [&](const xcover::Solution& s) {
        const std::string error =
            tiling_error(poly::tiling_picture(tiling, s), tiling.board, tiling.pieces);
        if (!error.empty()) {
          if (invalid == 0) FAIL_CHECK(error);
          ++invalid;
        }
        return true;
      },
      options));
  CHECK(invalid == 0);
  return solver.statistics().solutions;
}

xcover::Count pentomino_count(const char* board) {
  return checked_count(poly::make_tiling(*poly::builtin_board(board), poly::pentominoes()));
}

}  // namespace

TEST_CASE("polyomino: shapes, pictures and orientations") {
  const Shape l = Shape::from_picture({"#.", "#.", "##"});
  CHECK(l.size() == 4);
  CHECK(l.contains(Cell{2, 1}));
  CHECK_FALSE(l.contains(Cell{0, 1}));
  CHECK(l.picture() == std::vector<std::string>{"#.", "#.", "##"});
  CHECK(Shape(std::vector<Cell>{{5, 7}, {5, 8}, {5, 7}}).normalized() ==
        Shape::from_picture({"##"}));

  SUBCASE("orientations are distinct, normalized, and the shape's own") {
    const auto all = poly::orientations(l);
    CHECK(all.size() == 8);
    std::set<std::vector<Cell>> distinct;
    for (const Shape& s : all) {
      distinct.insert(s.cells());
      CHECK(s == s.normalized());
      CHECK(canonical(s.cells()) == canonical(l.cells()));
    }
    CHECK(distinct.size() == all.size());
    CHECK(poly::orientations(l, false).size() == 4);
    CHECK(poly::orientations(Shape::from_picture({"##", "##"})).size() == 1);
  }
  SUBCASE("the 12 pentominoes are the 12 free pentominoes, 63 fixed (OEIS A001168)") {
    std::set<std::vector<Cell>> free;
    std::size_t fixed = 0;
    for (const poly::PolyominoPiece& piece : poly::pentominoes()) {
      CAPTURE(piece.name);
      CHECK(piece.shape.size() == 5);
      CHECK(connected(piece.shape.cells()));
      free.insert(canonical(piece.shape.cells()));
      const auto turned = poly::orientations(piece.shape, false);
      const auto all = poly::orientations(piece.shape);
      fixed += all.size();
      // A piece is its own mirror image or has twice the orientations.
      CHECK((all.size() == turned.size() || all.size() == 2 * turned.size()));
    }
    CHECK(free.size() == 12);
    CHECK(fixed == 63);
  }
  SUBCASE("built-in boards") {
    CHECK(poly::builtin_board("6x10")->size() == 60);
    CHECK(poly::builtin_board("3x20")->picture().size() == 3);
    const auto centre = poly::builtin_board("8x8-centre");
    REQUIRE(centre);
    CHECK(centre->size() == 60);
    CHECK_FALSE(centre->contains(Cell{3, 4}));
    CHECK(centre->contains(Cell{2, 4}));
    CHECK(poly::builtin_board("8x8-center") == centre);
    for (const char* bad : {"", "6x", "x10", "6y10", "0x5", "6x10x", "-1x5", "8x8-middle"}) {
      CAPTURE(bad);
      CHECK_FALSE(poly::builtin_board(bad));
    }
  }
}

TEST_CASE("polyomino: big shapes are put in order and turned as small ones are") {
  // Shapes of hundreds of cells are sorted by counting, not by std::sort:
  // against the test's own sort, on random shapes dense and sparse.
  std::mt19937 rng(25);
  for (int round = 0; round < 20; ++round) {
    CAPTURE(round);
    const int rows = 5 + static_cast<int>(rng() % 40), cols = 5 + static_cast<int>(rng() % 40);
    const int per_mille = round % 4 == 0 ? 30 : 700;  // some too spread out to count
    std::vector<Cell> cells;
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        if (static_cast<int>(rng() % 1000) < per_mille) cells.push_back(Cell{r * 3 - 7, c - 11});
      }
    }
    if (cells.empty()) continue;
    std::vector<Cell> shuffled = cells;
    shuffled.insert(shuffled.end(), cells.begin(), cells.begin() + cells.size() / 3);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    CHECK(Shape(shuffled).cells() == cells);  // in order, repeats gone

    const Shape shape(cells);
    const std::vector<std::vector<Cell>> all = turns(cells);
    const std::set<std::vector<Cell>> expected(all.begin(), all.end());
    std::set<std::vector<Cell>> found;
    for (const Shape& oriented : poly::orientations(shape)) found.insert(oriented.cells());
    CHECK(found == expected);
  }
}

TEST_CASE("polyomino: small tilings counted by hand") {
  const auto file = poly::parse_polyomino(
      "board\n"
      ".##\n"
      "##.\n"
      "\n"
      "piece Z\n"
      "##.\n"
      ".##\n");
  REQUIRE(file.board);
  // Only the mirror image of Z fits the S-shaped board.
  CHECK(checked_count(poly::make_tiling(*file.board, file.pieces)) == 1);
  CHECK(checked_count(poly::make_tiling(*file.board, file.pieces, {.reflections = false})) == 0);

  // 2x4 by four named dominoes: 5 tilings (Fibonacci) times 4! namings.
  std::vector<poly::PolyominoPiece> dominoes;
  for (const char* name : {"a", "b", "c", "1"})
    dominoes.push_back({name, Shape::from_picture({"##"})});
  CHECK(checked_count(poly::make_tiling(*poly::builtin_board("2x4"), dominoes)) == 120);

  CHECK_THROWS_AS(poly::make_tiling(*file.board, {{"a", {}}, {"a", {}}}), xcover::ProblemError);
  CHECK_THROWS_AS(poly::make_tiling(*file.board, {{".", {}}}), xcover::ProblemError);
}

TEST_CASE("polyomino: copies of a piece are counted once, through multiplicities") {
  const Shape domino = Shape::from_picture({"##"});
  auto count = [](const char* board, std::vector<poly::PolyominoPiece> pieces) {
    const auto tiling = poly::make_tiling(*poly::builtin_board(board), std::move(pieces));
    return checked_count(tiling);
  };
  SUBCASE("dominoes on 2xN: the Fibonacci numbers") {
    const xcover::Count fibonacci[] = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
    for (int n = 1; n <= 10; ++n) {
      CAPTURE(n);
      const std::string board = "2x" + std::to_string(n);
      const auto tiling = poly::make_tiling(*poly::builtin_board(board), {{"D", domino, n}});
      CHECK(tiling.problem.has_multiplicities() == (n > 1));
      CHECK(tiling.problem.item_bounds(0) == xcover::ItemBounds{n, n});
      CHECK(checked_count(tiling) == fibonacci[n - 1]);
    }
  }
  SUBCASE("dominoes on squares (OEIS A004003) and 2x4 against named dominoes") {
    CHECK(count("4x4", {{"D", domino, 8}}) == 36);
    // (Not in a slow run: 20 s under ASan; 4x4 takes the same paths.)
    if (!XCOVER_TEST_SLOW_RUN) CHECK(count("6x6", {{"D", domino, 18}}) == 6728);
    // Four dominoes named apart: every tiling 4! times over.
    CHECK(count("2x4", {{"a", domino}, {"b", domino}, {"c", domino}, {"d", domino}}) == 5 * 24);
    CHECK(count("2x4", {{"a", domino, 2}, {"b", domino, 2}}) == 5 * 6);  // 4! / (2! 2!)
  }
  SUBCASE("L-trominoes on 2x3k (2^k), squares, and a piece with copies beside single pieces") {
    const Shape l = Shape::from_picture({"#.", "##"});
    CHECK(count("2x3", {{"L", l, 2}}) == 2);
    CHECK(count("2x9", {{"L", l, 6}}) == 8);
    CHECK(count("4x6", {{"O", Shape::from_picture({"##", "##"}), 6}}) == 1);
    // A 2x2 square in one of 4 places, the rest by 5 monominoes.
    CHECK(count("3x3", {{"O", Shape::from_picture({"##", "##"})},
                        {"m", Shape::from_picture({"#"}), 5}}) == 4);
    // Too few copies to fill the board, or too many: no tiling.
    CHECK(count("2x4", {{"D", domino, 3}}) == 0);
    CHECK(count("2x4", {{"D", domino, 5}}) == 0);
  }
  SUBCASE("each copy is drawn with its piece's name and its number") {
    const auto tiling = poly::make_tiling(*poly::builtin_board("2x3"), {{"D", domino, 3}});
    std::set<std::vector<std::string>> pictures;
    xcover::Solver solver(tiling.problem);
    static_cast<void>(solver.search([&](const xcover::Solution& s) {
      pictures.insert(poly::tiling_picture(tiling, s));
      CHECK(poly::copy_numbers(tiling, s).size() == 3);
      return true;
    }));
    CHECK(pictures == std::set<std::vector<std::string>>{{"D:1 D:1 D:2", "D:3 D:3 D:2"},
                                                         {"D:1 D:2 D:2", "D:1 D:3 D:3"},
                                                         {"D:1 D:2 D:3", "D:1 D:2 D:3"}});
  }
  CHECK_THROWS_WITH_AS(poly::make_tiling(*poly::builtin_board("2x2"), {{"D", domino, 0}}),
                       "piece 'D' has 0 copies; it needs 1 or more", xcover::ProblemError);
}

TEST_CASE("polyomino: dominoes on 8x8, 12,988,816 tilings (slow)" * doctest::skip()) {
  const auto tiling =
      poly::make_tiling(*poly::builtin_board("8x8"), {{"D", Shape::from_picture({"##"}), 32}});
  xcover::Solver solver(tiling.problem);
  CHECK(solver.count().solutions == 12988816);
}

TEST_CASE("polyomino: more than 62 pieces, with names of any length") {
  // Bars of lengths 1 to 70 on rows of lengths 1 to 70, a row of holes
  // between them: 70 pieces for 70 rows, so each row takes one bar of its
  // own length. One tiling.
  std::vector<std::string> rows;
  std::vector<poly::PolyominoPiece> bars;
  for (int k = 1; k <= 70; ++k) {
    rows.push_back(std::string(static_cast<std::size_t>(k), '#') +
                   std::string(static_cast<std::size_t>(70 - k), '.'));
    rows.emplace_back(70, '.');
    bars.push_back({"bar" + std::to_string(k), Shape::from_picture({rows[rows.size() - 2]})});
  }
  rows.pop_back();
  const auto tiling = poly::make_tiling(Shape::from_picture(rows), bars);
  CHECK(tiling.problem.primary_count() == 70 + 70 * 71 / 2);
  CHECK(tiling.problem.item_name(69) == "bar70");
  CHECK(checked_count(tiling) == 1);
  xcover::Solver solver(tiling.problem);
  static_cast<void>(solver.search([&](const xcover::Solution& s) {
    const auto picture = poly::tiling_picture(tiling, s);
    REQUIRE(picture.size() == 139);
    // Fields of 5 characters and a blank; a row ends at its last field.
    CHECK(picture[0] == "bar1  " + [] {
      std::string holes;
      for (int k = 1; k < 70; ++k) holes += k == 69 ? "." : ".     ";
      return holes;
    }());
    CHECK(picture[2].starts_with("bar2  bar2  .     ."));
    CHECK(picture[1].starts_with(".     .     ."));
    CHECK(picture[138] == "bar70" + [] {
      std::string row;
      for (int k = 1; k < 70; ++k) row += " bar70";
      return row;
    }());
    return true;
  }));

  // One-character names draw as before, longer ones in fields.
  const poly::Board row = *poly::builtin_board("1x3");
  const auto mixed = poly::make_tiling(
      row, {{"P17", Shape::from_picture({"##"})}, {"A", Shape::from_picture({"#"})}});
  std::vector<std::vector<std::string>> pictures;
  xcover::Solver mixed_solver(mixed.problem);
  static_cast<void>(mixed_solver.search([&](const xcover::Solution& s) {
    pictures.push_back(poly::tiling_picture(mixed, s));
    return true;
  }));
  std::sort(pictures.begin(), pictures.end());
  CHECK(pictures == std::vector<std::vector<std::string>>{{"A   P17 P17"}, {"P17 P17 A"}});

  // Names are letters, digits, '_' and '-', and never a board cell's.
  const Shape one = Shape::from_picture({"#"});
  for (const char* good : {"big_L", "x-1", "r1", "rc1", "r1c", "R1C1", "r1c1x", "_"}) {
    CAPTURE(good);
    CHECK_NOTHROW(poly::make_tiling(row, {{good, one}}));
  }
  CHECK_THROWS_WITH_AS(poly::make_tiling(row, {{"r0c1", one}}),
                       "piece name 'r0c1' is of the form rNcN, which names a board cell",
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(poly::make_tiling(row, {{"a:b", one}}),
                       "piece name 'a:b' has a character other than letters, digits, '_' and '-'",
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(poly::make_tiling(row, {{"", one}}), "a piece name is empty",
                       xcover::ProblemError);
}

TEST_CASE("polyomino: every placement once, in board order, whatever the sizes") {
  // Against the plain rule: each orientation anchored by its first cell at
  // every board cell, on random boards with holes.
  std::mt19937 rng(77);
  for (int round = 0; round < 30; ++round) {
    CAPTURE(round);
    std::vector<std::string> rows(5, std::string(7, '#'));
    for (int k = 0; k < 6; ++k) rows[rng() % 5][rng() % 7] = '.';
    const Shape board = Shape::from_picture(rows);
    const auto pieces = poly::pentominoes();
    const auto tiling = poly::make_tiling(board, pieces);
    std::vector<std::pair<int, Shape>> expected;
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      for (const Shape& oriented : poly::orientations(pieces[p].shape)) {
        for (const Cell& anchor : board.cells()) {
          const Cell first = oriented.cells().front();
          std::vector<Cell> cells;
          bool fits = true;
          for (const Cell& c : oriented.cells()) {
            const Cell moved{c.row - first.row + anchor.row, c.col - first.col + anchor.col};
            fits = fits && board.contains(moved);
            cells.push_back(moved);
          }
          if (fits) expected.emplace_back(static_cast<int>(p), Shape(cells));
        }
      }
    }
    REQUIRE(tiling.placements.size() == expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      CHECK(tiling.placements[k].piece == expected[k].first);
      CHECK(tiling.placements[k].cells == expected[k].second);
      // The option names the piece and the cells it covers.
      const auto option = tiling.problem.option(static_cast<int>(k));
      REQUIRE(option.size() == expected[k].second.cells().size() + 1);
      CHECK(option[0].item == expected[k].first);
      for (std::size_t c = 0; c < expected[k].second.cells().size(); ++c) {
        const Cell cell = expected[k].second.cells()[c];
        CHECK(tiling.problem.item_name(option[c + 1].item) ==
              "r" + std::to_string(cell.row) + "c" + std::to_string(cell.col));
      }
    }
  }
  // A piece as big as the board: one placement, found without trying the
  // piece at every cell.
  const Shape square = *poly::builtin_board("150x150");
  const auto whole = poly::make_tiling(square, {{"A", square}});
  CHECK(whole.placements.size() == 1);
  CHECK(checked_count(whole) == 1);
}

TEST_CASE("polyomino: pentominoes on 3x20 and 4x15, every tiling valid") {
  CHECK(pentomino_count("3x20") == 8);
  // (Under a sanitizer 3x20 alone: 4x15 runs the same code some 30 times longer.)
  if (!XCOVER_TEST_SLOW_RUN) CHECK(pentomino_count("4x15") == 1472);
}

TEST_CASE("polyomino: the same tilings with forced moves ahead and branching on clashes") {
  // Sets of more than 16 words: the layout's general path.
  xcover::SearchOptions options;
  options.propagate = true;
  options.item_choice = xcover::ItemChoice::most_clashes;
  for (const char* board : {"3x20", "4x15"}) {
    if (XCOVER_TEST_SLOW_RUN && std::string(board) == "4x15") continue;  // (as above)
    const auto tiling = poly::make_tiling(*poly::builtin_board(board), poly::pentominoes());
    CHECK(tiling.problem.option_count() > 1024);
    CHECK(checked_count(tiling, xcover::Layout::bitsets, options) ==
          (std::string(board) == "3x20" ? 8 : 1472));
  }
}

TEST_CASE("polyomino: pentominoes on 5x12, 6x10 and 8x8 minus centre (slow)" * doctest::skip()) {
  CHECK(pentomino_count("5x12") == 4040);
  CHECK(pentomino_count("6x10") == 9356);
  CHECK(pentomino_count("8x8-centre") == 520);
}

TEST_CASE("polyomino: the picture format") {
  const auto file = poly::parse_polyomino(
      "| comment\n"
      "piece T  \r\n"
      "###\n"
      "| a comment inside a picture\n"
      ".#.\n"
      "board\n"
      "#.#\n"
      "###\n"
      "\n"
      "\n"
      "piece 7\n"
      "#\n"
      "piece P17\t x12\n"
      "##\n"
      "piece x3\n"
      "#\n"
      "piece big_L-2 x1\n"
      "#\n",
      "t.txt");
  REQUIRE(file.board);
  CHECK(file.board->picture() == std::vector<std::string>{"#.#", "###"});
  CHECK(file.board_line == 6);
  REQUIRE(file.pieces.size() == 5);
  CHECK(file.pieces[0].name == "T");
  CHECK(file.pieces[0].shape.picture() == std::vector<std::string>{"###", ".#."});
  CHECK(file.pieces[1].name == "7");
  CHECK(file.pieces[1].copies == 1);
  CHECK(file.pieces[2].name == "P17");
  CHECK(file.pieces[2].copies == 12);
  CHECK(file.pieces[2].shape.size() == 2);
  CHECK(file.pieces[3].name == "x3");
  CHECK(file.pieces[3].copies == 1);
  CHECK(file.pieces[4].name == "big_L-2");
  CHECK(file.pieces[4].copies == 1);
  CHECK(file.piece_lines == std::vector<std::size_t>{2, 11, 13, 15, 17});
  CHECK_FALSE(poly::parse_polyomino("piece A\n#\n").board);
}

TEST_CASE("polyomino: errors in the picture format name the line") {
  auto error = [](const char* text) {
    try {
      poly::parse_polyomino(text, "f.txt");
    } catch (const xcover::ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("board\n##\n\nboards\n") ==
        "f.txt:4: expected 'board', 'piece NAME' or a row of '#' and '.', found 'boards'");
  CHECK(error("board\n###\n##\n") ==
        "f.txt:3: ragged picture: this row of the board has 2 cells, its first row 3 "
        "(pad rows with '.')");
  CHECK(error("piece A\n#.\n#\n") ==
        "f.txt:3: ragged picture: this row of piece 'A' has 1 cells, its first row 2 "
        "(pad rows with '.')");
  CHECK(error("piece A\n\n#\n") == "f.txt:1: piece 'A' has no cells");
  CHECK(error("board\n...\n") == "f.txt:1: the board has no cells");
  CHECK(error("piece A\n#\npiece B\n") == "f.txt:3: piece 'B' has no cells");
  CHECK(error("##\n") == "f.txt:1: a picture row must follow a 'board' or 'piece NAME' line");
  CHECK(error("piece A\n#\n\n##\n") ==
        "f.txt:4: a picture row must follow a 'board' or 'piece NAME' line");
  CHECK(error("piece A.B\n#\n") ==
        "f.txt:1: piece name 'A.B' has a character other than letters, digits, '_' and '-'");
  CHECK(error("piece\n#\n") == "f.txt:1: expected 'piece NAME' (then xN, M..N or one-sided)");
  CHECK(error("piece A x2 x3\n#\n") == "f.txt:1: the copies are given twice, found 'x3'");
  CHECK(error("piece #\n#\n") ==
        "f.txt:1: piece name '#' has a character other than letters, digits, '_' and '-'");
  CHECK(error("| cells\npiece r2c10\n#\n") ==
        "f.txt:2: piece name 'r2c10' is of the form rNcN, which names a board cell");
  for (const char* copies : {"x0", "x", "x-2", "x2.5", "x99999999999"}) {
    CAPTURE(copies);
    CHECK(error(("piece A " + std::string(copies) + "\n#\n").c_str()) ==
          "f.txt:1: expected xN after the piece name, N copies (1 or more), found '" +
              std::string(copies) + "'");
  }
  for (const char* word : {"3", "X2"}) {
    CAPTURE(word);
    CHECK(error(("piece A " + std::string(word) + "\n#\n").c_str()) ==
          "f.txt:1: expected xN, M..N or one-sided after the piece name, found '" +
              std::string(word) + "'");
  }
  CHECK(error("piece P17 x2\n#\n\npiece P17\n#\n") ==
        "f.txt:4: piece 'P17' is defined twice (first at line 1)");
  CHECK(error("piece A\n#\n| x\npiece A\n#\n") ==
        "f.txt:4: piece 'A' is defined twice (first at line 1)");
  CHECK(error("board\n#\nboard\n#\n") == "f.txt:3: a second board (the first is at line 1)");
  CHECK(error("board 6x10\n#\n") == "f.txt:1: expected 'board' alone on its line");
  CHECK(error("board\n#x\n") ==
        "f.txt:2: expected 'board', 'piece NAME' or a row of '#' and '.', found '#x'");
}

TEST_CASE("polyomino CLI") {
  using xcover::test::run_cli;
  SUBCASE("pentominoes on 3x20: 8 valid tilings, --count, --emit read back by solve") {
    const auto result = run_cli("polyomino --board 3x20");
    REQUIRE(result.exit_code == 0);
    const auto blocks = blocks_of(result.out);
    CHECK(blocks.size() == 8);
    for (const auto& block : blocks)
      CHECK(tiling_error(block, *poly::builtin_board("3x20"), poly::pentominoes()) == "");
    CHECK(run_cli("polyomino --board 3x20 --count").out == "8\n");
    CHECK(run_cli("polyomino --board 6x10 --count --limit 3").out == "3\n");
    const auto emitted = run_cli("polyomino --board 3x20 --emit");
    REQUIRE(emitted.exit_code == 0);
    CHECK(run_cli("solve --count", emitted.out).out == "8\n");
  }
  SUBCASE("8x8 minus centre shows the hole") {
    const auto result = run_cli("polyomino --board 8x8-centre --limit 1");
    REQUIRE(result.exit_code == 0);
    const auto blocks = blocks_of(result.out);
    REQUIRE(blocks.size() == 1);
    CHECK(blocks[0][3].substr(3, 2) == "..");
    CHECK(tiling_error(blocks[0], *poly::builtin_board("8x8-centre"), poly::pentominoes()) == "");
  }
  SUBCASE("a board and pieces from a file, with and without reflections") {
    const std::string dominoes = xcover::test::data_file("polyomino_dominoes.txt");
    CHECK(run_cli("polyomino --count '" + dominoes + "'").out == "120\n");
    const std::string board = xcover::test::temp_file("board\n.##\n##.\n");
    const std::string piece = xcover::test::temp_file("piece Z\n##.\n.##\n");
    const auto flipped = run_cli("polyomino " + board + " " + piece);
    CHECK(flipped.exit_code == 0);
    CHECK(flipped.out == ".ZZ\nZZ.\n");
    CHECK(run_cli("polyomino --count --no-reflections " + board + " " + piece).out == "0\n");
    const auto emitted = run_cli("polyomino --emit --no-reflections " + board + " " + piece);
    CHECK(run_cli("solve --count", emitted.out).out == "0\n");
    std::remove(board.c_str());
    std::remove(piece.c_str());
  }
  SUBCASE("copies: printed, counted, on default options and emitted") {
    const std::vector<poly::PolyominoPiece> three{{"D", Shape::from_picture({"##"}), 3}};
    const auto printed = run_cli("polyomino --board 2x3 -", "piece D x3\n##\n");
    CHECK(printed.exit_code == 0);
    CHECK(printed.err == "");
    const auto blocks = blocks_of(printed.out);
    CHECK(std::set<std::vector<std::string>>(blocks.begin(), blocks.end()) ==
          std::set<std::vector<std::string>>{{"D:1 D:1 D:2", "D:3 D:3 D:2"},
                                             {"D:1 D:2 D:2", "D:1 D:3 D:3"},
                                             {"D:1 D:2 D:3", "D:1 D:2 D:3"}});
    for (const auto& block : blocks)
      CHECK(tiling_error(block, *poly::builtin_board("2x3"), three) == "");
    const std::string dominoes = xcover::test::temp_file("| 18 dominoes\npiece D x18\n##\n");
    const auto counted = run_cli("polyomino --board 6x6 --count " + dominoes);
    CHECK(counted.out == "6728\n");
    CHECK(counted.err == "");
    const auto threaded = run_cli("polyomino --board 6x6 --count --threads 2 " + dominoes);
    CHECK(threaded.out == "6728\n");
    CHECK(threaded.err == "");
    const auto emitted = run_cli("polyomino --board 6x6 --emit " + dominoes);
    CHECK(emitted.out.starts_with("18|D r0c0 "));  // Knuth's u|name for u:u
    CHECK(run_cli("solve --count", emitted.out).out == "6728\n");
    // Copies that cannot fill the board: the same warning as other pieces.
    const auto short_by_one = run_cli("polyomino --board 6x6 --count -", "piece D x17\n##\n");
    CHECK(short_by_one.out == "0\n");
    CHECK(short_by_one.err ==
          "xcover polyomino: warning: the pieces have 34 cells in all and the board 36, so no "
          "tiling exists\n");
    std::remove(dominoes.c_str());
  }
  SUBCASE("more than 62 pieces: names of any length, drawn in fields") {
    // Bars of lengths 1 to 70, each on a row of its own length.
    std::string file = "board\n";
    for (int k = 1; k <= 70; ++k) {
      file += std::string(static_cast<std::size_t>(k), '#') +
              std::string(static_cast<std::size_t>(70 - k), '.') + "\n";
      if (k < 70) file += std::string(70, '.') + "\n";
    }
    std::vector<poly::PolyominoPiece> bars;
    for (int k = 1; k <= 70; ++k) {
      const std::string bar(static_cast<std::size_t>(k), '#');
      file += "\npiece bar" + std::to_string(k) + "\n" + bar + "\n";
      bars.push_back({"bar" + std::to_string(k), Shape::from_picture({bar})});
    }
    const std::string path = xcover::test::temp_file(file);
    CHECK(run_cli("polyomino --count " + path).out == "1\n");
    const auto shown = run_cli("polyomino " + path);
    CHECK(shown.exit_code == 0);
    const auto blocks = blocks_of(shown.out);
    REQUIRE(blocks.size() == 1);
    CHECK(blocks[0][4].starts_with("bar3  bar3  bar3  .     ."));
    CHECK(tiling_error(blocks[0], poly::parse_polyomino(file).board.value(), bars) == "");
    CHECK(run_cli("polyomino -", "board\n###\npiece P17\n##\npiece A\n#\n").out ==
          "P17 P17 A\n\nA   P17 P17\n");
    std::remove(path.c_str());
  }
  SUBCASE("pieces that cannot fill the board: a warning, and no tiling") {
    const auto piped = run_cli("polyomino --board 2x3 --count -", "piece A\n###\n");
    CHECK(piped.out == "0\n");
    CHECK(piped.err ==
          "xcover polyomino: warning: the pieces have 3 cells in all and the board 6, so no "
          "tiling exists\n");
    CHECK(piped.exit_code == 0);
  }
  SUBCASE("errors in files name the file and line; bad boards are usage errors") {
    const std::string bad = xcover::test::temp_file("board\n##\n#\n");
    const auto ragged = run_cli("polyomino " + bad);
    CHECK(ragged.exit_code == 1);
    CHECK(ragged.err == bad +
                            ":3: ragged picture: this row of the board has 1 cells, its "
                            "first row 2 (pad rows with '.')\n");
    const std::string big = xcover::test::temp_file("| big\npiece A\n#######\n");
    const auto too_big = run_cli("polyomino --board 2x3 " + big);
    CHECK(too_big.exit_code == 1);
    CHECK(too_big.err == big + ":2: piece 'A' has 7 cells, more than the board's 6\n");
    const std::string twice = xcover::test::temp_file("piece A\n#\npiece long_name x2\n#\n");
    const auto duplicate = run_cli("polyomino --board 1x2 " + twice + " " + twice);
    CHECK(duplicate.exit_code == 1);
    CHECK(duplicate.err == twice + ":1: piece 'A' is defined twice (first at " + twice + ":1)\n");
    const std::string named = xcover::test::temp_file("piece long_name\n#\n");
    CHECK(run_cli("polyomino --board 1x2 " + twice + " " + named).err ==
          named + ":1: piece 'long_name' is defined twice (first at " + twice + ":3)\n");
    const std::string bad_name = xcover::test::temp_file("piece A\n#\n\npiece r0c0\n#\n");
    const auto cell_name = run_cli("polyomino --board 1x2 " + bad_name);
    CHECK(cell_name.exit_code == 1);
    CHECK(cell_name.err ==
          bad_name + ":4: piece name 'r0c0' is of the form rNcN, which names a board cell\n");
    const std::string many = xcover::test::temp_file("piece B x3\n##\n");
    CHECK(run_cli("polyomino --count --board 2x2 " + many).err ==
          "xcover polyomino: warning: the pieces have 6 cells in all and the board 4, so no "
          "tiling exists\n");
    const std::string with_board = xcover::test::temp_file("board\n##\n");
    CHECK(run_cli("polyomino --board 1x2 " + with_board).exit_code == 2);
    CHECK(run_cli("polyomino /nonexistent/file").err ==
          "/nonexistent/file: No such file or directory\n");
    const auto unknown = run_cli("polyomino --board 7x");
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.err.find("unknown board '7x'") != std::string::npos);
    for (const std::string& file : {bad, big, twice, named, bad_name, many, with_board})
      std::remove(file.c_str());
  }
}

}  // namespace test_polyomino
