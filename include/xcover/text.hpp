// SPDX-License-Identifier: MIT
// Reading text input whatever system wrote it: a line ends at "\n" (Unix),
// "\r\n" (Windows) or a lone "\r" (old Macs).
//
//   for (std::string line; xcover::read_line(in, line);) use(line);
#pragma once

#include <iosfwd>
#include <string>

#include "xcover/export.hpp"

namespace xcover {

// Reads the next line into `line`, without its line end; false (and `in`
// failed) at the end of the input. A read error sets `in`'s badbit.
XCOVER_API bool read_line(std::istream& in, std::string& line);

}  // namespace xcover
