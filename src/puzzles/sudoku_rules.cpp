// SPDX-License-Identifier: MIT
// Sudoku of any shape as exact cover (see sudoku_rules.hpp for the model):
// boards, alphabets, the rules, their problem and the check of a board
// against them.
#include "xcover/puzzles/sudoku_rules.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <numeric>

#include "puzzles/cell_houses.hpp"
#include "puzzles/sudoku_names.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/text.hpp"

namespace xcover {

namespace {

using detail::board_name;
using detail::cell_name;
using detail::ends_cells;

constexpr int kMaxSide = 64;
// A cage with at most this many fillings (digit sets times orders) is
// written as its fillings; a bigger one as its digit sets.
constexpr std::size_t kMaxCageFillings = 120;
// A cage may have at most this many digit sets, each an option of the
// problem: more than any cage of a 25x25 board (110,780), and far fewer
// than an 18-cell cage of a 36x36 one can have (113 million, which would
// take hours and gigabytes to write).
constexpr std::uint64_t kMaxCageSets = 250'000;

// A short name ("r3c4", "h12#5", "k7") written in place and made a string
// once: a killer line names about 450 items, and building each from
// temporaries took a third of the time to write its problem.
class ShortName {
 public:
  ShortName& operator<<(char c) {
    if (end_ < buffer_ + sizeof buffer_) *end_++ = c;
    return *this;
  }
  ShortName& operator<<(int n) {
    end_ = std::to_chars(end_, buffer_ + sizeof buffer_, n).ptr;
    return *this;
  }
  std::string str() const { return std::string(buffer_, static_cast<std::size_t>(end_ - buffer_)); }

 private:
  char buffer_[40];
  char* end_ = buffer_;
};

void check_side(int side) {
  if (side < 1 || side > kMaxSide)
    throw SudokuError("a board of side " + std::to_string(side) + " is not supported (1.." +
                      std::to_string(kMaxSide) + ")");
}

// Every set of `count` distinct digits of 1..side that sums to `sum`, as bit
// masks (bit d - 1 for digit d).
void digit_sets(int side, int count, int sum, int from, std::uint64_t chosen,
                std::vector<std::uint64_t>& out) {
  if (count == 0) {
    if (sum == 0) out.push_back(chosen);
    return;
  }
  // (None when the smallest digits left already pass the sum, or the
  // largest cannot reach it.)
  if (count * from + count * (count - 1) / 2 > sum || count * side - count * (count - 1) / 2 < sum)
    return;
  for (int d = from; d <= side && d <= sum; ++d)
    digit_sets(side, count - 1, sum - d, d + 1, chosen | (std::uint64_t{1} << (d - 1)), out);
}

// Whether more than `most` sets of `count` digits can be chosen from 1..side
// (the binomial coefficient, stopping once past `most`).
bool more_sets_than(int side, int count, std::uint64_t most) {
  std::uint64_t sets = 1;
  for (int k = 0; k < count; ++k) {
    sets = sets * static_cast<std::uint64_t>(side - k) / static_cast<std::uint64_t>(k + 1);
    if (sets > most) return true;
  }
  return false;
}

// How many sets of `count` distinct digits of 1..side sum to `sum`, by
// adding the digits one at a time (without listing the sets).
std::uint64_t count_digit_sets(int side, int count, int sum) {
  const auto columns = static_cast<std::size_t>(sum) + 1;
  std::vector<std::uint64_t> ways((static_cast<std::size_t>(count) + 1) * columns, 0);
  ways[0] = 1;  // no digits, sum 0
  for (int d = 1; d <= side; ++d)
    for (int k = std::min(count, d); k >= 1; --k)
      for (int t = sum; t >= d; --t)
        ways[static_cast<std::size_t>(k) * columns + static_cast<std::size_t>(t)] +=
            ways[static_cast<std::size_t>(k - 1) * columns + static_cast<std::size_t>(t - d)];
  return ways[static_cast<std::size_t>(count) * columns + static_cast<std::size_t>(sum)];
}

}  // namespace

void SudokuBoard::set(int row, int column, int digit) {
  if (row < 0 || row >= side || column < 0 || column >= side)
    throw SudokuError("cell (" + std::to_string(row) + ", " + std::to_string(column) +
                      ") is outside a " + board_name(side) + " board");
  if (digit < 0 || digit > side)
    throw SudokuError("digit " + std::to_string(digit) + " does not fit a " + board_name(side) +
                      " board (0 for a blank, 1.." + std::to_string(side) + ")");
  cells[static_cast<std::size_t>(row * side + column)] = static_cast<std::uint8_t>(digit);
}

void SudokuBoard::reset(int board_side) {
  side = board_side;
  cells.assign(static_cast<std::size_t>(board_side * board_side), 0);
}

int SudokuBoard::given_count() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](auto c) { return c; }));
}

