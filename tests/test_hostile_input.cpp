// SPDX-License-Identifier: MIT
// Hostile input: huge lines, binary bytes, odd line endings, huge problems,
// deep searches, closed pipes and Ctrl-C, at the library and through the CLI.
// Each must give an answer or a clear error, never a crash, a hang or a
// memory blow-up. Big inputs are made here at run time (smaller under ASan,
// which runs this suite too).
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "engine/layouts/node_table.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/solver.hpp"
#include "xcover/text.hpp"

namespace test_hostile_input {

using xcover::test::lines_of;
using xcover::test::sanitized;

namespace {

using xcover::parse_dlx;
using xcover::ParseError;
using xcover::test::run_cli;
using xcover::test::run_script;
using xcover::test::temp_file;

// "A 100 MB line": 100 MB in Release, 20 MB under the sanitizers.
constexpr std::size_t huge_line = sanitized ? 20'000'000 : 100'000'000;
// Search depth and item counts, smaller under the sanitizers (which run
// several times slower).
constexpr int deep_levels = sanitized ? 10'000 : 100'000;
constexpr int million = sanitized ? 200'000 : 1'000'000;
// For the checks that need size but not the full size.
constexpr int hundred_thousand = sanitized ? 20'000 : 100'000;

const std::string puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2."
    "..6.6....28....419..5....8..79";
const std::string solution =
    "5346789126721953481983425678597614234268537917139"
    "24856961537284287419635345286179";

std::string sizes_message(std::size_t cells) {
  return std::to_string(cells) + " cells; a board has at most 4096 (64x64)";
}

// Caps the address space of the commands in a script, so that a memory
// blow-up fails the test instead of the machine. ASan reserves terabytes of
// address space, so there the cap is left out.
std::string memory_cap(int megabytes) {
  return sanitized ? std::string() : "ulimit -v " + std::to_string(megabytes * 1024) + "\n";
}

// Items "i0 i1 ..." on one line.
std::string numbered_items(int count, const char *prefix = "i") {
  std::string line;
  line.reserve(static_cast<std::size_t>(count) * 8);
  for (int k = 0; k < count; ++k) {
    if (k > 0) line += ' ';
    line += prefix;
    line += std::to_string(k);
  }
  return line;
}

// Random bytes, the same every run.
std::string garbage(std::size_t size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::string bytes(size, '\0');
  for (char &c : bytes) c = static_cast<char>(rng() & 0xff);
  return bytes;
}

}  // namespace

// --- a 100 MB line
// -------------------------------------------------------------

TEST_CASE("hostile: a 100 MB line in Knuth's format") {
  SUBCASE("a comment") {
    const auto input = parse_dlx("| " + std::string(huge_line, 'x') + "\na\na\n");
    CHECK(xcover::Solver(input.problem).count().solutions == 1);
  }
  SUBCASE("blanks") {
    const auto input = parse_dlx("a\n" + std::string(huge_line / 10, ' ') + "\na\n");
    CHECK(xcover::Solver(input.problem).count().solutions == 1);
  }
  SUBCASE("one item with a 10 MB name") {
    const auto input = parse_dlx(std::string(huge_line / 10, 'n') + "\n");
    CHECK(input.problem.item_count() == 1);
    CHECK(xcover::Solver(input.problem).count().solutions == 0);
  }
  SUBCASE("an option naming an unknown item of 100 MB") {
    try {
      parse_dlx("a\n" + std::string(huge_line, 'b') + "\n", "big.dlx");
      FAIL("no error");
    } catch (const ParseError &e) {
      CHECK(e.line() == 2);
      CHECK(e.reason().starts_with("unknown item 'bbb"));
    }
  }
}

// A message quotes the start of a long name, not all of it.
TEST_CASE("hostile: an error about a 1 MB name stays short") {
  const std::string file = temp_file("a\n" + std::string(1'000'000, 'b') + "\n");
  const auto r = run_cli("solve " + file);
  std::remove(file.c_str());
  CHECK(r.exit_code == 1);
  CHECK(r.err.starts_with(file + ":2: unknown item 'bbb"));
  CHECK(r.err.size() < 1000);
}

TEST_CASE("hostile: a 100 MB line for xcover sudoku is an error for that line") {
  SUBCASE("library") {
    xcover::SudokuReader reader;
    xcover::SudokuLine line;
    std::string error;
    CHECK_FALSE(reader.read(std::string(huge_line, '.'), line, error));
    CHECK(error == sizes_message(huge_line));
    // Cells then a 100 MB rest: the rest is ignored.
    CHECK(reader.read(puzzle + " " + std::string(huge_line, '#'), line, error));
  }
  SUBCASE("cli") {
    const std::string file =
        temp_file(puzzle + "\n" + std::string(huge_line, '.') + "\n" + puzzle + "\n");
    const auto r = run_script(memory_cap(1024) + "\"$XCOVER\" sudoku --threads 2 " + file);
    std::remove(file.c_str());
    CHECK(r.exit_code == 1);
    CHECK(r.out == solution + "\nerror: " + sizes_message(huge_line) + "\n" + solution + "\n");
    CHECK(r.err == file + ":2: " + sizes_message(huge_line) + "\n");
  }
}

// --- binary garbage and NUL bytes
// ----------------------------------------------

TEST_CASE("hostile: binary garbage and NUL bytes") {
  SUBCASE("Knuth's format: a NUL byte is located") {
    try {
      parse_dlx(std::string("a b\na\0b\n", 8), "nul.dlx");
      FAIL("no error");
    } catch (const ParseError &e) {
      CHECK(e.line() == 2);
      CHECK(std::string(e.what()) ==
            "nul.dlx:2: control character 0x00 in the "
            "input (is it a text file?)");
    }
  }
  SUBCASE(
      "Knuth's format: random bytes parse or fail with ParseError, nothing "
      "else") {
    for (std::uint32_t seed = 1; seed <= 200; ++seed) {
      std::string text = garbage(512, seed);
      try {
        const auto input = parse_dlx(text);
        xcover::SearchOptions options;
        options.node_limit = 1000;
        static_cast<void>(xcover::Solver(input.problem).search({}, options));
      } catch (const ParseError &) {
      }
    }
  }
  SUBCASE("Sudoku: a NUL byte among the cells") {
    std::string line = puzzle;
    line[4] = '\0';
    xcover::SudokuReader reader;
    xcover::SudokuLine read;
    std::string error;
    CHECK_FALSE(reader.read(line, read, error));
    CHECK(error.starts_with("byte 0x00 at position 5 (row 1, column 5)"));
  }
  SUBCASE("polyomino pictures: random bytes parse or fail with ParseError") {
    for (std::uint32_t seed = 1; seed <= 200; ++seed) {
      try {
        xcover::polyomino::parse_polyomino(garbage(512, seed));
      } catch (const ParseError &) {
      }
    }
  }
  SUBCASE("xcover solve") {
    const auto r = run_cli("solve", garbage(4096, 7));
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(r.err.find("<stdin>:") == 0);
    CHECK(r.err.find("(is it a text file?)") != std::string::npos);
    CHECK(lines_of(r.err).size() == 1);
  }
  SUBCASE("xcover sudoku: one error line per line of garbage") {
    const std::string bytes = garbage(1 << 20, 11) + "\n" + puzzle + "\n";
    // Lines end at "\n", "\r\n" or a lone "\r", as the command reads them.
    std::size_t puzzle_lines = 0;
    std::istringstream lines(bytes);
    for (std::string line; xcover::read_line(lines, line);) {
      const std::size_t first = line.find_first_not_of(" \t\r");
      puzzle_lines += first != std::string::npos && line[first] != '#';
    }
    const auto r = run_cli("sudoku --threads 2", bytes);
    CHECK(r.exit_code == 1);
    const auto out = lines_of(r.out);
    REQUIRE(out.size() == puzzle_lines);
    for (std::size_t k = 0; k + 1 < out.size(); ++k) CHECK(out[k].starts_with("error: "));
    CHECK(out.back() == solution);
    CHECK(lines_of(r.err).size() == puzzle_lines - 1);
  }
}

// --- CRLF line endings
// -----------------------------------------------------------

TEST_CASE("hostile: CRLF line endings") {
  SUBCASE("Knuth's format") {
    const auto input = parse_dlx("a b | x\r\na x:red\r\nb x:red\r\n\r\n| comment\r\nb\r\n");
    CHECK(input.problem.item_name(2) == "x");
    CHECK(input.problem.option_text(0) == "a x:red");
    CHECK(xcover::Solver(input.problem).count().solutions == 2);
    const auto r = run_cli("solve --count", "a b\r\na\r\nb\r\n");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "1\n");
  }
  SUBCASE("xcover sudoku") {
    const auto r = run_cli("sudoku", puzzle + "\r\n\r\n" + puzzle + "\r\n");
    CHECK(r.exit_code == 0);
    CHECK(r.out == solution + "\n" + solution + "\n");
    CHECK(r.err.empty());
  }
  SUBCASE("polyomino pictures") {
    const auto file = xcover::polyomino::parse_polyomino("board\r\n###\r\n\r\npiece I\r\n###\r\n");
    REQUIRE(file.board);
    CHECK(file.board->size() == 3);
    REQUIRE(file.pieces.size() == 1);
    CHECK(file.pieces[0].shape.size() == 3);
  }
}

