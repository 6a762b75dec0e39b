// SPDX-License-Identifier: MIT
// Building the counted bit sets' tables (counted_tables.hpp), once for
// every kernel set: it runs once per problem, never per node.
#include "engine/layouts/counted/counted_tables.hpp"

#include <algorithm>
#include <span>
#include <utility>

#include "engine/layouts/bitsets/tables.hpp"
#include "engine/layouts/node_table.hpp"
#include "xcover/error.hpp"

namespace xcover::detail {

namespace {

// An item's options, or one colour's of them, as bits: the words live in a
// dense scratch array of a whole set's words, and `used` lists the nonzero
// ones, ascending (bits are set in ascending order). Setting a bit is a
// store, not a search; the scratch is cleared word by word after use.
struct DenseBits {
  std::vector<std::uint64_t> word;
  std::vector<std::uint32_t> used;

  explicit DenseBits(std::size_t words) : word(words, 0) {}
  void set(std::uint32_t b) {
    const std::uint32_t w = b >> 6;
    if (used.empty() || used.back() != w) used.push_back(w);
    word[w] |= std::uint64_t{1} << (b & 63);
  }
  void clear() {
    for (const std::uint32_t w : used) word[w] = 0;
    used.clear();
  }
};

// Appends a mask to the tables: the words of `all` (those listed in
// all.used), less the bits of `less` when given, as runs of consecutive
// nonzero words.
void add_mask(CountedTables& t, const DenseBits& all, const DenseBits* less = nullptr) {
  t.mask_runs.push_back(static_cast<std::uint32_t>(t.runs.size()));
  const auto first_run = t.runs.size();
  std::uint32_t last = UINT32_MAX;
  for (const std::uint32_t w : all.used) {
    const std::uint64_t bits = less ? all.word[w] & ~less->word[w] : all.word[w];
    if (bits == 0) continue;
    if (t.runs.size() == first_run || last + 1 != w)
      t.runs.push_back({w, 0, static_cast<std::uint32_t>(t.bits.size())});
    ++t.runs.back().count;
    t.bits.push_back(bits);
    last = w;
  }
}

// By option (bit): where its entries' masks start, and its primary items
// as bits. Returns, by item, how many entries it has, at [item + 1].
std::vector<std::size_t> list_options(CountedTables& t, const Problem& p) {
  const auto options = static_cast<std::uint32_t>(t.option_index.size());
  std::vector<std::size_t> item_entries(static_cast<std::size_t>(p.item_count()) + 1, 0);
  t.entry_begin.reserve(options + 1);
  t.primary_bits.assign(options, 0);
  std::uint32_t entry_count = 0;
  for (std::uint32_t b = 0; b < options; ++b) {
    t.entry_begin.push_back(entry_count);
    for (const OptionEntry& e : p.option(t.option_index[b])) {
      ++item_entries[e.item + 1];
      ++entry_count;
      if (e.item < t.primary_count) t.primary_bits[b] |= std::uint64_t{1} << e.item;
    }
  }
  t.entry_begin.push_back(entry_count);
  t.entry_mask.resize(entry_count);
  return item_entries;
}

// By item: the options containing it (bits, ascending), with their colours
// and where the entry's mask goes in entry_mask, item after item in one
// array (column(x) is item x's part). The masks are built from these, a
// column at a time.
class Columns {
 public:
  struct Cell {
    std::uint32_t bit;
    std::int32_t color;
    std::uint32_t entry;
  };
  // `begin` from list_options: each item's entries, at [item + 1].
  Columns(const CountedTables& t, const Problem& p, std::vector<std::size_t> begin)
      : begin_(std::move(begin)) {
    const int items = p.item_count();
    for (int x = 0; x < items; ++x) begin_[x + 1] += begin_[x];
    cells_.resize(begin_[items]);
    std::vector<std::size_t> at(begin_.begin(), begin_.end() - 1);
    const auto options = static_cast<std::uint32_t>(t.option_index.size());
    std::uint32_t entry = 0;
    for (std::uint32_t b = 0; b < options; ++b)
      for (const OptionEntry& e : p.option(t.option_index[b]))
        cells_[at[e.item]++] = {b, e.color, entry++};
  }
  std::span<const Cell> operator()(int x) const {
    return std::span<const Cell>(cells_.data() + begin_[x], cells_.data() + begin_[x + 1]);
  }

