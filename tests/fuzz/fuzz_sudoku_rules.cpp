// SPDX-License-Identifier: MIT
// Fuzzes the readers of Sudoku of any shape: boards in an alphabet, jigsaw
// region strings, killer cages and Knuth's generalized layout. The first
// byte picks the rules (Latin square, boxes, jigsaw from the second word;
// diagonals, windows; cages from the words after; with its top bit, the rest
// is read in Knuth's layout), the first word is the board. Whatever the bytes, each
// reader either throws SudokuError with a message or gives something that
//   - prints back to itself (boards with to_line, cages with cages_text),
//   - has houses of `side` distinct cells,
//   - is called invalid by the solver exactly when find_conflict finds a
//     broken rule, and solves (under a node limit) only to boards that
//     is_solution accepts.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"

namespace {

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t k = 0;
  while (k < text.size()) {
    while (k < text.size() && (text[k] == ' ' || text[k] == '\n')) ++k;
    const std::size_t begin = k;
    while (k < text.size() && text[k] != ' ' && text[k] != '\n') ++k;
    if (k > begin) out.push_back(text.substr(begin, k - begin));
  }
  return out;
}

xcover::SudokuRules make_rules(unsigned char pick, int side, std::vector<std::string_view> &rest) {
  using xcover::SudokuRules;
  SudokuRules rules(side);
  switch (pick & 3) {
    case 1: {
      int rows = 1;
      while ((rows + 1) * (rows + 1) <= side) ++rows;  // the squarest boxes
      while (side % rows) --rows;
      rules = SudokuRules::boxes(rows, side / rows);
      break;
    }
    case 2:
      if (!rest.empty()) {
        rules = SudokuRules::jigsaw(rest.front());
        rest.erase(rest.begin());
      }
      break;
    default:
      break;
  }
  if (pick & 0x10) rules.add_diagonals();
  if (pick & 0x20) rules.add_windows();
  if (pick & 0x40)
    for (std::string_view cage : rest) xcover::add_cages(rules, cage);
  return rules;
}

}  // namespace

// Knuth's layout: refused with a located message, or rules whose solver's
// answers obey them.
void knuth(std::string_view text) {
  const std::size_t first = text.find('\n');
  if (first != std::string_view::npos && first > 12) return;  // big boards: slower, not different
  try {
    const xcover::KnuthSudoku k = xcover::parse_knuth_sudoku(text, "fuzz");
    xcover::SudokuSolver solver(k.rules);
    solver.search_options().node_limit = 2000;
    xcover::SudokuBoard solution;
    const auto result = solver.solve(k.puzzle, solution, 2);
    FUZZ_CHECK((result.status == xcover::SudokuStatus::invalid) ==
               !k.rules.find_conflict(k.puzzle).empty());
    if (result.status == xcover::SudokuStatus::solved) {
      FUZZ_CHECK(k.rules.is_solution(k.puzzle, solution));
      FUZZ_CHECK(xcover::to_knuth_lines(solution, k.rules, k.alphabet).size() ==
                 static_cast<std::size_t>(k.rules.side() * (k.rules.side() + 1)));
    }
  } catch (const xcover::ParseError &e) {
    FUZZ_CHECK(std::string_view(e.what()).rfind("fuzz:", 0) == 0);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size < 2) return 0;
  const unsigned char pick = data[0];
  if (pick & 0x80) {
    knuth(std::string_view(reinterpret_cast<const char *>(data) + 1, size - 1));
    return 0;
  }
  std::vector<std::string_view> parts =
      words(std::string_view(reinterpret_cast<const char *>(data) + 1, size - 1));
  if (parts.empty()) return 0;
  const std::string_view cells = parts.front();
  parts.erase(parts.begin());
  int side = 1;
  while (side * side < static_cast<int>(cells.size())) ++side;
  if (side > 9) return 0;  // bigger boards: slower, not different
  try {
    const xcover::SudokuRules rules = make_rules(pick, side, parts);
    for (const auto &house : rules.houses()) {
      FUZZ_CHECK(static_cast<int>(house.cells.size()) == rules.side());
      FUZZ_CHECK(std::set<int>(house.cells.begin(), house.cells.end()).size() ==
                 house.cells.size());
    }
    xcover::SudokuRules again = xcover::SudokuRules(rules.side());
    xcover::add_cages(again, xcover::cages_text(rules));
    FUZZ_CHECK(xcover::cages_text(again) == xcover::cages_text(rules));

    const auto alphabet = xcover::SudokuAlphabet::standard(rules.side());
    const xcover::SudokuBoard board = xcover::parse_board(cells, rules.side(), alphabet);
    FUZZ_CHECK(xcover::parse_board(xcover::to_line(board, alphabet), rules.side(), alphabet) ==
               board);

    xcover::SudokuSolver solver(rules);
    solver.search_options().node_limit = 2000;
    xcover::SudokuBoard solution;
    const auto result = solver.solve(board, solution, 2);
    FUZZ_CHECK((result.status == xcover::SudokuStatus::invalid) ==
               !rules.find_conflict(board).empty());
    if (result.status == xcover::SudokuStatus::solved)
      FUZZ_CHECK(rules.is_solution(board, solution));
  } catch (const xcover::SudokuError &e) {
    FUZZ_CHECK(std::string_view(e.what()).size() > 0);
  }
  return 0;
}
