// SPDX-License-Identifier: MIT
// Multiplicities (Knuth's DLX3, Algorithm M): node and update counts equal
// to DLX3's on generated files, and what the API does with such problems.
// (Solutions against brute force: test_bruteforce.cpp; the format:
// test_dlx_format.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"
#include "xcover/solver.hpp"

namespace test_multiplicities {

namespace {

// The example in DLX3's introduction.
const char* const knuth_example =
    "| A simple example of color controls\n"
    "A B 2:3|C | X Y\n"
    "A B X:0 Y:0\n"
    "A C X:1 Y:1\n"
    "C X:0\n"
    "B X:1\n"
    "C Y:1\n";

// Tilings of a rows x columns board by polyominoes taken with
// multiplicities, in the style of Knuth's polyomino-dlx: an item for each
// piece ("4|L": four copies), one for each cell "r.c"; an option for each
// placement of a piece, its cells in reading order.
std::string tiling(int rows, int columns, const std::vector<std::string>& pieces) {
  struct Shape {
    std::string name;
    int copies;
    std::vector<std::pair<int, int>> cells;
  };
  // Cells of the pieces this file knows, one orientation each.
  auto base = [](const std::string& name) -> std::vector<std::pair<int, int>> {
    if (name == "L") return {{0, 0}, {1, 0}, {2, 0}, {2, 1}};
    if (name == "O") return {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
    if (name == "T") return {{0, 0}, {0, 1}, {0, 2}, {1, 1}};
    if (name == "I") return {{0, 0}, {1, 0}, {2, 0}};
    if (name == "V") return {{0, 0}, {1, 0}, {1, 1}};
    throw std::logic_error("unknown piece " + name);
  };
  std::vector<Shape> shapes;
  std::string items;
  for (const std::string& spec : pieces) {
    const std::size_t bar = spec.find('|');
    Shape s{spec.substr(bar + 1), bar == std::string::npos ? 1 : std::stoi(spec.substr(0, bar)),
            base(spec.substr(bar + 1))};
    shapes.push_back(s);
    items += spec + " ";
  }
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) items += std::to_string(r) + "." + std::to_string(c) + " ";
  items.back() = '\n';
  std::string text = items;
  for (const Shape& s : shapes) {
    // The eight symmetries, each orientation once, shifted to the origin.
    std::set<std::vector<std::pair<int, int>>> orientations;
    for (int k = 0; k < 8; ++k) {
      std::vector<std::pair<int, int>> cells;
      for (auto [r, c] : s.cells) {
        int x = r, y = c;
        if (k & 1) std::swap(x, y);
        if (k & 2) x = -x;
        if (k & 4) y = -y;
        cells.push_back({x, y});
      }
      const int min_r = std::min_element(cells.begin(), cells.end())->first;
      int min_c = cells[0].second;
      for (auto& cell : cells) min_c = std::min(min_c, cell.second);
      for (auto& cell : cells) cell = {cell.first - min_r, cell.second - min_c};
      std::sort(cells.begin(), cells.end());
      orientations.insert(cells);
    }
    for (const auto& cells : orientations) {
      for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
          std::string line = s.name;
          bool fits = true;
          for (auto [dr, dc] : cells) {
            if (r + dr >= rows || c + dc >= columns) fits = false;
            line += " " + std::to_string(r + dr) + "." + std::to_string(c + dc);
          }
          if (fits) text += line + "\n";
        }
      }
    }
  }
  return text;
}

