// SPDX-License-Identifier: MIT
#include "xcover/puzzles/polyomino.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <istream>
#include <sstream>
#include <utility>

#include "xcover/dlx_format.hpp"
#include "xcover/text.hpp"

namespace xcover::polyomino {

// --- shapes ---------------------------------------------------------------

namespace {

struct Bounds {
  int min_row = 0, min_col = 0, max_row = -1, max_col = -1;
  std::size_t rows() const { return static_cast<std::size_t>(std::int64_t{max_row} - min_row + 1); }
  std::size_t cols() const { return static_cast<std::size_t>(std::int64_t{max_col} - min_col + 1); }
};

Bounds bounds_of(const std::vector<Cell>& cells) {
  if (cells.empty()) return Bounds{};
  Bounds b{cells.front().row, cells.front().col, cells.front().row, cells.front().col};
  for (const Cell& cell : cells) {
    b.min_row = std::min(b.min_row, cell.row);
    b.min_col = std::min(b.min_col, cell.col);
    b.max_row = std::max(b.max_row, cell.row);
    b.max_col = std::max(b.max_col, cell.col);
  }
  return b;
}

// A blank picture of the bounds, and where a cell goes in it.
std::vector<std::string> blank_picture(const Bounds& b) {
  return std::vector<std::string>(b.rows(), std::string(b.cols(), '.'));
}

char& at(std::vector<std::string>& picture, const Bounds& b, Cell cell) {
  return picture[static_cast<std::size_t>(cell.row - b.min_row)]
                [static_cast<std::size_t>(cell.col - b.min_col)];
}

// Row by row. Most shapes come in order (pictures, rectangles, shifted
// shapes): one pass sees it. A big shape out of order (a turned piece) is
// put in order by two stable counting passes, by column and then by row,
// in linear time: std::sort took a second over the 8 turns of a 1000x1000
// piece. A spread-out shape, whose bounding box dwarfs it, takes std::sort.
// `scratch` is a buffer to reuse.
void sort_cells(std::vector<Cell>& cells, std::vector<Cell>& scratch) {
  if (std::is_sorted(cells.begin(), cells.end())) return;
  const Bounds b = bounds_of(cells);
  constexpr std::size_t small = 256;
  if (cells.size() < small || b.rows() > cells.size() || b.cols() > cells.size()) {
    std::sort(cells.begin(), cells.end());
    return;
  }
  std::vector<Cell>& by_column = scratch;
  by_column.resize(cells.size());
  auto stable_pass = [](const std::vector<Cell>& from, std::vector<Cell>& to, std::size_t keys,
                        auto key_of) {
    std::vector<std::size_t> next(keys + 1, 0);  // where each key's cells go
    for (const Cell& cell : from) ++next[key_of(cell) + 1];
    for (std::size_t k = 1; k <= keys; ++k) next[k] += next[k - 1];
    for (const Cell& cell : from) to[next[key_of(cell)]++] = cell;
  };
  stable_pass(cells, by_column, b.cols(),
              [&](Cell cell) { return static_cast<std::size_t>(cell.col - b.min_col); });
  stable_pass(by_column, cells, b.rows(),
              [&](Cell cell) { return static_cast<std::size_t>(cell.row - b.min_row); });
}

}  // namespace

Shape::Shape(std::vector<Cell> cells) : cells_(std::move(cells)) {
  std::vector<Cell> scratch;
  sort_cells(cells_, scratch);
  cells_.erase(std::unique(cells_.begin(), cells_.end()), cells_.end());
}

Shape Shape::from_picture(const std::vector<std::string>& rows) {
  std::vector<Cell> cells;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      if (rows[r][c] == '#') cells.push_back(Cell{static_cast<int>(r), static_cast<int>(c)});
    }
  }
  return Shape(std::move(cells));
}

bool Shape::contains(Cell cell) const {
  return std::binary_search(cells_.begin(), cells_.end(), cell);
}

Shape Shape::normalized() const {
  const Bounds b = bounds_of(cells_);
  // A shift keeps the cells in order: no sort again.
  Shape moved;
  moved.cells_.reserve(cells_.size());
  for (const Cell& cell : cells_)
    moved.cells_.push_back(Cell{cell.row - b.min_row, cell.col - b.min_col});
  return moved;
}

std::vector<std::string> Shape::picture() const {
  const Bounds b = bounds_of(cells_);
  std::vector<std::string> picture = blank_picture(b);
  for (const Cell& cell : cells_) at(picture, b, cell) = '#';
  return picture;
}

