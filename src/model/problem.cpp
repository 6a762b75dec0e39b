// SPDX-License-Identifier: MIT
#include "xcover/problem.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "model/option_entry.hpp"
#include "model/quote.hpp"
#include "xcover/text.hpp"

namespace xcover {

int Problem::add_primary(std::string name) { return add_item(std::move(name), ItemKind::primary); }

int Problem::add_primary(std::string name, int lower, int upper) {
  if (upper < 1 || lower < 0 || lower > upper) {
    // Knuth's words (DLX3) where he has them.
    const char* reason = upper < 0   ? "negative upper bound"
                         : upper < 1 ? "upper bound is zero"
                         : lower < 0 ? "negative lower bound"
                                     : "lower bound exceeds upper bound";
    throw ProblemError("item " + quoted(name) + ": " + reason + " (bounds " +
                       std::to_string(lower) + ":" + std::to_string(upper) + ")");
  }
  const int index = add_item(std::move(name), ItemKind::primary);
  bounds_[static_cast<std::size_t>(index)] = ItemBounds{lower, upper};
  if (lower != 1 || upper != 1) ++multiplicity_count_;
  return index;
}

ItemBounds Problem::item_bounds(int item) const {
  if (!is_primary(item) || item < 0)
    throw ProblemError("item " + quoted(item_name(item)) +  // (out of range: throws)
                       " is secondary: only primary items have bounds");
  return bounds_[static_cast<std::size_t>(item)];
}

int Problem::add_secondary(std::string name) {
  return add_item(std::move(name), ItemKind::secondary);
}

namespace {

// Short names (most are: "r1", "p12c7", a colour "a") are read as one 64-bit
// word and mixed by a multiplication; longer ones go to std::hash.
std::uint32_t name_hash(std::string_view name) {
  if (name.size() <= 8) {
    std::uint64_t word = name.size();  // (a byte loop: a call to memcpy cost more)
    for (char c : name) word = (word << 8) | static_cast<unsigned char>(c);
    word *= 0x9E3779B97F4A7C15ull;
    return static_cast<std::uint32_t>(word >> 32) ^ static_cast<std::uint32_t>(word >> 7);
  }
  const std::uint64_t hash = std::hash<std::string_view>{}(name);  // (32 bits in WebAssembly)
  return static_cast<std::uint32_t>(hash ^ (hash >> 32));
}

}  // namespace

// The slot that holds `name`, or the empty slot where it would go.
std::size_t Problem::NameTable::slot(std::string_view name, std::uint32_t hash,
                                     const std::vector<std::string>& names) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t k = hash & mask;; k = (k + 1) & mask) {
    const Slot& at = slots_[k];
    if (at.number < 0 || (at.hash == hash && names[static_cast<std::size_t>(at.number)] == name))
      return k;
  }
}

int Problem::NameTable::find(std::string_view name, const std::vector<std::string>& names) const {
  if (slots_.empty()) return -1;
  return slots_[slot(name, name_hash(name), names)].number;
}

bool Problem::NameTable::insert(std::string_view name, int number,
                                const std::vector<std::string>& names) {
  if (2 * (count_ + 1) > slots_.size()) grow(std::max<std::size_t>(16, 2 * slots_.size()));
  const std::uint32_t hash = name_hash(name);
  Slot& at = slots_[slot(name, hash, names)];
  if (at.number >= 0) return false;
  at = Slot{hash, number};
  ++count_;
  return true;
}

void Problem::NameTable::reserve(std::size_t count) {
  std::size_t slots = std::max<std::size_t>(16, slots_.size());
  while (slots < 2 * count) slots *= 2;
  if (slots > slots_.size()) grow(slots);
}

// `slots` slots (a power of two), each name moved by its kept hash.
void Problem::NameTable::grow(std::size_t slots) {
  std::vector<Slot> old(slots);
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& at : old) {
    if (at.number < 0) continue;
    std::size_t k = at.hash & mask;
    while (slots_[k].number >= 0) k = (k + 1) & mask;
    slots_[k] = at;
  }
}

void Problem::reserve_items(std::size_t count) {
  item_names_.reserve(count);
  bounds_.reserve(count);
  item_index_.reserve(count);
}

void Problem::reserve_options(std::size_t options, std::size_t entries) {
  option_begin_.reserve(options + 1);
  entries_.reserve(entries);
}

int Problem::add_item(std::string name, ItemKind kind) {
  if (name.empty()) throw ProblemError("empty item name");
  for (char c : name) {
    if (c == ':' || c == '|' || is_blank(c))
      throw ProblemError("item name " + quoted(name) + " contains '" + std::string(1, c) +
                         "' (names are non-blank characters other than ':' and '|')");
  }
  if (kind == ItemKind::primary && secondary_count() > 0)
    throw ProblemError("primary item " + quoted(name) + " declared after secondary items");
  const int index = item_count();
  if (!item_index_.insert(name, index, item_names_))
    throw ProblemError("duplicate item name " + quoted(name));
  item_names_.push_back(std::move(name));
  if (kind == ItemKind::primary) {
    ++primary_count_;
    bounds_.emplace_back();
  }
  return index;
}

