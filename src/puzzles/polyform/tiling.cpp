// SPDX-License-Identifier: MIT
// A tiling as exact cover: the items (pieces, then cells) and every
// placement of every piece as an option.
#include <algorithm>
#include <cctype>
#include <charconv>

#include "puzzles/polyform/names.hpp"
#include "puzzles/polyform/symmetry.hpp"
#include "xcover/puzzles/polyform.hpp"
#include "xcover/reduce.hpp"

namespace xcover::polyform {

// --- names ---------------------------------------------------------------------

namespace {

// Digits from `from`: where they end.
std::size_t digits_end(std::string_view name, std::size_t from) {
  std::size_t k = from;
  if (k < name.size() && name[k] == '-') ++k;
  const std::size_t first = k;
  while (k < name.size() && std::isdigit(static_cast<unsigned char>(name[k]))) ++k;
  return k == first ? std::string_view::npos : k;
}

// Whether `name` is `letters[0]` digits `letters[1]` digits ...: rNcN or
// lNrNcN, a cell's item.
bool is_cell_name(std::string_view name, std::string_view letters) {
  std::size_t k = 0;
  for (const char letter : letters) {
    if (k >= name.size() || name[k] != letter) return false;
    k = digits_end(name, k + 1);
    if (k == std::string_view::npos) return false;
  }
  return k == name.size();
}

void append_number(std::string& text, int value) {
  char digits[16];
  const char* end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  text.append(digits, static_cast<std::size_t>(end - digits));
}

}  // namespace

std::string piece_name_error(std::string_view name) {
  const std::string quoted = "'" + std::string(name) + "'";
  if (name.empty()) return "a piece name is empty";
  for (const char ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '-')
      return "piece name " + quoted + " has a character other than letters, digits, '_' and '-'";
  }
  if (is_cell_name(name, "rc"))
    return "piece name " + quoted + " is of the form rNcN, which names a board cell";
  if (is_cell_name(name, "lrc"))
    return "piece name " + quoted + " is of the form lNrNcN, which names a board cell";
  return "";
}

std::string cell_name(Lattice lattice, Cell cell) {
  std::string name;
  if (lattice == Lattice::cube) {
    name += 'l';
    append_number(name, cell.layer);
  }
  name += 'r';
  append_number(name, cell.row);
  name += 'c';
  append_number(name, cell.col);
  return name;
}

// --- the problem -----------------------------------------------------------------

