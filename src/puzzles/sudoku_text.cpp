// SPDX-License-Identifier: MIT
// Sudoku as text (sudoku_text.hpp): lines read under a format, boards
// written as lines and grids, killer cages, Knuth's generalized layout.
#include "xcover/puzzles/sudoku_text.hpp"

#include <algorithm>
#include <cstdio>

#include "puzzles/sudoku_names.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/text.hpp"

namespace xcover {

namespace {

using detail::board_name;
using detail::cell_name;
using detail::ends_cells;

// Whether `word` is written as a killer cage: "r1c1r1c2=3".
bool is_cage_word(std::string_view word) {
  std::size_t k = 0;
  auto number = [&] {
    const std::size_t from = k;
    while (k < word.size() && word[k] >= '0' && word[k] <= '9') ++k;
    return k > from;
  };
  int cells = 0;
  while (k < word.size() && word[k] == 'r') {
    ++k;
    if (!number() || k >= word.size() || word[k] != 'c') return false;
    ++k;
    if (!number()) return false;
    ++cells;
  }
  if (cells == 0 || k >= word.size() || word[k] != '=') return false;
  ++k;
  return number() && k == word.size();
}

// The first word of what follows a line's cells that is written as a
// killer cage, or empty: a line read without cages must not have them
// dropped in silence (it would be solved as another puzzle).
std::string_view cage_word(std::string_view tail) {
  std::size_t k = 0;
  while (k < tail.size()) {
    while (k < tail.size() && ends_cells(tail[k])) ++k;
    const std::size_t begin = k;
    while (k < tail.size() && !ends_cells(tail[k])) ++k;
    if (k > begin && is_cage_word(tail.substr(begin, k - begin)))
      return tail.substr(begin, k - begin);
  }
  return {};
}

std::string cells_count(std::size_t cells) {
  if (cells == 0) return "no cells";
  return std::to_string(cells) + (cells == 1 ? " cell" : " cells");
}

int read_number(std::string_view token, std::size_t& k) {
  int value = 0;
  const std::size_t begin = k;
  while (k < token.size() && token[k] >= '0' && token[k] <= '9' && value < 100000)
    value = value * 10 + (token[k++] - '0');
  return k > begin ? value : -1;
}

// "r1c1r1c2=3": the cells (0-based) and the sum.
void add_cage_token(SudokuRules& rules, std::string_view token) {
  const int side = rules.side();
  auto bad = [&](const std::string& what) {
    return SudokuError("cage '" + std::string(token) + "': " + what +
                       " (a cage reads r<row>c<column>...=<sum>, e.g. r1c1r1c2=3)");
  };
  std::vector<int> cells;
  std::size_t k = 0;
  while (k < token.size() && token[k] != '=') {
    if (token[k] != 'r') throw bad("expected 'r' at character " + std::to_string(k + 1));
    ++k;
    const int row = read_number(token, k);
    if (k >= token.size() || token[k] != 'c')
      throw bad("expected 'c' at character " + std::to_string(k + 1));
    ++k;
    const int column = read_number(token, k);
    if (row < 1 || row > side || column < 1 || column > side)
      throw bad("a cell off the " + std::to_string(side) + "x" + std::to_string(side) + " board");
    cells.push_back((row - 1) * side + column - 1);
  }
  if (k >= token.size()) throw bad("no '=' and sum");
  ++k;
  const int sum = read_number(token, k);
  if (sum < 1 || k != token.size()) throw bad("the sum is not a number");
  rules.add_cage(std::move(cells), sum);
}

}  // namespace

// --- text --------------------------------------------------------------------

KnuthSudoku parse_knuth_sudoku(std::string_view text, const std::string& source) {
  static constexpr std::string_view digits = "123456789abcdefghijklmnopqrstuvw";
  static constexpr std::string_view boxes = "0123456789abcdefghijklmnopqrstuv";
  std::vector<std::string_view> lines;
  for (std::size_t k = 0; k < text.size();) {
    std::size_t end = text.find('\n', k);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(k, end - k);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    k = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  auto fail = [&](std::size_t line, const std::string& reason) {
    return ParseError(source, line, reason);
  };
  if (lines.empty() || lines.front().empty())
    throw fail(1, "the first line is empty: its length n is the side");
  const std::size_t n = lines.front().size();
  if (n > digits.size())
    throw fail(1, "the first line has " + std::to_string(n) + " characters; n is at most 32");
  for (std::size_t k = 0; k < lines.size(); ++k)
    if (lines[k].size() != n)
      throw fail(k + 1, "has " + std::to_string(lines[k].size()) +
                            " characters, not n = " + std::to_string(n));
  if (lines.size() % n != 0)
    throw fail(lines.size(), "box-definition group " + std::to_string(lines.size() / n) + " has " +
                                 std::to_string(lines.size() % n) + " of its " + std::to_string(n) +
                                 " lines");
  const int side = static_cast<int>(n);
  KnuthSudoku out{SudokuRules(side), SudokuBoard(side),
                  SudokuAlphabet::custom(digits.substr(0, n), side)};
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      const char ch = lines[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      const std::size_t d = digits.find(ch);
      if (ch == '#')
        out.rules.add_hole(r * side + c);
      else if (d != std::string_view::npos && d < n)
        out.puzzle.cells[static_cast<std::size_t>(r * side + c)] = static_cast<std::uint8_t>(d + 1);
    }
  std::vector<std::vector<int>> cells_of(boxes.size());
  for (std::size_t k = n; k < lines.size(); ++k)
    for (std::size_t c = 0; c < n; ++c) {
      const char ch = lines[k][c];
      if (ch == '.') continue;
      const std::size_t x = boxes.find(ch);
      if (x == std::string_view::npos || x >= n)
        throw fail(k + 1, std::string("'") + ch + "' at column " + std::to_string(c + 1) +
                              " names no box (0-9 then a-v, fewer than n; '.' for none)");
      const int cell = static_cast<int>((k % n) * n + c);
      std::vector<int>& box = cells_of[x];
      if (std::find(box.begin(), box.end(), cell) != box.end())
        throw fail(k + 1, std::string("box ") + ch + " already holds " + cell_name(cell, side));
      box.push_back(cell);
      if (box.size() > n)
        throw fail(k + 1,
                   std::string("box ") + ch + " has more than " + std::to_string(n) + " cells");
    }
  for (std::size_t x = 0; x < cells_of.size(); ++x)
    if (!cells_of[x].empty())
      out.rules.add_region(std::string("box ") + boxes[x], std::move(cells_of[x]));
  return out;
}

std::string to_knuth_lines(const SudokuBoard& board, const SudokuRules& rules,
                           const SudokuAlphabet& alphabet) {
  std::string out;
  for (int r = 0; r < board.side; ++r) {
    for (int c = 0; c < board.side; ++c)
      out += rules.is_hole(r * board.side + c) ? '#' : alphabet.symbol(board.get(r, c));
    out += '\n';
  }
  return out;
}

void add_cages(SudokuRules& rules, std::string_view text) {
  std::size_t k = 0;
  while (k < text.size()) {
    while (k < text.size() && is_blank(text[k])) ++k;
    const std::size_t begin = k;
    while (k < text.size() && !is_blank(text[k])) ++k;
    if (k > begin) add_cage_token(rules, text.substr(begin, k - begin));
  }
}

std::string cages_text(const SudokuRules& rules) {
  std::string out;
  const int side = rules.side();
  for (const auto& cage : rules.cages()) {
    if (!out.empty()) out += ' ';
    for (int cell : cage.cells)
      out += 'r' + std::to_string(cell / side + 1) + 'c' + std::to_string(cell % side + 1);
    out += '=' + std::to_string(cage.sum);
  }
  return out;
}

bool parse_board(std::string_view line, int side, const SudokuAlphabet& alphabet,
                 SudokuBoard& board, std::string& error) {
  std::size_t begin = 0;
  while (begin < line.size() && (line[begin] == ' ' || line[begin] == '\t')) ++begin;
  std::size_t end = begin;
  while (end < line.size() && !ends_cells(line[end])) ++end;
  const std::size_t length = end - begin;
  const std::size_t wanted = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
  if (length != wanted) {
    error =
        cells_count(length) + "; a " + board_name(side) + " board has " + std::to_string(wanted);
    return false;
  }
  if (board.side != side) board.reset(side);
  std::uint8_t* cells = board.cells.data();
  for (std::size_t k = 0; k < length; ++k) {
    const char c = line[begin + k];
    const int value = alphabet.value(c);
    if (value < 0 || value > side) {
      const int position = static_cast<int>(k);
      const unsigned char byte = static_cast<unsigned char>(c);
      char shown[16];
      if (byte < 0x20 || byte >= 0x7f)
        std::snprintf(shown, sizeof shown, "byte 0x%02X", byte);
      else
        std::snprintf(shown, sizeof shown, "'%c'", c);
      error = std::string(shown) + " at position " + std::to_string(position + 1) + " (row " +
              std::to_string(position / side + 1) + ", column " +
              std::to_string(position % side + 1) + ") is not a symbol of a " + board_name(side) +
              " board (" + alphabet.describe() + ")";
      return false;
    }
    cells[k] = static_cast<std::uint8_t>(value);
  }
  // From side 10 up, a line with '0' but without the last digit may be
  // written in digits from 0 (hex 0-F): refuse to guess.
  if (side >= 10 && alphabet.zero_is_blank()) {
    const std::string_view cells_text = line.substr(begin, length);
    const char last = alphabet.symbol(side);
    if (cells_text.find('0') != std::string_view::npos &&
        cells_text.find(last) == std::string_view::npos) {
      error = std::string("'0' with no '") + last + "' in a " + board_name(side) +
              " puzzle: is '0' a blank or a digit (as in hex 0-F)? Write blanks as '.', or "
              "give the digits' symbols (xcover sudoku --alphabet ...)";
      return false;
    }
  }
  return true;
}

SudokuBoard parse_board(std::string_view line, int side, const SudokuAlphabet& alphabet) {
  SudokuBoard board(side);
  std::string error;
  if (!parse_board(line, side, alphabet, board, error)) throw SudokuError(error);
  return board;
}

// (Written in place, not a character appended at a time: appending was an
// eighth of a batch of easy 9x9 puzzles' time.)
void append_line(std::string& out, const SudokuBoard& board, const SudokuAlphabet& alphabet) {
  const std::size_t at = out.size();
  out.resize(at + board.cells.size());
  char* to = out.data() + at;
  for (const std::uint8_t cell : board.cells) *to++ = alphabet.symbol(cell);
}

std::string to_line(const SudokuBoard& board, const SudokuAlphabet& alphabet) {
  std::string line;
  line.reserve(board.cells.size());
  append_line(line, board, alphabet);
  return line;
}

std::string to_line(const SudokuBoard& board) {
  return to_line(board, SudokuAlphabet::standard(board.side));
}

std::string to_grid(const SudokuBoard& board, const SudokuRules& rules,
                    const SudokuAlphabet& alphabet) {
  const int side = board.side, rows = rules.box_rows(), columns = rules.box_columns();
  std::string out;
  for (int r = 0; r < side; ++r) {
    if (rows && r > 0 && r % rows == 0) {
      for (int c = 0; c < side; ++c) {
        if (c > 0) out += columns && c % columns == 0 ? "-+-" : "-";
        out += '-';
      }
      out += '\n';
    }
    for (int c = 0; c < side; ++c) {
      if (c > 0) out += columns && c % columns == 0 ? " | " : " ";
      out += rules.is_hole(r * side + c) ? '#' : alphabet.symbol(board.get(r, c));
    }
    out += '\n';
  }
  return out;
}

std::string to_grid(const SudokuBoard& puzzle, const SudokuBoard& solution,
                    const SudokuRules& rules, const SudokuAlphabet& alphabet) {
  const std::string left = to_grid(puzzle, rules, alphabet);
  const std::string right = to_grid(solution, rules, alphabet);
  std::string out;
  for (std::size_t l = 0, r = 0; l < left.size() && r < right.size();) {
    const std::size_t l_end = left.find('\n', l), r_end = right.find('\n', r);
    out.append(left, l, l_end - l).append("    ").append(right, r, r_end - r) += '\n';
    l = l_end + 1;
    r = r_end + 1;
  }
  return out;
}

// --- lines under a format ---------------------------------------------------

int SudokuLineFormat::fixed_side() const {
  if (box_rows) return box_rows * box_columns;
  if (latin) return latin;
  if (!regions.empty()) {
    int side = 0;
    while (side * side < static_cast<int>(regions.size())) ++side;
    return side;
  }
  return 0;
}

SudokuReader::SudokuReader(SudokuLineFormat format) : format_(std::move(format)) {
  if (int(format_.box_rows > 0) + int(format_.latin > 0) +
          int(!format_.regions.empty() || format_.jigsaw_lines) >
      1)
    throw SudokuError("give one of boxes, a Latin square and jigsaw regions");
  if ((format_.box_rows > 0) != (format_.box_columns > 0))
    throw SudokuError("boxes need both their rows and their columns");
  // Fixed shapes are checked now, not at the first line.
  if (const int side = format_.fixed_side(); side > 0 && !format_.rules_per_line()) shape_for(side);
}

SudokuRules SudokuReader::rules_for(int side) const {
  SudokuRules rules = !format_.regions.empty() ? SudokuRules::jigsaw(format_.regions)
                      : format_.latin          ? SudokuRules(format_.latin)
                      : format_.box_rows ? SudokuRules::boxes(format_.box_rows, format_.box_columns)
                                         : SudokuRules::square(side);
  if (rules.side() != side)
    throw SudokuError(cells_count(static_cast<std::size_t>(side) * static_cast<std::size_t>(side)) +
                      "; a " + rules.describe() + " board has " +
                      std::to_string(rules.cell_count()));
  if (format_.diagonals) rules.add_diagonals();
  if (format_.windows) rules.add_windows();
  return rules;
}

SudokuAlphabet SudokuReader::alphabet_for(int side) const {
  return format_.alphabet.empty() ? SudokuAlphabet::standard(side)
                                  : SudokuAlphabet::custom(format_.alphabet, side);
}

const SudokuReader::Shape& SudokuReader::shape_for(int side) {
  auto found = shapes_.find(side);
  if (found != shapes_.end()) return found->second;
  Shape shape{std::make_shared<const SudokuRules>(rules_for(side)),
              std::make_shared<const SudokuAlphabet>(alphabet_for(side)), std::to_string(side)};
  return shapes_.emplace(side, std::move(shape)).first->second;
}

bool SudokuReader::read(std::string_view text, SudokuLine& line, std::string& error) {
  std::size_t begin = 0;
  while (begin < text.size() && is_blank(text[begin])) ++begin;
  std::size_t end = begin;
  while (end < text.size() && !ends_cells(text[end])) ++end;
  std::size_t cells = end - begin;
  std::string_view board_text = text.substr(begin, cells);
  // The one-line jigsaw form: the givens and the region string run together
  // ("81 + 81" characters) when no regions follow a blank.
  std::vector<std::string_view> rest;
  std::string_view joined_regions;
  if (format_.rules_per_line()) {
    rest = words_of(text.substr(end));
    if (format_.jigsaw_lines && rest.empty() && cells % 2 == 0) {
      std::size_t half_side = 1;
      while (half_side * half_side < cells / 2) ++half_side;
      if (half_side * half_side == cells / 2) {
        cells /= 2;
        joined_regions = board_text.substr(cells);
        board_text = board_text.substr(0, cells);
      }
    }
  }
  if (!format_.killer && end < text.size()) {
    if (const std::string_view cage = cage_word(text.substr(end)); !cage.empty()) {
      error = "the line has a killer cage after its cells ('" + std::string(cage) +
              "'), which would be ignored: read killer lines as killer (the CLI's --killer)";
      return false;
    }
  }
  int side = format_.fixed_side();
  if (side == 0 && cells > 64 * 64) {
    error = cells_count(cells) + "; a board has at most 4096 (64x64)";
    return false;
  }
  if (side == 0) {
    while (static_cast<std::size_t>(side) * static_cast<std::size_t>(side) < cells) ++side;
    if (side < 4 || static_cast<std::size_t>(side) * static_cast<std::size_t>(side) != cells) {
      error = cells_count(cells) + "; a puzzle has 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25)";
      return false;
    }
  }
  try {
    if (!format_.rules_per_line()) {
      const Shape& shape = shape_for(side);
      if (line.rules != shape.rules) line.rules = shape.rules;
      if (line.alphabet != shape.alphabet) line.alphabet = shape.alphabet;
      if (line.key != shape.key) line.key = shape.key;
      line.regions.clear();
    } else {
      SudokuLineFormat for_line = format_;
      line.key = std::to_string(side);
      line.regions.clear();
      if (format_.jigsaw_lines) {
        if (rest.empty() && joined_regions.empty()) {
          error = "no regions after the cells (jigsaw lines)";
          return false;
        }
        for_line.regions = std::string(joined_regions.empty() ? rest.front() : joined_regions);
        if (joined_regions.empty()) rest.erase(rest.begin());
        line.regions = for_line.regions;
        line.key += ' ' + line.regions;
      }
      auto rules = std::make_shared<SudokuRules>(SudokuReader(for_line).rules_for(side));
      if (format_.killer) {
        for (std::string_view token : rest) {
          add_cages(*rules, token);
          line.key += ' ';
          line.key += token;
        }
      }
      line.rules = std::move(rules);
      if (!line.alphabet || line.alphabet->symbols().size() != static_cast<std::size_t>(side))
        line.alphabet = std::make_shared<const SudokuAlphabet>(alphabet_for(side));
    }
  } catch (const SudokuError& e) {
    error = e.what();
    return false;
  }
  return parse_board(board_text, side, *line.alphabet, line.board, error);
}

SudokuLine SudokuReader::read(std::string_view text) {
  SudokuLine line;
  std::string error;
  if (!read(text, line, error)) throw SudokuError(error);
  return line;
}

SudokuBoard parse_sudoku(std::string_view line) {
  thread_local SudokuReader classic;
  return classic.read(line).board;
}

}  // namespace xcover
