// SPDX-License-Identifier: MIT
// Queens, Langford pairs and tilings of every lattice for JavaScript: each
// hands out its exact-cover problem and reads solutions back as the
// puzzle's own terms and as the library's SVG pictures.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "search.hpp"
#include "xcover/frontend/disassembly.hpp"
#include "xcover/frontend/tiling.hpp"
#include "xcover/layout.hpp"
#include "xcover/puzzles/disassembly.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/puzzles/stl.hpp"
#include "xcover/puzzles/svg.hpp"

namespace xcover::web {
namespace {

namespace pf = polyform;

Solution solution_of(const val& options, const Problem& problem) {
  Solution s;
  s.options = to_ints(options, "solution");
  s.problem = &problem;
  for (const int option : s.options)
    if (option < 0 || option >= problem.option_count())
      throw ProblemError("solution: no option " + std::to_string(option) + " (the problem has " +
                         std::to_string(problem.option_count()) + ")");
  return s;
}

class JsQueens {
 public:
  explicit JsQueens(int n) : queens_(make_queens(n)) {}
  static JsQueens* make(int n) {
    return guard([&] { return new JsQueens(n); });
  }
  JsProblem problem() const { return JsProblem(queens_.problem); }
  val columns(const val& solution) const {
    return guard(
        [&] { return to_array(queens_columns(queens_, solution_of(solution, queens_.problem))); });
  }
  std::string svg(const val& solution) const {
    return guard([&] { return render_svg(queens_, solution_of(solution, queens_.problem)); });
  }
  // The picture of queens given by their columns, row by row.
  std::string svg_of(const val& given) const {
    return guard([&] {
      const std::vector<int> columns = to_ints(given, "columns");
      Solution s;
      s.problem = &queens_.problem;
      for (int row = 0; row < static_cast<int>(columns.size()); ++row) {
        int found = -1;
        for (std::size_t k = 0; k < queens_.squares.size(); ++k)
          if (queens_.squares[k].row == row &&
              queens_.squares[k].col == columns[static_cast<std::size_t>(row)])
            found = static_cast<int>(k);
        if (found < 0)
          throw ProblemError("columns: row " + std::to_string(row) + " has no column " +
                             std::to_string(columns[static_cast<std::size_t>(row)]));
        s.options.push_back(found);
      }
      return render_svg(queens_, s);
    });
  }

 private:
  QueensProblem queens_;
};

class JsLangford {
 public:
  explicit JsLangford(int n) : langford_(make_langford(n)) {}
  static JsLangford* make(int n) {
    return guard([&] { return new JsLangford(n); });
  }
  JsProblem problem() const { return JsProblem(langford_.problem); }
  val sequence(const val& solution) const {
    return guard([&] {
      return to_array(langford_sequence(langford_, solution_of(solution, langford_.problem)));
    });
  }
  std::string svg(const val& solution) const {
    return guard([&] { return render_svg(langford_, solution_of(solution, langford_.problem)); });
  }
  // The picture of an arrangement given as its 2n numbers.
  std::string svg_of(const val& given) const {
    return guard([&] {
      const std::vector<int> sequence = to_ints(given, "sequence");
      Solution s;
      s.problem = &langford_.problem;
      for (int value = 1; value <= langford_.n; ++value) {
        int found = -1;
        for (std::size_t k = 0; k < langford_.pairs.size(); ++k) {
          const LangfordPair& pair = langford_.pairs[k];
          const std::size_t first = static_cast<std::size_t>(pair.first);
          if (pair.value == value && first + value + 1 < sequence.size() &&
              sequence[first] == value && sequence[first + value + 1] == value)
            found = static_cast<int>(k);
        }
        if (found < 0) throw ProblemError("sequence: no pair of " + std::to_string(value));
        s.options.push_back(found);
      }
      return render_svg(langford_, s);
    });
  }

