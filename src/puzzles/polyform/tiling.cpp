// SPDX-License-Identifier: MIT
// A tiling as exact cover: the items (pieces, then cells) and every
// placement of every piece as an option.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <map>
#include <set>
#include <utility>

#include "puzzles/polyform/lattice.hpp"
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
  if (is_solid(lattice)) {
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
  for (const Cell& cell : shape.cells()) {
    if (is_cell(lattice, cell)) continue;
    if (!is_solid(lattice))
      throw ProblemError(what + " has a cell in layer " + std::to_string(cell.layer) +
                         ", and the " + to_string(lattice) + " lattice is flat (layer 0 only)");
    throw ProblemError(what + " has " + cell_name(lattice, cell) + ", which is not a cell of the " +
                       to_string(lattice) + " lattice");
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

// BurrTools' colour constraints: which piece colour may cover which board
// colour.
class ColourRule {
 public:
  explicit ColourRule(const Tiling& tiling)
      : board_(tiling.board_colours),
        pairs_(tiling.colour_pairs.begin(), tiling.colour_pairs.end()) {}

  // Whether a piece whose cells have `colours` may cover the board cells
  // `cells` (indices, in the same order).
  bool allows(const std::vector<int>& colours, const std::vector<int>& cells) const {
    if (colours.empty() || board_.empty()) return true;
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const int piece = colours[k], board = board_[static_cast<std::size_t>(cells[k])];
      if (piece != 0 && board != 0 && !pairs_.count({piece, board})) return false;
    }
    return true;
  }

 private:
  const std::vector<int>& board_;
  std::set<std::pair<int, int>> pairs_;
};

void check_colours(const Tiling& tiling) {
  if (!tiling.board_colours.empty() && tiling.board_colours.size() != tiling.board.cells().size())
    throw ProblemError("the board has " + std::to_string(tiling.board.size()) + " cells and " +
                       std::to_string(tiling.board_colours.size()) + " colours: one a cell");
  for (const Piece& piece : tiling.pieces)
    if (!piece.colours.empty() && piece.colours.size() != piece.shape.cells().size())
      throw ProblemError("piece '" + piece.name + "' has " + std::to_string(piece.shape.size()) +
                         " cells and " + std::to_string(piece.colours.size()) +
                         " colours: one a cell");
}

// Each cell's stand-in: itself, or the first cell that every placement
// covering it covers too, and only those.
std::vector<int> same_cells(const std::vector<PiecePlacements>& placements, std::size_t cells) {
  std::vector<std::vector<std::uint32_t>> covering(cells);
  std::uint32_t id = 0;
  for (const PiecePlacements& piece : placements)
    for (const std::vector<int>& placement : piece) {
      for (const int k : placement) covering[static_cast<std::size_t>(k)].push_back(id);
      ++id;
    }
  std::map<std::vector<std::uint32_t>, int> first;
  std::vector<int> same(cells);
  for (std::size_t k = 0; k < cells; ++k)
    same[k] = first.emplace(std::move(covering[k]), static_cast<int>(k)).first->second;
  return same;
}

std::vector<int> every_cell(std::size_t cells) {
  std::vector<int> same(cells);
  for (std::size_t k = 0; k < cells; ++k) same[k] = static_cast<int>(k);
  return same;
}

// Past this many board cells, free_pieces does not look (its sums take a
// bitset of the cells for each copy of each piece).
constexpr std::size_t max_cells_for_free_pieces = 1 << 16;
constexpr std::size_t max_free_pieces_work = std::size_t{1} << 26;

// The pieces that need no item: those that may be left out (0..N) and of
// which no tiling could hold more than N copies, because more would leave a
// number of cells that the other pieces cannot make up (BurrTools' burr
// sets: 25 shapes of 14 to 24 cubes, each 0..6, into 104 cubes). Their
// bound never binds; without it, a tiling of such pieces is plain exact
// cover (no multiplicities: every layout, threads), and the search does
// not branch on how many of each.
std::vector<bool> free_pieces(const Tiling& tiling) {
  const std::vector<Piece>& pieces = tiling.pieces;
  std::vector<bool> free(pieces.size(), false);
  const std::size_t most = tiling.board.cells().size();
  const std::size_t least = most - tiling.optional_cells.cells().size();
  // (Each piece's look costs its others' copies times the cells.)
  std::size_t copies_in_all = 0;
  for (const Piece& piece : pieces) copies_in_all += static_cast<std::size_t>(piece.copies);
  if (most > max_cells_for_free_pieces ||
      copies_in_all * (most + 1) * pieces.size() > max_free_pieces_work)
    return free;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const auto size = static_cast<std::size_t>(pieces[p].shape.size());
    if (pieces[p].fewest() != 0 || size == 0) continue;
    const auto copies = static_cast<std::size_t>(pieces[p].copies);
    if ((copies + 1) * size > most) {
      free[p] = true;
      continue;
    }
    // The totals the other pieces can make, as a bitset over 0..most.
    std::vector<bool> made(most + 1, false);
    made[0] = true;
    for (std::size_t q = 0; q < pieces.size(); ++q) {
      const auto cells = static_cast<std::size_t>(pieces[q].shape.size());
      if (q == p || cells == 0) continue;
      for (int copy = 0; copy < pieces[q].copies; ++copy)
        for (std::size_t t = most; t >= cells; --t)
          if (made[t - cells]) made[t] = true;
    }
    // More than `copies` copies: k of them and some total of the others
    // between the cells to cover and the board's.
    bool binds = false;
    for (std::size_t k = copies + 1; k * size <= most && !binds; ++k)
      for (std::size_t t = 0; k * size + t <= most && !binds; ++t)
        binds = made[t] && k * size + t >= least;
    free[p] = !binds;
  }
  return free;
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

// The placements of each piece: each orientation at every lattice shift
// that keeps it inside the board's bounding box, layer by layer and row
// by row, in the order of its first cell on the board. (Not every board
// cell as an anchor: a piece as big as the board would then be tried at
// every cell, a million times for a 1000x1000 board.)
std::vector<PiecePlacements> all_placements(const Tiling& tiling, const TilingOptions& options) {
  const Lattice lattice = tiling.lattice;
  const std::vector<Cell>& board = tiling.board.cells();
  std::vector<PiecePlacements> placements(tiling.pieces.size());
  if (!board.empty()) {
    const Box on = box_of(board);
    const ColourRule colours(tiling);
    std::vector<int> cells;
    for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
      const Piece& piece = tiling.pieces[p];
      if (piece.shape.size() == 0) continue;
      for (const ColouredShape& coloured : orientations(
               lattice, ColouredShape{piece.shape, piece.colours}, flips(tiling, piece, options))) {
        const Shape& oriented = coloured.shape;
        const Box size = box_of(oriented.cells());
        for (int layer = on.least.layer - size.least.layer;
             layer + size.most.layer <= on.most.layer; ++layer) {
          for (int row = on.least.row - size.least.row; row + size.most.row <= on.most.row; ++row) {
            for (int col = on.least.col - size.least.col; col + size.most.col <= on.most.col;
                 ++col) {
              const Cell shift{row, col, layer};
              if (!is_translation(lattice, shift)) continue;
              if (!place(oriented, shift, board, cells)) continue;
              if (!colours.allows(coloured.colours, cells)) continue;
              placements[p].push_back(cells);
            }
          }
        }
      }
    }
  }
  return placements;
}