// The words are views into the line: a temporary string, which would leave
// them dangling, is refused at compile time.
template <class Text>
concept splits_into_words = requires(Text &&text) {
  xcover::words_of(std::forward<Text>(text));
};
static_assert(!splits_into_words<std::string>);
static_assert(splits_into_words<std::string &>);
static_assert(splits_into_words<std::string_view>);
static_assert(splits_into_words<const char *>);

TEST_CASE("hostile: the words of a line, whatever blanks part them") {
  // xcover::words_of serves the Sudoku, picture and Knuth readers alike.
  using Words = std::vector<std::string_view>;
  CHECK(xcover::words_of("piece I  ###\r") == Words{"piece", "I", "###"});
  CHECK(xcover::words_of("\t a\v\fb\n") == Words{"a", "b"});
  CHECK(xcover::words_of(" \t\r ").empty());
  CHECK(xcover::words_of("").empty());
  // Found by fuzz_polyomino: a line of vertical tabs alone had words for the
  // picture reader's blank-line test and none for words_of, which it then
  // read past. Its blanks are every reader's now: such a line is blank.
  const auto file = xcover::polyomino::parse_polyomino("board\n###\n\v\f\npiece I\n###\n");
  REQUIRE(file.board);
  CHECK(file.board->size() == 3);
  REQUIRE(file.pieces.size() == 1);
  CHECK(file.pieces[0].shape.size() == 3);
  CHECK(xcover::polyomino::parse_polyomino("\v\v").pieces.empty());
  CHECK_THROWS_WITH_AS(static_cast<void>(xcover::polyomino::parse_polyomino("board\n###\n \v x\n")),
                       doctest::Contains("expected 'board', 'piece NAME' or a row"),
                       xcover::ParseError);
}