 private:
  LangfordProblem langford_;
};

pf::Lattice lattice_of(const std::string& name) {
  const std::optional<pf::Lattice> lattice = pf::lattice_named(name);
  if (!lattice)
    throw Error("lattice '" + name +
                "' is none of square, triangle, hex, cube, prism, sphere, rhombic, tetra-octa");
  return *lattice;
}

// A picture given as one string of lines or an array of rows.
std::string picture_text(const val& picture, const std::string& what) {
  if (picture.isString()) return picture.as<std::string>();
  if (val::global("Array").call<bool>("isArray", picture)) {
    std::string text;
    for (const std::string& row : emscripten::vecFromJSArray<std::string>(picture))
      text += row + "\n";
    return text;
  }
  throw Error(what + " must be a picture: a string of lines or an array of rows");
}

// { NAME: picture | { shape: picture, copies: N } } as pieces.
std::vector<pf::Piece> pieces_of(const val& given, pf::Lattice lattice) {
  std::string text;
  const val names = val::global("Object").call<val>("keys", given);
  for (const std::string& name : emscripten::vecFromJSArray<std::string>(names)) {
    const val piece = given[name];
    const bool full = piece.typeOf().as<std::string>() == "object" &&
                      !val::global("Array").call<bool>("isArray", piece);
    const std::uint64_t copies = full ? get_count(piece, "copies", 1) : 1;
    text += "piece " + name + (copies == 1 ? "" : " x" + std::to_string(copies)) + "\n" +
            picture_text(full ? piece["shape"] : piece, "piece " + name) + "\n";
  }
  return pf::parse_pictures(text, lattice, "<pieces>").pieces;
}

// { lattice, board, pieces, text, reflections, distinct, reduce }:
//   board   a board's name ("6x10", "hexagon-3", "3x4x5") or its picture
//           (default: 6x10 on squares);
//   pieces  a set's name ("pentominoes", "hexiamonds", "soma") or
//           { NAME: picture | { shape: picture, copies: N } } (default: the
//           pentominoes on squares and cubes);
//   text    a whole picture file (board and pieces) instead of the two.
pf::Tiling make_tiling(const val& options) {
  const pf::Lattice lattice = lattice_of(get_string(options, "lattice", "square"));
  std::optional<pf::Board> board;
  std::vector<pf::Piece> pieces;
  if (has(options, "text")) {
    if (has(options, "board") || has(options, "pieces"))
      throw Error("give text, or board and pieces, not both");
    pf::PictureFile file = pf::parse_pictures(get_string(options, "text", ""), lattice, "<text>");
    board = std::move(file.board);
    pieces = std::move(file.pieces);
    if (!board) throw Error("<text>: the pictures have no board");
  } else {
    // The board and pieces as the library resolves them (its names,
    // defaults and messages); pieces given one by one are read as a
    // picture file's.
    frontend::TilingParts parts;
    const val given_board = options["board"];
    if (given_board.isString())
      parts.board = given_board.as<std::string>();
    else if (!given_board.isUndefined())
      parts.board = picture_text(given_board, "board");
    const val given_pieces = options["pieces"];
    if (given_pieces.isString())
      parts.piece_set = given_pieces.as<std::string>();
    else if (!given_pieces.isUndefined())
      parts.pieces = pieces_of(given_pieces, lattice);
    frontend::TilingChoice choice = frontend::resolve_tiling(lattice, std::move(parts));
    board = std::move(choice.board);
    pieces = std::move(choice.pieces);
  }
  pf::TilingOptions how;
  if (has(options, "reflections")) how.reflections = get_bool(options, "reflections", true);
  how.distinct = get_bool(options, "distinct", false);
  how.reduce = get_bool(options, "reduce", true);
  return pf::make_tiling(lattice, *board, std::move(pieces), how);
}

// A solution's disassembly as JavaScript reads it: { apart, level,
// levelText, moves, steps, positions, plan: [{ pieces, direction: [row,
// column, layer], distance, removes }], lines }.
val disassembly_object(const pf::Tiling& tiling, const Solution& solution,
                       const pf::Disassembly& found) {
  val plan = val::array();
  for (std::size_t k = 0; k < found.plan.size(); ++k) {
    const pf::Move& move = found.plan[k];
    val step = val::object();
    step.set("pieces", to_array(std::vector<int>(move.pieces.begin(), move.pieces.end())));
    step.set("direction", to_array(std::vector<int>{move.direction.row, move.direction.col,
                                                    move.direction.layer}));
    step.set("distance", move.distance);
    step.set("removes", move.removes);
    plan.set(k, step);
  }
  val out = val::object();
  out.set("apart", found.apart);
  out.set("level", to_array(std::vector<int>(found.level.begin(), found.level.end())));
  out.set("levelText", pf::level_text(found));
  out.set("moves", static_cast<double>(found.moves));
  out.set("steps", static_cast<double>(found.steps));
  out.set("positions", static_cast<double>(found.positions));
  out.set("plan", plan);
  out.set("lines", to_array(frontend::plan_lines(tiling, solution, found)));
  return out;
}

class JsTiling {
 public:
  static JsTiling* make(const val& options) {
    return guard([&] {
      auto made = std::make_unique<JsTiling>();
      made->tiling_ = std::make_shared<pf::Tiling>(make_tiling(options));
      return made.release();
    });
  }

