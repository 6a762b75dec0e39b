// SPDX-License-Identifier: MIT
#include "commands/sudoku_shape.hpp"

#include <cstdio>

#include "cli/cli.hpp"
#include "xcover/text.hpp"

namespace xcover::cli {

namespace {

bool ends_token(char c) { return is_blank(c) || c == ',' || c == ':'; }

// The words of `text` separated by blanks.
std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t k = 0;
  while (k < text.size()) {
    while (k < text.size() && is_blank(text[k])) ++k;
    const std::size_t begin = k;
    while (k < text.size() && !is_blank(text[k])) ++k;
    if (k > begin) out.push_back(text.substr(begin, k - begin));
  }
  return out;
}

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + '"';
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string score_text(double score) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", score);
  return text;
}

}  // namespace

bool SudokuShape::any() const {
  return box_rows || latin || !regions.empty() || jigsaw_lines || diagonals || windows ||
         killer || !alphabet.empty() || knuth;
}

int SudokuShape::fixed_side() const {
  if (box_rows) return box_rows * box_columns;
  if (latin) return latin;
  if (!regions.empty()) {
    int side = 0;
    while (side * side < static_cast<int>(regions.size())) ++side;
    return side;
  }
  return 0;
}

void parse_boxes(const std::string& text, SudokuShape& shape) {
  int rows = 0, columns = 0;
  char x = 0, extra = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &rows, &x, &columns, &extra) != 3 || x != 'x' ||
      rows < 1 || columns < 1 || rows * columns > 64)
    throw UsageError("--boxes must be ROWSxCOLUMNS with a side of at most 64 (e.g. 2x3), not '" +
                     text + "'");
  shape.box_rows = rows;
  shape.box_columns = columns;
}

SudokuRules shape_rules(const SudokuShape& shape, int side) {
  SudokuRules rules = !shape.regions.empty() ? SudokuRules::jigsaw(shape.regions)
                      : shape.latin          ? SudokuRules(shape.latin)
                      : shape.box_rows       ? SudokuRules::boxes(shape.box_rows, shape.box_columns)
                                             : [&] {
                                                 int box = 1;
                                                 while (box * box < side) ++box;
                                                 if (box * box != side)
                                                   throw SudokuError(
                                                       "a " + std::to_string(side) + "x" +
                                                       std::to_string(side) +
                                                       " board has no square boxes: give "
                                                       "--boxes RxC, --latin or --regions");
                                                 return SudokuRules::boxes(box, box);
                                               }();
  if (shape.diagonals) rules.add_diagonals();
  if (shape.windows) rules.add_windows();
  return rules;
}

SudokuAlphabet shape_alphabet(const SudokuShape& shape, int side) {
  return shape.alphabet.empty() ? SudokuAlphabet::standard(side)
                                : SudokuAlphabet::custom(shape.alphabet, side);
}

SudokuLine read_sudoku_line(const SudokuShape& shape, std::string_view line) {
  std::size_t begin = 0;
  while (begin < line.size() && is_blank(line[begin])) ++begin;
  std::size_t end = begin;
  while (end < line.size() && !ends_token(line[end])) ++end;
  std::size_t cells = end - begin;
  std::vector<std::string_view> rest = words(line.substr(end));
  std::string_view board_text = line.substr(begin, cells);
  // The one-line jigsaw form: the givens and the region string run together
  // ("81 + 81" characters) when no regions follow a blank.
  std::string_view joined_regions;
  if (shape.jigsaw_lines && rest.empty() && cells % 2 == 0) {
    std::size_t half_side = 1;
    while (half_side * half_side < cells / 2) ++half_side;
    if (half_side * half_side == cells / 2) {
      cells /= 2;
      joined_regions = board_text.substr(cells);
      board_text = board_text.substr(0, cells);
    }
  }
  int side = shape.fixed_side();
  if (side == 0) {
    while (static_cast<std::size_t>(side * side) < cells) ++side;
    if (static_cast<std::size_t>(side * side) != cells || side == 0)
      throw SudokuError(std::to_string(cells) +
                        " cells, not a square number: a board has side x side cells");
  }
  SudokuLine out;
  SudokuShape for_line = shape;
  if (shape.jigsaw_lines) {
    if (rest.empty() && joined_regions.empty())
      throw SudokuError("no regions after the cells (--jigsaw)");
    for_line.regions = std::string(joined_regions.empty() ? rest.front() : joined_regions);
    out.regions = for_line.regions;
    out.key = for_line.regions;
    if (joined_regions.empty()) rest.erase(rest.begin());
  }
  out.rules = shape_rules(for_line, side);
  if (out.rules.side() != side)
    throw SudokuError(std::to_string(cells) + " cells; a " + out.rules.describe() +
                      " board has " + std::to_string(out.rules.cell_count()));
  if (shape.killer) {
    for (std::string_view token : rest) {
      add_cages(out.rules, token);
      out.key += ' ';
      out.key += token;
    }
  }
  out.alphabet = shape_alphabet(shape, side);
  out.board = parse_board(board_text, side, out.alphabet);
  out.key = std::to_string(side) + out.key;
  return out;
}

std::string csv_header() { return "puzzle,solution,count,nodes,level,score,error\n"; }

std::string csv_row(const SudokuRow& row) {
  std::string out = csv_field(row.puzzle) + ',' + csv_field(row.solution) + ',';
  if (row.count) out += std::to_string(*row.count);
  out += ',';
  if (row.nodes) out += std::to_string(*row.nodes);
  out += ',';
  if (row.rating) out += std::string(to_string(row.rating->level)) + ',' + score_text(row.rating->nodes);
  else out += ',';
  return out + ',' + csv_field(row.error) + '\n';
}

std::string json_row(const SudokuRow& row) {
  std::string out = "{\"puzzle\":" + json_string(row.puzzle);
  if (!row.solution.empty()) out += ",\"solution\":" + json_string(row.solution);
  if (row.count) out += ",\"count\":" + std::to_string(*row.count);
  if (row.nodes) out += ",\"nodes\":" + std::to_string(*row.nodes);
  if (row.rating)
    out += std::string(",\"level\":\"") + to_string(row.rating->level) +
           "\",\"score\":" + score_text(row.rating->nodes);
  if (!row.error.empty()) out += ",\"error\":" + json_string(row.error);
  return out + "}\n";
}

}  // namespace xcover::cli
