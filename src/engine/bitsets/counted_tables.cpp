// SPDX-License-Identifier: MIT
// Building the counted bit sets' tables (counted_tables.hpp), once for
// every kernel set: it runs once per problem, never per node.
#include "counted_tables.hpp"

#include <algorithm>
#include <span>
#include <utility>

#include "tables.hpp"
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

}  // namespace

CountedTables::CountedTables(const Problem& p) : primary_count(p.primary_count()) {
  if (primary_count > kCountedMaxPrimary)
    throw ProblemError("the counted bit sets take at most 64 primary items");
  const int items = p.item_count();
  bitsets::number_options(p, option_index, bit_of_option);
  const auto options = static_cast<std::uint32_t>(option_index.size());
  words = std::max<std::int32_t>(1, static_cast<std::int32_t>((options + 63) / 64));

  // By option (bit): where its entries' masks start, and its primary items
  // as bits; by item, how many entries it has.
  std::vector<std::size_t> column_begin(static_cast<std::size_t>(items) + 1, 0);
  entry_begin.reserve(options + 1);
  primary_bits.assign(options, 0);
  std::uint32_t entry_count = 0;
  for (std::uint32_t b = 0; b < options; ++b) {
    entry_begin.push_back(entry_count);
    for (const OptionEntry& e : p.option(option_index[b])) {
      ++column_begin[e.item + 1];
      ++entry_count;
      if (e.item < primary_count) primary_bits[b] |= std::uint64_t{1} << e.item;
    }
  }
  entry_begin.push_back(entry_count);
  entry_mask.resize(entry_count);

  // By item: the options containing it (bits, ascending), with their colours
  // and where the entry's mask goes in entry_mask, item after item in one
  // array (column(x) is item x's part).
  struct Cell {
    std::uint32_t bit;
    std::int32_t color;
    std::uint32_t entry;
  };
  for (int x = 0; x < items; ++x) column_begin[x + 1] += column_begin[x];
  std::vector<Cell> cells(column_begin[items]);
  {
    std::vector<std::size_t> at(column_begin.begin(), column_begin.end() - 1);
    std::uint32_t entry = 0;
    for (std::uint32_t b = 0; b < options; ++b)
      for (const OptionEntry& e : p.option(option_index[b]))
        cells[at[e.item]++] = {b, e.color, entry++};
  }
  auto column = [&](int x) {
    return std::span<const Cell>(cells.data() + column_begin[x],
                                 cells.data() + column_begin[x + 1]);
  };

  // Mask ids: items first, then each (secondary item, colour) met, by item
  // and then colour. The colours of each secondary item, ascending, and
  // room for all the masks' words (a table that doubled as it grew touched
  // twice its memory).
  std::vector<int> slot(static_cast<std::size_t>(p.color_count()) + 1, -1);  // colour -> rank
  std::vector<std::size_t> colors_begin(static_cast<std::size_t>(items) + 1, 0);
  std::vector<int> colors;  // item x's: colors[colors_begin[x] .. colors_begin[x + 1])
  std::size_t word_bound = 0;
  for (int x = 0; x < items; ++x) {
    const std::size_t first = colors.size();
    std::size_t used = 0;
    std::uint32_t last = UINT32_MAX;
    for (const Cell& cell : column(x)) {
      if ((cell.bit >> 6) != last) ++used;
      last = cell.bit >> 6;
      if (cell.color != 0 && slot[cell.color] < 0) {
        slot[cell.color] = 0;
        colors.push_back(cell.color);
      }
    }
    std::sort(colors.begin() + static_cast<std::ptrdiff_t>(first), colors.end());
    for (std::size_t k = first; k < colors.size(); ++k) slot[colors[k]] = -1;
    colors_begin[x + 1] = colors.size();
    word_bound += used * (1 + colors.size() - first);
  }
  bits.reserve(word_bound);

  // An item's mask is the options containing it; a colour's, its item's
  // options of other colours: the item's words less the colour's, so that
  // building it costs a pass over the item's words, not over its options.
  const auto set_words = static_cast<std::size_t>(words);
  DenseBits item_bits(set_words), color_bits(set_words);
  for (int x = 0; x < items; ++x) {
    for (const Cell& cell : column(x)) {
      item_bits.set(cell.bit);
      if (cell.color == 0) entry_mask[cell.entry] = static_cast<std::uint32_t>(x);
    }
    add_mask(*this, item_bits);
    item_bits.clear();
  }
  std::uint32_t next_id = static_cast<std::uint32_t>(items);
  std::vector<std::uint32_t> by_color_begin, by_color;  // the column's bits, colour by colour
  for (int x = primary_count; x < items; ++x) {
    const std::span<const int> item_colors(colors.data() + colors_begin[x],
                                           colors.data() + colors_begin[x + 1]);
    if (item_colors.empty()) continue;
    by_color_begin.assign(item_colors.size() + 1, 0);
    for (std::size_t k = 0; k < item_colors.size(); ++k) slot[item_colors[k]] = static_cast<int>(k);
    for (const Cell& cell : column(x)) {
      item_bits.set(cell.bit);
      if (cell.color == 0) continue;
      const auto rank = static_cast<std::uint32_t>(slot[cell.color]);
      ++by_color_begin[rank + 1];
      entry_mask[cell.entry] = next_id + rank;
    }
    for (std::size_t k = 0; k < item_colors.size(); ++k) by_color_begin[k + 1] += by_color_begin[k];
    by_color.resize(by_color_begin.back());
    {
      std::vector<std::uint32_t> at(by_color_begin.begin(), by_color_begin.end() - 1);
      for (const Cell& cell : column(x))
        if (cell.color != 0) by_color[at[static_cast<std::size_t>(slot[cell.color])]++] = cell.bit;
    }
    for (std::size_t k = 0; k < item_colors.size(); ++k) {
      for (std::uint32_t j = by_color_begin[k]; j < by_color_begin[k + 1]; ++j)
        color_bits.set(by_color[j]);  // (ascending)
      add_mask(*this, item_bits, &color_bits);
      color_bits.clear();
    }
    next_id += static_cast<std::uint32_t>(item_colors.size());
    item_bits.clear();
    for (const int c : item_colors) slot[c] = -1;
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