// --- alphabets ---------------------------------------------------------------

SudokuAlphabet SudokuAlphabet::standard(int side) {
  check_side(side);
  const std::string digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (side <= static_cast<int>(digits.size())) {
    SudokuAlphabet alphabet = custom(digits.substr(0, static_cast<std::size_t>(side)), side);
    alphabet.zero_is_blank_ = true;
    alphabet.values_[static_cast<unsigned char>('0')] = 0;
    return alphabet;
  }
  std::string symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#";
  return custom(symbols.substr(0, static_cast<std::size_t>(side)), side);
}

SudokuAlphabet SudokuAlphabet::custom(std::string_view symbols, int side) {
  check_side(side);
  if (static_cast<int>(symbols.size()) != side)
    throw SudokuError("the alphabet '" + std::string(symbols) + "' has " +
                      std::to_string(symbols.size()) + " symbols; a " + board_name(side) +
                      " board needs " + std::to_string(side));
  SudokuAlphabet alphabet;
  std::fill(std::begin(alphabet.values_), std::end(alphabet.values_), -1);
  alphabet.values_[static_cast<unsigned char>('.')] = 0;
  alphabet.zero_is_blank_ = false;
  for (std::size_t k = 0; k < symbols.size(); ++k) {
    const char c = symbols[k];
    if (c == '.' || ends_cells(c) || static_cast<unsigned char>(c) < 0x21 ||
        static_cast<unsigned char>(c) > 0x7e)
      throw SudokuError(std::string("the alphabet cannot hold '") + c +
                        "' ('.' is the blank; cells end at blanks, ',' and ':')");
    if (alphabet.values_[static_cast<unsigned char>(c)] > 0)
      throw SudokuError(std::string("the alphabet holds '") + c + "' twice");
    alphabet.values_[static_cast<unsigned char>(c)] = static_cast<signed char>(k + 1);
  }
  alphabet.symbols_ = symbols;
  return alphabet;
}

int SudokuAlphabet::value(char c) const { return values_[static_cast<unsigned char>(c)]; }

std::string SudokuAlphabet::describe() const {
  // Runs of consecutive characters: "1-9 and A-G".
  std::string out;
  std::size_t k = 0;
  while (k < symbols_.size()) {
    std::size_t end = k;
    while (end + 1 < symbols_.size() && symbols_[end + 1] == symbols_[end] + 1) ++end;
    if (!out.empty()) out += ", ";
    out += symbols_[k];
    if (end > k) out += (end == k + 1 ? ", " : "-") + std::string(1, symbols_[end]);
    k = end + 1;
  }
  const auto comma = out.rfind(", ");
  if (comma != std::string::npos) out.replace(comma, 2, " and ");
  return out + (zero_is_blank_ ? "; '.' or '0' for a blank" : "; '.' for a blank");
}

// --- rules -------------------------------------------------------------------

SudokuRules::SudokuRules(int side) : side_(side) {
  check_side(side);
  for (int r = 0; r < side; ++r) {
    std::vector<int> cells(static_cast<std::size_t>(side));
    std::iota(cells.begin(), cells.end(), r * side);
    add_standard_house("row " + std::to_string(r + 1), std::move(cells));
  }
  for (int c = 0; c < side; ++c) {
    std::vector<int> cells;
    for (int r = 0; r < side; ++r) cells.push_back(r * side + c);
    add_standard_house("column " + std::to_string(c + 1), std::move(cells));
  }
}

