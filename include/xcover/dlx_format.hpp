// SPDX-License-Identifier: MIT
// Knuth's text format for exact-cover problems, as read by his DLX programs:
//
//   | a comment: lines starting with '|' and blank lines are skipped
//   a b c | x y        the items: primary, then a lone '|', then secondary
//   a x:red            each later line is an option; "item:colour" colours
//   b c x:red          a secondary item
//   a c |5             "|n" after an item adds n to the option's cost (Knuth's
//                      DLX5; several add up; an option costs 0 without)
//
// A primary item may carry bounds, as in Knuth's DLX3: "2:3|c" is covered
// 2 to 3 times, "4|d" exactly 4 times (see Problem::add_primary).
//
// Item and colour names are any non-blank characters other than ':' and '|',
// of any length.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/error.hpp"
#include "xcover/export.hpp"
#include "xcover/problem.hpp"

namespace xcover {

// A problem in the input, located: what() reads "FILE:LINE: reason".
class XCOVER_API ParseError : public Error {
 public:
  // what() is "SOURCE:LINE: REASON".
  ParseError(std::string source, std::size_t line, std::string reason);
  const std::string& source() const { return source_; }  // the input's name
  std::size_t line() const { return line_; }             // 1-based
  const std::string& reason() const { return reason_; }  // what is wrong

 private:
  std::string source_;
  std::size_t line_;
  std::string reason_;
};

// Something read but set aside, e.g. an option with no primary item.
struct XCOVER_API Warning {
  std::string source;             // the input's name
  std::size_t line;               // 1-based
  std::string message;            // what was set aside, and why
  std::string to_string() const;  // "FILE:LINE: warning: message"
};

// What read_dlx and parse_dlx read.
struct ReadResult {
  Problem problem;                // the problem
  std::vector<Warning> warnings;  // what was read but set aside
  // The input line each option came from (1-based), by option index.
  std::vector<std::size_t> option_lines;
};

// Reads a problem; `source` names the input in messages. Throws ParseError.
XCOVER_API ReadResult read_dlx(std::istream& in, const std::string& source = "<stdin>");
XCOVER_API ReadResult parse_dlx(std::string_view text, const std::string& source = "<string>");

// Writes the problem so that read_dlx gives it back unchanged.
XCOVER_API void write_dlx(std::ostream& out, const Problem& problem);
XCOVER_API std::string to_dlx(const Problem& problem);

}  // namespace xcover
