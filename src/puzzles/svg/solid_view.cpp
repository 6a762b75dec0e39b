// SPDX-License-Identifier: MIT
// The isometric view of a solid tiling: each piece's closed surface (the
// mesh its STL has), the triangles that face the viewer projected onto the
// page, shaded by how they face the light, and painted far to near.
#include "puzzles/svg/solid_view.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "puzzles/svg/svg_writer.hpp"
#include "xcover/error.hpp"
#include "xcover/puzzles/stl.hpp"
#include "xcover/puzzles/svg.hpp"

namespace xcover::detail {

namespace {

using polyform::Point3;

Point3 minus(Point3 a, Point3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
double dot(Point3 a, Point3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Point3 cross(Point3 a, Point3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Point3 unit(Point3 a) {
  const double length = std::sqrt(dot(a, a));
  return length > 0 ? Point3{a.x / length, a.y / length, a.z / length} : a;
}

// The viewer to the right, in front and above (x right, y away, z up); the
// page's x along `across`, its y down `up`.
const Point3 toward_viewer = unit({1, -1, 1});
const Point3 across = unit({1, 1, 0});
const Point3 up = unit(cross(toward_viewer, across));
const Point3 light = unit({-0.3, -0.6, 1});

// A triangle on the page: its corners, how near (larger: nearer), its fill.
struct Flat {
  std::array<std::pair<double, double>, 3> corners;
  double depth;
  int piece;
  double shade;
};

Rgb shaded(Rgb fill, double shade) {
  const auto scale = [&](std::uint8_t c) {
    return static_cast<std::uint8_t>(std::clamp(c * shade, 0.0, 255.0));
  };
  return {scale(fill.red), scale(fill.green), scale(fill.blue)};
}

// The faces of `mesh` that face the viewer, moved by `away`, projected onto
// the page as piece `piece`'s.
void project(const polyform::Mesh& mesh, Point3 away, int piece, std::vector<Flat>& out) {
  for (const auto& triangle : mesh.triangles) {
    std::array<Point3, 3> p;
    for (std::size_t j = 0; j < 3; ++j) {
      const Point3 q = mesh.vertices[static_cast<std::size_t>(triangle[j])];
      p[j] = {q.x + away.x, q.y + away.y, q.z + away.z};
    }
    const Point3 normal = unit(cross(minus(p[1], p[0]), minus(p[2], p[0])));
    if (dot(normal, toward_viewer) <= 1e-9) continue;  // it faces away
    Flat flat{{}, 0, piece, 0.6 + 0.4 * std::max(0.0, dot(normal, light))};
    for (std::size_t j = 0; j < 3; ++j) {
      flat.corners[j] = {dot(p[j], across), -dot(p[j], up)};
      flat.depth += dot(p[j], toward_viewer) / 3;
    }
    out.push_back(flat);
  }
}

// Where a point in space lies on the page.
std::pair<double, double> on_page(Point3 p) { return {dot(p, across), -dot(p, up)}; }

// The page's extent of some flats.
struct Extent {
  double least_x = 1e300, most_x = -1e300, least_y = 1e300, most_y = -1e300;
  void add(const Flat& flat) {
    for (const auto& [x, y] : flat.corners) {
      least_x = std::min(least_x, x), most_x = std::max(most_x, x);
      least_y = std::min(least_y, y), most_y = std::max(most_y, y);
    }
  }
  bool empty() const { return least_x > most_x; }
};

// Paints `flats`, far to near, `scale` pixels an edge, the page's point
// (least_x, least_y) at (x0, y0).
void paint(SvgWriter& svg, std::vector<Flat> flats, const std::vector<Rgb>& fills,
           const std::vector<std::string>& labels, double scale, double x0, double y0,
           double least_x, double least_y) {
  std::stable_sort(flats.begin(), flats.end(),
                   [](const Flat& a, const Flat& b) { return a.depth < b.depth; });
  for (const Flat& flat : flats) {
    std::string d;
    for (std::size_t j = 0; j < 3; ++j)
      d += (j == 0 ? 'M' : 'L') + num(x0 + (flat.corners[j].first - least_x) * scale) + ' ' +
           num(y0 + (flat.corners[j].second - least_y) * scale);
    const std::string fill = hex(shaded(fills[static_cast<std::size_t>(flat.piece)], flat.shade));
    svg.add("<path class=\"face\" data-piece=\"" +
            escaped(labels[static_cast<std::size_t>(flat.piece)]) + "\" fill=\"" + fill +
            "\" stroke=\"" + fill + "\" stroke-width=\"0.6\" stroke-linejoin=\"round\" d=\"" + d +
            "z\"/>");
  }
}

Point3 mean_vertex(const polyform::Mesh& mesh) {
  Point3 sum;
  for (const Point3& p : mesh.vertices) sum = {sum.x + p.x, sum.y + p.y, sum.z + p.z};
  const double n = std::max<double>(1, static_cast<double>(mesh.vertices.size()));
  return {sum.x / n, sum.y / n, sum.z / n};
}

}  // namespace

std::string render_solid_view(const polyform::Tiling& tiling, const Solution& solution) {
  const std::vector<Rgb> fills = tiling_colors(tiling, solution);  // (checks the options)
  const std::vector<std::string> labels = polyform::placement_labels(tiling, solution);
  std::vector<polyform::Mesh> meshes;
  Point3 centre;
  std::size_t corners = 0;
  for (const int option : solution.options) {
    meshes.push_back(polyform::shape_mesh(
        tiling.lattice, tiling.placements[static_cast<std::size_t>(option)].cells));
    for (const Point3& p : meshes.back().vertices) {
      centre = {centre.x + p.x, centre.y + p.y, centre.z + p.z};
      ++corners;
    }
  }
  if (corners > 0) centre = {centre.x / corners, centre.y / corners, centre.z / corners};
  // The assembly, then the pieces apart: each moved from the centre by
  // its own centre's distance from it.
  std::vector<Flat> flats;
  double least_x = 1e300, most_x = -1e300, least_y = 1e300, most_y = -1e300;
  for (int view = 0; view < 2; ++view) {
    const std::size_t first = flats.size();
    for (std::size_t k = 0; k < meshes.size(); ++k) {
      const Point3 away = view == 1 && !meshes[k].vertices.empty()
                              ? minus(mean_vertex(meshes[k]), centre)
                              : Point3{};
      project(meshes[k], away, static_cast<int>(k), flats);
    }
    Extent extent;
    for (std::size_t f = first; f < flats.size(); ++f) extent.add(flats[f]);
    least_y = std::min(least_y, extent.least_y), most_y = std::max(most_y, extent.most_y);
    if (extent.empty()) continue;  // (no piece faces the viewer: no pieces)
    // The second view to the right of the first, a fifth of its width apart.
    if (view == 0) {
      least_x = extent.least_x, most_x = extent.most_x;
      continue;
    }
    const double shift = most_x + 0.2 * (most_x - least_x) + 1 - extent.least_x;
    for (std::size_t f = first; f < flats.size(); ++f)
      for (auto& corner : flats[f].corners) corner.first += shift;
    most_x = extent.most_x + shift;
  }
  const double span = std::max({most_x - least_x, most_y - least_y, 1e-9});
  const double scale = std::clamp(640.0 / span, 2.0, 60.0), margin = 6;
  SvgWriter svg(std::ceil((most_x - least_x) * scale + 2 * margin),
                std::ceil((most_y - least_y) * scale + 2 * margin),
                "tiling of " + std::to_string(tiling.board.size()) + " cells by " +
                    std::to_string(solution.options.size()) + " pieces, in space");
  paint(svg, std::move(flats), fills, labels, scale, margin, margin, least_x, least_y);
  return svg.finish();
}

std::string render_disassembly_view(const polyform::Tiling& tiling, const Solution& solution,
                                    const polyform::Disassembly& found) {
  const std::vector<Rgb> fills = tiling_colors(tiling, solution);  // (checks the options)
  const std::vector<std::string> labels = polyform::placement_labels(tiling, solution);
  const std::size_t pieces = solution.options.size();
  // Each piece's cells where the moves so far leave it, and its mesh there.
  std::vector<std::vector<polyform::Cell>> cells;
  std::vector<polyform::Mesh> meshes;
  for (const int option : solution.options) {
    cells.push_back(tiling.placements[static_cast<std::size_t>(option)].cells.cells());
    meshes.push_back(polyform::shape_mesh(tiling.lattice, polyform::Shape(cells.back())));
  }
  // One view a step: the assembly, then the pieces after each move, with
  // an arrow from where the moved pieces were to where they went.
  struct View {
    std::vector<Flat> flats;
    std::vector<bool> moved;  // by piece: in this view's move (drawn whole over the rest)
    std::string caption;
    std::optional<std::array<std::pair<double, double>, 2>> arrow;
  };
  std::vector<View> views(found.plan.size() + 1);
  const auto project_all = [&](View& view) {
    for (std::size_t k = 0; k < pieces; ++k)
      project(meshes[k], {}, static_cast<int>(k), view.flats);
  };
  project_all(views[0]);
  views[0].caption = found.apart
                         ? "level " + polyform::level_text(found) + ", " +
                               std::to_string(found.moves) + (found.moves == 1 ? " move" : " moves")
                         : "not apart";
  for (std::size_t m = 0; m < found.plan.size(); ++m) {
    const polyform::Move& move = found.plan[m];
    Point3 before, after;
    std::string names;
    for (const std::size_t piece : move.pieces) {
      if (piece >= pieces)
        throw ProblemError("the disassembly moves piece " + std::to_string(piece) +
                           " of a solution of " + std::to_string(pieces));
      const Point3 was = mean_vertex(meshes[piece]);
      for (polyform::Cell& c : cells[piece])
        c = {c.row + move.direction.row * move.distance, c.col + move.direction.col * move.distance,
             c.layer + move.direction.layer * move.distance};
      meshes[piece] = polyform::shape_mesh(tiling.lattice, polyform::Shape(cells[piece]));
      const Point3 is = mean_vertex(meshes[piece]);
      before = {before.x + was.x, before.y + was.y, before.z + was.z};
      after = {after.x + is.x, after.y + is.y, after.z + is.z};
      names += (names.empty() ? "" : " ") + labels[piece];
    }
    View& view = views[m + 1];
    project_all(view);
    view.moved.assign(pieces, false);
    for (const std::size_t piece : move.pieces) view.moved[piece] = true;
    const double n = std::max<double>(1, static_cast<double>(move.pieces.size()));
    view.arrow = {{on_page({before.x / n, before.y / n, before.z / n}),
                   on_page({after.x / n, after.y / n, after.z / n})}};
    view.caption = std::to_string(m + 1) + ": " + names +
                   (move.removes ? " off"
                                 : ", " + std::to_string(move.distance) +
                                       (move.distance == 1 ? " cell" : " cells"));
  }
  // One frame for every view, so that the pieces stand still between them
  // but for the ones that move.
  Extent extent;
  for (const View& view : views)
    for (const Flat& flat : view.flats) extent.add(flat);
  if (extent.empty()) extent = {0, 1, 0, 1};
  const double width = extent.most_x - extent.least_x, height = extent.most_y - extent.least_y;
  const double scale = std::clamp(220.0 / std::max({width, height, 1e-9}), 2.0, 40.0);
  const double margin = 8, font = 13, caption = font * 1.6;
  // A view as wide as its drawing or its longest caption (a sans-serif
  // letter is about 0.6 of the font's size), the drawing in the middle.
  std::size_t longest = 0;
  for (const View& view : views) longest = std::max(longest, view.caption.size());
  const double inner = std::max(width * scale, 0.6 * font * static_cast<double>(longest));
  const double cell_width = inner + 2 * margin, cell_height = height * scale + caption + margin;
  const std::size_t columns = std::min<std::size_t>(views.size(), 4);
  const std::size_t rows = (views.size() + columns - 1) / columns;
  SvgWriter svg(std::ceil(cell_width * static_cast<double>(columns)),
                std::ceil(cell_height * static_cast<double>(rows) + margin),
                "a tiling of " + std::to_string(tiling.board.size()) + " cells by " +
                    std::to_string(pieces) + " pieces taken apart: " + views[0].caption);
  svg.add(
      "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" "
      "markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" "
      "fill=\"#222\"/></marker></defs>");
  for (std::size_t v = 0; v < views.size(); ++v) {
    const double x0 =
        cell_width * static_cast<double>(v % columns) + margin + (inner - width * scale) / 2;
    const double top = cell_height * static_cast<double>(v / columns) + margin;
    svg.add("<g class=\"step\" data-step=\"" + std::to_string(v) + "\">");
    svg.text(x0 + width * scale / 2, top + caption / 2, font, views[v].caption,
             "class=\"caption\" fill=\"#222\"");
    const double y0 = top + caption;
    // The pieces that move whole, over the rest seen through (an
    // assembly's instructions: the piece that moves may be inside).
    std::vector<Flat> still, moving;
    for (const Flat& flat : views[v].flats)
      (!views[v].moved.empty() && views[v].moved[static_cast<std::size_t>(flat.piece)] ? moving
                                                                                       : still)
          .push_back(flat);
    if (!moving.empty()) svg.add("<g class=\"still\" opacity=\"0.35\">");
    paint(svg, std::move(still), fills, labels, scale, x0, y0, extent.least_x, extent.least_y);
    if (!moving.empty()) svg.add("</g>");
    paint(svg, std::move(moving), fills, labels, scale, x0, y0, extent.least_x, extent.least_y);
    if (views[v].arrow) {
      const auto at = [&](std::pair<double, double> p) {
        return std::pair{x0 + (p.first - extent.least_x) * scale,
                         y0 + (p.second - extent.least_y) * scale};
      };
      const auto [from_x, from_y] = at((*views[v].arrow)[0]);
      const auto [to_x, to_y] = at((*views[v].arrow)[1]);
      svg.line(from_x, from_y, to_x, to_y,
               "class=\"move\" stroke=\"#222\" stroke-width=\"2\" marker-end=\"url(#head)\"");
    }
    svg.add("</g>");
  }
  return svg.finish();
}

}  // namespace xcover::detail
