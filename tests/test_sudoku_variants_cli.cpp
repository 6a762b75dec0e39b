// SPDX-License-Identifier: MIT
// xcover sudoku beyond the classic: shapes and variants, --generate, --rate,
// CSV and JSON. Puzzles the tool makes are read back by the tool, and every
// solution is checked against the rules here, without the library.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "cli_support.hpp"

namespace test_sudoku_variants_cli {

using xcover::test::data_file;
using xcover::test::lines_of;
using xcover::test::run_cli;
using xcover::test::run_script;

namespace {

const char* const jigsaw9 =
    "AAABBBCCCAAABBBCCCAADBBBCCCDADEEEFFFDDDEEEFFFDDDEEHFFFGGGEHHIIIGGGHHHIIIGGGHHHIII";

int digit_of(char c) {
  return c >= '1' && c <= '9' ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 0;
}

// Each group of cells holds distinct digits; the line is full.
bool groups_hold_distinct(const std::string& line, const std::vector<std::vector<int>>& groups) {
  for (const auto& group : groups) {
    std::set<char> seen;
    for (int cell : group) {
      if (line[static_cast<std::size_t>(cell)] == '.' ||
          !seen.insert(line[static_cast<std::size_t>(cell)]).second)
        return false;
    }
  }
  return true;
}

std::vector<std::vector<int>> rows_and_columns(int side) {
  std::vector<std::vector<int>> groups;
  for (int r = 0; r < side; ++r) {
    groups.emplace_back();
    for (int c = 0; c < side; ++c) groups.back().push_back(r * side + c);
  }
  for (int c = 0; c < side; ++c) {
    groups.emplace_back();
    for (int r = 0; r < side; ++r) groups.back().push_back(r * side + c);
  }
  return groups;
}

std::vector<std::vector<int>> boxes(int rows, int columns) {
  const int side = rows * columns;
  std::vector<std::vector<int>> groups;
  for (int top = 0; top < side; top += rows)
    for (int left = 0; left < side; left += columns) {
      groups.emplace_back();
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) groups.back().push_back((top + r) * side + left + c);
    }
  return groups;
}

// The puzzle's givens are kept in the solution.
bool keeps_givens(const std::string& puzzle, const std::string& solution) {
  for (std::size_t k = 0; k < puzzle.size() && puzzle[k] != ' '; ++k)
    if (puzzle[k] != '.' && puzzle[k] != solution[k]) return false;
  return true;
}

// Makes puzzles with `options`, solves them back with `read_options`, checks
// uniqueness and the groups.
void round_trip(const std::string& options, const std::string& read_options, int side,
                const std::vector<std::vector<int>>& groups) {
  CAPTURE(options);
  const auto made = run_cli("sudoku --generate 4 --seed 11 " + options);
  REQUIRE(made.exit_code == 0);
  const auto puzzles = lines_of(made.out);
  REQUIRE(puzzles.size() == 4);
  CHECK(std::set<std::string>(puzzles.begin(), puzzles.end()).size() == 4);
  const auto counted = run_cli("sudoku --count " + read_options, made.out);
  CHECK(counted.exit_code == 0);
  CHECK(counted.out == "1\n1\n1\n1\n");
  const auto solved = run_cli("sudoku " + read_options, made.out);
  CHECK(solved.exit_code == 0);
  const auto solutions = lines_of(solved.out);
  REQUIRE(solutions.size() == 4);
  for (std::size_t k = 0; k < 4; ++k) {
    CHECK(solutions[k].size() == static_cast<std::size_t>(side * side));
    CHECK(keeps_givens(puzzles[k], solutions[k]));
    CHECK(groups_hold_distinct(solutions[k], groups));
  }
}

}  // namespace

