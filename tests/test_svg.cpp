// SPDX-License-Identifier: MIT
// Pictures: every document is well-formed XML, and its shapes say what the
// solution is (one shape per piece with its own fill, a crown per queen, an
// arc per pair, each digit where it stands, cages and regions drawn).
#include <doctest/doctest.h>

#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_text.hpp"
#include "xcover/puzzles/svg.hpp"

namespace test_svg {

namespace poly = xcover::polyomino;
using xcover::Solution;
using xcover::Solver;

namespace {

// A checker of the XML the pictures use: elements nest and close, the
// attributes are quoted, and text holds no bare '<' or '&'. Returns what is
// wrong, or "".
std::string xml_problem(const std::string& text) {
  std::vector<std::string> open;
  std::size_t k = 0;
  while (k < text.size()) {
    if (text[k] == '&') {
      const std::size_t semi = text.find(';', k);
      const std::string entity = text.substr(k, semi == std::string::npos ? 1 : semi - k + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;")
        return "bare '&' at " + std::to_string(k);
      k = semi + 1;
      continue;
    }
    if (text[k] != '<') {
      if (text[k] == '>') return "bare '>' at " + std::to_string(k);
      ++k;
      continue;
    }
    const std::size_t end = text.find('>', k);
    if (end == std::string::npos) return "unclosed tag at " + std::to_string(k);
    std::string tag = text.substr(k + 1, end - k - 1);
    k = end + 1;
    if (tag.starts_with("/")) {
      if (open.empty() || open.back() != tag.substr(1)) return "</" + tag.substr(1) + "> unmatched";
      open.pop_back();
      continue;
    }
    const bool empty = tag.ends_with("/");
    if (empty) tag.pop_back();
    const std::string name = tag.substr(0, tag.find(' '));
    if (name.empty()) return "a tag without a name";
    // Attributes: name="value", one blank apart.
    static const std::regex attributes(R"(( [A-Za-z:-]+="[^"<]*")*\s*)");
    if (!std::regex_match(tag.substr(name.size()), attributes)) return "bad attributes: " + tag;
    if (!empty) open.push_back(name);
  }
  if (!open.empty()) return "<" + open.back() + "> never closed";
  return "";
}

// The values of `attribute` on the elements of `cls`, in order.
std::vector<std::string> values(const std::string& svg, const std::string& cls,
                                const std::string& attribute) {
  std::vector<std::string> found;
  const std::regex element("<[a-z]+ [^>]*class=\"" + cls + "\"[^>]*>");
  const std::regex value(" " + attribute + "=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), element);
       it != std::sregex_iterator(); ++it) {
    std::smatch match;
    const std::string tag = it->str();
    if (std::regex_search(tag, match, value)) found.push_back(match[1]);
  }
  return found;
}

// The texts of the <text> elements of `cls`, in order.
std::vector<std::string> texts(const std::string& svg, const std::string& cls) {
  std::vector<std::string> found;
  const std::regex element("<text [^>]*class=\"" + cls + "\"[^>]*>([^<]*)</text>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), element);
       it != std::sregex_iterator(); ++it)
    found.push_back((*it)[1]);
  return found;
}

// The area a path's rectangles ("MX YhWvHh-Wz", as the pictures write them)
// cover, in cells of `size` pixels.
double rectangles_area(const std::string& d, double size) {
  double area = 0;
  const std::regex rectangle(R"(M[-0-9.]+ [-0-9.]+h([0-9.]+)v([0-9.]+)h-[0-9.]+z)");
  for (auto it = std::sregex_iterator(d.begin(), d.end(), rectangle); it != std::sregex_iterator();
       ++it)
    area += std::stod((*it)[1]) * std::stod((*it)[2]);
  return area / (size * size);
}

Solution first_solution(const xcover::Problem& problem) {
  Solver solver(problem);
  Solution first;
  const auto run = solver.search([&](const Solution& s) {
    first.options = s.options;
    return false;
  });
  REQUIRE(!first.options.empty());
  (void)run;
  return first;
}

}  // namespace

TEST_CASE("the XML checker finds what is wrong") {
  CHECK(xml_problem("<svg a=\"1\"><title>x &amp; y</title><path d=\"M0 0\"/></svg>").empty());
  CHECK(xml_problem("<svg><g></svg>") == "</svg> unmatched");
  CHECK(xml_problem("<svg>a & b</svg>") == "bare '&' at 7");
  CHECK(xml_problem("<svg a=1></svg>").starts_with("bad attributes"));
  CHECK(xml_problem("<svg>") == "<svg> never closed");
}

TEST_CASE("svg: a pentomino tiling, one shape per piece, each its own fill") {
  const poly::TilingProblem tiling =
      poly::make_tiling(*poly::builtin_board("6x10"), poly::pentominoes());
  const Solution solution = first_solution(tiling.problem);
  const std::string svg = xcover::render_svg(tiling, solution);
  CHECK(xml_problem(svg) == "");
  CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"328\" height=\"200\""));
  const auto names = values(svg, "piece", "data-piece");
  CHECK(std::set<std::string>(names.begin(), names.end()) ==
        std::set<std::string>{"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"});
  const auto fills = values(svg, "piece", "fill");
  CHECK(std::set<std::string>(fills.begin(), fills.end()).size() == 12);
  // Each piece's shape covers its five cells, and nothing else is filled.
  for (const std::string& d : values(svg, "piece", "d")) CHECK(rectangles_area(d, 32) == 5);
  CHECK(values(svg, "edges", "d").size() == 1);
  // The fills are the terminal's: tiling_colors, piece by piece.
  const auto colors = xcover::tiling_colors(tiling, solution);
  REQUIRE(colors.size() == 12);
  CHECK(colors[0] == xcover::distinct_color(
                         tiling.placements[static_cast<std::size_t>(solution.options[0])].piece));
}

