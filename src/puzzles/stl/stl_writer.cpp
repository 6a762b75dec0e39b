// SPDX-License-Identifier: MIT
// Binary STL: an 80-byte header, a 32-bit count of triangles, then for each
// its normal and three corners (twelve 32-bit floats) and a 16-bit
// attribute (0), all little-endian whatever the machine's own order.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <string>

#include "xcover/puzzles/stl.hpp"

namespace xcover::polyform {

namespace {

void put_u32(std::string& bytes, std::uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8) bytes += static_cast<char>((value >> shift) & 0xff);
}

void put_float(std::string& bytes, double value) {
  // (memcpy, not std::bit_cast: Emscripten's library has none yet.)
  const float single = static_cast<float>(value);
  std::uint32_t word = 0;
  static_assert(sizeof word == sizeof single);
  std::memcpy(&word, &single, sizeof word);
  put_u32(bytes, word);
}

void put_point(std::string& bytes, const Point3& p) {
  put_float(bytes, p.x);
  put_float(bytes, p.y);
  put_float(bytes, p.z);
}

// The unit normal of triangle abc (its corners counter-clockwise seen from
// the side it points to); 0 for a triangle without area.
Point3 normal_of(const Point3& a, const Point3& b, const Point3& c) {
  const Point3 u{b.x - a.x, b.y - a.y, b.z - a.z}, v{c.x - a.x, c.y - a.y, c.z - a.z};
  const Point3 n{u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
  const double length = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
  if (length == 0) return {};
  return {n.x / length, n.y / length, n.z / length};
}

}  // namespace

std::string stl_bytes(const Solid& solid) {
  const Mesh& mesh = solid.mesh;
  std::string bytes = "xcover " + solid.name;
  bytes.resize(80, ' ');  // (cut to 80 too)
  bytes.reserve(84 + 50 * mesh.triangles.size());
  put_u32(bytes, static_cast<std::uint32_t>(mesh.triangles.size()));
  for (const auto& [a, b, c] : mesh.triangles) {
    const Point3& pa = mesh.vertices.at(static_cast<std::size_t>(a));
    const Point3& pb = mesh.vertices.at(static_cast<std::size_t>(b));
    const Point3& pc = mesh.vertices.at(static_cast<std::size_t>(c));
    put_point(bytes, normal_of(pa, pb, pc));
    put_point(bytes, pa);
    put_point(bytes, pb);
    put_point(bytes, pc);
    bytes += '\0';
    bytes += '\0';
  }
  return bytes;
}

void write_stl(std::ostream& out, const Solid& solid) {
  const std::string bytes = stl_bytes(solid);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace xcover::polyform