TEST_CASE("sudoku variants cli: generate and solve back every shape") {
  auto classic = rows_and_columns(9);
  for (auto& b : boxes(3, 3)) classic.push_back(b);
  round_trip("", "", 9, classic);
  round_trip("--symmetry rotate90", "", 9, classic);

  auto six = rows_and_columns(6);
  for (auto& b : boxes(2, 3)) six.push_back(b);
  round_trip("--boxes 2x3", "--boxes 2x3", 6, six);

  auto x = classic;
  std::vector<int> main, anti;
  for (int r = 0; r < 9; ++r) main.push_back(r * 10), anti.push_back(r * 9 + 8 - r);
  x.push_back(main);
  x.push_back(anti);
  round_trip("-x", "--diagonals", 9, x);

  auto windows = classic;
  for (int top : {1, 5})
    for (int left : {1, 5}) {
      windows.emplace_back();
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) windows.back().push_back((top + r) * 9 + left + c);
    }
  round_trip("--windows", "--windows", 9, windows);

  auto jigsaw = rows_and_columns(9);
  for (char region = 'A'; region <= 'I'; ++region) {
    jigsaw.emplace_back();
    for (int cell = 0; cell < 81; ++cell)
      if (jigsaw9[cell] == region) jigsaw.back().push_back(cell);
  }
  round_trip(std::string("--regions ") + jigsaw9, std::string("--regions ") + jigsaw9, 9, jigsaw);

  auto sixteen = rows_and_columns(16);
  for (auto& b : boxes(4, 4)) sixteen.push_back(b);
  round_trip("--boxes 4x4", "", 16, sixteen);
  round_trip("--latin 7", "--latin 7", 7, rows_and_columns(7));
}

TEST_CASE("sudoku variants cli: jigsaw regions on each line, and killer cages") {
  const auto line = run_cli(std::string("sudoku --generate 1 --regions ") + jigsaw9);
  REQUIRE(line.exit_code == 0);
  const std::string with_regions = lines_of(line.out)[0] + " " + jigsaw9 + "\n";
  const auto solved = run_cli("sudoku --jigsaw --count", with_regions);
  CHECK(solved.exit_code == 0);
  CHECK(solved.out == "1\n");
  // The common one-line form: 81 givens and 81 region symbols run together.
  const std::string joined = lines_of(line.out)[0] + jigsaw9 + "\n";
  const auto joined_count = run_cli("sudoku --jigsaw --count", joined);
  CHECK(joined_count.out == "1\n");
  CHECK(run_cli("sudoku --jigsaw", joined).out == run_cli("sudoku --jigsaw", with_regions).out);

  const auto killer = run_cli("sudoku --generate 3 --killer --seed 5");
  REQUIRE(killer.exit_code == 0);
  const auto counted = run_cli("sudoku --killer --count", killer.out);
  CHECK(counted.out == "1\n1\n1\n");
  // Without --killer the cages would be dropped and another puzzle solved:
  // each line is refused instead, by file and line.
  const auto unread = run_cli("sudoku --count", killer.out);
  CHECK(unread.exit_code == 1);
  CHECK(lines_of(unread.out).size() == 3);
  CHECK(unread.err.starts_with("<stdin>:1: the line has a killer cage after its cells ('r"));
  // A cage too big to write as options is that line's error, by line.
  std::string cells;
  for (int column = 1; column <= 18; ++column) cells += "r1c" + std::to_string(column);
  const auto big = run_cli("sudoku --killer --count",
                           killer.out + std::string(36 * 36, '.') + " " + cells + "=333\n");
  CHECK(big.exit_code == 1);
  CHECK(big.out ==
        "1\n1\n1\nerror: cage 1: 113093022 sets of 18 distinct digits sum to 333, more "
        "than the 250000 a cage may have (each is an option of the problem)\n");
  CHECK(big.err.starts_with("<stdin>:4: cage 1: 113093022 sets"));
  // Every cage of the first puzzle sums to its total in the solution.
  const std::string first = lines_of(killer.out)[0];
  const auto solution = lines_of(run_cli("sudoku --killer", first + "\n").out);
  REQUIRE(solution.size() == 1);
  std::size_t at = first.find(' ');
  int cages = 0;
  while (at != std::string::npos) {
    const std::size_t end = first.find(' ', at + 1);
    const std::string cage = first.substr(at + 1, end == std::string::npos ? end : end - at - 1);
    int sum = 0;
    std::size_t k = 0;
    while (cage[k] == 'r') {
      const int row = cage[k + 1] - '0', column = cage[k + 3] - '0';
      sum += digit_of(solution[0][static_cast<std::size_t>((row - 1) * 9 + column - 1)]);
      k += 4;
    }
    CHECK(cage[k] == '=');
    CHECK(sum == std::stoi(cage.substr(k + 1)));
    ++cages;
    at = end;
  }
  CHECK(cages > 10);
}

