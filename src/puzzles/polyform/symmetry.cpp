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
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <type_traits>

#include "puzzles/polyform/lattice.hpp"

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

// The least of a shape's images under the lattice's rotations (colours and
// all): two shapes are turns of each other when these are equal.
ColouredShape rotation_class(Lattice lattice, const ColouredShape& shape) {
  std::vector<ColouredShape> turns = orientations(lattice, shape, false);
  return *std::min_element(turns.begin(), turns.end());
}

// Where a reflection sends each piece: to itself when it may be flipped, or
// when it is its own mirror image; else to the piece that is its mirror
// image, with the same copies. std::nullopt when some piece has none: the
// reflections then do not map tilings to tilings.
std::optional<std::vector<int>> mirror_pieces(const Tiling& tiling, const TilingOptions& options) {
  const Lattice lattice = tiling.lattice;
  const std::size_t count = tiling.pieces.size();
  std::vector<int> mirror(count, -1);
  std::vector<ColouredShape> turns(count);  // each one-sided piece's rotation class
  for (std::size_t p = 0; p < count; ++p) {
    const Piece& piece = tiling.pieces[p];
    if (!flips(tiling, piece, options))
      turns[p] = rotation_class(lattice, ColouredShape{piece.shape, piece.colours});
  }
  for (std::size_t p = 0; p < count; ++p) {
    const Piece& piece = tiling.pieces[p];
    if (flips(tiling, piece, options)) {
      mirror[p] = static_cast<int>(p);
      continue;
    }
    // (The first reflection maps every shape onto the lattice.)
    const ColouredShape image = rotation_class(
        lattice,
        *transform(lattice, rotation_count(lattice), ColouredShape{piece.shape, piece.colours}));
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
    const std::optional<std::vector<Cell>> turned = transform_cells(lattice, g, board);
    if (!turned) continue;
    const std::vector<Cell>& image = *turned;
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
      // (and the cells' colours)
      keeps_optional = keeps_optional &&
                       (tiling.board_colours.empty() ||
                        tiling.board_colours[k] ==
                            tiling.board_colours[static_cast<std::size_t>(symmetry.cells.back())]);
    }
    if (!keeps_optional) continue;
    symmetry.inverse.assign(board.size(), 0);
    for (std::size_t k = 0; k < board.size(); ++k)
      symmetry.inverse[static_cast<std::size_t>(symmetry.cells[k])] = static_cast<int>(k);
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

// A tiling's placements, each its piece and its cells' board indices.
struct Placed {
  int piece;
  std::vector<int> cells;
};

std::vector<Placed> placed_of(const Tiling& tiling, const Solution& solution) {
  const std::vector<Cell>& board = tiling.board.cells();
  std::vector<Placed> placed;
  placed.reserve(solution.options.size());
  for (const int option : solution.options) {
    if (option < 0 || static_cast<std::size_t>(option) >= tiling.placements.size())
      throw ProblemError("option " + std::to_string(option) + " is not one of this tiling's");
    const Placement& placement = tiling.placements[static_cast<std::size_t>(option)];
    Placed entry{placement.piece, {}};
    entry.cells.reserve(placement.cells.cells().size());
    for (const Cell& cell : placement.cells.cells())
      entry.cells.push_back(
          static_cast<int>(std::lower_bound(board.begin(), board.end(), cell) - board.begin()));
    placed.push_back(std::move(entry));
  }
  return placed;
}

// A tiling as a label on each board cell: its piece, and the least board
// index of its placement's cells (which tells copies of a piece apart by
// where they are, not by their number); ~0 on a cell no piece covers. Equal
// for equal tilings.
using TilingKey = std::vector<std::uint64_t>;

// The key of the tiling's image under `symmetry` (the identity: nullptr).
void key_of(const std::vector<Placed>& placed, const BoardSymmetry* symmetry, std::size_t cells,
            TilingKey& key) {
  key.assign(cells, ~std::uint64_t{0});
  for (const Placed& entry : placed) {
    const auto to = [&](int k) {
      return symmetry ? symmetry->cells[static_cast<std::size_t>(k)] : k;
    };
    int least = to(entry.cells.front());
    for (const int k : entry.cells) least = std::min(least, to(k));
    const int piece =
        symmetry ? symmetry->pieces[static_cast<std::size_t>(entry.piece)] : entry.piece;
    const std::uint64_t label =
        std::uint64_t(static_cast<std::uint32_t>(piece)) << 32 | static_cast<std::uint32_t>(least);
    for (const int k : entry.cells) key[static_cast<std::size_t>(to(k))] = label;
  }
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
  const std::vector<Placed> placed = placed_of(*this, solution);
  const std::size_t cells = board.cells().size();
  TilingKey key;
  key_of(placed, nullptr, cells, key);
  std::vector<int> owner(cells, -1);  // the placement on each cell
  for (std::size_t p = 0; p < placed.size(); ++p)
    for (const int k : placed[p].cells) owner[static_cast<std::size_t>(k)] = static_cast<int>(p);
  // Whether the image under symmetry g is not less than the tiling: the
  // image's key cell by cell, each placement's least cell found when first
  // needed (most images differ within a placement or two).
  std::vector<int> image_least(placed.size());
  auto least = [&](std::size_t g) {
    if (g == 0) return true;
    const BoardSymmetry& symmetry = symmetries[g];
    std::fill(image_least.begin(), image_least.end(), -1);
    for (std::size_t j = 0; j < cells; ++j) {
      const int p = owner[static_cast<std::size_t>(symmetry.inverse[j])];
      std::uint64_t label = ~std::uint64_t{0};
      if (p >= 0) {
        int& at = image_least[static_cast<std::size_t>(p)];
        if (at < 0) {
          at = static_cast<int>(cells);
          for (const int k : placed[static_cast<std::size_t>(p)].cells)
            at = std::min(at, symmetry.cells[static_cast<std::size_t>(k)]);
        }
        const int piece =
            symmetry.pieces[static_cast<std::size_t>(placed[static_cast<std::size_t>(p)].piece)];
        label =
            std::uint64_t(static_cast<std::uint32_t>(piece)) << 32 | static_cast<std::uint32_t>(at);
      }
      if (label != key[j]) return label > key[j];
    }
    return true;  // the tiling itself
  };
  if (!fixing) {
    for (std::size_t g = 0; g < symmetries.size(); ++g)
      if (!least(g)) return false;
    return true;
  }
  return std::all_of(fixing->begin(), fixing->end(),
                     [&](int g) { return least(static_cast<std::size_t>(g)); });
}

int orbit_size(const Tiling& tiling, const Solution& solution) {
  const std::vector<Placed> placed = placed_of(tiling, solution);
  const std::size_t cells = tiling.board.cells().size();
  std::vector<TilingKey> images(1);
  key_of(placed, nullptr, cells, images[0]);
  TilingKey image;
  for (std::size_t g = 1; g < tiling.symmetries.size(); ++g) {
    key_of(placed, &tiling.symmetries[g], cells, image);
    if (std::find(images.begin(), images.end(), image) == images.end()) images.push_back(image);
  }
  return static_cast<int>(images.size());
}

}  // namespace xcover::polyform
