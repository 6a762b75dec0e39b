// SPDX-License-Identifier: MIT
// Pictures and colour from the command line: --format svg on every puzzle
// command, --color on the tilings and Sudoku, and the refusals.
#include <doctest/doctest.h>

#include <string>

#include "cli_support.hpp"

namespace test_pictures_cli {

using xcover::test::data_file;
using xcover::test::run_cli;

namespace {

// How many times `part` occurs in `text`.
std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t k = text.find(part); k != std::string::npos; k = text.find(part, k + 1)) ++count;
  return count;
}

const char* const kSvg = "<svg xmlns=\"http://www.w3.org/2000/svg\"";

}  // namespace

TEST_CASE("--format svg: one picture, or a sheet of the solutions shown") {
  const auto one = run_cli("polyomino --board 6x10 --limit 1 --format svg");
  CHECK(one.exit_code == 0);
  CHECK(one.out.starts_with(kSvg));
  CHECK(occurrences(one.out, "<svg") == 1);
  CHECK(occurrences(one.out, "class=\"piece\"") == 12);
  CHECK(one.out.ends_with("</svg>\n"));

  const auto three = run_cli("polyomino --board 3x20 --limit 3 -f svg");
  CHECK(three.exit_code == 0);                 // (--limit: the solutions asked for)
  CHECK(occurrences(three.out, "<svg") == 4);  // the sheet and its three
  CHECK(occurrences(three.out, "class=\"piece\"") == 36);
  CHECK(three.out.find("<title>3 pictures</title>") != std::string::npos);

  const auto queens = run_cli("queens 6 -f svg");  // all four solutions
  CHECK(queens.exit_code == 0);
  CHECK(occurrences(queens.out, "class=\"queen\"") == 24);
  const auto langford = run_cli("langford 4 -f svg");
  CHECK(langford.exit_code == 0);
  CHECK(occurrences(langford.out, "class=\"pair\"") == 8);
}

TEST_CASE("--format svg: a puzzle command without solutions writes nothing") {
  const auto none = run_cli("queens 3 -f svg");
  CHECK(none.exit_code == 0);
  CHECK(none.out.empty());
  CHECK(none.err.find("0 solutions") != std::string::npos);
}

TEST_CASE("sudoku --format svg: a picture per puzzle, in input order") {
  const std::string puzzles =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
      "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
      "not a puzzle\n";
  const auto out = run_cli("sudoku -f svg", puzzles);
  CHECK(out.exit_code == 1);  // two of three unsolved
  // The sheet and two pictures: the solved one, and the puzzle that breaks
  // a rule drawn alone; the unreadable line is reported on stderr.
  CHECK(occurrences(out.out, "<svg") == 3);
  CHECK(occurrences(out.out, "class=\"given\"") == 60);
  CHECK(occurrences(out.out, "class=\"found\"") == 51);
  CHECK(out.err.find("<stdin>:3:") != std::string::npos);

  const auto killer = run_cli("sudoku --generate 1 --killer --seed 5 -f svg");
  CHECK(killer.exit_code == 0);
  CHECK(occurrences(killer.out, "class=\"cage\"") > 10);
  CHECK(occurrences(killer.out, "class=\"cage-sum\"") == occurrences(killer.out, "class=\"cage\""));
}

TEST_CASE("--format svg and --color: what cannot be followed is refused") {
  const auto counted = run_cli("queens 6 --count -f svg");
  CHECK(counted.exit_code == 2);
  CHECK(counted.err.find("--format svg draws solutions; --count prints a number") !=
        std::string::npos);
  const auto emitted = run_cli("langford 3 --emit -f svg");
  CHECK(emitted.exit_code == 2);
  const auto pdf = run_cli("polyomino -f pdf");
  CHECK(pdf.exit_code == 2);
  CHECK(pdf.err.find("--format must be text, json, svg or stl, not 'pdf'") != std::string::npos);
  CHECK(run_cli("queens 6 -f pdf").err.find("--format must be text or svg, not 'pdf'") !=
        std::string::npos);
  const auto sudoku_count = run_cli("sudoku -f svg --count", "");
  CHECK(sudoku_count.exit_code == 2);
  const auto knuth = run_cli("sudoku --knuth -f svg", "");
  CHECK(knuth.exit_code == 2);
  const auto color = run_cli("polyomino --color sometimes");
  CHECK(color.exit_code == 2);
  CHECK(color.err.find("--color must be auto, always or never, not 'sometimes'") !=
        std::string::npos);
  // Queens has no colours to offer.
  CHECK(run_cli("queens 4 --color always").exit_code == 2);
  // Colour where nothing is coloured is refused, not dropped.
  const auto svg_color = run_cli("polyomino --board 3x20 --limit 1 -f svg --color always");
  CHECK(svg_color.exit_code == 2);
  CHECK(svg_color.err.find("--color colours the text; --format svg has colours of its own") !=
        std::string::npos);
  const auto csv_color = run_cli("sudoku -f csv --color never", "");
  CHECK(csv_color.exit_code == 2);
  CHECK(csv_color.err.find("--color colours the line and grid formats, not --format csv") !=
        std::string::npos);
}

TEST_CASE("--color: always colours, never and a pipe do not, NO_COLOR is honoured") {
  const std::string escape = "\x1b[";
  const auto always = run_cli("polyomino --board 3x20 --limit 1 --color always");
  CHECK(always.out.find("\x1b[48;2;") != std::string::npos);
  const auto never = run_cli("polyomino --board 3x20 --limit 1 --color never");
  CHECK(never.out.find(escape) == std::string::npos);
  const auto piped = run_cli("polyomino --board 3x20 --limit 1");
  CHECK(piped.out == never.out);
  // With the escapes taken out, the coloured picture is the plain one.
  std::string stripped;
  for (std::size_t k = 0; k < always.out.size(); ++k) {
    if (always.out.compare(k, 2, escape) == 0) {
      k = always.out.find('m', k);
      continue;
    }
    stripped += always.out[k];
  }
  CHECK(stripped == never.out);

  const std::string puzzle =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
  const auto line = run_cli("sudoku --color always", puzzle);
  CHECK(occurrences(line.out, "\x1b[1m") == 30);  // the givens bold
  const auto grid = run_cli("sudoku -f grid --color always", puzzle);
  CHECK(occurrences(grid.out, "\x1b[1m") == 60);  // on both boards
  CHECK(run_cli("sudoku -f grid --color never", puzzle).out.find(escape) == std::string::npos);
  const auto no_color = xcover::test::run_script(
      "NO_COLOR=1 \"$XCOVER\" polyomino --board 3x20 --limit 1 --color auto");
  CHECK(no_color.out == never.out);
}

}  // namespace test_pictures_cli