std::vector<Shape> orientations(const Shape& shape, bool reflections) {
  std::vector<Shape> found;
  // The cells turn in place, and each turn is moved and put in order in one
  // buffer: fresh memory for every turn of a big piece (a million cells)
  // took most of its time, in page faults.
  std::vector<Cell> cells = shape.cells();
  std::vector<Cell> oriented, scratch;
  for (int flip = 0; flip < (reflections ? 2 : 1); ++flip) {
    for (int turn = 0; turn < 4; ++turn) {
      oriented.assign(cells.begin(), cells.end());
      const Bounds b = bounds_of(oriented);
      for (Cell& cell : oriented) cell = Cell{cell.row - b.min_row, cell.col - b.min_col};
      sort_cells(oriented, scratch);
      if (std::none_of(found.begin(), found.end(),
                       [&](const Shape& known) { return known.cells() == oriented; }))
        found.push_back(Shape(oriented));
      // A quarter turn: (row, col) -> (col, -row).
      for (Cell& cell : cells) cell = Cell{cell.col, -cell.row};
    }
    // A mirror image: (row, col) -> (row, -col).
    for (Cell& cell : cells) cell.col = -cell.col;
  }
  return found;
}

// --- built-in pieces and boards --------------------------------------------

const std::vector<PolyominoPiece>& pentominoes() {
  static const std::vector<PolyominoPiece> pieces = {
      {"F", Shape::from_picture({".##", "##.", ".#."})},
      {"I", Shape::from_picture({"#####"})},
      {"L", Shape::from_picture({"#.", "#.", "#.", "##"})},
      {"N", Shape::from_picture({".#", ".#", "##", "#."})},
      {"P", Shape::from_picture({"##", "##", "#."})},
      {"T", Shape::from_picture({"###", ".#.", ".#."})},
      {"U", Shape::from_picture({"#.#", "###"})},
      {"V", Shape::from_picture({"#..", "#..", "###"})},
      {"W", Shape::from_picture({"#..", "##.", ".##"})},
      {"X", Shape::from_picture({".#.", "###", ".#."})},
      {"Y", Shape::from_picture({".#", "##", ".#", ".#"})},
      {"Z", Shape::from_picture({"##.", ".#.", ".##"})},
  };
  return pieces;
}

namespace {

Board rectangle(int rows, int cols) {
  std::vector<Cell> cells;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) cells.push_back(Cell{r, c});
  }
  return Board(std::move(cells));
}

// A positive number, the whole of `text`.
std::optional<int> positive(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1) return std::nullopt;
  return value;
}

}  // namespace

std::optional<Board> builtin_board(std::string_view name) {
  if (name == "8x8-centre" || name == "8x8-center") {
    std::vector<Cell> cells = rectangle(8, 8).cells();
    std::erase_if(cells,
                  [](Cell c) { return c.row >= 3 && c.row <= 4 && c.col >= 3 && c.col <= 4; });
    return Board(std::move(cells));
  }
  const std::size_t x = name.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  const auto rows = positive(name.substr(0, x));
  const auto cols = positive(name.substr(x + 1));
  // The limit keeps a typo from asking for billions of cells.
  constexpr int max_side = 1000;
  if (!rows || !cols || *rows > max_side || *cols > max_side) return std::nullopt;
  return rectangle(*rows, *cols);
}

// --- piece names -------------------------------------------------------------

namespace {

// "r", digits, "c", digits: the name of a board cell's item.
bool is_cell_name(std::string_view name) {
  auto digits = [&](std::size_t from) {
    std::size_t k = from;
    while (k < name.size() && std::isdigit(static_cast<unsigned char>(name[k]))) ++k;
    return k;
  };
  if (name.empty() || name[0] != 'r') return false;
  const std::size_t c = digits(1);
  if (c == 1 || c >= name.size() || name[c] != 'c') return false;
  const std::size_t end = digits(c + 1);
  return end > c + 1 && end == name.size();
}

// Empty when `name` may name a piece; otherwise why not. Letters, digits,
// '_' and '-' keep a name one word in the file format and in Knuth's (no
// blank, ':' or '|'), and leave ':' free for the copies in tiling_picture.
std::string piece_name_error(std::string_view name) {
  const std::string quoted = "'" + std::string(name) + "'";
  if (name.empty()) return "a piece name is empty";
  for (const char ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '-')
      return "piece name " + quoted + " has a character other than letters, digits, '_' and '-'";
  }
  if (is_cell_name(name))
    return "piece name " + quoted + " is of the form rNcN, which names a board cell";
  return "";
}

}  // namespace

