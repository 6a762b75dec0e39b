// SPDX-License-Identifier: MIT
// Which problems the bit-set layout takes, setting up a search, and forcing
// options at its root.
#pragma once

#include <algorithm>
#include <climits>
#include <memory>
#include <string>
#include <utility>

#include "bitsets.hpp"

namespace xcover::detail::XCOVER_ISA {

template <int kWords, typename Len>
std::string Bitsets<kWords, Len>::unfit_reason(const Problem& problem) {
  if (bitsets::structural_options(problem) > kMaxOptions)
    return "the bitsets layout takes at most " + std::to_string(kMaxOptions) + " options";
  // Mask ids are 16-bit: one per item, one per (secondary item, colour).
  std::int64_t ids = problem.item_count();
  if (problem.color_count() > 0 && ids <= 0x10000) {
    std::vector<std::int64_t> pairs;
    for (int k = 0; k < problem.option_count(); ++k) {
      if (!problem.has_primary(k)) continue;
      for (const OptionEntry& e : problem.option(k))
        if (e.color != 0) pairs.push_back(std::int64_t{e.item} << 32 | e.color);
    }
    std::sort(pairs.begin(), pairs.end());
    ids += std::unique(pairs.begin(), pairs.end()) - pairs.begin();
  }
  if (ids > 0x10000) return "the bitsets layout takes at most 65536 items and (item, colour) pairs";
  if (problem.primary_count() > kMaxPrimary)
    return "the bitsets layout takes at most " + std::to_string(kMaxPrimary) + " primary items";
  return {};
}

// A step of the bit-set layout costs a few operations per word of a set,
// whatever the problem; a step of the links costs one per link it changes,
// which is about how many options clash with the one chosen. So sets of up
// to 16 words (1,024 options) take bit sets; sets of up to 64 words do when
// an option's items hold on average at least 4 options per word (measured:
// pentominoes and 40-queens gain, 64-queens and 16x16 Sudoku lose). Each
// level keeps its own copy of the state, so the deepest search must fit in
// 64 MiB: a level covers at least as many primary items as the option that
// covers fewest.
template <int kWords, typename Len>
bool Bitsets<kWords, Len>::preferred(const Problem& problem) {
  if (!unfit_reason(problem).empty()) return false;
  const std::int64_t words = words_needed(problem);
  if (words > 64) return false;
  std::vector<std::int64_t> column(problem.item_count(), 0);
  std::int64_t options = 0;
  int fewest = INT32_MAX;
  for (int k = 0; k < problem.option_count(); ++k) {
    if (!problem.has_primary(k)) continue;
    ++options;
    int primary = 0;
    for (const OptionEntry& e : problem.option(k)) {
      ++column[e.item];
      primary += e.item < problem.primary_count();
    }
    fewest = std::min(fewest, primary);
  }
  if (words > 16) {
    std::int64_t clashes = 0;  // summed over the options
    for (int k = 0; k < problem.option_count(); ++k) {
      if (!problem.has_primary(k)) continue;
      for (const OptionEntry& e : problem.option(k)) clashes += column[e.item];
    }
    if (clashes < 4 * words * options) return false;
  }
  const std::int64_t depth = fewest == INT32_MAX ? 1 : problem.primary_count() / fewest + 1;
  std::int64_t longest = 0;  // the longest primary item: a level's choice list
  for (int item = 0; item < problem.primary_count(); ++item)
    longest = std::max(longest, column[item]);
  const std::int64_t level_bytes = 8 * words + 2 * (problem.primary_count() + 32) + 2 * longest;
  return depth * level_bytes <= (std::int64_t{64} << 20);
}

template <int kWords, typename Len>
bool Bitsets<kWords, Len>::lengths_fit(const Problem& problem) {
  std::vector<std::int64_t> length(problem.primary_count(), 0);
  for (int k = 0; k < problem.option_count(); ++k) {
    for (const OptionEntry& e : problem.option(k))
      if (e.item < problem.primary_count()) ++length[e.item];
  }
  for (const std::int64_t n : length)
    if (n >= static_cast<std::int64_t>(kCovered)) return false;
  return true;
}

template <int kWords, typename Len>
int Bitsets<kWords, Len>::words_needed(const Problem& problem) {
  return std::max(1, (bitsets::structural_options(problem) + 63) / 64);
}

template <int kWords, typename Len>
Bitsets<kWords, Len>::Bitsets(const Problem& p)
    : Bitsets([&p] {
  if (const std::string reason = unfit_reason(p); !reason.empty()) throw ProblemError(reason);
  if (!lengths_fit(p)) throw ProblemError("bitsets: an item is too long for the lengths");
        return std::make_shared<const Tables>(p);
      }()) {}

template <int kWords, typename Len>
Bitsets<kWords, Len>::Bitsets(std::shared_ptr<const Tables> tables)
    : tables_(std::move(tables)),
      primary_count_(tables_->primary_count),
      words_(tables_->words),
      len_stride_(tables_->len_stride),
      option_index_(tables_->option_index.data()),
      bit_of_option_(tables_->bit_of_option.data()),
      mask_base_(tables_->mask_base),
      mask_stride_(Tables::set_stride(tables_->words)),
      few_words_begin_(tables_->few_words_begin.data()),
      few_words_(tables_->few_words.data()),
      entry_begin_(tables_->entry_begin.data()),
      entry_mask_(tables_->entry_mask.data()),
      clash_base_(tables_->clash_base),
      primary_stride_(tables_->primary_stride),
      record_(tables_->record.data()),
      vector_lengths_(tables_->vector_lengths),
      primary_bits_(tables_->primary_bits.data()),
      primaries_(tables_->primaries.data()),
      choices_stride_(tables_->choices_stride) {
  scratch_.assign(std::max(words_, 16), 0);  // (room for wide_store)
  wave_clashes_.assign(words_, 0);
  wave_forced_.assign(words_, 0);
  wave_low_.assign(static_cast<std::size_t>(len_stride_ / kLanes), 0);
  trail_.assign(static_cast<std::size_t>(primary_count_) + 1, 0);
  pending_clashes_.assign(words_, 0);
  option_list_.assign(static_cast<std::size_t>(words_) * 64 + 32 + 2048, 0);
  list_base_ = bitsets::aligned<4096>(option_list_);
  clear_assumptions();
  grow_levels(tables_->first_levels);
}

// The tables count in full: a solver holds them, shared or not.
template <int kWords, typename Len>
std::size_t Bitsets<kWords, Len>::bytes() const {
  using bitsets::held;
  return tables_->bytes() + held(root_active_set_) + held(root_len_) + held(level_active_set_) +
         held(level_choices_) + held(choice_count_) + held(level_len_) + held(uncovered_) +
         held(level_item_) + held(cursor_) + held(slot_) + held(scratch_) + held(option_list_) +
         held(dead_) + held(trail_) + held(trail_end_) + held(shortest_) + held(wave_low_) +
         held(wave_clashes_) + held(wave_forced_);
}

template <int kWords, typename Len>
void Bitsets<kWords, Len>::grow_levels(int level) {
  const int capacity = std::max(level + 1, 2 * level_capacity_);
  // The live levels' sets move to the new, aligned place.
  std::vector<std::uint64_t> sets(static_cast<std::size_t>(capacity) * set_stride() + 8, 0);
  std::uint64_t* base = bitsets::aligned(sets);
  if (level_capacity_ > 0)
    std::copy_n(active_base_, static_cast<std::size_t>(level_capacity_) * set_stride(), base);
  level_active_set_ = std::move(sets);
  active_base_ = base;
  // The lengths likewise (rows of whole vectors already).
  std::vector<Len> lengths(static_cast<std::size_t>(capacity) * len_stride_ + 64, 0);
  Len* lengths_base = bitsets::aligned(lengths);
  if (level_capacity_ > 0)
    std::copy_n(len_base_, static_cast<std::size_t>(level_capacity_) * len_stride_, lengths_base);
  level_len_ = std::move(lengths);
  len_base_ = lengths_base;
  level_capacity_ = capacity;
  level_choices_.resize(static_cast<std::size_t>(capacity) * choices_stride_ + 32);
  choice_count_.resize(capacity);
  uncovered_.resize(capacity);
  slot_.resize(capacity);
  level_item_.resize(capacity);
  cursor_.resize(capacity);
  dead_.resize(capacity);
  trail_end_.resize(capacity);
  shortest_.resize(capacity);
}

// An option can be forced when it is still active and clashes with no
// option forced before it (clashing goes both ways).
template <int kWords, typename Len>
bool Bitsets<kWords, Len>::assume(int option) {
  const int bit = bit_of_option_[option];
  if (bit < 0) return false;
  const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
  if ((root_active_set_[bit >> 6] & mask) == 0 || (pending_clashes_[bit >> 6] & mask) != 0)
    return false;
  std::uint64_t* clash = scratch_.data();
  clashes(bit, clash);
  for (std::int32_t w = 0; w < words_; ++w) pending_clashes_[w] |= clash[w];
  pending_.push_back(bit);
  return true;
}

template <int kWords, typename Len>
void Bitsets<kWords, Len>::apply_assumptions() {
  if (pending_.empty()) return;
  std::uint64_t* removed = pending_clashes_.data();
  for (std::int32_t w = 0; w < words_; ++w) {
    removed[w] &= root_active_set_[w];
    root_active_set_[w] &= ~removed[w];
  }
  const std::int32_t n = list_options(removed, list_base_);
  take(list_base_, n, root_len_.data());
  for (const std::int32_t bit : pending_) {
    const std::uint16_t* primary = primaries_of(bit);
    for (int k = 0; k < primary_stride_; ++k) root_len_[primary[k]] = kCovered;
    root_uncovered_ -= primaries_[bit];
  }
  pending_.clear();
  std::fill(pending_clashes_.begin(), pending_clashes_.end(), 0);
}

template <int kWords, typename Len>
void Bitsets<kWords, Len>::clear_assumptions() {
  root_active_set_ = tables_->initial_set;
  root_len_ = tables_->initial_len;
  root_uncovered_ = primary_count_;
  pending_.clear();
  std::fill(pending_clashes_.begin(), pending_clashes_.end(), 0);
}

template <int kWords, typename Len>
std::vector<int> Bitsets<kWords, Len>::root_branching() {
  apply_assumptions();
  const std::int32_t item = first_shortest<std::uint32_t, 16>(root_len_.data(), 0, primary_count_);
  const std::uint64_t* column = mask(static_cast<std::uint32_t>(item));
  std::vector<int> options;
  for (std::int32_t w = 0; w < words_; ++w) {
    for (std::uint64_t bits = root_active_set_[w] & column[w]; bits != 0; bits &= bits - 1)
      options.push_back(option_index_[w << 6 | std::countr_zero(bits)]);
  }
  return options;
}

}  // namespace xcover::detail::XCOVER_ISA
