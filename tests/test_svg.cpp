// SPDX-License-Identifier: MIT
// Pictures: every document is well-formed XML, and its shapes say what the
// solution is (one shape per piece with its own fill, on every lattice its
// cells and the edges between pieces where they are, a crown per queen, an
// arc per pair, each digit where it stands, cages and regions drawn).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "cli_support.hpp"
#include "xcover/puzzles/disassembly.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_text.hpp"
#include "xcover/puzzles/svg.hpp"

namespace test_svg {

namespace poly = xcover::polyomino;
namespace pf = xcover::polyform;
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
    static const std::regex attributes(R"(( [A-Za-z][A-Za-z0-9:-]*="[^"<]*")*\s*)");
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

// --- polyforms on the other lattices --------------------------------------

// The cells that share a side with `cell` in a picture, as polyform.hpp
// describes the lattices (a cube's layers are drawn apart: the four beside
// it in its layer).
std::vector<pf::Cell> drawn_neighbours(pf::Lattice lattice, pf::Cell cell) {
  const int r = cell.row, c = cell.col, l = cell.layer;
  switch (lattice) {
    case pf::Lattice::square:
    case pf::Lattice::cube:
      return {{r - 1, c, l}, {r + 1, c, l}, {r, c - 1, l}, {r, c + 1, l}};
    case pf::Lattice::triangle:  // up when r + c is even: its base is row r + 1's
      return {{r, c - 1}, {r, c + 1}, {(r + c) % 2 == 0 ? r + 1 : r - 1, c}};
    case pf::Lattice::hex:
      return {{r, c - 1}, {r, c + 1}, {r - 1, c}, {r - 1, c + 1}, {r + 1, c - 1}, {r + 1, c}};
    case pf::Lattice::prism:
      return {{r, c - 1, l}, {r, c + 1, l}, {(r + c) % 2 == 0 ? r + 1 : r - 1, c, l}};
    case pf::Lattice::sphere:
    case pf::Lattice::rhombic:
    case pf::Lattice::tetra_octa:
      return {{r - 1, c, l}, {r + 1, c, l}, {r, c - 1, l}, {r, c + 1, l}};
  }
  return {};
}

// A side as two corners, "x y", the lesser first.
using Side = std::pair<std::string, std::string>;
Side side_of(const std::string& a, const std::string& b) { return a < b ? Side{a, b} : Side{b, a}; }

// The corners of each closed outline ("Mx yLx y...z") of a path.
std::vector<std::vector<std::string>> outlines(const std::string& d) {
  std::vector<std::vector<std::string>> found;
  const std::regex outline("M([^z]*)z");
  for (auto it = std::sregex_iterator(d.begin(), d.end(), outline); it != std::sregex_iterator();
       ++it) {
    std::vector<std::string> corners;
    const std::string text = (*it)[1];
    for (std::size_t at = 0; at <= text.size();) {
      const std::size_t end = std::min(text.find('L', at), text.size());
      corners.push_back(text.substr(at, end - at));
      at = end + 1;
    }
    found.push_back(corners);
  }
  return found;
}

// The sides ("Mx yLx y") of an edges path.
std::vector<Side> sides(const std::string& d) {
  std::vector<Side> found;
  const std::regex segment("M([-0-9.]+ [-0-9.]+)L([-0-9.]+ [-0-9.]+)");
  for (auto it = std::sregex_iterator(d.begin(), d.end(), segment); it != std::sregex_iterator();
       ++it)
    found.push_back(side_of((*it)[1], (*it)[2]));
  return found;
}

struct EdgeCounts {
  std::size_t bold = 0;  // between pieces, or a piece and no piece
  std::size_t thin = 0;  // between two cells of one piece
};

// What a picture of `solution` must show, and the edges it draws. Checks
// that it is well-formed, has one shape per piece made of one outline of
// `corners` corners per cell, and that its edges are the sides of those
// outlines: each thin one shared by two cells, each side of a cell drawn
// once, bold or thin as the header's neighbours say.
EdgeCounts check_cell_picture(const pf::Tiling& tiling, const Solution& solution,
                              const std::string& svg, std::size_t corners) {
  CHECK(xml_problem(svg) == "");
  const auto pieces = values(svg, "piece", "d");
  REQUIRE(pieces.size() == solution.options.size());
  std::map<pf::Cell, std::size_t> owner;
  std::map<Side, int> drawn_sides;  // how many cells have each side
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    const pf::Shape& cells = tiling.placements[static_cast<std::size_t>(solution.options[k])].cells;
    for (const pf::Cell& cell : cells.cells()) owner[cell] = k;
    const auto shapes = outlines(pieces[k]);
    CHECK(shapes.size() == static_cast<std::size_t>(cells.size()));
    for (const auto& shape : shapes) {
      CHECK(shape.size() == corners);
      for (std::size_t j = 0; j < shape.size(); ++j)
        ++drawn_sides[side_of(shape[j], shape[(j + 1) % shape.size()])];
    }
  }
  // The counts the lattice's neighbours make.
  EdgeCounts expected;
  for (const auto& [cell, k] : owner) {
    for (const pf::Cell& next : drawn_neighbours(tiling.lattice, cell)) {
      const auto other = owner.find(next);
      if (other == owner.end())
        ++expected.bold;
      else if (cell < next)
        ++(other->second == k ? expected.thin : expected.bold);
    }
  }
  const auto bold_paths = values(svg, "edges", "d"), thin_paths = values(svg, "cell-edges", "d");
  REQUIRE(bold_paths.size() == 1);
  REQUIRE(thin_paths.size() == 1);
  const std::vector<Side> bold = sides(bold_paths[0]), thin = sides(thin_paths[0]);
  std::set<Side> all(bold.begin(), bold.end());
  all.insert(thin.begin(), thin.end());
  CHECK(all.size() == bold.size() + thin.size());  // none twice
  for (const Side& side : thin) CHECK(drawn_sides[side] == 2);
  for (const Side& side : bold) CHECK(drawn_sides.count(side) == 1);
  for (const auto& [side, count] : drawn_sides) CHECK(all.count(side) == 1);
  CHECK(bold.size() == expected.bold);
  CHECK(thin.size() == expected.thin);
  return {bold.size(), thin.size()};
}

