// SPDX-License-Identifier: MIT
// The picture file format (boards and pieces drawn with '#' and '.'), and
// tilings drawn as text.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <istream>
#include <sstream>

#include "puzzles/polyform/names.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/text.hpp"

namespace xcover::polyform {

namespace {

// A picture row: '#', '.' and blanks (ignored), at least one of the first two.
bool is_picture_row(std::string_view line) {
  return std::all_of(line.begin(), line.end(),
                     [](char c) { return c == '#' || c == '.' || is_blank(c); }) &&
         line.find_first_of("#.") != std::string_view::npos;
}

bool is_layer_break(std::string_view line) {
  return !line.empty() && line.find_first_not_of('-') == std::string_view::npos;
}

// `line` without the blanks at its end (is_blank's, as words_of splits on:
// a line of blanks alone is empty).
std::string_view trim_right(std::string_view line) {
  while (!line.empty() && is_blank(line.back())) line.remove_suffix(1);
  return line;
}

// A whole number >= `least`, the whole of `text`.
std::optional<int> number(std::string_view text, int least) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < least)
    return std::nullopt;
  return value;
}

// Reads line by line; a picture is open from its header to the line that
// ends it.
class PictureParser {
 public:
  PictureParser(std::string source, Lattice lattice)
      : source_(std::move(source)), lattice_(lattice) {}

  void read_line(std::string_view raw) {
    ++line_;
    const std::string_view line = trim_right(raw);
    if (!line.empty() && line.front() == '|') return;
    if (line.empty()) {
      close_picture();
    } else if (is_picture_row(line)) {
      add_row(line);
    } else if (is_layer_break(line)) {
      next_layer();
    } else {
      const std::vector<std::string_view> words = words_of(line);
      if (words[0] != "board" && words[0] != "piece")
        fail(line_, "expected 'board', 'piece NAME' or a row of '#' and '.', found '" +
                        std::string(line) + "'");
      close_picture();
      start_picture(words);
    }
  }

  PictureFile finish() {
    close_picture();
    return std::move(file_);
  }

 private:
  [[noreturn]] void fail(std::size_t line, const std::string& reason) const {
    throw ParseError(source_, line, reason);
  }

  std::string what_is_open() const {
    return piece_ ? "piece '" + piece_->name + "'" : std::string("the board");
  }

  // A header: "board" or "piece NAME [xN] [M..N] [one-sided]".
  void start_picture(const std::vector<std::string_view>& words) {
    if (words[0] == "piece") {
      piece_ = piece_header(words);
    } else if (words.size() != 1) {
      fail(line_, "expected 'board' alone on its line");
    } else if (file_.board) {
      fail(line_, "a second board (the first is at line " + std::to_string(file_.board_line) + ")");
    } else {
      piece_.reset();
    }
    open_ = true;
    header_line_ = line_;
    rows_.clear();
    layer_ = 0;
    cells_.clear();
  }

  Piece piece_header(const std::vector<std::string_view>& words) const {
    if (words.size() < 2) fail(line_, "expected 'piece NAME' (then xN, M..N or one-sided)");
    Piece piece{std::string(words[1]), Shape()};
    if (const std::string error = piece_name_error(piece.name); !error.empty()) fail(line_, error);
    for (std::size_t k = 0; k < file_.pieces.size(); ++k) {
      if (file_.pieces[k].name == piece.name)
        fail(line_, "piece '" + piece.name + "' is defined twice (first at line " +
                        std::to_string(file_.piece_lines[k]) + ")");
    }
    std::optional<int> copies;
    for (std::size_t k = 2; k < words.size(); ++k) {
      const std::string_view word = words[k];
      const std::string quoted = "'" + std::string(word) + "'";
      if (word == "one-sided") {
        piece.flips = false;
      } else if (word.starts_with('x')) {
        if (copies) fail(line_, "the copies are given twice, found " + quoted);
        copies = number(word.substr(1), 1);
        if (!copies)
          fail(line_, "expected xN after the piece name, N copies (1 or more), found " + quoted);
      } else if (const std::size_t dots = word.find(".."); dots != std::string_view::npos) {
        const std::optional<int> low = number(word.substr(0, dots), 0);
        const std::optional<int> high = number(word.substr(dots + 2), 1);
        if (!low || !high || *low > *high)
          fail(line_,
               "expected a range M..N of copies used (0 <= M <= N, N >= 1), found " + quoted);
        if (copies && *copies != *high)
          fail(line_, "the range " + std::string(word) + " ends at " + std::to_string(*high) +
                          " but the piece has " + std::to_string(*copies) + " copies");
        copies = *high;
        piece.min_copies = *low;
      } else {
        fail(line_, "expected xN, M..N or one-sided after the piece name, found " + quoted);
      }
    }
    piece.copies = copies.value_or(1);
    if (piece.min_copies && *piece.min_copies > piece.copies)
      fail(line_, "the range starts at " + std::to_string(*piece.min_copies) +
                      " but the piece has " + std::to_string(piece.copies) + " copies");
    return piece;
  }

  void add_row(std::string_view line) {
    if (!open_) fail(line_, "a picture row must follow a 'board' or 'piece NAME' line");
    std::string row;
    for (const char ch : line)
      if (ch == '#' || ch == '.') row += ch;
    if (!rows_.empty() && row.size() != rows_.front().size())
      fail(line_, "ragged picture: this row of " + what_is_open() + " has " +
                      std::to_string(row.size()) + " cells, its first row " +
                      std::to_string(rows_.front().size()) + " (pad rows with '.')");
    rows_.push_back(std::move(row));
  }