SudokuRules SudokuRules::boxes(int box_rows, int box_columns) {
  if (box_rows < 1 || box_columns < 1 || box_rows * box_columns > kMaxSide)
    throw SudokuError("boxes of " + std::to_string(box_rows) + "x" + std::to_string(box_columns) +
                      " are not supported (a side of at most " + std::to_string(kMaxSide) + ")");
  const int side = box_rows * box_columns;
  SudokuRules rules(side);
  rules.box_rows_ = box_rows;
  rules.box_columns_ = box_columns;
  // Boxes run box_columns across (side / box_columns of them) and box_rows down.
  for (int b = 0; b < side; ++b) {
    const int top = b / box_rows * box_rows;
    const int left = b % box_rows * box_columns;
    std::vector<int> cells;
    for (int r = 0; r < box_rows; ++r)
      for (int c = 0; c < box_columns; ++c) cells.push_back((top + r) * side + left + c);
    rules.add_standard_house("box " + std::to_string(b + 1), std::move(cells));
  }
  return rules;
}

SudokuRules SudokuRules::jigsaw(std::string_view regions) {
  int side = 0;
  while (side * side < static_cast<int>(regions.size())) ++side;
  if (side * side != static_cast<int>(regions.size()) || side == 0)
    throw SudokuError("a region string of " + std::to_string(regions.size()) +
                      " symbols; it needs one per cell (81 for 9x9, a square number)");
  SudokuRules rules(side);
  std::map<char, std::vector<int>> by_symbol;
  for (int cell = 0; cell < side * side; ++cell) {
    const char c = regions[static_cast<std::size_t>(cell)];
    if (ends_cells(c))
      throw SudokuError("the region string has a blank at position " + std::to_string(cell + 1));
    by_symbol[c].push_back(cell);
  }
  if (static_cast<int>(by_symbol.size()) != side)
    throw SudokuError("the region string names " + std::to_string(by_symbol.size()) +
                      " regions; a " + board_name(side) + " board has " + std::to_string(side));
  for (auto& [symbol, cells] : by_symbol) {
    if (static_cast<int>(cells.size()) != side)
      throw SudokuError(std::string("region '") + symbol + "' has " + std::to_string(cells.size()) +
                        " cells, not " + std::to_string(side));
    rules.add_standard_house(std::string("region ") + symbol, std::move(cells));
  }
  rules.extras_.insert(rules.extras_.begin(), "jigsaw regions");
  return rules;
}

SudokuRules SudokuRules::square(int side) {
  check_side(side);
  int box = 1;
  while (box * box < side) ++box;
  if (box * box == side) return boxes(box, box);
  std::string shapes;
  for (int rows = 2; rows < side; ++rows) {
    if (side % rows != 0) continue;
    shapes +=
        (shapes.empty() ? "" : " or ") + std::to_string(rows) + "x" + std::to_string(side / rows);
  }
  throw SudokuError(
      "a " + board_name(side) + " board has no square boxes: give its boxes" +
      (shapes.empty() ? std::string(", or read it as a Latin square") : " (" + shapes + ")"));
}

void SudokuRules::add_standard_house(std::string name, std::vector<int> cells) {
  houses_.push_back({std::move(name), std::move(cells)});
}

SudokuRules& SudokuRules::add_house(std::string name, std::vector<int> cells) {
  if (static_cast<int>(cells.size()) != side_)
    throw SudokuError(name + " has " + std::to_string(cells.size()) + " cells; a house of a " +
                      board_name(side_) + " board has " + std::to_string(side_));
  return add_region(std::move(name), std::move(cells));
}

SudokuRules& SudokuRules::add_region(std::string name, std::vector<int> cells) {
  if (cells.empty() || static_cast<int>(cells.size()) > side_)
    throw SudokuError(name + " has " + std::to_string(cells.size()) + " cells; a region of a " +
                      board_name(side_) + " board has 1 to " + std::to_string(side_));
  std::vector<bool> seen(static_cast<std::size_t>(cell_count()));
  for (int cell : cells) {
    if (cell < 0 || cell >= cell_count())
      throw SudokuError(name + ": cell " + std::to_string(cell) + " is off the board");
    if (seen[static_cast<std::size_t>(cell)])
      throw SudokuError(name + " holds " + cell_name(cell, side_) + " twice");
    seen[static_cast<std::size_t>(cell)] = true;
  }
  houses_.push_back({std::move(name), std::move(cells)});
  return *this;
}