// A pseudo-random problem with bounds of all kinds (lower bounds of 0,
// slack, exact counts) and colours, from a generator that is the same on
// every platform.
std::string mixed(std::uint32_t seed, int primaries, int secondaries, int options) {
  auto next = [&seed](int n) {
    seed = seed * 1103515245u + 12345u;
    return static_cast<int>((seed >> 16) % static_cast<std::uint32_t>(n));
  };
  std::string text;
  for (int i = 0; i < primaries; ++i) {
    const int upper = 1 + next(3), lower = next(upper + 1);
    if (lower != upper) text += std::to_string(lower) + ":";
    text += std::to_string(upper) + "|p" + std::to_string(i) + " ";
  }
  text += "|";
  for (int i = 0; i < secondaries; ++i) text += " s" + std::to_string(i);
  text += "\n";
  for (int k = 0; k < options; ++k) {
    std::vector<char> in(static_cast<std::size_t>(primaries), 0);
    in[static_cast<std::size_t>(next(primaries))] = 1;
    for (int i = 0; i < primaries; ++i) in[static_cast<std::size_t>(i)] |= next(4) == 0;
    std::string line;
    for (int i = 0; i < primaries; ++i)
      if (in[static_cast<std::size_t>(i)]) line += " p" + std::to_string(i);
    for (int i = 0; i < secondaries; ++i) {
      if (next(3) == 0) {
        line += " s" + std::to_string(i);
        if (next(2)) line += std::string(":") + static_cast<char>('a' + next(2));
      }
    }
    text += line.substr(1) + "\n";
  }
  return text;
}

struct Expected {
  const char* name;
  std::string text;
  std::uint64_t solutions, nodes, updates;
};

}  // namespace

TEST_CASE("multiplicities: node and update counts equal DLX3's") {
  // Each figure comes from running Knuth's DLX3 (`dlx3 < FILE`, its
  // default branching rule) on exactly the text built here; set
  // XCOVER_WRITE_DLX3_FILES to a directory to have the files written there.
  const std::vector<Expected> cases{
      {"knuth_example", knuth_example, 1, 6, 14},
      {"tiling_4x5_L4_O", tiling(4, 5, {"4|L", "O"}), 36, 142, 6491},
      {"tiling_5x6_L_T_V4_I2", tiling(5, 6, {"1:3|L", "0:2|T", "4|V", "2|I"}), 40926, 355978,
       18294304},
      {"mixed_7_3_40", mixed(2026, 7, 3, 40), 432, 840, 3674},
  };
  const char* dir = std::getenv("XCOVER_WRITE_DLX3_FILES");
  for (const Expected& e : cases) {
    const std::string name = e.name;
    CAPTURE(name);
    if (dir) std::ofstream(std::string(dir) + "/" + e.name + ".dlx") << e.text;
    const xcover::Problem problem = xcover::parse_dlx(e.text, e.name).problem;
    REQUIRE(problem.has_multiplicities());
    xcover::Solver solver(problem);
    CHECK(solver.layout() == xcover::Layout::multiplicities);
    const xcover::CountResult result = solver.count();
    CHECK(result.complete());
    CHECK(result.solutions == e.solutions);
    CHECK(solver.statistics().nodes == e.nodes);
    CHECK(solver.statistics().updates == e.updates);
  }
}

