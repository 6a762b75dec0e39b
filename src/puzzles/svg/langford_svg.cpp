// SPDX-License-Identifier: MIT
// A Langford arrangement as a picture: the row of numbers, each pair joined
// by an arc in its colour.
#include <algorithm>
#include <vector>

#include "puzzles/svg/svg_writer.hpp"

namespace xcover {

std::string render_svg(const LangfordProblem& langford, const Solution& solution) {
  const std::vector<int> sequence = langford_sequence(langford, solution);  // (checks)
  const int n = langford.n, length = 2 * n;
  const double size = std::clamp(1600.0 / length, 6.0, 32.0), margin = 8;
  // The longest arc (value n spans n + 1 places) sets the height above.
  const double arc_room = std::min(0.5 * (n + 1) * size, 12.0 * size);
  detail::SvgWriter svg(2 * margin + length * size, 2 * margin + arc_room + size,
                        "Langford arrangement of " + std::to_string(n) + " pairs");
  const double row_y = margin + arc_room;
  for (int place = 0; place < length; ++place) {
    const int value = sequence[static_cast<std::size_t>(place)];
    const double x = margin + place * size;
    svg.rect(
        x, row_y, size, size,
        "class=\"place\" fill=\"" + detail::hex(distinct_color(value - 1)) + "\" stroke=\"#222\"");
    svg.text(x + size / 2, row_y + size / 2, size * 0.55, std::to_string(value),
             "class=\"number\"");
  }
  for (const int option : solution.options) {
    const LangfordPair& pair = langford.pairs[static_cast<std::size_t>(option)];
    const double x1 = margin + (pair.first + 0.5) * size;
    const double x2 = x1 + (pair.value + 1) * size;
    const double rise = std::min(0.5 * (pair.value + 1) * size, arc_room - 2);
    svg.add("<path class=\"pair\" data-value=\"" + std::to_string(pair.value) +
            "\" fill=\"none\" stroke=\"" + detail::hex(distinct_color(pair.value - 1)) +
            "\" stroke-width=\"3\" d=\"M" + detail::num(x1) + ' ' + detail::num(row_y) + "C" +
            detail::num(x1) + ' ' + detail::num(row_y - 1.33 * rise) + ' ' + detail::num(x2) + ' ' +
            detail::num(row_y - 1.33 * rise) + ' ' + detail::num(x2) + ' ' + detail::num(row_y) +
            "\"/>");
  }
  return svg.finish();
}

}  // namespace xcover