// What make_tiling refuses: colours, cells off the lattice or the board,
// pieces that are not, or are twice.
void check_tiling(const Tiling& tiling) {
  check_colours(tiling);
  const Lattice lattice = tiling.lattice;
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
}

}  // namespace

bool flips(const Tiling& tiling, const Piece& piece, const TilingOptions& options) {
  return piece.flips.value_or(options.reflections.value_or(!is_solid(tiling.lattice)));
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
  tiling.board_colours = puzzle.board_colours;
  tiling.colour_pairs = puzzle.colour_pairs;
  check_tiling(tiling);
  const Lattice lattice = puzzle.lattice;
  const std::vector<Cell>& board = tiling.board.cells();

  std::vector<PiecePlacements> placements = all_placements(tiling, options);

  // Cells that the same placements cover (the sub-cells of a rhombic
  // dodecahedron, most often): one item stands for them all, primary when
  // one of them is; with TilingOptions::reduce.
  const std::vector<int> same =
      options.reduce ? same_cells(placements, board.size()) : every_cell(board.size());
  std::vector<bool> primary_group(board.size(), false);
  for (std::size_t k = 0; k < board.size(); ++k)
    if (!tiling.optional_cells.contains(board[k]))
      primary_group[static_cast<std::size_t>(same[k])] = true;

  // Items: primary pieces, primary cells (or the cells first, with
  // Puzzle::cells_first), then the secondary ones (pieces of 0..1, cells
  // that may stay empty). A piece without copies keeps the
  // bounds 1:1, so that a tiling without copies or ranges stays a problem
  // for every layout and for threads.
  Problem& problem = tiling.problem;
  problem.reserve_items(tiling.pieces.size() + board.size());
  std::vector<int> piece_item(tiling.pieces.size(), -1), cell_item(board.size(), -1);
  const std::vector<bool> free = free_pieces(tiling);
  auto secondary_piece = [](const Piece& piece) {
    return piece.copies == 1 && piece.fewest() == 0;
  };
  auto add_pieces = [&] {
    for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
      const Piece& piece = tiling.pieces[p];
      if (free[p] || secondary_piece(piece)) continue;
      piece_item[p] = piece.copies == 1 && piece.fewest() == 1
                          ? problem.add_primary(piece.name)
                          : problem.add_primary(piece.name, piece.fewest(), piece.copies);
    }
  };
  if (!puzzle.cells_first) add_pieces();
  for (std::size_t k = 0; k < board.size(); ++k) {
    if (same[k] == static_cast<int>(k) && primary_group[k])
      cell_item[k] = problem.add_primary(cell_name(lattice, board[k]));
  }
  if (puzzle.cells_first) add_pieces();
  for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
    if (!free[p] && secondary_piece(tiling.pieces[p]))
      piece_item[p] = problem.add_secondary(tiling.pieces[p].name);
  }
  for (std::size_t k = 0; k < board.size(); ++k) {
    if (same[k] == static_cast<int>(k) && cell_item[k] < 0)
      cell_item[k] = problem.add_secondary(cell_name(lattice, board[k]));
  }

  ExtraItems extra;
  if (options.distinct) restrict_by_symmetry(tiling, options, placements, extra);

  std::vector<OptionEntry> entries;
  for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
    for (std::size_t j = 0; j < placements[p].size(); ++j) {
      const std::vector<int>& cells = placements[p][j];
      entries.clear();
      if (piece_item[p] >= 0) entries.push_back(OptionEntry{piece_item[p], 0});
      std::vector<Cell> covered;
      covered.reserve(cells.size());
      for (const int k : cells) {
        if (same[static_cast<std::size_t>(k)] == k)
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

std::vector<std::string> placement_labels(const Tiling& tiling, const Solution& solution) {
  const std::vector<int> copies = copy_numbers(tiling, solution);
  std::vector<std::string> labels;
  for (std::size_t k = 0; k < copies.size(); ++k) {
    const Piece& piece = tiling.pieces[static_cast<std::size_t>(
        tiling.placements[static_cast<std::size_t>(solution.options[k])].piece)];
    labels.push_back(piece.copies > 1 ? piece.name + ":" + std::to_string(copies[k]) : piece.name);
  }
  return labels;
}

}  // namespace xcover::polyform
