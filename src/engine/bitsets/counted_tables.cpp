// SPDX-License-Identifier: MIT
// Building the counted bit sets' tables (counted_tables.hpp), once for
// every kernel set: it runs once per problem, never per node.
#include "counted_tables.hpp"

#include <algorithm>
#include <utility>

#include "tables.hpp"
#include "xcover/error.hpp"

namespace xcover::detail {

namespace {

// Appends a mask of the given bits (ascending) to the tables, as runs of
// consecutive words.
void add_mask(CountedTables& t, const std::vector<std::uint32_t>& set_bits) {
  t.mask_runs.push_back(static_cast<std::uint32_t>(t.runs.size()));
  std::uint32_t last = UINT32_MAX;
  for (const std::uint32_t b : set_bits) {
    const std::uint32_t w = b >> 6;
    if (w != last) {
      if (t.runs.empty() || t.mask_runs.back() == t.runs.size() || last + 1 != w) {
        t.runs.push_back({w, 0, static_cast<std::uint32_t>(t.bits.size())});
      }
      ++t.runs.back().count;
      t.bits.push_back(0);
      last = w;
    }
    t.bits.back() |= std::uint64_t{1} << (b & 63);
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

  // By item: the options containing it (bits, ascending) with their colours.
  std::vector<std::vector<std::pair<std::uint32_t, int>>> column(items);
  for (std::uint32_t b = 0; b < options; ++b)
    for (const OptionEntry& e : p.option(option_index[b])) column[e.item].emplace_back(b, e.color);

  // Mask ids: items first, then each (secondary item, colour) met, by item
  // and then colour.
  std::vector<std::vector<std::pair<int, std::uint32_t>>> color_ids(items);
  std::vector<std::uint32_t> set_bits;
  for (int x = 0; x < items; ++x) {
    set_bits.clear();
    for (const auto& [b, c] : column[x]) set_bits.push_back(b);
    add_mask(*this, set_bits);
  }
  std::uint32_t next_id = static_cast<std::uint32_t>(items);
  for (int x = primary_count; x < items; ++x) {
    std::vector<int> colors;
    for (const auto& [b, c] : column[x])
      if (c != 0) colors.push_back(c);
    std::sort(colors.begin(), colors.end());
    colors.erase(std::unique(colors.begin(), colors.end()), colors.end());
    for (const int color : colors) {
      color_ids[x].emplace_back(color, next_id++);
      set_bits.clear();
      for (const auto& [b, c] : column[x])
        if (c != color) set_bits.push_back(b);
      add_mask(*this, set_bits);
    }
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