TEST_CASE("svg: copies of a piece are told apart, holes stay blank") {
  // A 2x4 board without one corner... of 3 dominoes and a monomino.
  const poly::PolyominoFile file =
      poly::parse_polyomino("board\n###.\n####\n\npiece D x3\n##\n\npiece m\n#\n");
  const poly::TilingProblem tiling = poly::make_tiling(*file.board, file.pieces);
  const std::string svg = xcover::render_svg(tiling, first_solution(tiling.problem));
  CHECK(xml_problem(svg) == "");
  const auto names = values(svg, "piece", "data-piece");
  CHECK(std::multiset<std::string>(names.begin(), names.end()) ==
        std::multiset<std::string>{"D:1", "D:2", "D:3", "m"});
  const auto fills = values(svg, "piece", "fill");
  CHECK(std::set<std::string>(fills.begin(), fills.end()).size() == 4);
  double area = 0;
  for (const std::string& d : values(svg, "piece", "d")) area += rectangles_area(d, 32);
  CHECK(area == 7);
}

TEST_CASE("svg: queens, a crown on each queen's square") {
  const xcover::QueensProblem queens = xcover::make_queens(8);
  const Solution solution = first_solution(queens.problem);
  const std::string svg = xcover::render_svg(queens, solution);
  CHECK(xml_problem(svg) == "");
  const auto rows = values(svg, "queen", "data-row");
  const auto cols = values(svg, "queen", "data-col");
  REQUIRE(rows.size() == 8);
  REQUIRE(cols.size() == 8);
  const std::vector<int> columns = xcover::queens_columns(queens, solution);
  for (std::size_t k = 0; k < 8; ++k) {
    CHECK(std::stoi(rows[k]) == static_cast<int>(k) + 1);
    CHECK(std::stoi(cols[k]) == columns[k] + 1);
  }
}

TEST_CASE("svg: a Langford arrangement, its numbers in order and an arc per pair") {
  const xcover::LangfordProblem langford = xcover::make_langford(7);
  const Solution solution = first_solution(langford.problem);
  const std::string svg = xcover::render_svg(langford, solution);
  CHECK(xml_problem(svg) == "");
  std::vector<std::string> expected;
  for (int v : xcover::langford_sequence(langford, solution)) expected.push_back(std::to_string(v));
  CHECK(texts(svg, "number") == expected);
  const auto pairs = values(svg, "pair", "data-value");
  CHECK(std::set<std::string>(pairs.begin(), pairs.end()) ==
        std::set<std::string>{"1", "2", "3", "4", "5", "6", "7"});
}

