// SPDX-License-Identifier: MIT
// The bit-set layout's tables: all it derives from a Problem and never
// changes while searching (the masks of the options containing each item or
// clashing with each colour, each option's clashes, primary items and cost,
// the root's lengths). A search reads them and keeps its own state beside
// them (bitsets.hpp), so one set of tables, built once, serves every solver
// of the problem: the workers of a ParallelSearch share one
// (Solver::sibling).
//
// They are built by code compiled once for every kernel set (tables.cpp):
// what differs between the layout's instantiations (the set size fixed or
// not, the width of a length, the vector registers) is a TableFormat.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "xcover/problem.hpp"

namespace xcover::detail {

// What a Bitsets<kWords, Len> instantiation asks of its tables.
struct TableFormat {
  int fixed_words = 0;  // kWords: words in a set fixed at compile time, or 0
  bool wide = false;    // sets in vector registers: rows padded to whole vectors
  int len_bytes = 2;    // sizeof(Len)
  // Lengths in vector registers with few primary items (AVX2, AVX-512).
  bool vector_lengths = false;
};

// The most the options' clash rows may take when the set size is not fixed:
// read from L2 in one piece, a commit's row costs less than ORing its
// entries' masks (pentominoes 6x10, 25 words, and Bedlam, 53, 9-14% faster
// a node; 16x16 Sudoku, 64 words, the same).
inline constexpr std::size_t kMostClashBytes = std::size_t{2} << 20;

class BitsetTables {
 public:
  BitsetTables(const Problem& problem, const TableFormat& format);
  BitsetTables(const BitsetTables&) = delete;
  BitsetTables& operator=(const BitsetTables&) = delete;

  // Memory held, in bytes.
  std::size_t bytes() const;

  std::int32_t primary_count;
  std::int32_t words;       // 64-bit words in a set of options
  std::int32_t set_stride;  // words from one set to the next (whole vectors when wide)
  std::int32_t len_stride;  // lengths per level: the primary items, a spare slot, padding
  // Options that have a primary item, in problem order: bit k stands for
  // problem option option_index[k].
  std::vector<int> option_index;
  std::vector<int> bit_of_option;  // by problem option; -1 when left out
  // Masks: first one per item (the options containing it), then one per
  // (secondary item, colour) (the options containing it with another
  // colour or none). Rows of set_stride words from mask_base, aligned to
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
  // With the set size fixed, or where they take at most kMostClashBytes:
  // by option, the union of its entries' masks (as masks, from
  // clash_base; else null, and a search ORs the masks itself).
  std::vector<std::uint64_t> option_clashes;
  const std::uint64_t* clash_base = nullptr;
  std::int32_t primary_stride = 1;
  // By option, primary_stride + 1 entries: its entries less one (the
  // updates DLX1 counts when it hides the option), then its primary items,
  // padded with the spare slot primary_count. Costs fit in 16 bits: an
  // option names distinct items, and the layout takes at most 65,536 of
  // them.
  std::vector<std::uint16_t> record;
  // At most 127 primary items, with AVX2 or AVX-512: the lengths are kept in
  // vector_regs vector registers (len_stride lengths), which needs each
  // option's primary items as a bit set of vector_words words.
  bool vector_lengths = false;
  int vector_regs = 0;
  int vector_words = 0;
  std::vector<std::uint64_t> primary_bits;
  std::vector<std::uint16_t> primaries;  // by option: how many primary items
  // The root before any assumption: every option active, and the lengths
  // (len_stride of them; covered ones, the spare slot and padding, with the
  // high bit of a length of len_bytes).
  std::vector<std::uint64_t> initial_set;
  std::vector<std::uint16_t> initial_len;
  // Room for the longest item's options in a level's choice list.
  std::int32_t choices_stride;
  // The primary items A on which the subset rule of SearchOptions::propagate
  // (forced_wave.hpp) is tried: those that share three options or more with
  // another primary item B. (Sharing one, A's options can never all cover
  // B; sharing at most two, as Langford's pairs do, the rule fired too
  // rarely to pay: 3% fewer nodes for 10% more instructions.) A bit an item,
  // 64 / len_bytes items to a word (the lengths' vectors); empty when no
  // item qualifies, and the rule is then never tried.
  std::vector<std::uint64_t> subset_items;
  // The levels a search reserves at first: the deepest search covers at
  // least the fewest primary items an option has a level.
  std::int32_t first_levels;
};

// Built once for all the solvers that will share them.
std::shared_ptr<const BitsetTables> make_bitset_tables(const Problem& problem,
                                                       const TableFormat& format);

namespace bitsets {

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

// Numbers the options that have a primary item (the others are never
// chosen), in problem order: bit k of a set of options stands for problem
// option option_index[k]; bit_of_option is -1 for the options left out.
void number_options(const Problem& problem, std::vector<int>& option_index,
                    std::vector<int>& bit_of_option);

}  // namespace bitsets

}  // namespace xcover::detail