  void next_layer() {
    if (!open_) fail(line_, "a line of '-' must come inside a picture (it starts its next layer)");
    if (!is_solid(lattice_))
      fail(line_, "a line of '-' starts a layer, and the " + std::string(to_string(lattice_)) +
                      " lattice is flat (one layer)");
    take_layer();
    ++layer_;
  }

  void take_layer() {
    const Shape layer = Shape::from_picture(rows_);
    for (const Cell& cell : layer.cells()) cells_.push_back(Cell{cell.row, cell.col, layer_});
    rows_.clear();
  }

  void close_picture() {
    if (!open_) return;
    open_ = false;
    take_layer();
    Shape shape(std::move(cells_));
    cells_.clear();
    if (shape.size() == 0) fail(header_line_, what_is_open() + " has no cells");
    if (piece_) {
      piece_->shape = std::move(shape);
      file_.pieces.push_back(std::move(*piece_));
      file_.piece_lines.push_back(header_line_);
    } else {
      file_.board = std::move(shape);
      file_.board_line = header_line_;
    }
  }

  std::string source_;
  Lattice lattice_;
  std::size_t line_ = 0;
  PictureFile file_;
  // The open picture: its header, its rows (of the current layer), the
  // cells of the layers before, and the piece (none for the board).
  bool open_ = false;
  std::size_t header_line_ = 0;
  std::vector<std::string> rows_;
  int layer_ = 0;
  std::vector<Cell> cells_;
  std::optional<Piece> piece_;
};

}  // namespace

PictureFile read_pictures(std::istream& in, Lattice lattice, const std::string& source) {
  PictureParser parser(source, lattice);
  std::string line;
  bool first = true;
  while (read_line(in, line)) {
    if (first) strip_byte_order_mark(line);
    first = false;
    parser.read_line(line);
  }
  return parser.finish();
}

PictureFile parse_pictures(std::string_view text, Lattice lattice, const std::string& source) {
  std::istringstream in{std::string(text)};
  return read_pictures(in, lattice, source);
}

// --- tilings as text -----------------------------------------------------------

namespace {

std::string label_of(const Piece& piece, int copy) {
  return piece.copies == 1 ? piece.name : piece.name + ":" + std::to_string(copy);
}

}  // namespace

std::vector<std::string> tiling_picture(const Tiling& tiling, const Solution& solution) {
  const std::vector<int> copies = copy_numbers(tiling, solution);
  // Each cell's label, by layer, row and column over the board's bounds.
  int min_row = 0, max_row = -1, min_col = 0, max_col = -1, min_layer = 0, max_layer = -1;
  bool first = true;
  for (const Cell& cell : tiling.board.cells()) {
    if (first) {
      min_row = max_row = cell.row;
      min_col = max_col = cell.col;
      min_layer = max_layer = cell.layer;
      first = false;
    }
    min_row = std::min(min_row, cell.row);
    max_row = std::max(max_row, cell.row);
    min_col = std::min(min_col, cell.col);
    max_col = std::max(max_col, cell.col);
    min_layer = std::min(min_layer, cell.layer);
    max_layer = std::max(max_layer, cell.layer);
  }
  const auto rows = static_cast<std::size_t>(max_row - min_row + 1);
  const auto cols = static_cast<std::size_t>(max_col - min_col + 1);
  const auto layers = static_cast<std::size_t>(max_layer - min_layer + 1);
  std::vector<std::string> labels;
  std::vector<int> covering(layers * rows * cols, -1);  // an index into labels
  auto index = [&](const Cell& cell) {
    return (static_cast<std::size_t>(cell.layer - min_layer) * rows +
            static_cast<std::size_t>(cell.row - min_row)) *
               cols +
           static_cast<std::size_t>(cell.col - min_col);
  };
  std::size_t width = 1;
  bool one_character = true;
  for (const Piece& piece : tiling.pieces) {
    width = std::max(width, label_of(piece, piece.copies).size());
    one_character = one_character && piece.name.size() == 1 && piece.copies == 1;
  }
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    const Placement& placement = tiling.placements[static_cast<std::size_t>(solution.options[k])];
    labels.push_back(label_of(tiling.pieces[static_cast<std::size_t>(placement.piece)], copies[k]));
    for (const Cell& cell : placement.cells.cells()) covering[index(cell)] = static_cast<int>(k);
  }
  // Hexagons: one character a cell needs a blank between cells too, to
  // indent rows by half a cell.
  const bool hex = tiling.lattice == Lattice::hex;
  const bool fields = !one_character || hex;
  const std::size_t field = one_character ? 1 : width;
  std::vector<std::string> picture;
  for (std::size_t l = 0; l < layers; ++l) {
    if (l > 0) picture.push_back("-");
    for (std::size_t r = 0; r < rows; ++r) {
      std::string row;
      if (hex) row.assign(r * (field + 1) / 2, ' ');
      const std::size_t indent = row.size();
      for (std::size_t c = 0; c < cols; ++c) {
        const int k = covering[(l * rows + r) * cols + c];
        if (fields) row.resize(indent + c * (field + 1), ' ');  // field c starts there
        row += k < 0 ? "." : labels[static_cast<std::size_t>(k)];
      }
      picture.push_back(std::move(row));
    }
  }
  return picture;
}

}  // namespace xcover::polyform
