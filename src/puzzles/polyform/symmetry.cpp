// SPDX-License-Identifier: MIT
// Distinct tilings by searching less: the board's symmetries that the
// pieces respect, one piece's placements cut to one of each class, and the
// check of the tilings that the cut alone cannot tell apart.
//
// Why the cut is exact: let P be a piece used exactly once in every tiling
// and mapped to itself by every symmetry g of the group G. The tilings of
// one class that put P on a kept placement r are one class under H, the
// symmetries that fix r (two of them, T and gT, both with P on r, have
// g(r) = r). Where H is the identity alone, each class is found once; else
// keep() takes the least of the H-images.
#include "puzzles/polyform/symmetry.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <type_traits>

namespace xcover::polyform {

namespace {

// The cells of `shape` moved by `shift`.
std::vector<Cell> moved(const std::vector<Cell>& cells, Cell shift) {
  std::vector<Cell> out;
  out.reserve(cells.size());
  for (const Cell& cell : cells)
    out.push_back(Cell{cell.row + shift.row, cell.col + shift.col, cell.layer + shift.layer});
  return out;
}

// The least of a shape's images under the lattice's rotations: two shapes
// are turns of each other when these are equal.
Shape rotation_class(Lattice lattice, const Shape& shape) {
  std::vector<Shape> turns = orientations(lattice, shape, false);
  return *std::min_element(turns.begin(), turns.end(),
                           [](const Shape& a, const Shape& b) { return a.cells() < b.cells(); });
}

// Where a reflection sends each piece: to itself when it may be flipped, or
// when it is its own mirror image; else to the piece that is its mirror
// image, with the same copies. std::nullopt when some piece has none: the
// reflections then do not map tilings to tilings.
std::optional<std::vector<int>> mirror_pieces(const Tiling& tiling, const TilingOptions& options) {
  const Lattice lattice = tiling.lattice;
  const std::size_t count = tiling.pieces.size();
  std::vector<int> mirror(count, -1);
  std::vector<Shape> turns(count);  // each one-sided piece's rotation class
  for (std::size_t p = 0; p < count; ++p) {
    if (!flips(tiling, tiling.pieces[p], options))
      turns[p] = rotation_class(lattice, tiling.pieces[p].shape);
  }
  for (std::size_t p = 0; p < count; ++p) {
    const Piece& piece = tiling.pieces[p];
    if (flips(tiling, piece, options)) {
      mirror[p] = static_cast<int>(p);
      continue;
    }
    std::vector<Cell> cells;
    for (const Cell& cell : piece.shape.cells())
      cells.push_back(transform(lattice, rotation_count(lattice), cell));
    const Shape image = rotation_class(lattice, Shape(std::move(cells)));
    auto partner = [&](std::size_t q) {
      const Piece& other = tiling.pieces[q];
      return !flips(tiling, other, options) && other.copies == piece.copies &&
             other.fewest() == piece.fewest() && turns[q] == image;
    };
    if (partner(p)) {
      mirror[p] = static_cast<int>(p);
      continue;
    }
    for (std::size_t q = 0; q < count && mirror[p] < 0; ++q)
      if (q != p && partner(q)) mirror[p] = static_cast<int>(q);
    if (mirror[p] < 0) return std::nullopt;
  }
  // Each piece's mirror's mirror is the piece (else two share one).
  for (std::size_t p = 0; p < count; ++p)
    if (mirror[static_cast<std::size_t>(mirror[p])] != static_cast<int>(p)) return std::nullopt;
  return mirror;
}

// The lattice's symmetries that map the board, and its optional cells,
// onto themselves (each once as a permutation of cells and pieces).
std::vector<BoardSymmetry> board_symmetries(const Tiling& tiling, const TilingOptions& options) {
  const Lattice lattice = tiling.lattice;
  const std::vector<Cell>& board = tiling.board.cells();
  const std::optional<std::vector<int>> mirror = mirror_pieces(tiling, options);
  std::vector<int> same(tiling.pieces.size());
  for (std::size_t p = 0; p < same.size(); ++p) same[p] = static_cast<int>(p);
  const int count = mirror ? symmetry_count(lattice) : rotation_count(lattice);
  std::vector<BoardSymmetry> found;
  for (int g = 0; g < count && !board.empty(); ++g) {
    std::vector<Cell> image;
    image.reserve(board.size());
    for (const Cell& cell : board) image.push_back(transform(lattice, g, cell));
    const Shape sorted{std::vector<Cell>(image)};
    const Cell first = sorted.cells().front();
    const Cell shift{board.front().row - first.row, board.front().col - first.col,
                     board.front().layer - first.layer};
    if (!is_translation(lattice, shift) || moved(sorted.cells(), shift) != board) continue;
    BoardSymmetry symmetry{g, {}, g < rotation_count(lattice) ? same : *mirror};
    symmetry.cells.reserve(board.size());
    bool keeps_optional = true;
    for (std::size_t k = 0; k < board.size(); ++k) {
      const Cell to{image[k].row + shift.row, image[k].col + shift.col,
                    image[k].layer + shift.layer};
      symmetry.cells.push_back(
          static_cast<int>(std::lower_bound(board.begin(), board.end(), to) - board.begin()));
      keeps_optional = keeps_optional && tiling.optional_cells.contains(board[k]) ==
                                             tiling.optional_cells.contains(to);
    }
    if (!keeps_optional) continue;
    const bool repeat = std::any_of(found.begin(), found.end(), [&](const BoardSymmetry& s) {
      return s.cells == symmetry.cells && s.pieces == symmetry.pieces;
    });
    if (!repeat) found.push_back(std::move(symmetry));
  }
  return found;
}

std::vector<int> image_of(const BoardSymmetry& symmetry, const std::vector<int>& cells) {
  std::vector<int> image;
  image.reserve(cells.size());
  for (const int k : cells) image.push_back(symmetry.cells[static_cast<std::size_t>(k)]);
  std::sort(image.begin(), image.end());
  return image;
}

// One piece's placements cut to one of each class: the kept placements'
// indices, and for each that some symmetry other than the identity fixes,
// those symmetries (indices into `symmetries`).
struct Cut {
  std::size_t total = 0;     // placements before the cut
  std::size_t searched = 0;  // kept placements, each as often as symmetries fix it
  std::vector<std::size_t> kept;
  std::vector<std::pair<std::size_t, std::vector<int>>> symmetric;  // (index into kept, H)
};

Cut cut_placements(const std::vector<BoardSymmetry>& symmetries,
                   const PiecePlacements& placements) {
  std::map<std::vector<int>, std::size_t> index;
  for (std::size_t j = 0; j < placements.size(); ++j) index.emplace(placements[j], j);
  std::vector<bool> seen(placements.size(), false);
  Cut cut;
  cut.total = placements.size();
  for (std::size_t j = 0; j < placements.size(); ++j) {
    if (seen[j]) continue;
    std::vector<int> fixing;
    for (std::size_t g = 0; g < symmetries.size(); ++g) {
      const auto found = index.find(image_of(symmetries[g], placements[j]));
      if (found == index.end()) continue;  // (cannot happen: the pieces respect the symmetries)
      seen[found->second] = true;
      if (found->second == j) fixing.push_back(static_cast<int>(g));
    }
    cut.searched += fixing.size();
    if (fixing.size() > 1) cut.symmetric.emplace_back(cut.kept.size(), std::move(fixing));
    cut.kept.push_back(j);
  }
  return cut;
}

}  // namespace

namespace {

// The piece whose placements to cut under `group` (indices into
// tiling.symmetries), and its cut: one used exactly once, other than
// `taken`, mapped to itself by every symmetry of the group, its placements
// that clash with `clashing` (a placement that every tiling here has) left
// out. A kept placement that symmetries fix has its tilings found as many
// times (keep() then drops all but one), so a cut leaves `searched` of the
// piece's `total` placements' work. The piece with the fewest searched
// (the first of those): the search then has the fewest ways to start.
// Measured over every piece (nodes of the whole count, one thread), it
// picks the best on 6x10 and 5x12 (the X pentomino, 8 and 15 searched:
// 811K and 520K nodes; the worst piece, F, 1.5M and 861K), the second of
// 13 on Bedlam (the D tetracube, 2: 32.4M; the G, 9: 28.9M, the Z 58.8M)
// and the fifth of 12 on the 3x4x5 box (the I, 12: 6.9M; the Z 5.4M, the
// P 10.9M). Restricting it to the pieces whose share left is near the
// least, as before, picked the tenth on 5x12 (650K) and the sixth on 3x4x5
// (7.1M). Knuth's estimates ranked the 3x4x5 pieces right, but only with
// thousands of probes each, a tenth of a second a piece. The second
// level (`taken` set) keeps that restriction: without it, 3x4x5 took 7.8M
// nodes, not 6.9M (5x12 490K, not 520K). `kept` and the indices of
// `symmetric` are indices into the piece's placements; the symmetries in
// `symmetric` are indices into tiling.symmetries.
struct Choice {
  std::size_t piece = 0;
  Cut cut;
};

std::optional<Choice> choose_cut(const Tiling& tiling, const std::vector<int>& group,
                                 const std::vector<PiecePlacements>& placements, int taken,
                                 const std::vector<int>& clashing) {
  std::vector<BoardSymmetry> symmetries;
  for (const int g : group) symmetries.push_back(tiling.symmetries[static_cast<std::size_t>(g)]);
  auto clashes = [&](const std::vector<int>& cells) {
    return std::any_of(cells.begin(), cells.end(), [&](int k) {
      return std::binary_search(clashing.begin(), clashing.end(), k);
    });
  };
  std::vector<Choice> choices;
  for (std::size_t p = 0; p < tiling.pieces.size(); ++p) {
    const Piece& piece = tiling.pieces[p];
    if (static_cast<int>(p) == taken || piece.copies != 1 || piece.fewest() != 1) continue;
    const bool fixed =
        std::all_of(symmetries.begin(), symmetries.end(),
                    [&](const BoardSymmetry& s) { return s.pieces[p] == static_cast<int>(p); });
    if (!fixed) continue;
    // The placements that can lie beside `clashing`, and where they are.
    PiecePlacements free;
    std::vector<std::size_t> at;
    for (std::size_t j = 0; j < placements[p].size(); ++j) {
      if (clashes(placements[p][j])) continue;
      free.push_back(placements[p][j]);
      at.push_back(j);
    }
    if (free.empty()) continue;
    Choice choice{p, cut_placements(symmetries, free)};
    for (std::size_t& j : choice.cut.kept) j = at[j];
    for (auto& [k, fixing] : choice.cut.symmetric)
      for (int& g : fixing) g = group[static_cast<std::size_t>(g)];
    choices.push_back(std::move(choice));
  }
  if (choices.empty()) return std::nullopt;
  // At the second level, only the pieces whose share left is within 1.5
  // times the least compete (shares compared by cross products: whole
  // numbers): share <= 1.5 least share, 2 searched * least total <= 3 least
  // searched * total.
  const Cut* least = &choices.front().cut;
  for (const Choice& choice : choices)
    if (choice.cut.searched * least->total < least->searched * choice.cut.total)
      least = &choice.cut;
  auto competes = [&](const Cut& cut) {
    return taken < 0 || 2 * cut.searched * least->total <= 3 * least->searched * cut.total;
  };
  std::optional<Choice> best;
  for (Choice& choice : choices)
    if (competes(choice.cut) && (!best || choice.cut.searched < best->cut.searched))
      best = std::move(choice);
  return best;
}

}  // namespace

void restrict_by_symmetry(Tiling& tiling, const TilingOptions& options,
                          std::vector<PiecePlacements>& placements, ExtraItems& extra) {
  tiling.symmetries = board_symmetries(tiling, options);
  tiling.restricted_piece = -1;
  tiling.symmetric_placements.clear();
  extra.assign(placements.size(), {});
  for (std::size_t p = 0; p < placements.size(); ++p) extra[p].resize(placements[p].size());
  if (tiling.symmetries.size() <= 1) return;
  std::vector<int> all(tiling.symmetries.size());
  for (std::size_t g = 0; g < all.size(); ++g) all[g] = static_cast<int>(g);
  std::optional<Choice> first = choose_cut(tiling, all, placements, -1, {});
  if (!first) return;
  const std::size_t p = first->piece;
  tiling.restricted_piece = static_cast<int>(p);
  PiecePlacements kept;
  for (const std::size_t j : first->cut.kept) kept.push_back(std::move(placements[p][j]));
  placements[p] = std::move(kept);
  extra[p].assign(placements[p].size(), {});

  // In the tilings through a kept placement r that symmetries H fix, a
  // second piece's placements are cut to one of each class under H: the
  // others get a secondary item that r has too, so that they cannot lie
  // beside it (and lie anywhere else).
  struct Second {
    std::size_t kept;  // r, an index into the cut placements
    std::vector<int> fixing;
    int piece = -1;
    std::vector<std::pair<std::size_t, std::vector<int>>> symmetric;  // (placement, K)
  };
  std::vector<Second> seconds;
  int items = 0;
  for (auto& [k, fixing] : first->cut.symmetric) {
    Second second{k, std::move(fixing), -1, {}};
    const std::optional<Choice> then =
        choose_cut(tiling, second.fixing, placements, static_cast<int>(p), placements[p][k]);
    if (then) {
      const std::size_t q = then->piece;
      second.piece = static_cast<int>(q);
      const int item = tiling.problem.add_secondary("sym." + std::to_string(++items));
      extra[p][k].push_back(item);
      std::vector<bool> keep(placements[q].size(), false);
      for (const std::size_t j : then->cut.kept) keep[j] = true;
      // (A name for the kept placement: a lambda may not capture a
      // structured binding before C++20's clang 16.)
      const std::vector<int>& fixed = placements[p][k];
      for (std::size_t j = 0; j < placements[q].size(); ++j) {
        const std::vector<int>& cells = placements[q][j];
        const bool beside = std::none_of(cells.begin(), cells.end(), [&](int c) {
          return std::binary_search(fixed.begin(), fixed.end(), c);
        });
        if (beside && !keep[j]) extra[q][j].push_back(item);
      }
      for (const auto& [index, group] : then->cut.symmetric)
        second.symmetric.emplace_back(then->cut.kept[index], group);
    }
    seconds.push_back(std::move(second));
  }
  std::vector<std::size_t> first_option(placements.size() + 1, 0);
  for (std::size_t q = 0; q < placements.size(); ++q)
    first_option[q + 1] = first_option[q] + placements[q].size();
  for (Second& second : seconds) {
    SymmetricPlacement entry;
    entry.option = static_cast<int>(first_option[p] + second.kept);
    entry.fixing = std::move(second.fixing);
    entry.second_piece = second.piece;
    for (auto& [j, group] : second.symmetric)
      entry.second_symmetric.emplace_back(
          static_cast<int>(first_option[static_cast<std::size_t>(second.piece)] + j),
          std::move(group));
    std::sort(entry.second_symmetric.begin(), entry.second_symmetric.end());
    tiling.symmetric_placements.push_back(std::move(entry));
  }
}

// --- telling tilings apart ------------------------------------------------------------

namespace {

// A tiling as the sorted list of its placements, each its piece then its
// cells' board indices (sorted): equal for equal tilings, copies of a piece
// not told apart.
using TilingKey = std::vector<std::vector<int>>;

TilingKey key_of(const Tiling& tiling, const Solution& solution) {
  const std::vector<Cell>& board = tiling.board.cells();
  TilingKey key;
  for (const int option : solution.options) {
    if (option < 0 || static_cast<std::size_t>(option) >= tiling.placements.size())
      throw ProblemError("option " + std::to_string(option) + " is not one of this tiling's");
    const Placement& placement = tiling.placements[static_cast<std::size_t>(option)];
    std::vector<int> entry{placement.piece};
    for (const Cell& cell : placement.cells.cells())
      entry.push_back(
          static_cast<int>(std::lower_bound(board.begin(), board.end(), cell) - board.begin()));
    key.push_back(std::move(entry));
  }
  std::sort(key.begin(), key.end());
  return key;
}

TilingKey image_of(const BoardSymmetry& symmetry, const TilingKey& key) {
  TilingKey image;
  image.reserve(key.size());
  for (const std::vector<int>& entry : key) {
    std::vector<int> moved{symmetry.pieces[static_cast<std::size_t>(entry[0])]};
    for (std::size_t k = 1; k < entry.size(); ++k)
      moved.push_back(symmetry.cells[static_cast<std::size_t>(entry[k])]);
    std::sort(moved.begin() + 1, moved.end());
    image.push_back(std::move(moved));
  }
  std::sort(image.begin(), image.end());
  return image;
}

}  // namespace

bool Tiling::needs_keep() const {
  if (symmetries.size() <= 1) return false;
  if (restricted_piece < 0) return true;
  return std::any_of(symmetric_placements.begin(), symmetric_placements.end(),
                     [](const SymmetricPlacement& s) {
                       return s.second_piece < 0 || !s.second_symmetric.empty();
                     });
}

bool Tiling::keep(const Solution& solution) const {
  if (!needs_keep()) return true;
  // The option of `piece` in the solution, in `entries` (sorted by option).
  auto find = [&](const auto& entries, auto option_of) -> const auto* {
    using Entry = std::remove_reference_t<decltype(entries[0])>;
    for (const int option : solution.options) {
      const auto found =
          std::lower_bound(entries.begin(), entries.end(), option,
                           [&](const Entry& entry, int o) { return option_of(entry) < o; });
      if (found != entries.end() && option_of(*found) == option) return &*found;
    }
    return static_cast<const Entry*>(nullptr);
  };
  const std::vector<int>* fixing = nullptr;
  if (restricted_piece >= 0) {
    const SymmetricPlacement* at =
        find(symmetric_placements, [](const SymmetricPlacement& s) { return s.option; });
    if (!at) return true;
    fixing = &at->fixing;
    if (at->second_piece >= 0) {
      const auto* then = find(at->second_symmetric, [](const auto& s) { return s.first; });
      if (!then) return true;
      fixing = &then->second;
    }
  }
  const TilingKey key = key_of(*this, solution);
  auto least = [&](std::size_t g) { return g == 0 || !(image_of(symmetries[g], key) < key); };
  if (!fixing) {
    for (std::size_t g = 0; g < symmetries.size(); ++g)
      if (!least(g)) return false;
    return true;
  }
  return std::all_of(fixing->begin(), fixing->end(),
                     [&](int g) { return least(static_cast<std::size_t>(g)); });
}

int orbit_size(const Tiling& tiling, const Solution& solution) {
  const TilingKey key = key_of(tiling, solution);
  std::vector<TilingKey> images{key};
  for (std::size_t g = 1; g < tiling.symmetries.size(); ++g) {
    TilingKey image = image_of(tiling.symmetries[g], key);
    if (std::find(images.begin(), images.end(), image) == images.end())
      images.push_back(std::move(image));
  }
  return static_cast<int>(images.size());
}

}  // namespace xcover::polyform
