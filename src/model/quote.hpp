// SPDX-License-Identifier: MIT
// Names in error messages, quoted and cut short: a message about a 100 MB
// name should not be 100 MB long.
#pragma once

#include <string>
#include <string_view>

namespace xcover {

inline std::string quoted(std::string_view name) {
  constexpr std::size_t shown = 60;
  if (name.size() <= shown) return "'" + std::string(name) + "'";
  return "'" + std::string(name.substr(0, shown)) + "...' (" + std::to_string(name.size()) +
         " bytes)";
}

}  // namespace xcover