TEST_CASE("multiplicities: layouts, branching and threads refuse clearly") {
  const xcover::Problem problem = xcover::parse_dlx(knuth_example).problem;
  CHECK_THROWS_WITH_AS(xcover::Solver(problem, xcover::Layout::bitsets),
                       "the bitsets layout does not take multiplicities (primary items with "
                       "bounds other than 1:1): the multiplicities layout (Algorithm M) does",
                       xcover::ProblemError);
  // What runs is what is reported: Algorithm M's links, never "links".
  xcover::Solver solver(problem);
  CHECK(solver.layout() == xcover::Layout::multiplicities);
  CHECK_THROWS_WITH_AS(xcover::Solver(problem, xcover::Layout::links),
                       doctest::Contains("the links layout does not take multiplicities"),
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(solver.branching(),
                       "Solver::branching: the multiplicities layout (a problem with bounds other "
                       "than 1:1) does not split into subproblems by forced options",
                       xcover::ProblemError);
  xcover::ParallelOptions parallel;
  parallel.threads = 2;
  CHECK_THROWS_WITH_AS(xcover::ParallelSearch(problem, parallel),
                       "ParallelSearch: problems with multiplicities (bounds other than 1:1) are "
                       "searched on one thread: use Solver",
                       xcover::ProblemError);
  // The multiplicities layout asked for a problem without bounds: it runs,
  // on one thread only.
  xcover::Problem plain;
  plain.add_primary("a");
  plain.add_option({xcover::OptionEntry{0, 0}});
  parallel.layout = xcover::Layout::multiplicities;
  xcover::ParallelSearch asked(plain, parallel);
  CHECK_THROWS_WITH_AS(static_cast<void>(asked.run()),
                       doctest::Contains("the multiplicities layout is searched on one thread"),
                       xcover::ProblemError);
  // The solver is still whole.
  CHECK(solver.count().solutions == 1);
  CHECK(solver.statistics().layout == xcover::Layout::multiplicities);
}

TEST_CASE("multiplicities: limits, stops and throwing callbacks leave the solver whole") {
  const xcover::Problem problem = xcover::parse_dlx(tiling(4, 5, {"4|L", "O"}), "tiling").problem;
  xcover::Solver solver(problem);
  const xcover::CountResult all = solver.count();
  REQUIRE(all.solutions == 36);
  const xcover::Statistics whole = solver.statistics();

  xcover::SearchOptions options;
  options.node_limit = 50;
  CHECK(solver.count(options).status == xcover::Status::node_limit);
  CHECK(solver.statistics().nodes == 50);
  options = {};
  options.solution_limit = 7;
  const xcover::CountResult seven = solver.count(options);
  CHECK(seven.solutions == 7);
  CHECK(seven.status == xcover::Status::solution_limit);
  std::atomic<bool> cancel{true};
  options = {};
  options.cancel = &cancel;
  CHECK(solver.count(options).status == xcover::Status::cancelled);

  // A visitor that throws at the fifth solution.
  int seen = 0;
  CHECK_THROWS_AS(static_cast<void>(solver.search([&](const xcover::Solution&) {
                    if (++seen == 5) throw std::runtime_error("enough");
                    return true;
                  })),
                  std::runtime_error);
  // A range left early.
  for (const xcover::Solution& s : solver.solutions()) {
    CHECK(s.options.size() == 5);  // four L's and the O
    break;
  }
  // Progress reports come, and say where the search is.
  options = {};
  int reports = 0;
  options.progress_nodes = 10;
  options.on_progress = [&](const xcover::Progress& p) {
    ++reports;
    CHECK(p.fraction_done >= 0);
    CHECK(p.fraction_done <= 1);
  };
  CHECK(solver.count(options).solutions == 36);
  CHECK(reports > 5);

  // After all that, the same count, nodes and updates as at first; and a
  // sibling's search is the same search.
  CHECK(solver.count().solutions == 36);
  CHECK(solver.statistics().nodes == whole.nodes);
  CHECK(solver.statistics().updates == whole.updates);
  xcover::Solver sibling = solver.sibling();
  CHECK(sibling.count().solutions == 36);
  CHECK(sibling.statistics().nodes == whole.nodes);
}

TEST_CASE("multiplicities: an item covered 0 to 2 times, and the empty solution") {
  // a is 0:2, b 1:1; options {a}, {a b}, {b}: b once, a 0, 1 or 2 times.
  const xcover::Problem problem = xcover::parse_dlx("0:2|a b\na\na b\nb\n").problem;
  xcover::Solver solver(problem);
  std::set<std::vector<int>> found;
  static_cast<void>(solver.search([&](const xcover::Solution& s) {
    std::vector<int> v = s.to_vector();
    std::sort(v.begin(), v.end());
    found.insert(v);
    return true;
  }));
  CHECK(found == std::set<std::vector<int>>{{0, 1}, {0, 2}, {1}, {2}});
  // When every item may go uncovered, choosing nothing is a solution.
  const xcover::Problem optional = xcover::parse_dlx("0:1|a 0:3|b\na b\n").problem;
  xcover::Solver empty(optional);
  std::vector<std::size_t> sizes;
  static_cast<void>(empty.search([&](const xcover::Solution& s) {
    sizes.push_back(s.options.size());
    return true;
  }));
  std::sort(sizes.begin(), sizes.end());
  CHECK(sizes == std::vector<std::size_t>{0, 1});
}

}  // namespace test_multiplicities