namespace {

void check_piece(const Piece& piece) {
  if (const std::string error = piece_name_error(piece.name); !error.empty())
    throw ProblemError(error);
  if (piece.copies < 1)
    throw ProblemError("piece '" + piece.name + "' has " + std::to_string(piece.copies) +
                       " copies; it needs 1 or more");
  if (piece.fewest() < 0 || piece.fewest() > piece.copies)
    throw ProblemError("piece '" + piece.name + "' is to be used at least " +
                       std::to_string(piece.fewest()) + " times, outside 0.." +
                       std::to_string(piece.copies) + " (its copies)");
}

void check_cells(Lattice lattice, const Shape& shape, const std::string& what) {
  if (lattice == Lattice::cube) return;
  for (const Cell& cell : shape.cells()) {
    if (cell.layer != 0)
      throw ProblemError(what + " has a cell in layer " + std::to_string(cell.layer) +
                         ", and the " + to_string(lattice) + " lattice is flat (layer 0 only)");
  }
}

// Fills `cells` with the board indices of `shape` moved by `shift`; false
// when some cell is off the board. Both lists are in board order, so one pass
// finds every cell: most often the next board cell, else by binary search
// from the last one found.
bool place(const Shape& shape, Cell shift, const std::vector<Cell>& board,
           std::vector<int>& cells) {
  cells.clear();
  auto from = board.begin();
  for (const Cell& cell : shape.cells()) {
    const Cell moved{cell.row + shift.row, cell.col + shift.col, cell.layer + shift.layer};
    if (from != board.end() && *from < moved) ++from;
    if (from != board.end() && *from < moved) from = std::lower_bound(from, board.end(), moved);
    if (from == board.end() || *from != moved) return false;
    cells.push_back(static_cast<int>(from - board.begin()));
    ++from;
  }
  return true;
}

struct Box {
  Cell least, most;
};

Box box_of(const std::vector<Cell>& cells) {
  Box box{cells.front(), cells.front()};
  for (const Cell& cell : cells) {
    box.least = Cell{std::min(box.least.row, cell.row), std::min(box.least.col, cell.col),
                     std::min(box.least.layer, cell.layer)};
    box.most = Cell{std::max(box.most.row, cell.row), std::max(box.most.col, cell.col),
                    std::max(box.most.layer, cell.layer)};
  }
  return box;
}

// The largest problem whose dead placements make_tiling drops: DLX-PRE
// tests every option against every item it touches, which on a board of a
// million cells would cost more than most searches.
constexpr int max_options_to_reduce = 200'000;

// Drops the placements that no tiling can use (DLX-PRE's first rule: one
// that leaves some cell or piece with no placement, such as a pentomino
// that cuts off a corner cell), and whatever else DLX-PRE removes.
// Multiplicities are left alone (DLX-PRE's rules assume each primary item
// is covered once).
void drop_dead_placements(Tiling& tiling) {
  if (tiling.problem.has_multiplicities() || tiling.problem.option_count() > max_options_to_reduce)
    return;
  Reduction reduction = reduce(tiling.problem);
  if (reduction.removed_options == 0 && reduction.removed_items == 0) return;
  std::vector<Placement> placements;
  std::vector<int> now(tiling.placements.size(), -1);  // an old option's new number
  for (std::size_t k = 0; k < reduction.original_option.size(); ++k) {
    const auto old = static_cast<std::size_t>(reduction.original_option[k]);
    placements.push_back(std::move(tiling.placements[old]));
    now[old] = static_cast<int>(k);
  }
  std::vector<SymmetricPlacement> symmetric;
  for (SymmetricPlacement& entry : tiling.symmetric_placements) {
    if (now[static_cast<std::size_t>(entry.option)] < 0) continue;
    entry.option = now[static_cast<std::size_t>(entry.option)];
    std::vector<std::pair<int, std::vector<int>>> second;
    for (auto& [option, fixing] : entry.second_symmetric)
      if (now[static_cast<std::size_t>(option)] >= 0)
        second.emplace_back(now[static_cast<std::size_t>(option)], std::move(fixing));
    entry.second_symmetric = std::move(second);
    symmetric.push_back(std::move(entry));
  }
  tiling.problem = std::move(reduction.problem);
  tiling.placements = std::move(placements);
  tiling.symmetric_placements = std::move(symmetric);
}

}  // namespace

bool flips(const Tiling& tiling, const Piece& piece, const TilingOptions& options) {
  return piece.flips.value_or(options.reflections.value_or(tiling.lattice != Lattice::cube));
}

Tiling make_tiling(Lattice lattice, const Board& board, std::vector<Piece> pieces,
                   const TilingOptions& options) {
  Puzzle puzzle;
  puzzle.lattice = lattice;
  puzzle.board = board;
  puzzle.pieces = std::move(pieces);
  return make_tiling(puzzle, options);
}