// --- a UTF-8 byte-order mark
// -------------------------------------------------------

TEST_CASE("hostile: a UTF-8 byte-order mark") {
  const std::string bom = "\xEF\xBB\xBF";
  SUBCASE("Knuth's format skips it at the start") {
    const auto input = parse_dlx(bom + "a b\na b\n");
    CHECK(input.problem.item_name(0) == "a");
    CHECK(xcover::Solver(input.problem).count().solutions == 1);
    const auto r = run_cli("solve --count", bom + "a b\na b\n");
    CHECK(r.out == "1\n");
  }
  SUBCASE(
      "Knuth's format: a name that starts with the mark writes back and "
      "reads the same") {
    // Found by fuzz_dlx_reader: the mark is a name's first bytes when the
    // items line is not the input's first line; write_dlx put that name first
    // in its output, and reading it back dropped the mark.
    const auto input = parse_dlx("| comment\n" + bom + "a b\n" + bom + "a\nb\n");
    REQUIRE(input.problem.item_name(0) == bom + "a");
    xcover::ReadResult again;
    REQUIRE_NOTHROW(again = parse_dlx(xcover::to_dlx(input.problem)));
    CHECK(again.problem.item_name(0) == bom + "a");
    CHECK(again.problem == input.problem);
  }
  SUBCASE(
      "xcover sudoku: an answer or an error for the first line, never a "
      "crash") {
    const auto r = run_cli("sudoku", bom + puzzle + "\n" + puzzle + "\n");
    const auto out = lines_of(r.out);
    REQUIRE(out.size() == 2);
    CHECK(out[1] == solution);
    if (r.exit_code == 0) {
      CHECK(out[0] == solution);
    } else {
      CHECK(r.exit_code == 1);
      CHECK(out[0].starts_with("error: "));
      CHECK(r.err.starts_with("<stdin>:1: "));
    }
  }
  SUBCASE("polyomino pictures: an answer or a located error") {
    try {
      const auto file = xcover::polyomino::parse_polyomino(bom + "board\n##\n");
      CHECK(file.board);
    } catch (const ParseError &e) {
      CHECK(e.line() == 1);
    }
  }
}

