// SPDX-License-Identifier: MIT
// A small writer of SVG documents, shared by the puzzles' pictures: the
// document's frame, shapes and text, escaped, with coordinates in pixels.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "xcover/puzzles/svg.hpp"

namespace xcover::detail {

// "#rrggbb".
inline std::string hex(Rgb color) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", color.red, color.green, color.blue);
  return text;
}

// A number as SVG writes it: integers bare, else one decimal.
inline std::string num(double value) {
  char text[32];
  if (value == static_cast<double>(static_cast<long long>(value)))
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value));
  else
    std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

// Text for an attribute or an element: &, <, > and quotes escaped.
inline std::string escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

class SvgWriter {
 public:
  // A document of width x height pixels, with `label` as its title (what a
  // viewer shows, and what a screen reader reads).
  SvgWriter(double width, double height, std::string_view label) {
    out_ = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" +
           num(height) + "\" viewBox=\"0 0 " + num(width) + ' ' + num(height) +
           "\" font-family=\"sans-serif\">\n<title>" + escaped(label) + "</title>\n";
  }
  // Any element, written as given (the callers build it with the helpers
  // above).
  void add(std::string_view element) {
    out_ += element;
    out_ += '\n';
  }
  void rect(double x, double y, double width, double height, std::string_view attributes) {
    add("<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(width) + "\" height=\"" +
        num(height) + "\" " + std::string(attributes) + "/>");
  }
  void line(double x1, double y1, double x2, double y2, std::string_view attributes) {
    add("<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" +
        num(y2) + "\" " + std::string(attributes) + "/>");
  }
  // Text centred on (x, y).
  void text(double x, double y, double size, std::string_view content,
            std::string_view attributes) {
    add("<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
        "\" text-anchor=\"middle\" dominant-baseline=\"central\" " + std::string(attributes) + ">" +
        escaped(content) + "</text>");
  }
  std::string finish() {
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  std::string out_;
};

// Path data for the edges between neighbouring cells of a grid that lie in
// different regions: `region(row, col)` numbers each cell's region, and
// cells off the grid are region -1 (so a region's outer edge is drawn too
// where it meets the grid's edge or a cell of region -1). Cells are `size`
// pixels wide, the grid's corner at (x0, y0); edges in a line are joined.
template <class Region>
std::string borders(int rows, int cols, double size, double x0, double y0, Region region) {
  auto at = [&](int r, int c) {
    return r >= 0 && c >= 0 && r < rows && c < cols ? region(r, c) : -1;
  };
  std::string d;
  for (int r = 0; r <= rows; ++r) {  // horizontal edges, above row r
    for (int c = 0; c < cols;) {
      if (at(r - 1, c) == at(r, c)) {
        ++c;
        continue;
      }
      int end = c + 1;
      while (end < cols && at(r - 1, end) != at(r, end)) ++end;
      d += 'M' + num(x0 + c * size) + ' ' + num(y0 + r * size) + 'h' + num((end - c) * size);
      c = end;
    }
  }
  for (int c = 0; c <= cols; ++c) {  // vertical edges, left of column c
    for (int r = 0; r < rows;) {
      if (at(r, c - 1) == at(r, c)) {
        ++r;
        continue;
      }
      int end = r + 1;
      while (end < rows && at(end, c - 1) != at(end, c)) ++end;
      d += 'M' + num(x0 + c * size) + ' ' + num(y0 + r * size) + 'v' + num((end - r) * size);
      r = end;
    }
  }
  return d;
}

// Path data filling the cells where `inside(row, col)`: a rectangle for
// each run of such cells along a row.
template <class Inside>
std::string cells_path(int rows, int cols, double size, double x0, double y0, Inside inside) {
  std::string d;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols;) {
      if (!inside(r, c)) {
        ++c;
        continue;
      }
      int end = c + 1;
      while (end < cols && inside(r, end)) ++end;
      d += 'M' + num(x0 + c * size) + ' ' + num(y0 + r * size) + 'h' + num((end - c) * size) + 'v' +
           num(size) + 'h' + num(-(end - c) * size) + 'z';
      c = end;
    }
  }
  return d;
}

}  // namespace xcover::detail
