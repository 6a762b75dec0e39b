// SPDX-License-Identifier: MIT
// N queens as a picture: the chequered board and a crown on each queen.
#include <algorithm>
#include <vector>

#include "puzzles/svg/svg_writer.hpp"

namespace xcover {

std::string render_svg(const QueensProblem& queens, const Solution& solution) {
  const std::vector<int> columns = queens_columns(queens, solution);  // (checks the options)
  const int n = queens.n;
  const double size = std::clamp(480.0 / std::max(n, 1), 4.0, 48.0);
  const double margin = 4;
  detail::SvgWriter svg(2 * margin + n * size, 2 * margin + n * size,
                        std::to_string(n) + " queens");
  svg.rect(margin, margin, n * size, n * size, "class=\"board\" fill=\"#f0d9b5\"");
  const std::string dark =
      detail::cells_path(n, n, size, margin, margin, [](int r, int c) { return (r + c) % 2 == 1; });
  svg.add("<path class=\"dark\" fill=\"#b58863\" d=\"" + dark + "\"/>");
  for (int r = 0; r < n; ++r) {
    const int c = columns[static_cast<std::size_t>(r)];
    if (c < 0) continue;
    // A crown: five points over a band, in the square's middle.
    const double x = margin + c * size, y = margin + r * size, u = size / 10;
    std::string d = "M" + detail::num(x + 2 * u) + ' ' + detail::num(y + 7.5 * u);
    const double peaks[][2] = {{1.5, 3}, {3.5, 5}, {5, 2}, {6.5, 5}, {8.5, 3}};
    for (const auto& [px, py] : peaks)
      d += "L" + detail::num(x + px * u) + ' ' + detail::num(y + py * u);
    d += "L" + detail::num(x + 8 * u) + ' ' + detail::num(y + 7.5 * u) + "Z";
    svg.add("<path class=\"queen\" data-row=\"" + std::to_string(r + 1) + "\" data-col=\"" +
            std::to_string(c + 1) + "\" fill=\"#222\" stroke=\"#fff\" stroke-width=\"" +
            detail::num(std::max(0.5, u / 3)) + "\" d=\"" + d + "\"/>");
  }
  svg.rect(margin, margin, n * size, n * size, "fill=\"none\" stroke=\"#222\" stroke-width=\"2\"");
  return svg.finish();
}

}  // namespace xcover