// --- a million items
// -------------------------------------------------------------

TEST_CASE("hostile: a million items") {
  const std::string items = numbered_items(million);
  SUBCASE("primary: an option cannot cover them, so there is no solution") {
    const auto input = parse_dlx(items + "\ni0 i1\ni2\n");
    CHECK(input.problem.item_count() == million);
    xcover::Solver solver(input.problem);
    CHECK(solver.count().solutions == 0);
    CHECK(solver.statistics().nodes == 1);
  }
  SUBCASE("secondary: one solution") {
    const auto input = parse_dlx("p | " + numbered_items(hundred_thousand) + "\np i0 i999\n");
    CHECK(input.problem.secondary_count() == hundred_thousand);
    CHECK(xcover::Solver(input.problem).count().solutions == 1);
  }
  SUBCASE("xcover solve --count") {
    const auto r = run_cli("solve --count", items + "\ni0\n");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "0\n");
  }
}

TEST_CASE("hostile: an option naming a million items") {
  const std::string items = numbered_items(million);
  SUBCASE("one solution, one level deep") {
    const auto input = parse_dlx(items + "\n" + items + "\n");
    REQUIRE(input.problem.option_count() == 1);
    CHECK(input.problem.option(0).size() == static_cast<std::size_t>(million));
    xcover::Solver solver(input.problem);
    CHECK(solver.count().solutions == 1);
    CHECK(solver.statistics().nodes == 2);
  }
  SUBCASE("an item named twice is found") {
    const std::string some = numbered_items(hundred_thousand);
    try {
      parse_dlx(some + "\n" + some + " i12345\n", "big.dlx");
      FAIL("no error");
    } catch (const ParseError &e) {
      CHECK(std::string(e.what()) == "big.dlx:2: item 'i12345' appears twice in the option");
    }
  }
  SUBCASE("xcover solve prints it") {
    const auto r = run_cli("solve", items + "\n" + items + "\n");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "1:\n " + items + "\n");
  }
}

// --- a problem past the node limit
// ------------------------------------------------------

// (Internal: a shared library exports the public API alone, so it is tested
// against the static library.)
#if !XCOVER_TEST_SHARED_LIBRARY
// Lowers the limit of every layout's node table for one scope: a problem of
// 2^31 nodes would not fit in a test's memory.
class NodeLimit {
 public:
  explicit NodeLimit(std::int64_t limit) : before_(xcover::detail::set_node_limit(limit)) {}
  ~NodeLimit() { xcover::detail::set_node_limit(before_); }
  NodeLimit(const NodeLimit &) = delete;
  NodeLimit &operator=(const NodeLimit &) = delete;

 private:
  std::int64_t before_;
};

TEST_CASE("hostile: a problem past the node limit is refused by every layout alike") {
  using xcover::Layout;
  const xcover::QueensProblem queens = xcover::make_queens(5);
  const xcover::Problem &problem = queens.problem;
  // The dancing links' nodes: item heads and their list's, entries, and a
  // spacer beside each option (every option of queens has a primary item).
  const std::int64_t nodes = problem.item_count() + 2 +
                             static_cast<std::int64_t>(problem.entry_count()) +
                             problem.option_count();
  const char *const message = "problem too large: more than 2^31 nodes";
  const Layout layouts[] = {Layout::links, Layout::bitsets, Layout::counted_bitsets, Layout::sparse,
                            Layout::multiplicities};
  for (const Layout layout : layouts) {
    CAPTURE(xcover::to_string(layout));
    {
      const NodeLimit limit(nodes);
      CHECK_THROWS_WITH_AS(xcover::Solver(problem, layout), message, xcover::ProblemError);
    }
    const NodeLimit limit(nodes + 1);
    CHECK(xcover::Solver(problem, layout)
              .count({}, {.counting = xcover::Counting::plain})
              .solutions == 10);
  }
  // The layouts cheapest() and a memoised count build for themselves.
  xcover::Solver solver(problem, Layout::links);
  {
    const NodeLimit limit(nodes);
    CHECK_THROWS_WITH_AS((void)solver.cheapest(1), message, xcover::ProblemError);
    CHECK_THROWS_WITH_AS((void)solver.count({}, {.counting = xcover::Counting::memo}), message,
                         xcover::ProblemError);
  }
  const NodeLimit limit(nodes + 1);
  CHECK(solver.cheapest(1).solutions.size() == 1);
  CHECK(solver.count({}, {.counting = xcover::Counting::memo}).solutions == 10);
}
#endif  // !XCOVER_TEST_SHARED_LIBRARY