pf::Tiling tiling_of(pf::Lattice lattice, const std::string& pictures) {
  const pf::PictureFile file = pf::parse_pictures(pictures, lattice);
  REQUIRE(file.board.has_value());
  return pf::make_tiling(lattice, *file.board, file.pieces);
}

TEST_CASE("svg: triangles, each cell a triangle, bold edges between pieces") {
  SUBCASE("a hexagon of two triamonds: its six sides and a diameter bold") {
    const pf::Tiling tiling =
        tiling_of(pf::Lattice::triangle, "board\n###\n###\n\npiece T x2\n###\n");
    const Solution solution = first_solution(tiling.problem);
    const std::string svg = xcover::render_svg(tiling, solution);
    const EdgeCounts edges = check_cell_picture(tiling, solution, svg, 3);
    CHECK(edges.bold == 8);
    CHECK(edges.thin == 4);
    const auto names = values(svg, "piece", "data-piece");
    CHECK(std::set<std::string>(names.begin(), names.end()) == std::set<std::string>{"T:1", "T:2"});
    // Edges 40 pixels, rows 34.6 high: the hexagon two edges wide, two rows
    // high, and a margin of 4 round it, to whole pixels.
    CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"88\" height=\"78\""));
  }
  SUBCASE("the hexiamonds in a 6x6 rhombus") {
    const pf::Tiling tiling =
        pf::make_tiling(pf::Lattice::triangle, *pf::builtin_board(pf::Lattice::triangle, "6x6"),
                        pf::named_pieces(pf::Lattice::triangle, "hexiamonds"));
    const Solution solution = first_solution(tiling.problem);
    const std::string svg = xcover::render_svg(tiling, solution);
    check_cell_picture(tiling, solution, svg, 3);
    const auto fills = values(svg, "piece", "fill");
    CHECK(std::set<std::string>(fills.begin(), fills.end()).size() == 12);
  }
}