int Problem::add_color(std::string_view name) {
  if (name.empty()) throw ProblemError("empty colour name");
  const int found = color_index_.find(name, color_names_);
  if (found >= 0) return found;
  const int color = color_count() + 1;
  color_index_.insert(name, color, color_names_);
  color_names_.emplace_back(name);
  return color;
}

const std::string& Problem::item_name(int item) const {
  if (item < 0 || item >= item_count())
    throw ProblemError("item index " + std::to_string(item) + " out of range: the problem has " +
                       std::to_string(item_count()) + " items");
  return item_names_[static_cast<std::size_t>(item)];
}

const std::string& Problem::color_name(int color) const {
  if (color < 0 || color > color_count())
    throw ProblemError("colour " + std::to_string(color) + " out of range: the problem has " +
                       std::to_string(color_count()) + " colours");
  return color_names_[static_cast<std::size_t>(color)];
}

int Problem::find_item(std::string_view name) const { return item_index_.find(name, item_names_); }

void Problem::throw_repeated(int item) const {
  throw ProblemError("item " + quoted(item_names_[item]) + " appears twice in the option");
}

int Problem::add_option(std::span<const OptionEntry> entries) {
  if (entries.empty()) throw ProblemError("empty option");
  // Repeats in a short option: an item is compared with the ones before it
  // only when its bit, of 256 by its low bits, was already met.
  std::uint64_t met[4] = {};
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const OptionEntry& e = entries[k];
    if (e.item < 0 || e.item >= item_count())
      throw ProblemError("option names item " + std::to_string(e.item) + ", but there are " +
                         std::to_string(item_count()) + " items");
    if (e.color < 0 || e.color > color_count())
      throw ProblemError("option gives item " + quoted(item_names_[e.item]) + " unknown colour " +
                         std::to_string(e.color));
    if (e.color != 0 && is_primary(e.item))
      throw ProblemError("primary item " + quoted(item_names_[e.item]) + " cannot have a colour");
    if (entries.size() <= 32) {
      const auto low = static_cast<unsigned>(e.item) & 255u;
      const std::uint64_t bit = std::uint64_t{1} << (low & 63);
      if (met[low >> 6] & bit) {
        for (std::size_t j = 0; j < k; ++j)
          if (entries[j].item == e.item) throw_repeated(e.item);
      }
      met[low >> 6] |= bit;
    }
  }
  if (entries.size() > 32) {
    // Long options: sort a copy instead of comparing all pairs.
    std::vector<std::int32_t> sorted;
    sorted.reserve(entries.size());
    for (const OptionEntry& e : entries) sorted.push_back(e.item);
    std::sort(sorted.begin(), sorted.end());
    const auto repeat = std::adjacent_find(sorted.begin(), sorted.end());
    if (repeat != sorted.end()) throw_repeated(*repeat);
  }
  entries_.insert(entries_.end(), entries.begin(), entries.end());
  option_begin_.push_back(static_cast<std::int32_t>(entries_.size()));
  return option_count() - 1;
}

int Problem::add_option(std::initializer_list<OptionEntry> entries) {
  return add_option(std::span<const OptionEntry>(entries.begin(), entries.size()));
}

int Problem::add_option(std::span<const std::string_view> tokens) {
  // Most options are short: their entries stay on the stack.
  constexpr std::size_t kShort = 64;
  OptionEntry on_stack[kShort];
  std::vector<OptionEntry> on_heap;
  OptionEntry* entries = on_stack;
  if (tokens.size() > kShort) {
    on_heap.resize(tokens.size());
    entries = on_heap.data();
  }
  std::size_t count = 0;
  for (std::string_view token : tokens) entries[count++] = detail::option_entry(*this, token);
  return add_option(std::span<const OptionEntry>(entries, count));
}

OptionEntry detail::option_entry(Problem& problem, std::string_view token) {
  const std::size_t colon = token.find(':');
  const std::string_view name = token.substr(0, colon);
  const int item = problem.find_item(name);
  if (item < 0) throw ProblemError("unknown item " + quoted(name));
  int color = 0;
  if (colon != std::string_view::npos) {
    const std::string_view color_name = token.substr(colon + 1);
    if (problem.is_primary(item))
      throw ProblemError("primary item " + quoted(name) + " cannot have a colour");
    if (color_name.empty()) throw ProblemError("item " + quoted(name) + " has an empty colour");
    color = problem.add_color(color_name);
  }
  return {item, color};
}

int Problem::add_option(std::initializer_list<std::string_view> tokens) {
  return add_option(std::span<const std::string_view>(tokens.begin(), tokens.size()));
}