// --- a deep search
// -----------------------------------------------------------------

TEST_CASE("hostile: a search 100,000 levels deep") {
  // Each item has exactly one option, so the one solution is at the bottom of
  // a chain as deep as there are items.
  SUBCASE("library") {
    const auto input = parse_dlx(xcover::test::forced_chain(deep_levels));
    xcover::Solver solver(input.problem);
    std::size_t size = 0;
    CHECK(solver.search([&](const xcover::Solution &s) {
      size = s.options.size();
      return true;
    }) == xcover::Status::exhausted);
    CHECK(size == static_cast<std::size_t>(deep_levels));
    CHECK(solver.statistics().solutions == 1);
    CHECK(solver.statistics().nodes == static_cast<std::uint64_t>(deep_levels) + 1);
  }
  SUBCASE("xcover solve --count") {
    const auto r =
        run_cli("solve --count --threads 1", xcover::test::forced_chain(hundred_thousand / 5));
    CHECK(r.exit_code == 0);
    CHECK(r.out == "1\n");
  }
}

TEST_CASE("hostile: a million forced items, and a million options on one item, on all threads") {
  // Each level branches on the first item of length one: the search and the
  // first cut of a parallel search take one pass, not one per level.
  const auto forced = run_cli("solve --count", xcover::test::forced_chain(million));
  CHECK(forced.exit_code == 0);
  CHECK(forced.out == "1\n");
  // Pieces of work are sets of forced options: cutting one item's million
  // options into pieces would cost a cover of that item per piece. So the
  // threads do not cut so wide a level.
  std::string one_item = "a\n";
  for (int k = 0; k < million; ++k) one_item += "a\n";
  const auto wide = run_cli("solve --count", one_item);
  CHECK(wide.exit_code == 0);
  CHECK(wide.out == std::to_string(million) + "\n");
}

// --- empty input, and no newline at the end
// -------------------------------------

TEST_CASE("hostile: an empty file") {
  const std::string empty = temp_file("");
  SUBCASE("Knuth's format") {
    CHECK_THROWS_WITH_AS(parse_dlx("", "e.dlx"), "e.dlx:1: empty input: no items line", ParseError);
    const auto r = run_cli("solve " + empty);
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(r.err == empty + ":1: empty input: no items line\n");
  }
  SUBCASE("xcover sudoku: nothing to do") {
    const auto r = run_cli("sudoku " + empty);
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(r.err.empty());
  }
  SUBCASE("polyomino pictures: no board and no pieces") {
    const auto file = xcover::polyomino::parse_polyomino("");
    CHECK_FALSE(file.board);
    CHECK(file.pieces.empty());
  }
  std::remove(empty.c_str());
}

TEST_CASE("hostile: a file that ends without a newline") {
  SUBCASE("Knuth's format") {
    const auto input = parse_dlx("a b\na\nb");
    CHECK(input.problem.option_count() == 2);
    CHECK(xcover::Solver(input.problem).count().solutions == 1);
    const auto r = run_cli("solve --count", "a b\na\nb");
    CHECK(r.out == "1\n");
  }
  SUBCASE("xcover sudoku") {
    const auto r = run_cli("sudoku", puzzle + "\n" + puzzle);
    CHECK(r.exit_code == 0);
    CHECK(r.out == solution + "\n" + solution + "\n");
  }
  SUBCASE("polyomino pictures") {
    const auto file = xcover::polyomino::parse_polyomino("board\n##\npiece A\n##");
    REQUIRE(file.pieces.size() == 1);
    CHECK(file.pieces[0].shape.size() == 2);
  }
}