  JsProblem problem() const { return JsProblem(tiling_->problem); }
  std::string lattice() const { return to_string(tiling_->lattice); }
  val board() const { return to_array(tiling_->board.picture()); }
  val pieces() const {
    std::vector<std::string> names;
    for (const pf::Piece& piece : tiling_->pieces) names.push_back(piece.name);
    return to_array(names);
  }

  // The kept tilings (one of each class with `distinct`), counted.
  val count(const val& options) const {
    return guard([&] {
      SearchRequest request;
      read_search_options(options, request);
      // The checks of every search (JsSearch's too): memo's pairs, and the
      // tree options the layout the tiling runs on does not follow.
      check_search(request.options, layout_for(tiling_->problem, Layout::automatic), false);
      // disassemble (minLevel): the assemblies that come apart, and every
      // assembly met beside them.
      const auto filter = frontend::assembly_filter(frontend::FrontEnd::javascript,
                                                    get_bool(options, "disassemble", false),
                                                    get_count(options, "minLevel", 0));
      std::optional<frontend::AssemblyCount> apart;
      if (filter) apart = frontend::count_apart(*tiling_, *filter, request.options, 1);
      const CountResult result = apart ? apart->solutions : pf::count(*tiling_, request.options, 1);
      Statistics none;
      none.solutions = result.solutions;
      val out = count_object(result, none);
      if (apart) out.set("assemblies", static_cast<double>(apart->assemblies));
      return out;
    });
  }

  JsSearch solutions(const val& options) const {
    return guard([&] {
      const std::shared_ptr<const Problem> problem(tiling_, &tiling_->problem);
      auto state = std::make_shared<SolverState>(problem, Layout::automatic);
      // disassemble: the assemblies that come apart (minLevel: of those,
      // the ones whose first part needs that many moves), each one's
      // disassembly handed over from the filter.
      const auto filter = frontend::assembly_filter(frontend::FrontEnd::javascript,
                                                    get_bool(options, "disassemble", false),
                                                    get_count(options, "minLevel", 0), true);
      frontend::Keep keep;
      std::optional<SearchAssemblies> hooks;
      if (filter) {
        auto assemblies = std::make_shared<frontend::Assemblies>(*tiling_, *filter);
        keep = [tiling = tiling_, assemblies](const Solution& s) { return assemblies->keep(s); };
        hooks = SearchAssemblies{
            .met = [assemblies] { return assemblies->assemblies(); },
            .disassembly =
                [tiling = tiling_, assemblies](const Solution& s) {
                  return disassembly_object(*tiling, s, assemblies->found(s));
                },
        };
      } else if (tiling_->needs_keep()) {
        keep = [tiling = tiling_](const Solution& s) { return tiling->keep(s); };
      }
      return JsSearch(std::move(state), options, std::move(keep), std::move(hooks));
    });
  }

  // { apart, level, levelText, moves, steps, positions, plan, lines }
  // (disassembly_object).
  val disassemble(const val& solution) const {
    return guard([&] {
      const Solution s = solution_of(solution, tiling_->problem);
      // (One Disassembler for all the calls: it keeps the shapes and gaps
      // from one solution to the next.)
      if (!apart_) apart_ = std::make_shared<pf::Disassembler>(*tiling_);
      return disassembly_object(*tiling_, s, (*apart_)(s));
    });
  }

  // [{ piece, copy, cells: [[row, column, layer], ...] }, ...]
  val placements(const val& solution) const {
    return guard([&] {
      const Solution s = solution_of(solution, tiling_->problem);
      const std::vector<int> copies = pf::copy_numbers(*tiling_, s);
      val out = val::array();
      for (std::size_t k = 0; k < s.options.size(); ++k) {
        const pf::Placement& placement =
            tiling_->placements[static_cast<std::size_t>(s.options[k])];
        val cells = val::array();
        int c = 0;
        for (const pf::Cell& cell : placement.cells.cells()) {
          val at = val::array();
          at.set(0, cell.row);
          at.set(1, cell.col);
          at.set(2, cell.layer);
          cells.set(c++, at);
        }
        val entry = val::object();
        entry.set("piece", tiling_->pieces[static_cast<std::size_t>(placement.piece)].name);
        entry.set("copy", copies[k]);
        entry.set("cells", cells);
        out.set(k, entry);
      }
      return out;
    });
  }

