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

using Words = std::vector<std::pair<std::uint32_t, std::uint64_t>>;  // (word, its bits)

// Appends a mask to the tables, given its nonzero words (ascending), as runs
// of consecutive words.
void add_mask(CountedTables& t, const Words& words) {
  t.mask_runs.push_back(static_cast<std::uint32_t>(t.runs.size()));
  std::uint32_t last = UINT32_MAX;
  for (const auto& [w, bits] : words) {
    if (t.mask_runs.back() == t.runs.size() || last + 1 != w)
      t.runs.push_back({w, 0, static_cast<std::uint32_t>(t.bits.size())});
    ++t.runs.back().count;
    t.bits.push_back(bits);
    last = w;
  }
}

// Adds bit b (not below the last one added) to `words`.
void add_bit(Words& words, std::uint32_t b) {
  const std::uint32_t w = b >> 6;
  if (words.empty() || words.back().first != w) words.emplace_back(w, 0);
  words.back().second |= std::uint64_t{1} << (b & 63);
}

}  // namespace

CountedTables::CountedTables(const Problem& p) : primary_count(p.primary_count()) {
  if (primary_count > kCountedMaxPrimary)
    throw ProblemError("the counted bit sets take at most 64 primary items");
  const int items = p.item_count();
  bitsets::number_options(p, option_index, bit_of_option);
  const auto options = static_cast<std::uint32_t>(option_index.size());
  words = std::max<std::int32_t>(1, static_cast<std::int32_t>((options + 63) / 64));

  // By item: the options containing it (bits, ascending) with their colours,
  // item after item in one array (column(x) is item x's part).
  std::vector<std::size_t> column_begin(static_cast<std::size_t>(items) + 1, 0);
  for (std::uint32_t b = 0; b < options; ++b)
    for (const OptionEntry& e : p.option(option_index[b])) ++column_begin[e.item + 1];
  for (int x = 0; x < items; ++x) column_begin[x + 1] += column_begin[x];
  std::vector<std::pair<std::uint32_t, int>> entries(column_begin[items]);
  {
    std::vector<std::size_t> at(column_begin.begin(), column_begin.end() - 1);
    for (std::uint32_t b = 0; b < options; ++b)
      for (const OptionEntry& e : p.option(option_index[b])) entries[at[e.item]++] = {b, e.color};
  }
  auto column = [&](int x) {
    return std::span<const std::pair<std::uint32_t, int>>(entries.data() + column_begin[x],
                                                          entries.data() + column_begin[x + 1]);
  };

  // Mask ids: items first, then each (secondary item, colour) met, by item
  // and then colour. A colour's mask is its item's options of other colours:
  // the item's words less the colour's, so that building it costs a pass
  // over the item's words, not over its options.
  std::vector<std::vector<std::pair<int, std::uint32_t>>> color_ids(items);
  Words item_words;
  for (int x = 0; x < items; ++x) {
    item_words.clear();
    for (const auto& [b, c] : column(x)) add_bit(item_words, b);
    add_mask(*this, item_words);
  }
  std::uint32_t next_id = static_cast<std::uint32_t>(items);
  std::vector<int> slot(static_cast<std::size_t>(p.color_count()) + 1, -1);  // colour -> rank
  std::vector<int> colors;
  std::vector<Words> color_words;
  Words others;
  for (int x = primary_count; x < items; ++x) {
    colors.clear();
    for (const auto& [b, c] : column(x))
      if (c != 0 && slot[c] < 0) {
        slot[c] = 0;
        colors.push_back(c);
      }
    if (colors.empty()) continue;
    std::sort(colors.begin(), colors.end());
    if (color_words.size() < colors.size()) color_words.resize(colors.size());
    for (std::size_t k = 0; k < colors.size(); ++k) {
      slot[colors[k]] = static_cast<int>(k);
      color_words[k].clear();
    }
    item_words.clear();
    for (const auto& [b, c] : column(x)) {
      add_bit(item_words, b);
      if (c != 0) add_bit(color_words[static_cast<std::size_t>(slot[c])], b);
    }
    for (std::size_t k = 0; k < colors.size(); ++k) {
      color_ids[x].emplace_back(colors[k], next_id++);
      others.clear();
      auto mine = color_words[k].begin();
      for (const auto& [w, word_bits] : item_words) {
        std::uint64_t rest = word_bits;
        if (mine != color_words[k].end() && mine->first == w) rest &= ~(mine++)->second;
        if (rest != 0) others.emplace_back(w, rest);
      }
      add_mask(*this, others);
    }
    for (const int c : colors) slot[c] = -1;
  }
  mask_runs.push_back(static_cast<std::uint32_t>(runs.size()));

  entry_begin.reserve(options + 1);
  primary_bits.assign(options, 0);
  for (std::uint32_t b = 0; b < options; ++b) {
    entry_begin.push_back(static_cast<std::uint32_t>(entry_mask.size()));
    for (const OptionEntry& e : p.option(option_index[b])) {
      if (e.item < primary_count) {
        primary_bits[b] |= std::uint64_t{1} << e.item;
        entry_mask.push_back(static_cast<std::uint32_t>(e.item));
      } else if (e.color == 0) {
        entry_mask.push_back(static_cast<std::uint32_t>(e.item));
      } else {
        const auto& ids = color_ids[e.item];
        const auto at = std::lower_bound(ids.begin(), ids.end(), std::make_pair(e.color, 0u));
        entry_mask.push_back(at->second);
      }
    }
  }
  entry_begin.push_back(static_cast<std::uint32_t>(entry_mask.size()));

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
