// SPDX-License-Identifier: MIT
// Rating puzzles: a solver of candidates that uses people's techniques on
// any houses, and the engine's node counts over relabellings.
#include "xcover/puzzles/sudoku_rate.hpp"

#include <bit>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/cell_houses.hpp"

namespace xcover {

namespace {

using Mask = std::uint64_t;  // bit d - 1: digit d is still possible

Mask bit(int digit) { return Mask{1} << (digit - 1); }

class Techniques {
 public:
  Techniques(const SudokuRules& rules, const SudokuBoard& puzzle)
      : rules_(rules),
        side_(rules.side()),
        values_(puzzle.cells),
        candidates_(puzzle.cells.size(), 0),
        houses_of_(rules) {
    const Mask all = side_ == 64 ? ~Mask{0} : (Mask{1} << side_) - 1;
    for (std::size_t cell = 0; cell < values_.size(); ++cell)
      if (values_[cell] == 0 && !rules.is_hole(static_cast<int>(cell))) candidates_[cell] = all;
    for (std::size_t cell = 0; cell < values_.size(); ++cell)
      if (values_[cell] != 0) eliminate_around(static_cast<int>(cell), values_[cell]);
    // Pairs of houses that share two cells or more (a row and a box, a box
    // and a jigsaw region, a diagonal and a window...): locked candidates.
    const auto& houses = rules.houses();
    for (const auto& house : houses) house_full_.push_back(rules.full(house));
    for (std::size_t a = 0; a < houses.size(); ++a)
      for (std::size_t b = 0; b < houses.size(); ++b) {
        if (a == b) continue;
        int shared = 0;
        for (int cell : houses[a].cells)
          for (int h : houses_of_[cell]) shared += h == static_cast<int>(b);
        if (shared >= 2) overlapping_.push_back({static_cast<int>(a), static_cast<int>(b)});
      }
  }

  void run(SudokuRating& rating) {
    while (!solved()) {
      if (stuck()) {
        rating.logical = false;
        return;
      }
      if (naked_single())
        ++rating.naked_singles;
      else if (hidden_single())
        ++rating.hidden_singles;
      else if (locked_candidates())
        ++rating.locked_candidates;
      else if (naked_pair())
        ++rating.naked_pairs;
      else {
        rating.logical = false;
        return;
      }
    }
  }

 private:
  bool open_blank(std::size_t cell) const {
    return values_[cell] == 0 && !rules_.is_hole(static_cast<int>(cell));
  }
  bool solved() const {
    for (std::size_t cell = 0; cell < values_.size(); ++cell)
      if (open_blank(cell)) return false;
    return true;
  }
  // A blank cell with no candidate: the givens contradict each other.
  bool stuck() const {
    for (std::size_t cell = 0; cell < values_.size(); ++cell)
      if (open_blank(cell) && candidates_[cell] == 0) return true;
    return false;
  }

  void place(int cell, int digit) {
    values_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
    candidates_[static_cast<std::size_t>(cell)] = 0;
    eliminate_around(cell, digit);
  }
  void eliminate_around(int cell, int digit) {
    for (int h : houses_of_[cell])
      for (int other : rules_.houses()[static_cast<std::size_t>(h)].cells)
        candidates_[static_cast<std::size_t>(other)] &= ~bit(digit);
  }

  bool naked_single() {
    for (std::size_t cell = 0; cell < values_.size(); ++cell)
      if (open_blank(cell) && std::popcount(candidates_[cell]) == 1) {
        place(static_cast<int>(cell), std::countr_zero(candidates_[cell]) + 1);
        return true;
      }
    return false;
  }

  // (Only a house that must hold every digit: a region with holes or fewer
  // cells may lack one.)
  bool hidden_single() {
    for (const SudokuRules::House& house : rules_.houses())
      for (int d = 1;
           house_full_[static_cast<std::size_t>(&house - rules_.houses().data())] && d <= side_;
           ++d) {
        int where = -1, places = 0;
        for (int cell : house.cells)
          if (candidates_[static_cast<std::size_t>(cell)] & bit(d)) where = cell, ++places;
        if (places == 1) {
          place(where, d);
          return true;
        }
      }
    return false;
  }