TEST_CASE("sudoku variants cli: a seed makes the same puzzles with any threads") {
  const auto one = run_cli("sudoku --generate 12 --seed 99 -j 1");
  const auto two = run_cli("sudoku --generate 12 --seed 99 -j 2");
  CHECK(one.exit_code == 0);
  CHECK(one.out == two.out);
  const auto later = run_cli("sudoku --generate 2 --seed 109 -j 1");
  CHECK(lines_of(later.out)[0] == lines_of(one.out)[10]);
}

TEST_CASE("sudoku variants cli: hex symbols need an alphabet, and say so") {
  const auto made = run_cli("sudoku --generate 1 --boxes 4x4 --alphabet 0123456789ABCDEF");
  REQUIRE(made.exit_code == 0);
  CHECK(made.out.find('0') != std::string::npos);  // '0' is a digit here
  CHECK(made.out.find('G') == std::string::npos);
  const auto solved = run_cli("sudoku --count --alphabet 0123456789ABCDEF --boxes 4x4", made.out);
  CHECK(solved.out == "1\n");
  // Without the alphabet '0' could be a blank or a digit: refused, not guessed.
  const std::string hex = lines_of(made.out)[0];
  if (hex.find('G') == std::string::npos) {
    for (const char* options : {"", "--boxes 4x4"}) {
      const auto refused = run_cli(std::string("sudoku --count ") + options, made.out);
      CHECK(refused.exit_code == 1);
      CHECK(refused.err.find("'0' with no 'G' in a 16x16 puzzle: is '0' a blank or a digit") !=
            std::string::npos);
    }
  }
}

TEST_CASE("sudoku variants cli: ratings, difficulty and CSV / JSON") {
  const auto easy = run_cli("sudoku --rate " + data_file("sudoku_kaggle_sample.txt"));
  CHECK(easy.exit_code == 0);
  CHECK(easy.out.find("expert") == std::string::npos);
  CHECK(lines_of(easy.out).size() == 40);
  const auto hard = run_cli("sudoku --rate " + data_file("sudoku_hardest1905_sample.txt"));
  for (const std::string& line : lines_of(hard.out)) CHECK(line.rfind("expert ", 0) == 0);

  // Fewer clues than any puzzle of one solution has: a usage error at once,
  // not 10,000 puzzles made in vain. Killer puzzles may have none.
  const auto impossible = run_cli("sudoku --generate 1 --clues 16");
  CHECK(impossible.exit_code == 2);
  CHECK(impossible.out.empty());
  CHECK(impossible.err.find("xcover sudoku: --clues 16: no 9x9, 3x3 boxes puzzle with one "
                            "solution has fewer than 17 clues") == 0);
  const auto x = run_cli("sudoku --diagonals --generate 1 --clues 7");
  CHECK(x.exit_code == 2);
  CHECK(x.err.find("has fewer than 8 clues") != std::string::npos);

  const auto wanted = run_cli("sudoku --generate 3 --difficulty intermediate --rate");
  CHECK(wanted.exit_code == 0);
  for (const std::string& line : lines_of(wanted.out)) CHECK(line.find(" intermediate ") == 81);
  // Every minimal 4x4 puzzle is simple: 10,000 tried for an expert one, and
  // the command says why it made none.
  const auto never = run_cli("sudoku --generate 1 --boxes 2x2 --difficulty expert --stats");
  CHECK(never.exit_code == 1);
  CHECK(never.out.empty());
  CHECK(never.err.find("tried 10000\n") != std::string::npos);
  CHECK(never.err.find("xcover: made 0 of 1 puzzles: none of the other 10000 puzzles made "
                       "fitted the difficulty or clues asked") != std::string::npos);

  const auto csv = run_cli(
      "sudoku --format csv --rate",
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n55" +
          std::string(79, '.') + "\n");
  CHECK(csv.exit_code == 1);
  const auto rows = lines_of(csv.out);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0] == "puzzle,solution,count,nodes,level,score,error");
  CHECK(rows[1].rfind(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79,"
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179,1,",
            0) == 0);
  CHECK(rows[2] == "55" + std::string(79, '.') + ",,,,,,digit 5 twice in row 1 (columns 1 and 2)");
  const auto json = run_cli("sudoku --format json --generate 1 --rate");
  CHECK(json.out.rfind("{\"puzzle\":\"", 0) == 0);
  CHECK(json.out.find("\"count\":1,") != std::string::npos);
  CHECK(json.out.find("\"level\":\"") != std::string::npos);
}