SudokuRules& SudokuRules::add_hole(int cell) {
  if (cell < 0 || cell >= cell_count())
    throw SudokuError("hole: cell " + std::to_string(cell) + " is off the board");
  if (!caged_.empty() && caged_[static_cast<std::size_t>(cell)])
    throw SudokuError(cell_name(cell, side_) + " is in a cage: it cannot be a hole");
  if (holes_.empty()) holes_.assign(static_cast<std::size_t>(cell_count()), false);
  if (!holes_[static_cast<std::size_t>(cell)]) {
    holes_[static_cast<std::size_t>(cell)] = true;
    if (++hole_count_ == 1) extras_.push_back("holes");
  }
  return *this;
}

bool SudokuRules::full(const House& house) const {
  int open = 0;
  for (int cell : house.cells) open += !is_hole(cell);
  return open == side_;
}

std::vector<int> SudokuRules::open_cells() const {
  std::vector<int> cells;
  for (int cell = 0; cell < cell_count(); ++cell)
    if (!is_hole(cell)) cells.push_back(cell);
  return cells;
}

SudokuRules& SudokuRules::add_diagonals() {
  std::vector<int> main, anti;
  for (int r = 0; r < side_; ++r) {
    main.push_back(r * side_ + r);
    anti.push_back(r * side_ + side_ - 1 - r);
  }
  add_house("diagonal", std::move(main));
  add_house("anti-diagonal", std::move(anti));
  extras_.push_back("diagonals");
  return *this;
}

SudokuRules& SudokuRules::add_windows() {
  if (box_rows_ == 0) throw SudokuError("windows need boxes (a board of R x C boxes)");
  int count = 0;
  for (int top = 1; top + box_rows_ <= side_; top += box_rows_ + 1) {
    for (int left = 1; left + box_columns_ <= side_; left += box_columns_ + 1) {
      std::vector<int> cells;
      for (int r = 0; r < box_rows_; ++r)
        for (int c = 0; c < box_columns_; ++c) cells.push_back((top + r) * side_ + left + c);
      add_house("window " + std::to_string(++count), std::move(cells));
    }
  }
  extras_.push_back("windows");
  return *this;
}

SudokuRules& SudokuRules::add_cage(std::vector<int> cells, int sum) {
  auto name = [&] { return "cage " + std::to_string(cages_.size() + 1); };
  if (cells.empty() || static_cast<int>(cells.size()) > side_)
    throw SudokuError(name() + " has " + std::to_string(cells.size()) + " cells (1.." +
                      std::to_string(side_) + ")");
  if (caged_.empty()) caged_.assign(static_cast<std::size_t>(cell_count()), false);
  for (int cell : cells) {
    if (cell < 0 || cell >= cell_count())
      throw SudokuError(name() + ": cell " + std::to_string(cell) + " is off the board");
    if (caged_[static_cast<std::size_t>(cell)])
      throw SudokuError(name() + ": " + cell_name(cell, side_) + " is in another cage already");
    if (is_hole(cell)) throw SudokuError(name() + ": " + cell_name(cell, side_) + " is a hole");
    if (std::count(cells.begin(), cells.end(), cell) > 1)
      throw SudokuError(name() + " holds " + cell_name(cell, side_) + " twice");
  }
  // n distinct digits of 1..side reach every sum from 1 + .. + n to
  // (side - n + 1) + .. + side (a step from one set to the next raises
  // one digit by one), so the sets need not be listed here.
  const int n = static_cast<int>(cells.size());
  if (sum < n * (n + 1) / 2 || sum > n * side_ - n * (n - 1) / 2)
    throw SudokuError(name() + ": no " + std::to_string(cells.size()) + " distinct digits sum to " +
                      std::to_string(sum));
  if (more_sets_than(side_, n, kMaxCageSets)) {
    if (const std::uint64_t sets = count_digit_sets(side_, n, sum); sets > kMaxCageSets)
      throw SudokuError(name() + ": " + std::to_string(sets) + " sets of " + std::to_string(n) +
                        " distinct digits sum to " + std::to_string(sum) + ", more than the " +
                        std::to_string(kMaxCageSets) +
                        " a cage may have (each is an option of the problem)");
  }
  for (int cell : cells) caged_[static_cast<std::size_t>(cell)] = true;
  cages_.push_back({std::move(cells), sum});
  if (cages_.size() == 1) extras_.push_back("cages");
  return *this;
}