TEST_CASE("svg: hexagons, row r + 1 half a hexagon right, holes blank") {
  SUBCASE("a 2x2 rhombus of two dihexes") {
    const pf::Tiling tiling = tiling_of(pf::Lattice::hex, "board\n##\n##\n\npiece D x2\n##\n");
    const Solution solution = first_solution(tiling.problem);
    const EdgeCounts edges =
        check_cell_picture(tiling, solution, xcover::render_svg(tiling, solution), 6);
    // 24 sides, 5 pairs of neighbours: 14 round the board, 3 of the pairs
    // between the pieces, 2 inside them.
    CHECK(edges.bold == 17);
    CHECK(edges.thin == 2);
  }
  SUBCASE("a ring of eight round a hole") {
    const pf::Tiling tiling =
        tiling_of(pf::Lattice::hex, "board\n###\n#.#\n###\n\npiece D x4\n##\n");
    const Solution solution = first_solution(tiling.problem);
    const std::string svg = xcover::render_svg(tiling, solution);
    const EdgeCounts edges = check_cell_picture(tiling, solution, svg, 6);
    CHECK(edges.thin == 4);
    // 48 sides; 10 pairs of neighbours in the ring, 4 of them in pieces.
    CHECK(edges.bold == 48 - 2 * 10 + 6);
  }
}

TEST_CASE("svg: cubes, the layers side by side, each labelled") {
  const pf::Tiling tiling =
      pf::make_tiling(pf::Lattice::cube, *pf::builtin_board(pf::Lattice::cube, "3x3x3"),
                      pf::named_pieces(pf::Lattice::cube, "soma"));
  const Solution solution = first_solution(tiling.problem);
  const std::string svg = xcover::render_svg(tiling, solution);
  check_cell_picture(tiling, solution, svg, 4);
  CHECK(texts(svg, "layer") == std::vector<std::string>{"layer 0", "layer 1", "layer 2"});
  const auto names = values(svg, "piece", "data-piece");
  CHECK(names.size() == 7);
  // A 2x2x2 box of two squares, flat or upright: each layer's 12 sides
  // drawn once.
  const pf::Tiling box =
      tiling_of(pf::Lattice::cube, "board\n##\n##\n-\n##\n##\n\npiece O x2\n##\n##\n");
  const Solution halves = first_solution(box.problem);
  const EdgeCounts edges = check_cell_picture(box, halves, xcover::render_svg(box, halves), 4);
  CHECK(edges.bold + edges.thin == 24);
  CHECK(edges.bold >= 16);
}

TEST_CASE("svg: spheres, rhombic and tetra-octa tilings in space, every piece seen") {
  // (The grid files of tests/data/polyform.) Assembled and apart: each
  // piece's faces carry its name, in its fill, darker where they face
  // away from the light; the document is well formed.
  for (const char* file : {"spheres-pyramid-3.xmpuzzle", "rhombic-two-cubes.xmpuzzle",
                           "tetra-octa-four-cubes.xmpuzzle"}) {
    CAPTURE(file);
    const pf::Tiling tiling = pf::make_tiling(
        pf::read_burrtools(xcover::test::data_file(std::string("polyform/") + file)).at(0));
    const Solution solution = first_solution(tiling.problem);
    const std::string svg = xcover::render_svg(tiling, solution);
    CHECK(xml_problem(svg).empty());
    const std::vector<std::string> names = values(svg, "face", "data-piece");
    const std::set<std::string> pieces(names.begin(), names.end());
    CHECK(pieces.size() == solution.options.size());
    CHECK(names.size() > 4 * solution.options.size());  // (a tetrahedron shows one to three faces)
    CHECK(values(svg, "piece", "data-piece").empty());  // no layers
  }
}