// --- the picture file format -----------------------------------------------

namespace {

bool is_picture_row(std::string_view line) {
  return !line.empty() && line.find_first_not_of("#.") == std::string_view::npos;
}

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t k = 0;
  while (true) {
    k = line.find_first_not_of(" \t", k);
    if (k == std::string_view::npos) return words;
    const std::size_t end = std::min(line.find_first_of(" \t", k), line.size());
    words.push_back(line.substr(k, end - k));
    k = end;
  }
}

std::string_view trim_right(std::string_view line) {
  const std::size_t end = line.find_last_not_of(" \t\r");
  return end == std::string_view::npos ? std::string_view() : line.substr(0, end + 1);
}

// Reads line by line; a picture is open from its header to the line that
// ends it.
class PolyominoParser {
 public:
  explicit PolyominoParser(std::string source) : source_(std::move(source)) {}

  void read_line(std::string_view raw) {
    ++line_;
    const std::string_view line = trim_right(raw);
    if (!line.empty() && line.front() == '|') return;
    if (line.empty()) {
      close_picture();
    } else if (is_picture_row(line)) {
      add_row(line);
    } else {
      const std::vector<std::string_view> words = words_of(line);
      if (words[0] != "board" && words[0] != "piece")
        fail(line_, "expected 'board', 'piece NAME' or a row of '#' and '.', found '" +
                        std::string(line) + "'");
      close_picture();
      start_picture(words);
    }
  }

  PolyominoFile finish() {
    close_picture();
    return std::move(file_);
  }

 private:
  [[noreturn]] void fail(std::size_t line, const std::string& reason) const {
    throw ParseError(source_, line, reason);
  }

  std::string what_is_open() const {
    return piece_name_ ? "piece '" + *piece_name_ + "'" : std::string("the board");
  }

  // A header: "board" or "piece NAME [xN]".
  void start_picture(const std::vector<std::string_view>& words) {
    if (words[0] == "piece") {
      piece_name_ = piece_name(words);
      copies_ = words.size() == 3 ? copies(words[2]) : 1;
    } else if (words.size() != 1) {
      fail(line_, "expected 'board' alone on its line");
    } else if (file_.board) {
      fail(line_, "a second board (the first is at line " + std::to_string(file_.board_line) + ")");
    } else {
      piece_name_.reset();
    }
    open_ = true;
    header_line_ = line_;
    rows_.clear();
  }

  std::string piece_name(const std::vector<std::string_view>& words) const {
    if (words.size() != 2 && words.size() != 3)
      fail(line_, "expected 'piece NAME' or 'piece NAME xN' (N copies)");
    const std::string name(words[1]);
    if (const std::string error = piece_name_error(name); !error.empty()) fail(line_, error);
    for (std::size_t k = 0; k < file_.pieces.size(); ++k) {
      if (file_.pieces[k].name == name)
        fail(line_, "piece '" + name + "' is defined twice (first at line " +
                        std::to_string(file_.piece_lines[k]) + ")");
    }
    return name;
  }

  // "xN": N copies of the piece.
  int copies(std::string_view word) const {
    const std::optional<int> n = word.starts_with('x') ? positive(word.substr(1)) : std::nullopt;
    if (!n)
      fail(line_, "expected xN after the piece name, N copies (1 or more), found '" +
                      std::string(word) + "'");
    return *n;
  }

  void add_row(std::string_view row) {
    if (!open_) fail(line_, "a picture row must follow a 'board' or 'piece NAME' line");
    if (!rows_.empty() && row.size() != rows_.front().size())
      fail(line_, "ragged picture: this row of " + what_is_open() + " has " +
                      std::to_string(row.size()) + " characters, its first row " +
                      std::to_string(rows_.front().size()) + " (pad rows with '.')");
    rows_.emplace_back(row);
  }

  void close_picture() {
    if (!open_) return;
    open_ = false;
    Shape shape = Shape::from_picture(rows_);
    if (shape.size() == 0) fail(header_line_, what_is_open() + " has no cells");
    if (piece_name_) {
      file_.pieces.push_back(PolyominoPiece{*piece_name_, std::move(shape), copies_});
      file_.piece_lines.push_back(header_line_);
    } else {
      file_.board = std::move(shape);
      file_.board_line = header_line_;
    }
  }