int SudokuRules::fewest_clues() const {
  if (!cages_.empty() || hole_count_ > 0) return 0;
  // Rows, columns and square boxes, nothing else.
  const bool classic = box_rows_ == box_columns_ && box_rows_ * box_columns_ == side_ &&
                       houses_.size() == 3 * static_cast<std::size_t>(side_) && extras_.empty();
  if (classic && side_ == 9) return 17;
  if (classic && side_ == 4) return 4;
  return side_ - 1;
}

std::string SudokuRules::describe() const {
  std::string out = board_name(side_);
  if (box_rows_)
    out += ", " + std::to_string(box_rows_) + "x" + std::to_string(box_columns_) + " boxes";
  else if (extras_.empty() || extras_.front() != "jigsaw regions")
    out += " Latin square";
  for (const std::string& extra : extras_)
    out += ", " + (extra == "cages" ? std::to_string(cages_.size()) + " cages" : extra);
  return out;
}

namespace {

// How the cages go into the problem (see the top of sudoku_rules.hpp): each
// cage's digit sets, whether it is written as its fillings, and the cage
// of each cell (-1: none).
struct CagePlan {
  std::vector<std::vector<std::uint64_t>> sets;
  std::vector<bool> filled;
  std::vector<int> cage_of;
  bool any_filled = false;

  explicit CagePlan(const SudokuRules& rules)
      : sets(rules.cages().size()),
        filled(rules.cages().size()),
        cage_of(static_cast<std::size_t>(rules.cell_count()), -1) {
    const auto& cages = rules.cages();
    for (std::size_t k = 0; k < cages.size(); ++k) {
      digit_sets(rules.side(), static_cast<int>(cages[k].cells.size()), cages[k].sum, 1, 0,
                 sets[k]);
      filled[k] = fillings(k, cages[k].cells.size()) <= kMaxCageFillings;
      any_filled = any_filled || filled[k];
      for (int cell : cages[k].cells) cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(k);
    }
  }
  // Cage k's fillings (it has `size` cells), or a number past
  // kMaxCageFillings when there are more.
  std::size_t fillings(std::size_t k, std::size_t size) const {
    std::size_t n = sets[k].size();
    for (std::size_t m = 2; m <= size && n <= kMaxCageFillings; ++m) n *= m;
    return n;
  }
  bool in_filled(int cell) const {
    const int k = cage_of[static_cast<std::size_t>(cell)];
    return k >= 0 && filled[static_cast<std::size_t>(k)];
  }
};

// Room for the whole problem at once: a killer line is a problem of its
// own, whose entries would otherwise grow by doubling through thousands of
// options. (Counted as problem() adds them; a miscount would only cost the
// growth again, never change the problem.)
void reserve_room(Problem& problem, const SudokuRules& rules, const CagePlan& plan,
                  const detail::CellHouses& houses_of) {
  const std::size_t digits = static_cast<std::size_t>(rules.side());
  std::size_t options = 0, entries = 0;
  for (int cell = 0; cell < rules.cell_count(); ++cell) {
    if (rules.is_hole(cell)) continue;
    const std::size_t houses = houses_of[cell].size();
    const bool caged = plan.cage_of[static_cast<std::size_t>(cell)] >= 0;
    options += digits;
    entries += digits * (plan.in_filled(cell) ? 2 : 1 + houses + caged);
  }
  for (std::size_t k = 0; k < rules.cages().size(); ++k) {
    const std::vector<int>& cage = rules.cages()[k].cells;
    const std::size_t sets = plan.sets[k].size();
    if (!plan.filled[k]) {
      options += sets;
      entries += sets * (1 + digits - cage.size());
      continue;
    }
    std::size_t per = 1;
    for (int cell : cage) per += 1 + houses_of[cell].size();
    options += plan.fillings(k, cage.size());
    entries += plan.fillings(k, cage.size()) * per;
  }
  const std::size_t items = static_cast<std::size_t>(rules.cell_count()) * 2 +
                            (rules.houses().size() + rules.cages().size()) * digits +
                            rules.cages().size();
  problem.reserve_items(items);
  problem.reserve_options(options, entries);
}

// The problem's items, by what they stand for (-1: none).
struct SudokuItems {
  std::vector<int> cell;        // by cell: filled once
  std::vector<int> house;       // by house * side + digit - 1: placed once (or at most)
  std::vector<int> cage;        // by cage: filled once
  std::vector<int> cage_digit;  // by cage * side + digit - 1, of a cage of digit sets
  std::vector<int> cell_digit;  // by cell of a filled cage: coloured by its digit
  std::vector<int> colour;      // of digit d: colour[d] (with filled cages)
};

// Primary items first (cells, full houses' digits, cages), then secondary
// ones (the digits of houses with holes or fewer cells, of cages of digit
// sets, and of the cells of filled cages).
SudokuItems add_items(Problem& problem, const SudokuRules& rules, const CagePlan& plan) {
  const int side = rules.side();
  const std::size_t digits = static_cast<std::size_t>(side);
  const auto& houses = rules.houses();
  const std::size_t cages = rules.cages().size();
  SudokuItems items;
  items.cell.assign(static_cast<std::size_t>(rules.cell_count()), -1);
  for (int cell = 0; cell < rules.cell_count(); ++cell)
    if (!rules.is_hole(cell))
      items.cell[static_cast<std::size_t>(cell)] = problem.add_primary(cell_name(cell, side));
  items.house.assign(houses.size() * digits, -1);
  auto house_items = [&](bool primary) {
    for (std::size_t h = 0; h < houses.size(); ++h) {
      if (rules.full(houses[h]) != primary) continue;
      for (int d = 1; d <= side; ++d) {
        std::string name = (ShortName() << 'h' << static_cast<int>(h) + 1 << '#' << d).str();
        items.house[h * digits + static_cast<std::size_t>(d - 1)] =
            primary ? problem.add_primary(std::move(name)) : problem.add_secondary(std::move(name));
      }
    }
  };
  house_items(true);
  for (std::size_t k = 0; k < cages; ++k)
    items.cage.push_back(
        problem.add_primary((ShortName() << 'k' << static_cast<int>(k) + 1).str()));
  house_items(false);
  items.cage_digit.assign(cages * digits, -1);
  for (std::size_t k = 0; k < cages; ++k)
    if (!plan.filled[k])
      for (int d = 1; d <= side; ++d)
        items.cage_digit[k * digits + static_cast<std::size_t>(d - 1)] = problem.add_secondary(
            (ShortName() << 'k' << static_cast<int>(k) + 1 << '#' << d).str());
  items.cell_digit.assign(static_cast<std::size_t>(rules.cell_count()), -1);
  for (int cell = 0; cell < rules.cell_count(); ++cell)
    if (plan.in_filled(cell))
      items.cell_digit[static_cast<std::size_t>(cell)] =
          problem.add_secondary(cell_name(cell, side) + 'd');
  if (plan.any_filled)
    for (int d = 0; d <= side; ++d)
      items.colour.push_back(d == 0 ? 0 : problem.add_color(std::to_string(d)));
  return items;
}

}  // namespace

