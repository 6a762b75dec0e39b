// SPDX-License-Identifier: MIT
// The tables of the counted bit sets (counted.hpp): the bit-set layout for
// colour problems with few primary items and many options (word squares).
// A mask here is not a whole set of options but the runs of words where it
// has bits, so that committing an option touches only the words of the
// items it meets; and there are no per-option records, since the lengths
// are counted (popcounts over each primary item's runs), not kept.
//
// Built once, by code compiled once for every kernel set, and shared by
// every solver of the problem.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "xcover/problem.hpp"

namespace xcover::detail {

// The most primary items the counted bit sets take: the uncovered ones are
// one 64-bit word.
constexpr int kCountedMaxPrimary = 64;

struct CountedTables {
  explicit CountedTables(const Problem& problem);
  CountedTables(const CountedTables&) = delete;
  CountedTables& operator=(const CountedTables&) = delete;

  std::size_t bytes() const;

  // A run of a mask: `count` words from word `word` of a set, whose bits
  // are bits[at .. at + count).
  struct Run {
    std::uint32_t word, count, at;
  };

  std::int32_t primary_count;
  std::int32_t words;  // 64-bit words in a set of options
  // Options that have a primary item, in problem order: bit k stands for
  // problem option option_index[k].
  std::vector<int> option_index;
  std::vector<int> bit_of_option;  // by problem option; -1 when left out
  // Masks: one per item (the options containing it), then one per
  // (secondary item, colour) (the options containing it with another
  // colour or none); mask m is runs[mask_runs[m] .. mask_runs[m + 1]).
  std::vector<Run> runs;
  std::vector<std::uint32_t> mask_runs;
  std::vector<std::uint64_t> bits;
  // By option (bit): its entries' masks, and its primary items as bits.
  std::vector<std::uint32_t> entry_begin;
  std::vector<std::uint32_t> entry_mask;
  std::vector<std::uint64_t> primary_bits;
  // The root before any assumption: every option active.
  std::vector<std::uint64_t> initial_set;
};

std::shared_ptr<const CountedTables> make_counted_tables(const Problem& problem);

}  // namespace xcover::detail