  // A digit whose places in house A all lie in house B too: B's other cells
  // cannot hold it.
  bool locked_candidates() {
    const auto& houses = rules_.houses();
    for (const auto& [a, b] : overlapping_)
      for (int d = 1; house_full_[static_cast<std::size_t>(a)] && d <= side_; ++d) {
        bool any = false, inside = true;
        for (int cell : houses[static_cast<std::size_t>(a)].cells) {
          if (!(candidates_[static_cast<std::size_t>(cell)] & bit(d))) continue;
          any = true;
          inside &= in_house(cell, b);
        }
        if (!any || !inside) continue;
        bool removed = false;
        for (int cell : houses[static_cast<std::size_t>(b)].cells)
          if (!in_house(cell, a) && (candidates_[static_cast<std::size_t>(cell)] & bit(d))) {
            candidates_[static_cast<std::size_t>(cell)] &= ~bit(d);
            removed = true;
          }
        if (removed) return true;
      }
    return false;
  }

  // Two cells of a house with the same two candidates: the house's other
  // cells hold neither.
  bool naked_pair() {
    for (const SudokuRules::House& house : rules_.houses())
      for (std::size_t i = 0; i < house.cells.size(); ++i) {
        const Mask pair = candidates_[static_cast<std::size_t>(house.cells[i])];
        if (std::popcount(pair) != 2) continue;
        for (std::size_t j = i + 1; j < house.cells.size(); ++j) {
          if (candidates_[static_cast<std::size_t>(house.cells[j])] != pair) continue;
          bool removed = false;
          for (std::size_t k = 0; k < house.cells.size(); ++k) {
            Mask& other = candidates_[static_cast<std::size_t>(house.cells[k])];
            if (k != i && k != j && (other & pair)) other &= ~pair, removed = true;
          }
          if (removed) return true;
        }
      }
    return false;
  }

  bool in_house(int cell, int house) const {
    for (int h : houses_of_[cell])
      if (h == house) return true;
    return false;
  }

  const SudokuRules& rules_;
  int side_;
  std::vector<std::uint8_t> values_;
  std::vector<Mask> candidates_;
  detail::CellHouses houses_of_;
  std::vector<std::pair<int, int>> overlapping_;
  std::vector<bool> house_full_;
};

}  // namespace

const char* to_string(SudokuLevel level) {
  switch (level) {
    case SudokuLevel::simple:
      return "simple";
    case SudokuLevel::easy:
      return "easy";
    case SudokuLevel::intermediate:
      return "intermediate";
    case SudokuLevel::expert:
      return "expert";
  }
  return "unknown";
}

SudokuLevel parse_level(std::string_view name) {
  for (SudokuLevel level :
       {SudokuLevel::simple, SudokuLevel::easy, SudokuLevel::intermediate, SudokuLevel::expert})
    if (name == to_string(level)) return level;
  throw SudokuError("difficulty must be simple, easy, intermediate or expert, not '" +
                    std::string(name) + "'");
}

SudokuRating rate_sudoku(SudokuSolver& solver, const SudokuBoard& puzzle, int relabellings) {
  const SudokuRules& rules = solver.rules();
  if (puzzle.side != rules.side())
    throw SudokuError("a " + std::to_string(puzzle.side) + "x" + std::to_string(puzzle.side) +
                      " board given to " + rules.describe() + " rules");
  SudokuRating rating;
  if (!rules.find_conflict(puzzle).empty()) {
    rating.logical = false;
    rating.level = SudokuLevel::expert;
    return rating;
  }
  Techniques(rules, puzzle).run(rating);
  rating.level = !rating.logical ? SudokuLevel::expert
                 : rating.locked_candidates > 0 || rating.naked_pairs > 0
                     ? SudokuLevel::intermediate
                 : rating.hidden_singles > 0 ? SudokuLevel::easy
                                             : SudokuLevel::simple;

  // The engine: relabelling k maps digit d to 1 + (d - 1) * step_k mod side
  // for steps coprime with the side (the identity first), a fixed set so
  // that ratings are reproducible.
  const int side = rules.side();
  if (relabellings <= 0) return rating;  // the techniques only
  if (!rules.cages().empty()) relabellings = 1;
  std::vector<int> steps;
  for (int step = 1; step <= side && static_cast<int>(steps.size()) < relabellings; ++step)
    if (std::gcd(step, side) == 1) steps.push_back(step);
  double nodes = 0;
  SudokuBoard relabelled = puzzle;
  for (int step : steps) {
    for (std::size_t k = 0; k < puzzle.cells.size(); ++k)
      if (puzzle.cells[k])
        relabelled.cells[k] = static_cast<std::uint8_t>(1 + (puzzle.cells[k] - 1) * step % side);
    const SudokuResult result = solver.count(relabelled, 2);
    if (step == 1) rating.solutions = result.solutions;
    nodes += static_cast<double>(solver.statistics().nodes);
  }
  rating.nodes = nodes / static_cast<double>(steps.size());
  return rating;
}

}  // namespace xcover