Problem SudokuRules::problem() const {
  Problem problem;
  const int side = side_, cells = cell_count();
  const std::size_t digits = static_cast<std::size_t>(side);
  const CagePlan plan(*this);
  const detail::CellHouses houses_of(*this);
  reserve_room(problem, *this, plan, houses_of);
  const SudokuItems items = add_items(problem, *this, plan);

  std::vector<OptionEntry> entries;
  std::vector<int> order;  // a filled cage's digits, in the order they go in its cells
  auto add_houses = [&](int cell, int d) {
    for (int h : houses_of[cell])
      entries.push_back(
          {items.house[static_cast<std::size_t>(h) * digits + static_cast<std::size_t>(d - 1)]});
  };
  // Each open cell's digits; in a filled cage, the filling places the
  // digit, and the cell's option agrees with it.
  for (int cell = 0; cell < cells; ++cell) {
    if (is_hole(cell)) continue;
    const auto c = static_cast<std::size_t>(cell);
    for (int d = 1; d <= side; ++d) {
      entries.assign(1, OptionEntry{items.cell[c]});
      if (plan.in_filled(cell)) {
        entries.push_back({items.cell_digit[c], items.colour[static_cast<std::size_t>(d)]});
      } else {
        add_houses(cell, d);
        if (const int k = plan.cage_of[c]; k >= 0)
          entries.push_back({items.cage_digit[static_cast<std::size_t>(k) * digits +
                                              static_cast<std::size_t>(d - 1)]});
      }
      problem.add_option(std::span<const OptionEntry>(entries));
    }
  }
  // Each cage's digit sets, or every order of each set over its cells.
  for (std::size_t k = 0; k < cages_.size(); ++k) {
    const std::vector<int>& cage = cages_[k].cells;
    for (std::uint64_t set : plan.sets[k]) {
      if (!plan.filled[k]) {
        entries.assign(1, OptionEntry{items.cage[k]});
        for (int d = 1; d <= side; ++d)
          if (!(set >> (d - 1) & 1))
            entries.push_back({items.cage_digit[k * digits + static_cast<std::size_t>(d - 1)]});
        problem.add_option(std::span<const OptionEntry>(entries));
        continue;
      }
      order.clear();
      for (int d = 1; d <= side; ++d)
        if (set >> (d - 1) & 1) order.push_back(d);
      do {
        entries.assign(1, OptionEntry{items.cage[k]});
        for (std::size_t i = 0; i < cage.size(); ++i) {
          add_houses(cage[i], order[i]);
          entries.push_back({items.cell_digit[static_cast<std::size_t>(cage[i])],
                             items.colour[static_cast<std::size_t>(order[i])]});
        }
        problem.add_option(std::span<const OptionEntry>(entries));
      } while (std::next_permutation(order.begin(), order.end()));
    }
  }
  return problem;
}