  std::string source_;
  std::size_t line_ = 0;
  PolyominoFile file_;
  // The open picture: its header, rows, and piece name (none for the board).
  bool open_ = false;
  std::size_t header_line_ = 0;
  std::vector<std::string> rows_;
  std::optional<std::string> piece_name_;
  int copies_ = 1;
};

}  // namespace

PolyominoFile read_polyomino(std::istream& in, const std::string& source) {
  PolyominoParser parser(source);
  std::string line;
  bool first = true;
  while (read_line(in, line)) {
    if (first) strip_byte_order_mark(line);
    first = false;
    parser.read_line(line);
  }
  return parser.finish();
}

PolyominoFile parse_polyomino(std::string_view text, const std::string& source) {
  std::istringstream in{std::string(text)};
  return read_polyomino(in, source);
}

// --- the exact-cover problem ------------------------------------------------

namespace {

std::string cell_name(Cell cell) {
  char row[16], col[16];  // (to_chars, not to_string: no temporaries)
  char* row_end = std::to_chars(row, row + sizeof row, cell.row).ptr;
  char* col_end = std::to_chars(col, col + sizeof col, cell.col).ptr;
  std::string name = "r";
  name.append(row, static_cast<std::size_t>(row_end - row));
  name += 'c';
  name.append(col, static_cast<std::size_t>(col_end - col));
  return name;
}

// A piece without copies keeps the bounds 1:1, so that a tiling without
// copies stays a problem for every layout and for threads.
void add_piece_items(Problem& problem, const std::vector<PolyominoPiece>& pieces) {
  for (const PolyominoPiece& piece : pieces) {
    if (const std::string error = piece_name_error(piece.name); !error.empty())
      throw ProblemError(error);
    if (problem.find_item(piece.name) >= 0)
      throw ProblemError("two pieces are named '" + piece.name + "'");
    if (piece.copies < 1)
      throw ProblemError("piece '" + piece.name + "' has " + std::to_string(piece.copies) +
                         " copies; it needs 1 or more");
    if (piece.copies == 1)
      problem.add_primary(piece.name);
    else
      problem.add_primary(piece.name, piece.copies, piece.copies);
  }
}

// Fills `cells` with `shape` (normalized) moved by `shift`, and `entries`
// (after the piece's own) with their items, board cells by index, not by
// name (a million names looked up would cost more than the rest of a big
// board); false when some cell is off the board. Both lists are in board
// order, so one pass finds every cell: most often the next board cell,
// else by binary search from the last one found.
bool place(const Shape& shape, Cell shift, const std::vector<Cell>& board, int first_cell,
           std::vector<Cell>& cells, std::vector<OptionEntry>& entries) {
  cells.clear();
  entries.resize(1);
  auto from = board.begin();
  for (const Cell& cell : shape.cells()) {
    const Cell moved{cell.row + shift.row, cell.col + shift.col};
    if (from != board.end() && *from < moved) ++from;
    if (from != board.end() && *from < moved) from = std::lower_bound(from, board.end(), moved);
    if (from == board.end() || *from != moved) return false;
    cells.push_back(moved);
    entries.push_back(OptionEntry{first_cell + static_cast<int>(from - board.begin()), 0});
    ++from;
  }
  return true;
}

}  // namespace

TilingProblem make_tiling(const Board& board, std::vector<PolyominoPiece> pieces,
                          const TilingOptions& options) {
  TilingProblem tiling{board, std::move(pieces), Problem(), {}};
  tiling.problem.reserve_items(tiling.pieces.size() + static_cast<std::size_t>(board.size()));
  add_piece_items(tiling.problem, tiling.pieces);
  for (const Cell& cell : board.cells()) tiling.problem.add_primary(cell_name(cell));

  // Each orientation at every shift that keeps it inside the board's
  // bounding box, row by row: the order of its first cell on the board. (Not
  // every board cell as an anchor: a piece as big as the board would then be
  // tried at every cell, a million times for a 1000x1000 board.)
  const Bounds on = bounds_of(board.cells());
  const int first_cell = static_cast<int>(tiling.pieces.size());
  std::vector<Cell> cells;  // one placement's, reused
  std::vector<OptionEntry> entries;
  for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
    if (tiling.pieces[p].shape.size() == 0) continue;
    const int piece = static_cast<int>(p);
    for (const Shape& oriented : orientations(tiling.pieces[p].shape, options.reflections)) {
      const Bounds size = bounds_of(oriented.cells());  // from (0, 0)
      entries.assign(1, OptionEntry{piece, 0});
      for (int row = on.min_row; row + size.max_row <= on.max_row; ++row) {
        for (int col = on.min_col; col + size.max_col <= on.max_col; ++col) {
          if (!place(oriented, Cell{row, col}, board.cells(), first_cell, cells, entries)) continue;
          tiling.problem.add_option(entries);
          tiling.placements.push_back(Placement{piece, Shape(cells)});
        }
      }
    }
  }
  return tiling;
}

