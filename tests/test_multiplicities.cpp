// SPDX-License-Identifier: MIT
// Multiplicities (Knuth's DLX3, Algorithm M): node and update counts equal
// to DLX3's on generated files, what the API does with such problems, and
// the search shared out over threads (counts, limits, stops, checkpoints).
// (Solutions against brute force: test_bruteforce.cpp; the format:
// test_dlx_format.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"
#include "xcover/puzzles/polyform.hpp"
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

TEST_CASE("multiplicities: layouts and branching refuse clearly, threads take them") {
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
  xcover::ParallelSearch threaded(problem, parallel);
  CHECK(threaded.run() == xcover::Status::exhausted);
  CHECK(threaded.statistics().solutions == 1);
  // The multiplicities layout asked for a problem without bounds: it runs
  // on the threads too.
  xcover::Problem plain;
  plain.add_primary("a");
  plain.add_option({xcover::OptionEntry{0, 0}});
  parallel.layout = xcover::Layout::multiplicities;
  xcover::ParallelSearch asked(plain, parallel);
  CHECK(asked.run() == xcover::Status::exhausted);
  CHECK(asked.statistics().solutions == 1);
  // Negative entries (options left out) are Algorithm M's alone.
  xcover::Solver links(plain);
  CHECK_THROWS_AS(static_cast<void>(links.assume(~0)), xcover::ProblemError);
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

namespace {

// Problems whose trees are big enough to be shared out: tilings with exact
// copies and with ranges (0:3|L), and random bounds and colours. (At most
// a few hundred thousand nodes each: every test here counts each several
// times, under the sanitizers and emulators too.)
struct Case {
  const char* name;
  std::string text;
};
std::vector<Case> shared_cases() {
  return {{"4x5, 4|L O", tiling(4, 5, {"4|L", "O"})},
          {"4x6, ranges", tiling(4, 6, {"0:4|L", "0:3|O", "0:3|T", "0:4|I", "1:3|V"})},
          {"6x6, 2:4|L 0:9|O 0:4|T", tiling(6, 6, {"2:4|L", "0:9|O", "0:4|T"})},
          {"mixed 7", mixed(7, 9, 3, 60)},
          {"mixed 11", mixed(11, 10, 2, 70)}};
}

xcover::ParallelOptions on_threads(unsigned threads) {
  xcover::ParallelOptions options;
  options.threads = threads;
  options.single_thread_nodes = 0;  // straight to the cut and the workers
  options.pieces_per_thread = 8;
  return options;
}

}  // namespace

TEST_CASE("multiplicities: counts on 1, 2 and 3 threads equal one Solver's") {
  for (const Case& c : shared_cases()) {
    CAPTURE(std::string(c.name));
    const xcover::Problem problem = xcover::parse_dlx(c.text, c.name).problem;
    REQUIRE(problem.has_multiplicities());
    xcover::Solver solver(problem);
    const xcover::CountResult expected = solver.count();
    REQUIRE(expected.status == xcover::Status::exhausted);
    for (unsigned threads = 1; threads <= 3; ++threads) {
      CAPTURE(threads);
      xcover::ParallelSearch counted(problem, on_threads(threads));
      CHECK(counted.run() == xcover::Status::exhausted);
      CHECK(counted.statistics().solutions == expected.solutions);
      CHECK(counted.statistics().layout == xcover::Layout::multiplicities);
      // As the CLI runs it (the trial on one thread first), and visiting
      // each solution once.
      xcover::ParallelOptions plain;
      plain.threads = threads;
      xcover::ParallelSearch visited(problem, plain);
      std::set<std::vector<int>> found;
      std::size_t visits = 0;
      std::mutex mutex;
      CHECK(visited.run([&](const xcover::Solution& s) {
        std::vector<int> v = s.to_vector();
        std::sort(v.begin(), v.end());
        std::lock_guard lock(mutex);
        found.insert(v);
        ++visits;
        return true;
      }) == xcover::Status::exhausted);
      CHECK(visits == expected.solutions);
      CHECK(found.size() == visits);
    }
  }
}

TEST_CASE("multiplicities: ordered solutions on threads come in one thread's order") {
  for (const Case& c : shared_cases()) {
    CAPTURE(std::string(c.name));
    const xcover::Problem problem = xcover::parse_dlx(c.text, c.name).problem;
    std::vector<std::vector<int>> one, many;
    xcover::Solver solver(problem);
    CHECK(solver.search([&](const xcover::Solution& s) {
      one.push_back(s.to_vector());
      return true;
    }) == xcover::Status::exhausted);
    xcover::ParallelOptions options = on_threads(2);
    options.ordered = true;
    xcover::ParallelSearch ordered(problem, options);
    CHECK(ordered.run([&](const xcover::Solution& s) {
      many.push_back(s.to_vector());
      return true;
    }) == xcover::Status::exhausted);
    CHECK(many == one);
  }
}

TEST_CASE("multiplicities: solution limits and cancellation on threads") {
  const xcover::Problem problem = xcover::parse_dlx(shared_cases()[1].text, "ranges").problem;
  xcover::ParallelOptions options = on_threads(2);
  options.search.solution_limit = 7;
  xcover::ParallelSearch limited(problem, options);
  CHECK(limited.run() == xcover::Status::solution_limit);
  CHECK(limited.statistics().solutions == 7);
  std::atomic<bool> cancel{true};
  options = on_threads(2);
  options.search.cancel = &cancel;
  xcover::ParallelSearch cancelled(problem, options);
  CHECK(cancelled.run() == xcover::Status::cancelled);
  options.search.cancel = nullptr;
  options.search.node_limit = 500;
  xcover::ParallelSearch nodes(problem, options);
  CHECK(nodes.run() == xcover::Status::node_limit);
  CHECK(nodes.statistics().nodes == 500);
}

TEST_CASE("multiplicities: a stopped count resumes from its checkpoint exactly") {
  for (const Case& c : shared_cases()) {
    CAPTURE(std::string(c.name));
    const xcover::Problem problem = xcover::parse_dlx(c.text, c.name).problem;
    xcover::Solver solver(problem);
    const xcover::Count expected = solver.count().solutions;
    const std::uint64_t whole_nodes = solver.statistics().nodes.saturate64();
    // Stopped by the node limit, kept, written and read back, resumed.
    for (const std::uint64_t part : {whole_nodes / 5, whole_nodes / 2}) {
      CAPTURE(part);
      xcover::ParallelOptions options = on_threads(2);
      options.search.node_limit = std::max<std::uint64_t>(part, 1);
      xcover::ParallelSearch first(problem, options);
      const xcover::Status status = first.run();
      const xcover::Checkpoint checkpoint = first.checkpoint();
      const std::string path = xcover::test::temp_file("", ".ckpt");
      xcover::write_checkpoint(path, checkpoint);
      const xcover::Checkpoint reread = xcover::read_checkpoint(path);
      std::remove(path.c_str());
      CHECK(reread == checkpoint);
      xcover::ParallelSearch second(problem, on_threads(3));
      second.resume(reread);
      CHECK(second.run() == xcover::Status::exhausted);
      CHECK(second.statistics().solutions == expected);
      if (status == xcover::Status::exhausted) CHECK(checkpoint.pending.empty());
    }
    // Periodic checkpoints, each the rest of the count exactly.
    std::vector<xcover::Checkpoint> taken;
    xcover::ParallelOptions options = on_threads(2);
    options.checkpoint_seconds = 0.0005;
    options.on_checkpoint = [&](const xcover::Checkpoint& k) { taken.push_back(k); };
    xcover::ParallelSearch search(problem, options);
    CHECK(search.run() == xcover::Status::exhausted);
    CHECK(search.statistics().solutions == expected);
    for (std::size_t k = 0; k < taken.size(); k += 1 + taken.size() / 4) {
      xcover::ParallelSearch rest(problem, on_threads(2));
      rest.resume(xcover::parse_checkpoint(xcover::checkpoint_text(taken[k]), "taken"));
      CHECK(rest.run() == xcover::Status::exhausted);
      CHECK(rest.statistics().solutions == expected);
    }
  }
}

TEST_CASE("multiplicities: a checkpoint's pieces leave options out as ~k") {
  // (Its first branching tweaks: the pieces leave options out.)
  const xcover::Problem problem = xcover::parse_dlx(mixed(7, 9, 3, 60), "mixed").problem;
  const std::vector<xcover::WorkPiece> pieces = xcover::cut_into_pieces(problem, 16);
  REQUIRE(pieces.size() > 1);
  xcover::Checkpoint checkpoint;
  checkpoint.fingerprint = xcover::fingerprint(problem);
  checkpoint.pending = pieces;
  double weight = 0;
  for (const xcover::WorkPiece& piece : pieces) weight += piece.weight;
  checkpoint.done = 1 - weight;
  const std::string text = xcover::checkpoint_text(checkpoint);
  CHECK(text.find(" ~") != std::string::npos);
  const xcover::Checkpoint reread = xcover::parse_checkpoint(text, "cut");
  CHECK(reread == checkpoint);
  CHECK_NOTHROW(xcover::check_checkpoint(problem, reread));
  // Two pieces the same: they overlap.
  xcover::Checkpoint twice = checkpoint;
  twice.pending.push_back(twice.pending.front());
  twice.pending.front().weight /= 2;
  twice.pending.back().weight /= 2;
  CHECK_THROWS_AS(xcover::check_checkpoint(problem, twice), xcover::CheckpointError);
  // A piece that forces what it leaves out, and an entry out of range.
  xcover::Checkpoint odd = checkpoint;
  odd.pending.front().forced = {3, ~3};
  CHECK_THROWS_AS(xcover::check_checkpoint(problem, odd), xcover::CheckpointError);
  odd.pending.front().forced = {~problem.option_count()};
  CHECK_THROWS_AS(xcover::check_checkpoint(problem, odd), xcover::CheckpointError);
}

TEST_CASE("multiplicities: polyform tilings with copies and ranges count alike on threads") {
  namespace pf = xcover::polyform;
  using pf::Lattice;
  struct Puzzle {
    const char* name;
    Lattice lattice;
    const char* board;
    const char* set;
    int copies, fewest;
  };
  // BurrTools' ranges: each piece 0 to N times (SolidSixPieceBurrs' kind).
  const Puzzle puzzles[] = {
      {"tetrominoes 0..2 on 4x5", Lattice::square, "4x5", "tetrominoes", 2, 0},
      {"pentominoes 0..2 on 3x5", Lattice::square, "3x5", "pentominoes", 2, 0},
      {"soma 0..2 in 2x2x3", Lattice::cube, "2x2x3", "soma", 2, 0}};
  for (const Puzzle& p : puzzles) {
    CAPTURE(std::string(p.name));
    std::vector<pf::Piece> pieces = pf::named_pieces(p.lattice, p.set);
    for (pf::Piece& piece : pieces) {
      piece.copies = p.copies;
      piece.min_copies = p.fewest;
    }
    const std::optional<pf::Board> board = pf::builtin_board(p.lattice, p.board);
    REQUIRE(board);
    for (const bool distinct : {false, true}) {
      CAPTURE(distinct);
      const pf::Tiling tiling = pf::make_tiling(p.lattice, *board, pieces, {.distinct = distinct});
      REQUIRE(tiling.problem.has_multiplicities());
      const xcover::CountResult one = pf::count(tiling, {}, 1);
      CHECK(one.status == xcover::Status::exhausted);
      CHECK(one.solutions > 0);
      for (unsigned threads = 2; threads <= 3; ++threads) {
        CAPTURE(threads);
        const xcover::CountResult many = pf::count(tiling, {}, threads);
        CHECK(many.status == xcover::Status::exhausted);
        CHECK(many.solutions == one.solutions);
      }
      xcover::SearchOptions limited;
      limited.solution_limit = 3;
      const xcover::CountResult three = pf::count(tiling, limited, 2);
      CHECK(three.solutions == std::min<xcover::Count>(3, one.solutions));
    }
  }
}

}  // namespace test_multiplicities
