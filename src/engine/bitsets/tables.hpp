// SPDX-License-Identifier: MIT
// The bit-set layout's tables: all it derives from a Problem and never
// changes while searching (the masks of the options containing each item or
// clashing with each colour, each option's clashes, primary items and cost,
// the root's lengths). A search reads them and keeps its own state beside
// them (bitsets.hpp), so one set of tables, built once, serves every solver
// of the problem: the workers of a ParallelSearch share one
// (Solver::sibling).
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "xcover/error.hpp"
#include "xcover/problem.hpp"

namespace xcover::detail::XCOVER_ISA {

// kWords > 0 fixes the number of 64-bit words in a set of options at compile
// time (sets are padded to it), 0 takes it from the problem; Len holds the
// lengths of the items (see Bitsets).
template <int kWords, typename Len>
class BitsetTables {
 public:
  // A covered item's length: a high bit, so that it never wins.
  static constexpr Len kCovered = static_cast<Len>(Len{1} << (8 * sizeof(Len) - 1));
  // Lengths in a 64-byte vector.
  static constexpr std::int32_t kLanes = 64 / sizeof(Len);
  // Sets of up to 16 words, in vector registers.
  static constexpr bool kWide = Isa::vector_bytes > 0 && kWords > 0 && kWords <= 16;

  explicit BitsetTables(const Problem& problem);
  BitsetTables(const BitsetTables&) = delete;
  BitsetTables& operator=(const BitsetTables&) = delete;

  // Words from one set to the next: whole vectors with wide sets, so that
  // they are stored unmasked (a masked store does not forward to the loads
  // that follow it).
  static constexpr std::int32_t set_stride(std::int32_t words) {
    if constexpr (kWide) return (kWords + 7) / 8 * 8;
    return kWords > 0 ? kWords : words;
  }

  // Memory held, in bytes.
  std::size_t bytes() const;

