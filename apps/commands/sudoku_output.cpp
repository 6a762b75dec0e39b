// SPDX-License-Identifier: MIT
// What `xcover sudoku` prints: CSV and JSON rows, ratings, puzzles as read.
#include <cstdio>
#include <iostream>
#include <string_view>

#include "cli/cli.hpp"
#include "commands/sudoku_command.hpp"
#include "xcover/text.hpp"

namespace xcover::cli {

namespace {

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

void parse_boxes(const std::string& text, SudokuLineFormat& format) {
  int rows = 0, columns = 0;
  char x = 0, extra = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &rows, &x, &columns, &extra) != 3 || x != 'x' ||
      rows < 1 || columns < 1 || rows * columns > 64)
    throw UsageError("--boxes must be ROWSxCOLUMNS with a side of at most 64 (e.g. 2x3), not '" +
                     text + "'");
  format.box_rows = rows;
  format.box_columns = columns;
}

std::string rating_text(const SudokuRating& rating) {
  return std::string(to_string(rating.level)) + ' ' + score_text(rating.nodes);
}

std::string puzzle_text(const SudokuLine& line, const SudokuLineFormat& format) {
  std::string out = to_line(line.board, *line.alphabet);
  if (format.jigsaw_lines) out += ' ' + line.regions;
  if (format.killer && !line.rules->cages().empty()) out += ' ' + cages_text(*line.rules);
  return out;
}

std::string colored_line(const std::string& text, const SudokuBoard& puzzle) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const bool given = k < puzzle.cells.size() && puzzle.cells[k] != 0;
    out += (given ? bold() : found_digit()) + text[k];
  }
  return out + plain();
}

std::string colored_grid(const std::string& text, const SudokuBoard& puzzle) {
  // Cells are the characters other than blanks, '|', '-', '+' and '#' (a
  // hole); the solution's board starts after the four blanks that end the
  // puzzle's, where there are two.
  std::string out;
  int row = 0;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + begin, end - begin);
    const std::size_t gap = line.find("    ");
    const bool cells = line.find_first_not_of(" -+|\n") != std::string_view::npos;
    int col = 0;
    for (std::size_t k = 0; k < line.size(); ++k) {
      const char c = line[k];
      if (k == gap) col = 0;  // the solution's board
      if (!cells || c == ' ' || c == '|' || c == '#') {
        out += c;
        if (c == '#') ++col;
        continue;
      }
      const std::size_t cell = static_cast<std::size_t>(row * puzzle.side + col++);
      const bool given = cell < puzzle.cells.size() && puzzle.cells[cell] != 0;
      const bool blank = c == '.';
      out += (given ? bold() : blank ? plain() : found_digit()) + c + plain();
    }
    if (cells) ++row;
    out += '\n';
    begin = end + 1;
  }
  return out;
}

void write_pictures(const std::vector<std::string>& pictures) {
  if (pictures.size() == 1)
    std::cout << pictures.front();
  else if (!pictures.empty())
    std::cout << svg_sheet(pictures);
}

std::string csv_header() { return "puzzle,solution,count,nodes,level,score,error\n"; }

std::string csv_row(const SudokuRow& row) {
  std::string out = csv_field(row.puzzle) + ',' + csv_field(row.solution) + ',';
  if (row.count) out += std::to_string(*row.count);
  out += ',';
  if (row.nodes) out += std::to_string(*row.nodes);
  out += ',';
  if (row.rating)
    out += std::string(to_string(row.rating->level)) + ',' + score_text(row.rating->nodes);
  else
    out += ',';
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
