// SPDX-License-Identifier: MIT
// The isometric view of a solid tiling: each piece's closed surface (the
// mesh its STL has), the triangles that face the viewer projected onto the
// page, shaded by how they face the light, and painted far to near.
#include "puzzles/svg/solid_view.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "puzzles/svg/svg_writer.hpp"
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
      const polyform::Mesh& mesh = meshes[k];
      Point3 away;
      if (view == 1 && !mesh.vertices.empty()) {
        for (const Point3& p : mesh.vertices) away = {away.x + p.x, away.y + p.y, away.z + p.z};
        const double n = static_cast<double>(mesh.vertices.size());
        away = minus(Point3{away.x / n, away.y / n, away.z / n}, centre);
      }
      for (const auto& triangle : mesh.triangles) {
        std::array<Point3, 3> p;
        for (std::size_t j = 0; j < 3; ++j) {
          const Point3 q = mesh.vertices[static_cast<std::size_t>(triangle[j])];
          p[j] = {q.x + away.x, q.y + away.y, q.z + away.z};
        }
        const Point3 normal = unit(cross(minus(p[1], p[0]), minus(p[2], p[0])));
        if (dot(normal, toward_viewer) <= 1e-9) continue;  // it faces away
        Flat flat{{}, 0, static_cast<int>(k), 0.6 + 0.4 * std::max(0.0, dot(normal, light))};
        for (std::size_t j = 0; j < 3; ++j) {
          flat.corners[j] = {dot(p[j], across), -dot(p[j], up)};
          flat.depth += dot(p[j], toward_viewer) / 3;
        }
        flats.push_back(flat);
      }
    }
    double view_least = 1e300, view_most = -1e300;
    for (std::size_t f = first; f < flats.size(); ++f)
      for (const auto& [x, y] : flats[f].corners) {
        view_least = std::min(view_least, x), view_most = std::max(view_most, x);
        least_y = std::min(least_y, y), most_y = std::max(most_y, y);
      }
    if (first == flats.size()) continue;  // (no piece faces the viewer: no pieces)
    // The second view to the right of the first, a fifth of its width apart.
    if (view == 0) {
      least_x = view_least, most_x = view_most;
      continue;
    }
    const double shift = most_x + 0.2 * (most_x - least_x) + 1 - view_least;
    for (std::size_t f = first; f < flats.size(); ++f)
      for (auto& corner : flats[f].corners) corner.first += shift;
    most_x = view_most + shift;
  }
  std::stable_sort(flats.begin(), flats.end(),
                   [](const Flat& a, const Flat& b) { return a.depth < b.depth; });
  const double span = std::max({most_x - least_x, most_y - least_y, 1e-9});
  const double scale = std::clamp(640.0 / span, 2.0, 60.0), margin = 6;
  SvgWriter svg(std::ceil((most_x - least_x) * scale + 2 * margin),
                std::ceil((most_y - least_y) * scale + 2 * margin),
                "tiling of " + std::to_string(tiling.board.size()) + " cells by " +
                    std::to_string(solution.options.size()) + " pieces, in space");
  for (const Flat& flat : flats) {
    std::string d;
    for (std::size_t j = 0; j < 3; ++j)
      d += (j == 0 ? 'M' : 'L') + num(margin + (flat.corners[j].first - least_x) * scale) + ' ' +
           num(margin + (flat.corners[j].second - least_y) * scale);
    const std::string fill = hex(shaded(fills[static_cast<std::size_t>(flat.piece)], flat.shade));
    svg.add("<path class=\"face\" data-piece=\"" +
            escaped(labels[static_cast<std::size_t>(flat.piece)]) + "\" fill=\"" + fill +
            "\" stroke=\"" + fill + "\" stroke-width=\"0.6\" stroke-linejoin=\"round\" d=\"" + d +
            "z\"/>");
  }
  return svg.finish();
}

}  // namespace xcover::detail