TEST_CASE("svg: a disassembly step by step, the moved pieces where each move leaves them") {
  // A 3x6x3 block with a corridor of four cells along its middle and a
  // slot of two above it, two bars and two cubes in them.
  const std::string full = "######\n######\n######\n";
  const pf::Tiling tiling = tiling_of(
      pf::Lattice::cube, "board\n" + full + "-\n" + full + "-\n" + full + "\npiece box\n" + full +
                             "-\n######\n#....#\n######\n-\n######\n#..###\n######\n\n"
                             "piece bar x2\n##\n\npiece cube x2\n#\n");
  const Solution solution = first_solution(tiling.problem);
  const pf::Disassembly found = pf::disassemble(tiling, solution);
  REQUIRE(found.apart);
  REQUIRE(found.plan.size() >= 4);
  const std::string svg = xcover::render_svg(tiling, solution, found);
  CHECK(xml_problem(svg) == "");
  const std::vector<std::string> labels = pf::placement_labels(tiling, solution);
  // A view a step, the assembly first, each captioned; an arrow a move.
  const std::vector<std::string> steps = values(svg, "step", "data-step");
  REQUIRE(steps.size() == found.plan.size() + 1);
  for (std::size_t k = 0; k < steps.size(); ++k) CHECK(steps[k] == std::to_string(k));
  const std::vector<std::string> captions = texts(svg, "caption");
  REQUIRE(captions.size() == steps.size());
  CHECK(captions[0] ==
        "level " + pf::level_text(found) + ", " + std::to_string(found.moves) + " moves");
  CHECK(values(svg, "move", "marker-end").size() == found.plan.size());
  // A caption wider than its view's drawing widens the view: a long level
  // stays on the page (a letter of 13 pixels' sans-serif, about 7.8 wide).
  pf::Disassembly deep = found;
  deep.level = {1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
  const std::string wide = xcover::render_svg(tiling, solution, deep);
  const std::regex caption_x("<text x=\"([-0-9.]+)\"[^>]*class=\"caption\"[^>]*>([^<]*)</text>");
  int captions_seen = 0;
  for (auto it = std::sregex_iterator(wide.begin(), wide.end(), caption_x);
       it != std::sregex_iterator(); ++it, ++captions_seen) {
    CAPTURE((*it)[2].str());
    CHECK(std::stod((*it)[1]) - 0.3 * 13 * static_cast<double>((*it)[2].length()) >= 0);
  }
  CHECK(captions_seen == static_cast<int>(found.plan.size()) + 1);
  // Each view's pieces: where their faces' corners lie on average, from
  // the view's caption (each view is laid out from it).
  const std::regex caption_at("<text x=\"([-0-9.]+)\" y=\"([-0-9.]+)\"[^>]*class=\"caption\"");
  const std::regex face("data-piece=\"([^\"]*)\"[^>]* d=\"([^\"]*)\"");
  const std::regex number("-?[0-9.]+");
  std::vector<std::map<std::string, std::pair<double, double>>> centres;
  std::size_t from = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const std::size_t begin = svg.find("<g class=\"step\"", from);
    const std::size_t end = svg.find("<g class=\"step\"", begin + 1);
    const std::string view = svg.substr(begin, end == std::string::npos ? end : end - begin);
    from = begin + 1;
    std::smatch at;
    REQUIRE(std::regex_search(view, at, caption_at));
    const double x0 = std::stod(at[1]), y0 = std::stod(at[2]);
    std::map<std::string, std::tuple<double, double, int>> sums;
    for (auto it = std::sregex_iterator(view.begin(), view.end(), face);
         it != std::sregex_iterator(); ++it) {
      const std::string d = (*it)[2];
      std::vector<double> xy;
      for (auto n = std::sregex_iterator(d.begin(), d.end(), number); n != std::sregex_iterator();
           ++n)
        xy.push_back(std::stod(n->str()));
      auto& [sx, sy, count] = sums[(*it)[1]];
      for (std::size_t j = 0; j + 1 < xy.size(); j += 2) sx += xy[j] - x0, sy += xy[j + 1] - y0;
      count += static_cast<int>(xy.size() / 2);
    }
    auto& here = centres.emplace_back();
    for (const auto& [name, sum] : sums)
      here[name] = {std::get<0>(sum) / std::get<2>(sum), std::get<1>(sum) / std::get<2>(sum)};
  }
  for (std::size_t m = 0; m < found.plan.size(); ++m) {
    const pf::Move& move = found.plan[m];
    CAPTURE(m);
    std::string moved;
    for (const std::size_t piece : move.pieces) moved += (moved.empty() ? "" : " ") + labels[piece];
    CHECK(captions[m + 1].starts_with(std::to_string(m + 1) + ": " + moved));
    for (std::size_t piece = 0; piece < labels.size(); ++piece) {
      CAPTURE(labels[piece]);
      const bool moves =
          std::find(move.pieces.begin(), move.pieces.end(), piece) != move.pieces.end();
      const auto [x1, y1] = centres[m][labels[piece]];
      const auto [x2, y2] = centres[m + 1][labels[piece]];
      // (Seen faces only: a piece that moves shows its others, so its
      // centre moves too; one that stays keeps its faces.)
      CHECK((std::abs(x2 - x1) + std::abs(y2 - y1) > 2) == moves);
    }
  }
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
