// SPDX-License-Identifier: MIT
// Reading text input whatever system wrote it: a line ends at "\n" (Unix),
// "\r\n" (Windows) or a lone "\r" (old Macs), and a file may start with a
// UTF-8 byte-order mark. Every reader of the library and the CLI uses these.
//
//   for (std::string line; xcover::read_line(in, line);) use(line);
#pragma once

#include <concepts>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/export.hpp"

namespace xcover {

// Reads the next line into `line`, without its line end; false (and `in`
// failed) at the end of the input. A read error sets `in`'s badbit.
XCOVER_API bool read_line(std::istream& in, std::string& line);

// The white space between words: space, tab, and the other ASCII blanks.
constexpr bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// The words of `line`: its runs of characters other than blanks, in order,
// each a view into `line`, which must outlive them (a temporary string is
// refused: its words would dangle).
XCOVER_API std::vector<std::string_view> words_of(std::string_view line);
template <class Text>
requires std::same_as<Text, std::string> std::vector<std::string_view> words_of(Text&& line)
= delete;

// `line` without a UTF-8 byte-order mark at its start (the mark some
// editors put at the start of a file: not content). For a file's first line.
constexpr std::string_view without_byte_order_mark(std::string_view line) {
  return line.starts_with("\xEF\xBB\xBF") ? line.substr(3) : line;
}
// The same, in place.
inline void strip_byte_order_mark(std::string& line) {
  if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
}

}  // namespace xcover