namespace {

const Placement& placement_of(const TilingProblem& tiling, int option) {
  if (option < 0 || static_cast<std::size_t>(option) >= tiling.placements.size())
    throw ProblemError("option " + std::to_string(option) + " is not one of this tiling's");
  return tiling.placements[static_cast<std::size_t>(option)];
}

std::string label_of(const PolyominoPiece& piece, int copy) {
  return piece.copies == 1 ? piece.name : piece.name + ":" + std::to_string(copy);
}

// The width of the longest label a tiling of `pieces` can show.
std::size_t label_width(const std::vector<PolyominoPiece>& pieces) {
  std::size_t width = 1;
  for (const PolyominoPiece& piece : pieces)
    width = std::max(width, label_of(piece, piece.copies).size());
  return width;
}

}  // namespace

std::vector<int> copy_numbers(const TilingProblem& tiling, const Solution& solution) {
  const std::size_t count = solution.options.size();
  std::vector<int> numbers(count, 1);
  // The solution's options by piece, then in board order of first cells.
  std::vector<std::size_t> order(count);
  for (std::size_t k = 0; k < count; ++k) {
    placement_of(tiling, solution.options[k]);  // (checks the option)
    order[k] = k;
  }
  auto key = [&](std::size_t k) {
    const Placement& placement = tiling.placements[static_cast<std::size_t>(solution.options[k])];
    return std::pair(placement.piece, placement.cells.cells().front());
  };
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  for (std::size_t k = 1; k < count; ++k) {
    if (key(order[k]).first == key(order[k - 1]).first)
      numbers[order[k]] = numbers[order[k - 1]] + 1;
  }
  return numbers;
}

std::vector<std::string> tiling_picture(const TilingProblem& tiling, const Solution& solution) {
  const std::vector<int> copies = copy_numbers(tiling, solution);
  const Bounds b = bounds_of(tiling.board.cells());
  std::vector<std::string> picture = blank_picture(b);
  const std::size_t width = label_width(tiling.pieces);
  if (width == 1) {
    for (int option : solution.options) {
      const Placement& placement = tiling.placements[static_cast<std::size_t>(option)];
      const char name = tiling.pieces[static_cast<std::size_t>(placement.piece)].name[0];
      for (const Cell& cell : placement.cells.cells()) at(picture, b, cell) = name;
    }
    return picture;
  }
  // Labels in fields: the one-character picture says which option covers
  // each cell, as an index into `labels` (a byte would not hold them all, so
  // a grid of ints beside it).
  std::vector<std::string> labels;
  std::vector<std::vector<int>> covering(picture.size(),
                                         std::vector<int>(picture.front().size(), -1));
  for (std::size_t k = 0; k < solution.options.size(); ++k) {
    const Placement& placement = tiling.placements[static_cast<std::size_t>(solution.options[k])];
    labels.push_back(label_of(tiling.pieces[static_cast<std::size_t>(placement.piece)], copies[k]));
    for (const Cell& cell : placement.cells.cells())
      covering[static_cast<std::size_t>(cell.row - b.min_row)]
              [static_cast<std::size_t>(cell.col - b.min_col)] = static_cast<int>(k);
  }
  const std::string hole = ".";
  for (std::size_t r = 0; r < picture.size(); ++r) {
    std::string& row = picture[r];
    row.clear();
    for (std::size_t c = 0; c < covering[r].size(); ++c) {
      const int k = covering[r][c];
      row.resize(c * (width + 1), ' ');  // field c starts there
      row += k < 0 ? hole : labels[static_cast<std::size_t>(k)];
    }
  }
  return picture;
}

}  // namespace xcover::polyomino