// --- pipes and signals
// ---------------------------------------------------------------

namespace {

// Sixteen items, each with two equal options: 65,536 solutions, megabytes of
// output from `xcover solve`.
std::string many_solutions() {
  std::string text = numbered_items(16) + "\n";
  for (int k = 0; k < 16; ++k) text += "i" + std::to_string(k) + "\ni" + std::to_string(k) + "\n";
  return text;
}

// Many puzzle lines, from the sample of 17-clue puzzles.
std::string many_puzzles(std::size_t count) {
  std::vector<std::string> sample;
  std::ifstream in(xcover::test::data_file("sudoku_17clue_sample.txt"));
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') sample.push_back(line);
  }
  std::string text;
  for (std::size_t k = 0; k < count; ++k) text += sample[k % sample.size()] + "\n";
  return text;
}

}  // namespace

TEST_CASE("hostile: a closed output pipe ends quietly") {
  SUBCASE("xcover sudoku big.txt | head -1") {
    const std::string file = temp_file(many_puzzles(20000));
    const auto r = run_script("\"$XCOVER\" sudoku " + file + " | head -1");
    CHECK(lines_of(r.out).size() == 1);
    CHECK(r.err.empty());
    std::remove(file.c_str());
  }
  SUBCASE("xcover solve | head -1") {
    const std::string file = temp_file(many_solutions());
    const auto r = run_script("\"$XCOVER\" solve " + file + " | head -1");
    CHECK(r.out == "1:\n");
    CHECK(r.err.empty());
    std::remove(file.c_str());
  }
}

TEST_CASE("hostile: Ctrl-C stops xcover sudoku with exit status 130") {
  const std::string file = temp_file(many_puzzles(sanitized ? 100000 : 400000));
  const auto r =
      run_script("\"$XCOVER\" sudoku --threads 2 --stats " + file +
                 " >/dev/null & pid=$!\n"
                 " handled $pid; sleep 0.5; kill -INT $pid; wait $pid; echo \"exit $?\"");
  std::remove(file.c_str());
  CHECK(r.out == "exit 130\n");
  CHECK(r.err.starts_with("xcover: interrupted after "));
  CHECK(r.err.find("\npuzzles ") != std::string::npos);
}

// Making a puzzle of a big board takes minutes (digging a 25x25 one):
// Ctrl-C stops it there, not at the end of the puzzle.
TEST_CASE("hostile: Ctrl-C stops xcover sudoku --generate inside a puzzle") {
  const auto r = run_script(
      "\"$XCOVER\" sudoku --generate 2 --boxes 5x5 --threads 2 >/dev/null & pid=$!\n"
      " handled $pid; sleep 0.5; kill -INT $pid; wait $pid; echo \"exit $?\"");
  CHECK(r.out == "exit 130\n");
  CHECK(r.err == "xcover: interrupted after 0 puzzles\n");
}

// Output that cannot be written (a full disk, or a closed pipe when SIGPIPE
// is ignored, as some launchers leave it) is not success, and a closed pipe
// stops the work quietly.
TEST_CASE("hostile: output that cannot be written is not success") {
  SUBCASE("a full disk") {
    if (!std::ifstream("/dev/full")) return;
    const auto r = run_cli("sudoku > /dev/full", puzzle + "\n");
    CHECK(r.exit_code != 0);
    CHECK_FALSE(r.err.empty());
    const auto s = run_cli("solve --count > /dev/full", "a\na\n");
    CHECK(s.exit_code != 0);
  }
  SUBCASE("a closed pipe with SIGPIPE ignored") {
    const std::string file = temp_file(many_puzzles(sanitized ? 5000 : 20000));
    const auto r = run_script("trap '' PIPE\n{ \"$XCOVER\" sudoku --threads 2 " + file +
                              "; echo $? > " + file +
                              ".status; } | head -1 > /dev/null\n"
                              "cat " +
                              file + ".status");
    std::remove(file.c_str());
    std::remove((file + ".status").c_str());
    CHECK(r.out != "0\n");
    CHECK(r.err.empty());
  }
}

}  // namespace test_hostile_input