  std::int32_t primary_count;
  std::int32_t words;       // 64-bit words in a set of options
  std::int32_t len_stride;  // lengths per level: the primary items, a spare slot, padding
  // Options that have a primary item, in problem order: bit k stands for
  // problem option option_index[k].
  std::vector<int> option_index;
  std::vector<int> bit_of_option;  // by problem option; -1 when left out
  // Masks: first one per item (the options containing it), then one per
  // (secondary item, colour) (the options containing it with another
  // colour or none). Rows of set_stride() words from mask_base, aligned to
  // cache lines, so that no vector load straddles two lines.
  std::vector<std::uint64_t> masks;
  const std::uint64_t* mask_base = nullptr;
  // By primary item: the words its mask has bits in, when there are at
  // most 4 (else none: open() then goes over the whole set).
  std::vector<std::uint32_t> few_words_begin;
  std::vector<std::uint16_t> few_words;
  // By option: its entries' mask ids.
  std::vector<std::uint32_t> entry_begin;
  std::vector<std::uint16_t> entry_mask;
  // With the set size fixed (kWords > 0): by option, the union of its
  // entries' masks (as masks, from clash_base).
  std::vector<std::uint64_t> option_clashes;
  const std::uint64_t* clash_base = nullptr;
  std::int32_t primary_stride = 1;
  // By option, primary_stride + 1 entries: its entries less one (the
  // updates DLX1 counts when it hides the option), then its primary items,
  // padded with the spare slot primary_count. Costs fit in 16 bits: an
  // option names distinct items, and the layout takes at most 65,536 of
  // them.
  std::vector<std::uint16_t> record;
  // At most 63 primary items, with AVX-512: the lengths are kept in vector
  // registers, which needs each option's primary items as a bit set.
  bool vector_lengths = false;
  std::vector<std::uint64_t> primary_bits;
  std::vector<std::uint16_t> primaries;  // by option: how many primary items
  // The root before any assumption: every option active.
  std::vector<std::uint64_t> initial_set;
  std::vector<Len> initial_len;
  // Room for the longest item's options in a level's choice list.
  std::int32_t choices_stride;
  // The levels a search reserves at first: the deepest search covers at
  // least the fewest primary items an option has a level.
  std::int32_t first_levels;
};

namespace bitsets {

inline int structural_options(const Problem& problem) {
  int count = 0;
  for (int k = 0; k < problem.option_count(); ++k) count += problem.has_primary(k);
  return count;
}

// The first element of `v` at a multiple of kBytes (v must have room for
// the skip).
template <std::uintptr_t kBytes = 64, typename T>
T* aligned(std::vector<T>& v) {
  const auto address = reinterpret_cast<std::uintptr_t>(v.data());
  return v.data() + ((kBytes - address % kBytes) % kBytes) / sizeof(T);
}

template <typename T>
std::size_t held(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

// Copies `rows` rows of `words` words into rows of `stride` words, the
// first aligned to 64 bytes; `base` is set to it.
inline std::vector<std::uint64_t> padded(const std::vector<std::uint64_t>& from, std::size_t rows,
                                         std::int32_t words, std::int32_t stride,
                                         const std::uint64_t*& base) {
  if (from.empty()) {
    base = nullptr;
    return {};
  }
  std::vector<std::uint64_t> to(rows * static_cast<std::size_t>(stride) + 8, 0);
  std::uint64_t* first = aligned(to);
  for (std::size_t r = 0; r < rows; ++r)
    std::copy_n(from.data() + r * words, words, first + r * stride);
  base = first;
  return to;
}

}  // namespace bitsets

template <int kWords, typename Len>
BitsetTables<kWords, Len>::BitsetTables(const Problem& p) : primary_count(p.primary_count()) {
  const int items = p.item_count();
  bit_of_option.assign(p.option_count(), -1);
  for (int k = 0; k < p.option_count(); ++k) {
    if (!p.has_primary(k)) continue;
    bit_of_option[k] = static_cast<int>(option_index.size());
    option_index.push_back(k);
  }
  const int options = static_cast<int>(option_index.size());
  words = std::max(1, (options + 63) / 64);
  if (kWords > 0 && words > kWords)
    throw ProblemError("bitsets: too many options for the set size");
  words = kWords > 0 ? kWords : words;
  len_stride = (primary_count + 1 + kLanes - 1) / kLanes * kLanes;

  // Mask ids: items first, then each (secondary item, colour) met.
  std::vector<std::vector<std::pair<int, std::uint32_t>>> color_ids(items);
  std::uint32_t next_id = static_cast<std::uint32_t>(items);
  auto color_id = [&](int item, int color) {
    for (const auto& [c, id] : color_ids[item])
      if (c == color) return id;
    color_ids[item].emplace_back(color, next_id);
    return next_id++;
  };
  entry_begin.push_back(0);
  for (int bit = 0; bit < options; ++bit) {
    const auto entries = p.option(option_index[bit]);
    int count = 0;
    for (const OptionEntry& e : entries) {
      entry_mask.push_back(static_cast<std::uint16_t>(
          e.color != 0 ? color_id(e.item, e.color) : static_cast<std::uint32_t>(e.item)));
      count += e.item < primary_count;
    }
    primary_stride = std::max(primary_stride, count);
    primaries.push_back(static_cast<std::uint16_t>(count));
    entry_begin.push_back(static_cast<std::uint32_t>(entry_mask.size()));
  }
  // Fixed-length records: the cost, then the primary items padded with the
  // spare slot.
  const std::size_t record_size = static_cast<std::size_t>(primary_stride) + 1;
  record.assign(static_cast<std::size_t>(options) * record_size,
                static_cast<std::uint16_t>(primary_count));
  for (int bit = 0; bit < options; ++bit) {
    std::uint16_t* r = record.data() + bit * record_size;
    r[0] = static_cast<std::uint16_t>(p.option(option_index[bit]).size() - 1);
    int k = 1;
    for (const OptionEntry& e : p.option(option_index[bit]))
      if (e.item < primary_count) r[k++] = static_cast<std::uint16_t>(e.item);
  }

  vector_lengths = Isa::avx512 && primary_count <= 63;
  if (vector_lengths) {
    len_stride = 64;
    primary_bits.assign(options, 0);
    for (int bit = 0; bit < options; ++bit) {
      for (const OptionEntry& e : p.option(option_index[bit])) {
        if (e.item >= primary_count) continue;
        primary_bits[bit] |= std::uint64_t{1} << e.item;
      }
    }
  }

  // An item's mask holds every option containing it; a colour's mask, at
  // first the options giving its item that colour, ends up holding the
  // others containing the item.
  std::vector<std::uint64_t> rows(static_cast<std::size_t>(next_id) * words, 0);
  auto set_bit = [&](std::uint32_t id, int bit) {
    rows[static_cast<std::size_t>(id) * words + (bit >> 6)] |= std::uint64_t{1} << (bit & 63);
  };
  initial_len.assign(len_stride, kCovered);
  for (int j = 0; j < primary_count; ++j) initial_len[j] = 0;
  for (int bit = 0; bit < options; ++bit) {
    for (const OptionEntry& e : p.option(option_index[bit])) {
      set_bit(static_cast<std::uint32_t>(e.item), bit);
      if (e.color != 0) set_bit(color_id(e.item, e.color), bit);
      if (e.item < primary_count) ++initial_len[e.item];
    }
  }
  for (int item = 0; item < items; ++item) {
    const std::uint64_t* column = rows.data() + static_cast<std::size_t>(item) * words;
    for (const auto& [color, id] : color_ids[item]) {
      std::uint64_t* m = rows.data() + static_cast<std::size_t>(id) * words;
      for (int w = 0; w < words; ++w) m[w] = column[w] & ~m[w];
    }
  }

  few_words_begin.push_back(0);
  for (int item = 0; item < primary_count; ++item) {
    const std::uint64_t* column = rows.data() + static_cast<std::size_t>(item) * words;
    // (On sets of 4 words listing with compress is faster.)
    if (words > 4 &&
        std::count_if(column, column + words, [](std::uint64_t w) { return w != 0; }) <= 4) {
      for (int w = 0; w < words; ++w)
        if (column[w] != 0) few_words.push_back(static_cast<std::uint16_t>(w));
    }
    few_words_begin.push_back(static_cast<std::uint32_t>(few_words.size()));
  }

  std::vector<std::uint64_t> clash_rows;
  if (kWords > 0) {
    clash_rows.assign(static_cast<std::size_t>(options) * words, 0);
    for (int bit = 0; bit < options; ++bit) {
      std::uint64_t* out = clash_rows.data() + static_cast<std::size_t>(bit) * words;
      for (std::uint32_t e = entry_begin[bit]; e < entry_begin[bit + 1]; ++e) {
        const std::uint64_t* m = rows.data() + static_cast<std::size_t>(entry_mask[e]) * words;
        for (int w = 0; w < words; ++w) out[w] |= m[w];
      }
    }
  }
  masks = bitsets::padded(rows, next_id, words, set_stride(words), mask_base);
  option_clashes = bitsets::padded(clash_rows, options, words, set_stride(words), clash_base);
  initial_set.assign(words, 0);
  for (int bit = 0; bit < options; ++bit) initial_set[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  std::int32_t longest = 0;
  for (int j = 0; j < primary_count; ++j) longest = std::max<std::int32_t>(longest, initial_len[j]);
  choices_stride = (longest + 7) / 8 * 8;
  entry_begin.shrink_to_fit();
  entry_mask.shrink_to_fit();
  option_index.shrink_to_fit();
  primaries.shrink_to_fit();
  int fewest = primary_stride;
  for (const std::uint16_t k : primaries) fewest = std::min<int>(fewest, k);
  first_levels = std::min(primary_count / std::max(fewest, 1) + 1, 15);
}

template <int kWords, typename Len>
std::size_t BitsetTables<kWords, Len>::bytes() const {
  using bitsets::held;
  return held(option_index) + held(bit_of_option) + held(masks) + held(few_words_begin) +
         held(few_words) + held(entry_begin) + held(entry_mask) + held(option_clashes) +
         held(record) + held(primaries) + held(primary_bits) + held(initial_set) +
         held(initial_len);
}

}  // namespace xcover::detail::XCOVER_ISA
