// SPDX-License-Identifier: MIT
// BurrTools' files in a build without expat and zlib (XCOVER_BURRTOOLS off,
// as the WebAssembly build is): each read is refused with a message that
// says why, and a file is still told from other text by its first bytes.
#include <string>
#include <string_view>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

namespace {

[[noreturn]] void refuse(const std::string& source) {
  throw ParseError(source, 0,
                   "this build of xcover reads no BurrTools files: it was built without "
                   "expat and zlib (XCOVER_BURRTOOLS=OFF)");
}

}  // namespace

std::vector<Puzzle> parse_burrtools(std::string_view, const std::string& source) { refuse(source); }

std::vector<Puzzle> read_burrtools(const std::string& path) { refuse(path); }

// gzip'd bytes, or text whose first element opens <puzzle>: a file reader
// then calls parse_burrtools, which says why it cannot read it.
bool looks_like_burrtools(std::string_view bytes) {
  if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
      static_cast<unsigned char>(bytes[1]) == 0x8b)
    return true;
  const std::size_t first = bytes.find('<');
  return first != std::string_view::npos && bytes.substr(first, 7) == "<puzzle" &&
         bytes.find_first_not_of(" \t\r\n\xEF\xBB\xBF") == first;
}

}  // namespace xcover::polyform
