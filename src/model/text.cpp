// SPDX-License-Identifier: MIT
#include "xcover/text.hpp"

#include <istream>

namespace xcover {

bool read_line(std::istream& in, std::string& line) {
  line.clear();
  const std::istream::sentry ok(in, true);  // skips no whitespace
  if (!ok) return false;
  std::streambuf& buffer = *in.rdbuf();
  try {
    for (;;) {
      const int c = buffer.sbumpc();
      if (c == std::char_traits<char>::eof()) {
        in.setstate(line.empty() ? std::ios::eofbit | std::ios::failbit : std::ios::eofbit);
        return !line.empty();
      }
      if (c == '\n') return true;
      if (c == '\r') {
        // "\r\n" is one line end. Look ahead only at what is there already,
        // so that an interactive line is not held until the next one.
        if (buffer.in_avail() > 0 && buffer.sgetc() == '\n') buffer.sbumpc();
        return true;
      }
      line.push_back(static_cast<char>(c));
    }
  } catch (...) {
    // A read error (the file buffer throws): the stream's state tells.
    in.setstate(std::ios::badbit);
    return false;
  }
}

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && is_blank(line[at])) ++at;
    const std::size_t start = at;
    while (at < line.size() && !is_blank(line[at])) ++at;
    if (at > start) words.push_back(line.substr(start, at - start));
  }
  return words;
}

}  // namespace xcover
