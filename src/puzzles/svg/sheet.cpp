// SPDX-License-Identifier: MIT
// The colours of the pictures, and sheets of several pictures.
#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "puzzles/svg/svg_writer.hpp"
#include "xcover/error.hpp"

namespace xcover {

Rgb distinct_color(int k) {
  // Hue by the golden angle; two lightnesses in turn so that neighbours in
  // the sequence also differ in brightness.
  const double hue = std::fmod(k * 137.50776405, 360.0) / 60.0;
  const double saturation = 0.62, lightness = k % 2 ? 0.62 : 0.74;
  const double chroma = (1 - std::fabs(2 * lightness - 1)) * saturation;
  const double second = chroma * (1 - std::fabs(std::fmod(hue, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  switch (static_cast<int>(hue)) {
    case 0:
      r = chroma, g = second;
      break;
    case 1:
      r = second, g = chroma;
      break;
    case 2:
      g = chroma, b = second;
      break;
    case 3:
      g = second, b = chroma;
      break;
    case 4:
      r = second, b = chroma;
      break;
    default:
      r = chroma, b = second;
      break;
  }
  const double m = lightness - chroma / 2;
  auto byte = [&](double v) {
    return static_cast<std::uint8_t>(std::clamp(std::lround((v + m) * 255), 0L, 255L));
  };
  return Rgb{byte(r), byte(g), byte(b)};
}

namespace {

// The number in `attribute="N"` within the root element's start tag.
double size_attribute(std::string_view picture, std::string_view attribute, std::size_t index) {
  const std::size_t tag_end = picture.find('>');
  const std::string key = " " + std::string(attribute) + "=\"";
  const std::size_t at = picture.substr(0, tag_end).find(key);
  if (!picture.starts_with("<svg ") || at == std::string_view::npos)
    throw Error("svg_sheet: picture " + std::to_string(index + 1) +
                " is not an SVG document from render_svg (no " + std::string(attribute) +
                " at its start)");
  return std::strtod(std::string(picture.substr(at + key.size(), 16)).c_str(), nullptr);
}

}  // namespace

std::string svg_sheet(std::span<const std::string> pictures, int columns) {
  const std::size_t count = pictures.size();
  double width = 0, height = 0;  // of the largest
  for (std::size_t k = 0; k < count; ++k) {
    width = std::max(width, size_attribute(pictures[k], "width", k));
    height = std::max(height, size_attribute(pictures[k], "height", k));
  }
  if (columns <= 0)
    columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count)))));
  const std::size_t across =
      std::min<std::size_t>(static_cast<std::size_t>(columns), std::max<std::size_t>(count, 1));
  const std::size_t down = (count + across - 1) / across;
  const double gap = 16;
  detail::SvgWriter sheet(gap + across * (width + gap), gap + down * (height + gap),
                          std::to_string(count) + (count == 1 ? " picture" : " pictures"));
  for (std::size_t k = 0; k < count; ++k) {
    const double x = gap + (k % across) * (width + gap), y = gap + (k / across) * (height + gap);
    // The picture nested as it is, placed by x and y on its root element.
    std::string placed = pictures[k];
    placed.insert(4, " x=\"" + detail::num(x) + "\" y=\"" + detail::num(y) + "\"");
    while (!placed.empty() && placed.back() == '\n') placed.pop_back();
    sheet.add(placed);
  }
  return sheet.finish();
}

}  // namespace xcover
