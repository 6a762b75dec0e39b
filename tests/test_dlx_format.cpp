// SPDX-License-Identifier: MIT
// Knuth's text format: what it accepts, every error, and round trips.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

using namespace std::string_literals;

#include "xcover/dlx_format.hpp"
#include "xcover/solver.hpp"

namespace test_dlx_format {

using xcover::parse_dlx;
using xcover::ParseError;

TEST_CASE("reading: comments, blank lines, secondary items and colours") {
  const auto input = parse_dlx(
      "| a comment before the items\n"
      "\n"
      "a b   c\t| x y\n"
      "| a comment between options\n"
      "a x:red\n"
      "   \n"
      "b c y x:red\n");
  const auto& p = input.problem;
  CHECK(p.item_count() == 5);
  CHECK(p.primary_count() == 3);
  CHECK(p.secondary_count() == 2);
  CHECK(p.item_name(3) == "x");
  CHECK(p.option_count() == 2);
  CHECK(p.option_text(0) == "a x:red");
  CHECK(p.option_text(1) == "b c y x:red");
  CHECK(input.option_lines == std::vector<std::size_t>{5, 7});
  CHECK(input.warnings.empty());
}

TEST_CASE("reading: names of any length and characters, CRLF, byte-order mark") {
  const auto input = parse_dlx(
      "\xEF\xBB\xBFthe_long_item_name#1 b\xC3\xA9 | s{2}\r\n"
      "the_long_item_name#1 s{2}:a_long_colour\r\n"
      "b\xC3\xA9\r\n");
  CHECK(input.problem.item_name(0) == "the_long_item_name#1");
  CHECK(input.problem.item_name(1) == "b\xC3\xA9");
  CHECK(input.problem.option_text(0) == "the_long_item_name#1 s{2}:a_long_colour");
  CHECK(xcover::Solver(input.problem).count().solutions == 1);
}

TEST_CASE("reading: an option without a primary item is dropped with a warning") {
  const auto input = parse_dlx("a | x\nx\na x\n", "f.dlx");
  CHECK(input.problem.option_count() == 1);
  CHECK(input.problem.option_text(0) == "a x");
  REQUIRE(input.warnings.size() == 1);
  CHECK(input.warnings[0].to_string() ==
        "f.dlx:2: warning: option ignored, it has no primary item: x");
  CHECK(input.option_lines == std::vector<std::size_t>{3});
}

TEST_CASE("every parse error names the line and the reason") {
  auto error = [](const std::string& text) {
    try {
      parse_dlx(text, "in.dlx");
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("") == "in.dlx:1: empty input: no items line");
  CHECK(error("| only\n\n| comments\n") ==
        "in.dlx:3: no items line: the input has only comments and blank lines");
  CHECK(error("a b\na c\n") == "in.dlx:2: unknown item 'c'");
  CHECK(error("a b\n\na b a\n") == "in.dlx:3: item 'a' appears twice in the option");
  CHECK(error("a b a\n") == "in.dlx:1: duplicate item name 'a'");
  CHECK(error("a | b | c\n") == "in.dlx:1: second '|' in the items line");
  CHECK(error("a | x\na:red\n") == "in.dlx:2: primary item 'a' cannot have a colour");
  CHECK(error("a | x\na x:\n") == "in.dlx:2: item 'x' has an empty colour");
  CHECK(error("a | x\na x:r:g\n") == "in.dlx:2: colour 'r:g' contains ':'");
  CHECK(error("a b:c\n") ==
        "in.dlx:1: item name 'b:c' contains ':' (names are non-blank characters other than "
        "':' and '|')");
  CHECK(error("a b|c\n") ==
        "in.dlx:1: bad bound 'b' in 'b|c' (bounds are written lower:upper|name or upper|name, "
        "in decimal)");
  CHECK(error(" |\n") == "in.dlx:1: the items line names no items");
  CHECK(error("a b\na\0b\n"s) ==
        "in.dlx:2: control character 0x00 in the input (is it a text file?)");
  CHECK(error("a b\n| a comment\x7f\n"s) ==
        "in.dlx:2: control character 0x7f in the input (is it a text file?)");
}

TEST_CASE("tokens seen before: the same errors, on their line, in the line's order") {
  // The reader keeps the entries of tokens it has met (most repeat); a
  // token met first, or again after an error elsewhere, is still checked.
  auto error = [](const std::string& text) {
    try {
      parse_dlx(text, "in.dlx");
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string head = "a b | x y\na x:1\nb x:1 y:2\n";
  CHECK(error(head + "a x:1 c\n") == "in.dlx:4: unknown item 'c'");
  CHECK(error(head + "a x:1 x:2\n") == "in.dlx:4: item 'x' appears twice in the option");
  CHECK(error(head + "a x:1 a\n") == "in.dlx:4: item 'a' appears twice in the option");
  CHECK(error(head + "b x:1 a:1\n") == "in.dlx:4: primary item 'a' cannot have a colour");
  // A colour's own check comes before any look-up, as Problem::add_option
  // makes them: the bad colour is named, not the unknown item before it.
  CHECK(error(head + "a c y:2:3\n") == "in.dlx:4: colour '2:3' contains ':'");
  CHECK(error(head + "a x:1 y:\n") == "in.dlx:4: item 'y' has an empty colour");
  // Long tokens (over 8 bytes) are looked up every time, with the same result.
  const std::string long_head = "primary_one | secondary_x\n";
  const std::string long_option = "primary_one secondary_x:crimson\n";
  const auto twice = parse_dlx(long_head + long_option + long_option, "in.dlx");
  REQUIRE(twice.problem.option_count() == 2);
  CHECK(twice.problem.option_text(1) == "primary_one secondary_x:crimson");
  CHECK(twice.problem.color_count() == 1);
  CHECK(error(long_head + long_option + "primary_one unknown_long\n") ==
        "in.dlx:3: unknown item 'unknown_long'");
}

TEST_CASE("multiplicities: bounds on the items line, as DLX3 reads them") {
  const auto input = parse_dlx("a 2|b 0:3|c 12|Z 1:1|d 1|e | x\na b\nb c Z x\n");
  const auto& p = input.problem;
  REQUIRE(p.primary_count() == 6);
  CHECK(p.item_name(1) == "b");
  CHECK(p.item_name(3) == "Z");
  CHECK(p.item_bounds(0) == xcover::ItemBounds{1, 1});
  CHECK(p.item_bounds(1) == xcover::ItemBounds{2, 2});
  CHECK(p.item_bounds(2) == xcover::ItemBounds{0, 3});
  CHECK(p.item_bounds(3) == xcover::ItemBounds{12, 12});
  CHECK(p.item_bounds(4) == xcover::ItemBounds{1, 1});
  CHECK(p.item_bounds(5) == xcover::ItemBounds{1, 1});
  CHECK(p.has_multiplicities());
  CHECK_FALSE(parse_dlx("1|a 1:1|b\na b\n").problem.has_multiplicities());
  CHECK(p.option_text(1) == "b c Z x");
  CHECK_THROWS_WITH_AS(p.item_bounds(6), "item 'x' is secondary: only primary items have bounds",
                       xcover::ProblemError);
}

TEST_CASE("multiplicities: every malformed bound is an error on its line") {
  auto error = [](const std::string& text) {
    try {
      parse_dlx(text, "m.dlx");
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // Knuth's words where DLX3 has them.
  CHECK(error("| c\na 0|b\n") == "m.dlx:2: Upper bound is zero in '0|b'");
  CHECK(error("a 0:0|b\n") == "m.dlx:1: Upper bound is zero in '0:0|b'");
  CHECK(error("a 3:2|b\n") == "m.dlx:1: Lower bound exceeds upper bound in '3:2|b'");
  const std::string how = " (bounds are written lower:upper|name or upper|name, in decimal)";
  CHECK(error("a x|b\n") == "m.dlx:1: bad bound 'x' in 'x|b'" + how);
  CHECK(error("a 1:x|b\n") == "m.dlx:1: bad bound 'x' in '1:x|b'" + how);
  CHECK(error("a :2|b\n") == "m.dlx:1: bad bound '' in ':2|b'" + how);
  CHECK(error("a 1:|b\n") == "m.dlx:1: bad bound '' in '1:|b'" + how);
  CHECK(error("a 1:2:3|b\n") == "m.dlx:1: bad bound '2:3' in '1:2:3|b'" + how);
  CHECK(error("a -1:2|b\n") == "m.dlx:1: bad bound '-1' in '-1:2|b'" + how);
  CHECK(error("a 99999999999|b\n") == "m.dlx:1: bound too large in '99999999999|b'");
  CHECK(error("a 2|\n") == "m.dlx:1: item name empty after the bounds in '2|'");
  CHECK(error("a 2|b|c\n") ==
        "m.dlx:1: item name 'b|c' contains '|' (names are non-blank characters other than "
        "':' and '|')");
  CHECK(error("a 2|a\n") == "m.dlx:1: duplicate item name 'a'");
  CHECK(error("a |b\n") ==
        "m.dlx:1: item name '|b' contains '|' (names are non-blank characters other than "
        "':' and '|')");
  // DLX3 gives secondary items no bounds.
  CHECK(error("a | 2|x\n") ==
        "m.dlx:1: secondary item 'x' cannot have bounds ('2|x'): only primary items have "
        "multiplicities");
}

TEST_CASE("multiplicities: the builder checks bounds") {
  xcover::Problem p;
  CHECK_THROWS_WITH_AS(p.add_primary("a", 0, 0), "item 'a': upper bound is zero (bounds 0:0)",
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_primary("a", 3, 2),
                       "item 'a': lower bound exceeds upper bound (bounds 3:2)",
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_primary("a", -1, 2), "item 'a': negative lower bound (bounds -1:2)",
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_primary("a", 0, -2), "item 'a': negative upper bound (bounds 0:-2)",
                       xcover::ProblemError);
  CHECK(p.item_count() == 0);
  CHECK_FALSE(p.has_multiplicities());
  CHECK(p.add_primary("a", 1, 1) == 0);
  CHECK_FALSE(p.has_multiplicities());
  CHECK(p.add_primary("b", 0, 1) == 1);
  CHECK(p.has_multiplicities());
  CHECK(p.item_bounds(1) == xcover::ItemBounds{0, 1});
  CHECK_THROWS_WITH_AS(p.item_bounds(7), "item index 7 out of range: the problem has 2 items",
                       xcover::ProblemError);
  // Bounds are part of a problem's identity.
  xcover::Problem q;
  q.add_primary("a");
  q.add_primary("b");
  CHECK_FALSE(p == q);
  xcover::Problem r;
  r.add_primary("a");
  r.add_primary("b", 0, 1);
  CHECK(p == r);
  xcover::Problem copy = p;
  CHECK(copy == p);
}

TEST_CASE("multiplicities: written back exactly") {
  const std::string text = "a 2|b 0:3|c 12|Z | x y\na b x:1\nb c Z y\nZ\n";
  const auto first = parse_dlx(text);
  CHECK(xcover::to_dlx(first.problem) == text);
  CHECK(parse_dlx(xcover::to_dlx(first.problem)).problem == first.problem);
  // 1:1 is written as a plain name, n:n as n|name.
  CHECK(xcover::to_dlx(parse_dlx("1:1|a 2:2|b 1|c\na b c\n").problem) == "a 2|b c\na b c\n");
  xcover::Problem p;
  p.add_primary("p", 0, 1);
  p.add_primary("q", 5, 7);
  p.add_secondary("s");
  p.add_option({"p", "q", "s:red"});
  CHECK(xcover::to_dlx(p) == "0:1|p 5:7|q | s\np q s:red\n");
  CHECK(parse_dlx(xcover::to_dlx(p)).problem == p);
  CHECK_FALSE(parse_dlx("2|a\na\n").problem == parse_dlx("a\na\n").problem);
  CHECK_FALSE(parse_dlx("1:2|a\na\n").problem == parse_dlx("2|a\na\n").problem);
}

TEST_CASE("reading from a stream gives the same problem as from a string") {
  const std::string text = "a b | x\na x:1\nb x:2\n";
  std::istringstream in(text);
  CHECK(xcover::read_dlx(in, "s").problem == parse_dlx(text).problem);
}

// A big input (more than one block of the reader), of many colours, short
// and long names.
std::string many_options_text() {
  std::string text = "p0 p1 p2 | s0 s1 a_long_secondary_item_name\n";
  for (int k = 0; k < 20000; ++k) {
    text += "p" + std::to_string(k % 3) + " s" + std::to_string(k % 2) + ":" +
            std::to_string(k % 777) + " a_long_secondary_item_name:colour_with_a_long_name_" +
            std::to_string(k % 300) + "\n";
  }
  return text;
}

TEST_CASE("reading a big input: from a string, from a stream, and from mid-stream") {
  const std::string text = many_options_text();
  const auto whole = parse_dlx(text).problem;
  CHECK(whole.option_count() == 20000);
  CHECK(whole.entry_count() == 60000);
  CHECK(whole.color_count() == 777 + 300);
  // Colours numbered in order of first appearance, found again by name.
  CHECK(whole.color_name(1) == "0");
  CHECK(whole.color_name(2) == "colour_with_a_long_name_0");
  CHECK(whole.option_text(19999) ==
        "p1 s1:574 a_long_secondary_item_name:colour_with_a_long_name_199");
  std::istringstream in(text);
  CHECK(xcover::read_dlx(in, "s").problem == whole);
  // The reader measures what is left of a seekable stream and reads on from
  // where the stream stood.
  std::istringstream after("skip this line\n" + text);
  std::string skipped;
  std::getline(after, skipped);
  CHECK(xcover::read_dlx(after, "s").problem == whole);
}

TEST_CASE("reading: lines longer than the reader's block, cut anywhere") {
  // An items line of 300,000 bytes and an option naming all its items: the
  // reader's 64 KiB blocks cut them many times, also between '\r' and '\n'.
  std::string items, option;
  for (int k = 0; k < 30000; ++k) {
    const std::string name = "item" + std::to_string(k);
    items += name + ' ';
    option += name + ' ';
  }
  for (const char* end : {"\n", "\r\n"}) {
    const std::string text = items + end + option + end + "item7" + end;
    std::istringstream in(text);
    const auto read = xcover::read_dlx(in, "long");
    CHECK(read.problem == parse_dlx(text).problem);
    CHECK(read.problem.item_count() == 30000);
    REQUIRE(read.problem.option_count() == 2);
    CHECK(read.problem.option(0).size() == 30000);
    CHECK(read.problem.option_text(1) == "item7");
  }
}

TEST_CASE("reserving room for options changes nothing but the room") {
  const auto read = parse_dlx("a b | x\na x:1\nb x:2\na b\n").problem;
  xcover::Problem built;
  built.reserve_options(1000, 5000);
  built.add_primary("a");
  built.add_primary("b");
  built.add_secondary("x");
  built.add_option({"a", "x:1"});
  built.add_option({"b", "x:2"});
  built.add_option({"a", "b"});
  CHECK(built == read);
  CHECK(built.entry_count() == 6);
}

TEST_CASE("writing and reading back gives the same problem") {
  SUBCASE("from text") {
    const auto first = parse_dlx("| c\np q r | s t\np s:A\nq r t\nr s:A t:B\n");
    const std::string written = xcover::to_dlx(first.problem);
    CHECK(written == "p q r | s t\np s:A\nq r t\nr s:A t:B\n");
    CHECK(parse_dlx(written).problem == first.problem);
  }
  SUBCASE("built in code, without primary items") {
    xcover::Problem p;
    p.add_secondary("x");
    p.add_secondary("y");
    const std::string written = xcover::to_dlx(p);
    CHECK(written == " | x y\n");
    CHECK(parse_dlx(written).problem == p);
  }
  SUBCASE("a problem built in code") {
    xcover::Problem p;
    const int a = p.add_primary("a");
    const int b = p.add_primary("b");
    const int x = p.add_secondary("x");
    const int red = p.add_color("red");
    p.add_option({{a, 0}, {x, red}});
    p.add_option({{b, 0}, {x, red}});
    p.add_option({{a, 0}, {b, 0}});
    CHECK(parse_dlx(xcover::to_dlx(p)).problem == p);
  }
  SUBCASE("problems differ when an option differs") {
    CHECK_FALSE(parse_dlx("a | x\na x:1\n").problem == parse_dlx("a | x\na x:2\n").problem);
    CHECK_FALSE(parse_dlx("a | x\na x\n").problem == parse_dlx("a x\na x\n").problem);
  }
}

TEST_CASE("the builder rejects invalid problems with a reason") {
  xcover::Problem p;
  p.add_primary("a");
  p.add_secondary("x");
  CHECK_THROWS_WITH_AS(p.add_primary("b"), "primary item 'b' declared after secondary items",
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_option(std::span<const xcover::OptionEntry>()), "empty option",
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_option({xcover::OptionEntry{5, 0}}),
                       "option names item 5, but there are 2 items", xcover::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_item("", xcover::ItemKind::secondary), "empty item name",
                       xcover::ProblemError);
  CHECK_THROWS_WITH_AS(xcover::to_dlx(xcover::Problem()),
                       "a problem without items has no text form", xcover::ProblemError);
}

TEST_CASE("a long option with a repeated item is caught") {
  xcover::Problem p;
  std::vector<xcover::OptionEntry> entries;
  for (int i = 0; i < 1000; ++i) {
    p.add_primary(std::string("i").append(std::to_string(i)));
    entries.push_back({i, 0});
  }
  entries.push_back({417, 0});
  CHECK_THROWS_WITH_AS(p.add_option(entries), "item 'i417' appears twice in the option",
                       xcover::ProblemError);
  entries.pop_back();
  CHECK(p.add_option(entries) == 0);
}

TEST_CASE("a short option tells distinct items with the same low bits from a repeat") {
  // A short option is checked through a bit per item's low 8 bits: items
  // 3, 259 and 515 share that bit and are still distinct.
  xcover::Problem p;
  for (int i = 0; i < 600; ++i) p.add_primary(std::string("i").append(std::to_string(i)));
  CHECK(p.add_option({xcover::OptionEntry{3, 0}, {259, 0}, {515, 0}, {4, 0}}) == 0);
  CHECK_THROWS_WITH_AS(p.add_option({xcover::OptionEntry{3, 0}, {259, 0}, {4, 0}, {259, 0}}),
                       "item 'i259' appears twice in the option", xcover::ProblemError);
  CHECK(p.option_count() == 1);
}

TEST_CASE("line ends: \\n, \\r\\n and a lone \\r (old Mac files) all end a line") {
  const std::string unix_text = "| c\na b c\na b\nc\na\nb c\n";
  for (const std::string& ends : {std::string("\n"), std::string("\r\n"), std::string("\r")}) {
    std::string text;
    for (char c : unix_text) text += c == '\n' ? ends : std::string(1, c);
    std::istringstream in(text);
    const xcover::ReadResult streamed = xcover::read_dlx(in, "f");
    const xcover::ReadResult parsed = xcover::parse_dlx(text, "f");
    for (const xcover::ReadResult* r : {&streamed, &parsed}) {
      CHECK(r->problem.item_count() == 3);
      CHECK(r->problem.option_count() == 4);
      CHECK(r->option_lines == std::vector<std::size_t>{3, 4, 5, 6});
    }
  }
  std::istringstream bad("a\rb\r");
  CHECK_THROWS_WITH_AS(xcover::read_dlx(bad, "f"), "f:2: unknown item 'b'", xcover::ParseError);
}

}  // namespace test_dlx_format