  // Each piece's closed surface in space, in the solution's order (the
  // library's, as STL and the SVG views draw it): [{ vertices: [x, y, z,
  // ...] in edges (x right, y away, z up), triangles: [a, b, c, ...]
  // (indices, counter-clockwise seen from outside) }, ...].
  val meshes(const val& solution) const {
    return guard([&] {
      const Solution s = solution_of(solution, tiling_->problem);
      val out = val::array();
      for (std::size_t k = 0; k < s.options.size(); ++k) {
        const pf::Mesh mesh = pf::shape_mesh(
            tiling_->lattice, tiling_->placements[static_cast<std::size_t>(s.options[k])].cells);
        val vertices = val::array();
        unsigned v = 0;
        for (const pf::Point3& p : mesh.vertices) {
          vertices.set(v++, p.x);
          vertices.set(v++, p.y);
          vertices.set(v++, p.z);
        }
        std::vector<int> corners;
        for (const std::array<int, 3>& triangle : mesh.triangles)
          corners.insert(corners.end(), triangle.begin(), triangle.end());
        val entry = val::object();
        entry.set("vertices", vertices);
        entry.set("triangles", to_array(corners));
        out.set(k, entry);
      }
      return out;
    });
  }

  val picture(const val& solution) const {
    return guard([&] {
      return to_array(pf::tiling_picture(*tiling_, solution_of(solution, tiling_->problem)));
    });
  }

  std::string svg(const val& solution) const {
    return guard([&] { return render_svg(*tiling_, solution_of(solution, tiling_->problem)); });
  }

 private:
  std::shared_ptr<pf::Tiling> tiling_;
  // disassemble()'s, made at its first call, borrowing *tiling_ (copies
  // share both).
  mutable std::shared_ptr<pf::Disassembler> apart_;
};

val piece_sets(const std::string& lattice) {
  return guard([&] { return to_array(pf::piece_set_names(lattice_of(lattice))); });
}

// A named set's pieces as pictures: { NAME: [rows] }.
val piece_pictures(const std::string& lattice, const std::string& name) {
  return guard([&] {
    const std::vector<pf::Piece> pieces = frontend::piece_set(lattice_of(lattice), name);
    val out = val::object();
    for (const pf::Piece& piece : pieces) out.set(piece.name, to_array(piece.shape.picture()));
    return out;
  });
}

val board_picture(const std::string& lattice, const std::string& name) {
  return guard([&]() -> val {
    const std::optional<pf::Board> board = pf::builtin_board(lattice_of(lattice), name);
    if (!board) return val::null();
    return to_array(board->picture());
  });
}

}  // namespace

void bind_puzzles() {
  using emscripten::class_;
  const auto raw = emscripten::allow_raw_pointers();
  class_<JsQueens>("Queens")
      .constructor(&JsQueens::make, raw)
      .function("problem", &JsQueens::problem)
      .function("columns", &JsQueens::columns)
      .function("svg", &JsQueens::svg)
      .function("svgOf", &JsQueens::svg_of);
  emscripten::function(
      "queensPicture", emscripten::optional_override([](const val& columns) {
        return guard([&] { return to_array(queens_picture(to_ints(columns, "columns"))); });
      }));
  class_<JsLangford>("Langford")
      .constructor(&JsLangford::make, raw)
      .function("problem", &JsLangford::problem)
      .function("sequence", &JsLangford::sequence)
      .function("svg", &JsLangford::svg)
      .function("svgOf", &JsLangford::svg_of);
  class_<JsTiling>("Tiling")
      .constructor(&JsTiling::make, raw)
      .function("problem", &JsTiling::problem)
      .function("lattice", &JsTiling::lattice)
      .function("board", &JsTiling::board)
      .function("pieces", &JsTiling::pieces)
      .function("count", &JsTiling::count)
      .function("solutions", &JsTiling::solutions)
      .function("placements", &JsTiling::placements)
      .function("meshes", &JsTiling::meshes)
      .function("disassemble", &JsTiling::disassemble)
      .function("picture", &JsTiling::picture)
      .function("svg", &JsTiling::svg);
  emscripten::function("pieceSets", &piece_sets);
  emscripten::function("piecePictures", &piece_pictures);
  emscripten::function("boardPicture", &board_picture);
}

}  // namespace xcover::web