void Problem::add_matrix_rows(std::span<const std::uint8_t> cells, std::size_t rows,
                              std::span<const int> item_of_column) {
  const std::size_t columns = item_of_column.size();
  if (cells.size() != rows * columns)
    throw ProblemError("the matrix has " + std::to_string(cells.size()) + " cells, not " +
                       std::to_string(rows) + " rows of " + std::to_string(columns));
  for (const int item : item_of_column)
    if (item < 0 || item >= item_count())
      throw ProblemError("a matrix column stands for item " + std::to_string(item) +
                         ", which the problem does not have (it has " +
                         std::to_string(item_count()) + ")");
  reserve_options(static_cast<std::size_t>(option_count()) + rows, 0);
  std::vector<OptionEntry> entries;
  for (std::size_t row = 0; row < rows; ++row) {
    entries.clear();
    const std::span<const std::uint8_t> of_row = cells.subspan(row * columns, columns);
    for (std::size_t column = 0; column < columns; ++column) {
      if (of_row[column] > 1)
        throw ProblemError("row " + std::to_string(row) + ", column " + std::to_string(column) +
                           " is " + std::to_string(of_row[column]) +
                           ": a matrix's entries are 0 or 1");
      if (of_row[column] != 0) entries.push_back({item_of_column[column], 0});
    }
    if (entries.empty())
      throw ProblemError("row " + std::to_string(row) +
                         " has no 1: each row is an option, which covers at least one item");
    add_option(std::span<const OptionEntry>(entries));
  }
}

Problem Problem::from_matrix(std::span<const std::uint8_t> cells, std::size_t rows,
                             std::size_t columns, std::size_t secondary,
                             std::span<const std::string> names) {
  if (secondary > columns)
    throw ProblemError("secondary " + std::to_string(secondary) + ": the matrix has " +
                       std::to_string(columns) + " columns");
  if (!names.empty() && names.size() != columns)
    throw ProblemError(std::to_string(names.size()) + " names for " + std::to_string(columns) +
                       " columns");
  Problem problem;
  problem.reserve_items(columns);
  std::vector<int> item_of_column(columns);
  for (std::size_t c = 0; c < columns; ++c) {
    std::string name = names.empty() ? std::to_string(c) : names[c];
    item_of_column[c] = c < columns - secondary ? problem.add_primary(std::move(name))
                                                : problem.add_secondary(std::move(name));
  }
  problem.add_matrix_rows(cells, rows, item_of_column);
  return problem;
}

void Problem::remove_last_option() {
  if (option_count() == 0) throw ProblemError("remove_last_option: the problem has no option");
  if (static_cast<int>(option_cost_.size()) == option_count()) {
    total_cost_ -= option_cost_.back();
    option_cost_.pop_back();
  }
  option_begin_.pop_back();
  entries_.resize(option_begin_.back());
}

void Problem::set_option_cost(int index, std::uint64_t cost) {
  const std::uint64_t old = option_cost(index);  // (checks the index)
  const std::uint64_t others = total_cost_ - old;
  if (cost > UINT64_MAX - others)
    throw ProblemError("option " + std::to_string(index) + " cannot cost " + std::to_string(cost) +
                       ": the costs of all options together would pass " +
                       std::to_string(UINT64_MAX));
  if (cost == old) return;
  option_cost_.resize(static_cast<std::size_t>(option_count()), 0);
  option_cost_[static_cast<std::size_t>(index)] = cost;
  total_cost_ = others + cost;
}

std::uint64_t Problem::option_cost(int index) const {
  if (index < 0 || index >= option_count())
    throw ProblemError("option index " + std::to_string(index) + " out of range: the problem has " +
                       std::to_string(option_count()) + " options");
  const auto k = static_cast<std::size_t>(index);
  return k < option_cost_.size() ? option_cost_[k] : 0;
}

void Problem::throw_option_range(int index) const {
  throw ProblemError("option index " + std::to_string(index) + " out of range: the problem has " +
                     std::to_string(option_count()) + " options");
}

std::string Problem::option_text(int index) const {
  std::string text;
  for (const OptionEntry& e : option(index)) {
    if (!text.empty()) text += ' ';
    text += item_names_[e.item];
    if (e.color != 0) {
      text += ':';
      text += color_names_[e.color];
    }
  }
  return text;
}

bool operator==(const Problem& a, const Problem& b) {
  if (a.item_names_ != b.item_names_ || a.primary_count_ != b.primary_count_ ||
      a.option_begin_ != b.option_begin_ || a.bounds_ != b.bounds_)
    return false;
  for (std::size_t k = 0; k < a.entries_.size(); ++k) {
    const OptionEntry& x = a.entries_[k];
    const OptionEntry& y = b.entries_[k];
    if (x.item != y.item || a.color_names_[x.color] != b.color_names_[y.color]) return false;
  }
  for (int k = 0; k < a.option_count(); ++k) {
    if (a.option_cost(k) != b.option_cost(k)) return false;
  }
  return true;
}

}  // namespace xcover
