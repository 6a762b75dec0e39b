// SPDX-License-Identifier: MIT
// Colour on a terminal: --color auto|always|never, NO_COLOR, and the escape
// sequences (24-bit colour, as the pictures' fills).
#include <unistd.h>

#include <cstdlib>

#include "cli.hpp"

namespace xcover::cli {

bool use_color(const std::string& when) {
  if (when == "always") return true;
  if (when == "never") return false;
  if (when != "auto") throw UsageError("--color must be auto, always or never, not '" + when + "'");
  // https://no-color.org: any non-empty NO_COLOR turns colour off.
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  return isatty(STDOUT_FILENO) == 1;
}

std::string background(Rgb color) {
  return "\x1b[48;2;" + std::to_string(color.red) + ';' + std::to_string(color.green) + ';' +
         std::to_string(color.blue) + "m\x1b[38;2;17;17;17m";
}

std::string bold() { return "\x1b[1m"; }
std::string found_digit() { return "\x1b[38;2;70;130;230m"; }
std::string plain() { return "\x1b[0m"; }

}  // namespace xcover::cli