TEST_CASE("sudoku variants cli: the grid shows the givens beside the solution") {
  const auto r =
      run_cli("sudoku --boxes 2x3 --format grid", "1.....2.....3.....4.....5.....6.....\n");
  CHECK(r.exit_code == 0);
  const auto rows = lines_of(r.out);
  REQUIRE(rows.size() == 8);
  CHECK(rows[0].rfind("1 . . | . . .    1 ", 0) == 0);
  CHECK(rows[2] == "------+------    ------+------");
  for (const std::string& row : rows) CHECK(row.size() == rows[0].size());
}

TEST_CASE("sudoku variants cli: Knuth's generalized layout, with holes") {
  // The Grabarchuks' letter 'A' (Puzzlium ABC): six holes, five hexomino boxes.
  const std::string a =
      "#.5..#\n.4..3.\n6.##..\n.5.2..\n.....1\n.3##..\n"
      ".0000.\n122203\n12..03\n122433\n144443\n11..43\n";
  const auto solved = run_cli("sudoku --knuth", a);
  CHECK(solved.exit_code == 0);
  const auto rows = lines_of(solved.out);
  REQUIRE(rows.size() == 6);
  std::vector<std::vector<int>> groups = rows_and_columns(6);
  std::string line;
  for (const std::string& row : rows) line += row;
  for (std::size_t k = 0; k < line.size(); ++k)
    CHECK((line[k] == '#') == (a[k / 6 * 7 + k % 6] == '#'));  // holes stay holes
  for (std::size_t k = 0; k < 36; ++k) {
    const char given = a[k / 6 * 7 + k % 6];
    if (given >= '1' && given <= '6') CHECK(line[k] == given);
  }
  // Rows and columns: no digit twice (those with holes are short).
  for (const auto& group : groups) {
    std::set<char> seen;
    for (int cell : group)
      if (line[static_cast<std::size_t>(cell)] != '#')
        CHECK(seen.insert(line[static_cast<std::size_t>(cell)]).second);
  }
  CHECK(run_cli("sudoku --knuth --count", a).out == "1\n");
  const auto bad = run_cli("sudoku --knuth", "12\n1\n");
  CHECK(bad.exit_code == 1);
  CHECK(bad.err == "<stdin>:2: has 1 characters, not n = 2\n");
  CHECK(run_cli("sudoku --knuth --boxes 2x3", a).exit_code == 2);
}

TEST_CASE("sudoku variants cli: errors name the line and what is wrong") {
  const auto wrong_size = run_cli("sudoku --boxes 2x3", std::string(81, '.') + "\n");
  CHECK(wrong_size.exit_code == 1);
  CHECK(wrong_size.out == "error: 81 cells; a 6x6 board has 36\n");
  CHECK(wrong_size.err == "<stdin>:1: 81 cells; a 6x6 board has 36\n");
  const auto bad_cage = run_cli("sudoku --killer", std::string(81, '.') + " r1c1r1c2=3 r1c3x=4\n");
  CHECK(bad_cage.exit_code == 1);
  CHECK(bad_cage.err ==
        "<stdin>:1: cage 'r1c3x=4': expected 'r' at character 5 (a cage reads "
        "r<row>c<column>...=<sum>, e.g. r1c1r1c2=3)\n");
  CHECK(run_cli("sudoku --boxes 3").exit_code == 2);
  const auto seed = run_cli("sudoku --seed 4");
  CHECK(seed.exit_code == 2);
  CHECK(lines_of(seed.err)[0] == "xcover sudoku: --seed applies to --generate");
  CHECK(run_cli("sudoku --generate 1 --difficulty hard").exit_code == 2);
  CHECK(run_cli("sudoku --generate 1 --symmetry spiral").exit_code == 2);
  CHECK(run_cli("sudoku --boxes 2x3 --latin 6").exit_code == 2);
  CHECK(run_cli("sudoku --generate 1 --windows --latin 9").exit_code == 2);
  const auto no_boxes = run_cli("sudoku --generate 1 --alphabet 123456", "");
  CHECK(no_boxes.exit_code == 2);
}

}  // namespace test_sudoku_variants_cli