TEST_CASE("svg: Sudoku of every shape: givens, digits found, regions, variants, cages") {
  xcover::SudokuReader reader;
  const xcover::SudokuLine line = reader.read(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  xcover::SudokuSolver solver(*line.rules);
  xcover::SudokuBoard solution;
  REQUIRE(solver.solve(line.board, solution).status == xcover::SudokuStatus::solved);
  SUBCASE("classic: each digit where it stands, the givens apart") {
    const std::string svg = xcover::render_svg(*line.rules, line.board, solution, *line.alphabet);
    CHECK(xml_problem(svg) == "");
    const auto given = texts(svg, "given"), found = texts(svg, "found");
    REQUIRE(given.size() == 30);
    REQUIRE(found.size() == 51);
    CHECK(given[0] == "5");
    CHECK(found[0] == "4");  // r1c3
    CHECK(values(svg, "regions", "d").size() == 1);
    CHECK(values(svg, "cage", "d").empty());
  }
  SUBCASE("the puzzle alone") {
    const std::string svg =
        xcover::render_svg(*line.rules, line.board, xcover::SudokuBoard(), *line.alphabet);
    CHECK(texts(svg, "given").size() == 30);
    CHECK(texts(svg, "found").empty());
  }
  SUBCASE("X, windows, holes and killer cages") {
    xcover::SudokuRules rules = xcover::SudokuRules::boxes(2, 2);
    rules.add_diagonals().add_cage({0, 1}, 3).add_cage({2, 3, 7}, 8);
    xcover::SudokuBoard puzzle(4), full;
    xcover::SudokuSolver small(rules);
    REQUIRE(small.solve(puzzle, full).status == xcover::SudokuStatus::solved);
    const auto alphabet = xcover::SudokuAlphabet::standard(4);
    const std::string svg = xcover::render_svg(rules, puzzle, full, alphabet);
    CHECK(xml_problem(svg) == "");
    CHECK(values(svg, "cage", "d").size() == 2);
    CHECK(texts(svg, "cage-sum") == std::vector<std::string>{"3", "8"});
    CHECK(values(svg, "diagonal", "d").size() == 1);
    CHECK(texts(svg, "found").size() == 16);
    xcover::SudokuRules windows = xcover::SudokuRules::boxes(3, 3);
    windows.add_windows().add_hole(0);
    const std::string svg9 =
        xcover::render_svg(windows, xcover::SudokuBoard(9), xcover::SudokuBoard(), *line.alphabet);
    CHECK(xml_problem(svg9) == "");
    CHECK(values(svg9, "window", "d").size() == 1);
    CHECK(values(svg9, "hole", "d") == std::vector<std::string>{"M6 6h40v40h-40z"});
  }
  SUBCASE("a board of another side is refused") {
    CHECK_THROWS_AS(
        xcover::render_svg(*line.rules, xcover::SudokuBoard(4), solution, *line.alphabet),
        xcover::SudokuError);
  }
}

TEST_CASE("svg: a sheet holds its pictures in rows, and refuses other documents") {
  const xcover::QueensProblem queens = xcover::make_queens(5);
  Solver solver(queens.problem);
  std::vector<std::string> pictures;
  const auto run = solver.search([&](const Solution& s) {
    pictures.push_back(xcover::render_svg(queens, s));
    return pictures.size() < 5;
  });
  (void)run;
  REQUIRE(pictures.size() == 5);
  const std::string sheet = xcover::svg_sheet(pictures, 2);
  CHECK(xml_problem(sheet) == "");
  const auto queen_rows = values(sheet, "queen", "data-row");
  CHECK(queen_rows.size() == 25);
  // Three rows of two, 248 pixels square each, 16 apart; the fifth starts
  // the third row.
  CHECK(
      sheet.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"544\" height=\"808\""));
  CHECK(sheet.find("<svg x=\"280\" y=\"280\"") != std::string::npos);
  CHECK(sheet.find("<svg x=\"16\" y=\"544\"") != std::string::npos);
  const std::vector<std::string> wrong{pictures[0], "<p>not a picture</p>"};
  CHECK_THROWS_WITH_AS(xcover::svg_sheet(wrong),
                       "svg_sheet: picture 2 is not an SVG document from render_svg (no width at "
                       "its start)",
                       xcover::Error);
}

TEST_CASE("distinct colours: the first hundred differ, and repeat from run to run") {
  std::set<std::tuple<int, int, int>> seen;
  for (int k = 0; k < 100; ++k) {
    const xcover::Rgb c = xcover::distinct_color(k);
    seen.insert({c.red, c.green, c.blue});
    CHECK(c == xcover::distinct_color(k));
  }
  CHECK(seen.size() == 100);
}

TEST_CASE("svg: a solution of another problem is refused") {
  const xcover::QueensProblem queens = xcover::make_queens(4);
  Solution foreign;
  foreign.options = {1000};
  CHECK_THROWS_AS(xcover::render_svg(queens, foreign), xcover::ProblemError);
  const xcover::LangfordProblem langford = xcover::make_langford(3);
  CHECK_THROWS_AS(xcover::render_svg(langford, foreign), xcover::ProblemError);
}

}  // namespace test_svg