std::string SudokuRules::find_conflict(const SudokuBoard& board) const {
  if (board.side != side_)
    return "a " + board_name(board.side) + " board for " + board_name(side_) + " rules";
  for (int cell = 0; cell < cell_count(); ++cell) {
    const int d = board.cells[static_cast<std::size_t>(cell)];
    if (d > side_)
      return cell_name(cell, side_) + " holds " + std::to_string(d) + ", more than the side";
    if (d != 0 && is_hole(cell))
      return cell_name(cell, side_) + " is a hole but holds " + std::to_string(d);
  }
  std::vector<int> seen(static_cast<std::size_t>(side_) + 1);
  for (const House& house : houses_) {
    std::fill(seen.begin(), seen.end(), -1);
    const bool row = house.name.rfind("row ", 0) == 0, column = house.name.rfind("column ", 0) == 0;
    for (int cell : house.cells) {
      const int d = board.cells[static_cast<std::size_t>(cell)];
      if (d == 0) continue;
      if (seen[static_cast<std::size_t>(d)] >= 0) {
        const int first = seen[static_cast<std::size_t>(d)];
        const std::string where = row ? "columns " + std::to_string(first % side_ + 1) + " and " +
                                            std::to_string(cell % side_ + 1)
                                  : column
                                      ? "rows " + std::to_string(first / side_ + 1) + " and " +
                                            std::to_string(cell / side_ + 1)
                                      : cell_name(first, side_) + " and " + cell_name(cell, side_);
        return "digit " + std::to_string(d) + " twice in " + house.name + " (" + where + ")";
      }
      seen[static_cast<std::size_t>(d)] = cell;
    }
  }
  for (std::size_t k = 0; k < cages_.size(); ++k) {
    const Cage& cage = cages_[k];
    std::string cells;
    int sum = 0;
    bool full = true;
    std::uint64_t used = 0;
    for (int cell : cage.cells) {
      cells += (cells.empty() ? "" : " ") + cell_name(cell, side_);
      const int d = board.cells[static_cast<std::size_t>(cell)];
      if (d == 0) {
        full = false;
        continue;
      }
      if (used >> (d - 1) & 1)
        return "digit " + std::to_string(d) + " twice in cage " + std::to_string(k + 1);
      used |= std::uint64_t{1} << (d - 1);
      sum += d;
    }
    if (sum > cage.sum || (full && sum != cage.sum))
      return "cage " + std::to_string(k + 1) + " (" + cells + ") sums to " + std::to_string(sum) +
             (full ? ", not " : ", more than ") + std::to_string(cage.sum);
  }
  return {};
}

bool SudokuRules::is_solution(const SudokuBoard& puzzle, const SudokuBoard& solution) const {
  if (puzzle.side != side_ || solution.side != side_) return false;
  for (std::size_t k = 0; k < solution.cells.size(); ++k) {
    if ((solution.cells[k] == 0) != is_hole(static_cast<int>(k))) return false;
    if (puzzle.cells[k] != 0 && puzzle.cells[k] != solution.cells[k]) return false;
  }
  return find_conflict(solution).empty();
}

}  // namespace xcover