 private:
  std::vector<std::size_t> begin_;
  std::vector<Cell> cells_;
};

// The colours each secondary item takes, ascending: item x's are
// colors[begin[x] .. begin[x + 1]). Also a bound on all the masks' words,
// so that the table of them is sized once (one that doubled as it grew
// touched twice its memory).
struct ItemColors {
  std::vector<std::size_t> begin;
  std::vector<int> colors;
  std::size_t word_bound = 0;
};
ItemColors list_item_colors(const Problem& p, const Columns& column) {
  const int items = p.item_count();
  std::vector<bool> met(static_cast<std::size_t>(p.color_count()) + 1, false);
  ItemColors by_item;
  by_item.begin.assign(static_cast<std::size_t>(items) + 1, 0);
  for (int x = 0; x < items; ++x) {
    const std::size_t first = by_item.colors.size();
    std::size_t used = 0;
    std::uint32_t last = UINT32_MAX;
    for (const Columns::Cell& cell : column(x)) {
      if ((cell.bit >> 6) != last) ++used;
      last = cell.bit >> 6;
      if (cell.color != 0 && !met[cell.color]) {
        met[cell.color] = true;
        by_item.colors.push_back(cell.color);
      }
    }
    std::sort(by_item.colors.begin() + static_cast<std::ptrdiff_t>(first), by_item.colors.end());
    for (std::size_t k = first; k < by_item.colors.size(); ++k) met[by_item.colors[k]] = false;
    by_item.begin[x + 1] = by_item.colors.size();
    by_item.word_bound += used * (1 + by_item.colors.size() - first);
  }
  return by_item;
}

// An item's mask: the options containing it. Its entries without a colour
// get this mask.
void add_item_masks(CountedTables& t, const Columns& column, int items, DenseBits& item_bits) {
  for (int x = 0; x < items; ++x) {
    for (const Columns::Cell& cell : column(x)) {
      item_bits.set(cell.bit);
      if (cell.color == 0) t.entry_mask[cell.entry] = static_cast<std::uint32_t>(x);
    }
    add_mask(t, item_bits);
    item_bits.clear();
  }
}

// The masks of a secondary item's colours, ids from `first_id` by rank of
// colour: each its item's options of other colours, the item's words less
// the colour's, so that building it costs a pass over the item's words, not
// over its options. Its coloured entries get their colour's mask. The
// scratch is kept from one item to the next, and left clear after each.
class ColorMasks {
 public:
  ColorMasks(const Problem& p, std::size_t words)
      : rank_(static_cast<std::size_t>(p.color_count()) + 1, -1),
        item_bits_(words),
        color_bits_(words) {}

  void add(CountedTables& t, std::span<const Columns::Cell> column, std::span<const int> colors,
           std::uint32_t first_id) {
    by_color_begin_.assign(colors.size() + 1, 0);
    for (std::size_t k = 0; k < colors.size(); ++k) rank_[colors[k]] = static_cast<int>(k);
    for (const Columns::Cell& cell : column) {
      item_bits_.set(cell.bit);
      if (cell.color == 0) continue;
      const auto rank = static_cast<std::uint32_t>(rank_[cell.color]);
      ++by_color_begin_[rank + 1];
      t.entry_mask[cell.entry] = first_id + rank;
    }
    for (std::size_t k = 0; k < colors.size(); ++k) by_color_begin_[k + 1] += by_color_begin_[k];
    by_color_.resize(by_color_begin_.back());
    at_.assign(by_color_begin_.begin(), by_color_begin_.end() - 1);
    for (const Columns::Cell& cell : column)
      if (cell.color != 0) by_color_[at_[static_cast<std::size_t>(rank_[cell.color])]++] = cell.bit;
    for (std::size_t k = 0; k < colors.size(); ++k) {
      for (std::uint32_t j = by_color_begin_[k]; j < by_color_begin_[k + 1]; ++j)
        color_bits_.set(by_color_[j]);  // (ascending)
      add_mask(t, item_bits_, &color_bits_);
      color_bits_.clear();
    }
    item_bits_.clear();
    for (const int c : colors) rank_[c] = -1;
  }

 private:
  std::vector<int> rank_;  // by colour: its rank among the item's colours, or -1
  DenseBits item_bits_, color_bits_;
  // The column's bits, colour by colour, and where each colour's go next.
  std::vector<std::uint32_t> by_color_begin_, by_color_, at_;
};

}  // namespace

CountedTables::CountedTables(const Problem& p) : primary_count(p.primary_count()) {
  if (primary_count > kCountedMaxPrimary)
    throw ProblemError("the counted bit sets take at most 64 primary items");
  node_table(p);  // (its entries are numbered in 32 bits)
  const int items = p.item_count();
  bitsets::number_options(p, option_index, bit_of_option);
  const auto options = static_cast<std::uint32_t>(option_index.size());
  words = std::max<std::int32_t>(1, static_cast<std::int32_t>((options + 63) / 64));

  const Columns column(*this, p, list_options(*this, p));
  // Mask ids: items first, then each (secondary item, colour) met, by item
  // and then colour.
  const ItemColors item_colors = list_item_colors(p, column);
  bits.reserve(item_colors.word_bound);
  const auto set_words = static_cast<std::size_t>(words);
  {
    DenseBits item_bits(set_words);
    add_item_masks(*this, column, items, item_bits);
  }
  ColorMasks color_masks(p, set_words);
  std::uint32_t next_id = static_cast<std::uint32_t>(items);
  for (int x = primary_count; x < items; ++x) {
    const std::span<const int> colors(item_colors.colors.data() + item_colors.begin[x],
                                      item_colors.colors.data() + item_colors.begin[x + 1]);
    if (colors.empty()) continue;
    color_masks.add(*this, column(x), colors, next_id);
    next_id += static_cast<std::uint32_t>(colors.size());
  }
  mask_runs.push_back(static_cast<std::uint32_t>(runs.size()));

  initial_set.assign(static_cast<std::size_t>(words), 0);
  for (std::uint32_t b = 0; b < options; ++b) initial_set[b >> 6] |= std::uint64_t{1} << (b & 63);
}

std::size_t CountedTables::bytes() const {
  return option_index.capacity() * sizeof(int) + bit_of_option.capacity() * sizeof(int) +
         runs.capacity() * sizeof(Run) + mask_runs.capacity() * sizeof(std::uint32_t) +
         bits.capacity() * sizeof(std::uint64_t) + entry_begin.capacity() * sizeof(std::uint32_t) +
         entry_mask.capacity() * sizeof(std::uint32_t) +
         primary_bits.capacity() * sizeof(std::uint64_t) +
         initial_set.capacity() * sizeof(std::uint64_t);
}

std::shared_ptr<const CountedTables> make_counted_tables(const Problem& problem) {
  return std::make_shared<const CountedTables>(problem);
}

}  // namespace xcover::detail