Tiling make_tiling(const Puzzle& puzzle, const TilingOptions& options) {
  Tiling tiling;
  tiling.lattice = puzzle.lattice;
  tiling.board = puzzle.board;
  tiling.optional_cells = puzzle.optional_cells;
  tiling.pieces = puzzle.pieces;
  const Lattice lattice = puzzle.lattice;
  const std::vector<Cell>& board = tiling.board.cells();
  check_cells(lattice, tiling.board, "the board");
  for (const Cell& cell : tiling.optional_cells.cells()) {
    if (!tiling.board.contains(cell))
      throw ProblemError("an optional cell, " + cell_name(lattice, cell) + ", is not on the board");
  }
  for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
    const Piece& piece = tiling.pieces[p];
    check_piece(piece);
    check_cells(lattice, piece.shape, "piece '" + piece.name + "'");
    for (std::size_t q = 0; q < p; ++q) {
      if (tiling.pieces[q].name == piece.name)
        throw ProblemError("two pieces are named '" + piece.name + "'");
    }
  }

  // Items: primary pieces, primary cells (or the cells first, with
  // Puzzle::cells_first), then the secondary ones (pieces of 0..1, cells
  // that may stay empty). A piece without copies keeps the
  // bounds 1:1, so that a tiling without copies or ranges stays a problem
  // for every layout and for threads.
  Problem& problem = tiling.problem;
  problem.reserve_items(tiling.pieces.size() + board.size());
  std::vector<int> piece_item(tiling.pieces.size(), -1), cell_item(board.size(), -1);
  auto secondary_piece = [](const Piece& piece) {
    return piece.copies == 1 && piece.fewest() == 0;
  };
  auto add_pieces = [&] {
    for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
      const Piece& piece = tiling.pieces[p];
      if (secondary_piece(piece)) continue;
      piece_item[p] = piece.copies == 1 && piece.fewest() == 1
                          ? problem.add_primary(piece.name)
                          : problem.add_primary(piece.name, piece.fewest(), piece.copies);
    }
  };
  if (!puzzle.cells_first) add_pieces();
  for (std::size_t k = 0; k < board.size(); ++k) {
    if (!tiling.optional_cells.contains(board[k]))
      cell_item[k] = problem.add_primary(cell_name(lattice, board[k]));
  }
  if (puzzle.cells_first) add_pieces();
  for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
    if (secondary_piece(tiling.pieces[p]))
      piece_item[p] = problem.add_secondary(tiling.pieces[p].name);
  }
  for (std::size_t k = 0; k < board.size(); ++k) {
    if (cell_item[k] < 0) cell_item[k] = problem.add_secondary(cell_name(lattice, board[k]));
  }

  // The placements of each piece: each orientation at every lattice shift
  // that keeps it inside the board's bounding box, layer by layer and row
  // by row, in the order of its first cell on the board. (Not every board
  // cell as an anchor: a piece as big as the board would then be tried at
  // every cell, a million times for a 1000x1000 board.)
  std::vector<PiecePlacements> placements(tiling.pieces.size());
  if (!board.empty()) {
    const Box on = box_of(board);
    std::vector<int> cells;
    for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
      const Piece& piece = tiling.pieces[p];
      if (piece.shape.size() == 0) continue;
      for (const Shape& oriented :
           orientations(lattice, piece.shape, flips(tiling, piece, options))) {
        const Box size = box_of(oriented.cells());
        for (int layer = on.least.layer - size.least.layer;
             layer + size.most.layer <= on.most.layer; ++layer) {
          for (int row = on.least.row - size.least.row; row + size.most.row <= on.most.row; ++row) {
            for (int col = on.least.col - size.least.col; col + size.most.col <= on.most.col;
                 ++col) {
              const Cell shift{row, col, layer};
              if (!is_translation(lattice, shift)) continue;
              if (!place(oriented, shift, board, cells)) continue;
              placements[p].push_back(cells);
            }
          }
        }
      }
    }
  }

  ExtraItems extra;
  if (options.distinct) restrict_by_symmetry(tiling, options, placements, extra);

  std::vector<OptionEntry> entries;
  for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
    for (std::size_t j = 0; j < placements[p].size(); ++j) {
      const std::vector<int>& cells = placements[p][j];
      entries.assign(1, OptionEntry{piece_item[p], 0});
      std::vector<Cell> covered;
      covered.reserve(cells.size());
      for (const int k : cells) {
        entries.push_back(OptionEntry{cell_item[static_cast<std::size_t>(k)], 0});
        covered.push_back(board[static_cast<std::size_t>(k)]);
      }
      if (!extra.empty())
        for (const int item : extra[p][j]) entries.push_back(OptionEntry{item, 0});
      problem.add_option(entries);
      tiling.placements.push_back(Placement{static_cast<int>(p), Shape(std::move(covered))});
    }
  }
  if (options.reduce) drop_dead_placements(tiling);
  return tiling;
}

// --- solutions ---------------------------------------------------------------------

namespace {

const Placement& placement_of(const Tiling& tiling, int option) {
  if (option < 0 || static_cast<std::size_t>(option) >= tiling.placements.size())
    throw ProblemError("option " + std::to_string(option) + " is not one of this tiling's");
  return tiling.placements[static_cast<std::size_t>(option)];
}

}  // namespace

std::vector<int> copy_numbers(const Tiling& tiling, const Solution& solution) {
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

}  // namespace xcover::polyform
