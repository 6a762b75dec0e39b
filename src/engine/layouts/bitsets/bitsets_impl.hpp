// SPDX-License-Identifier: MIT
// Setting up a search of the bit-set layout, and forcing options at its
// root.
#pragma once

#include <algorithm>
#include <memory>
#include <utility>

#include "engine/layouts/bitsets/bitsets.hpp"

namespace xcover::detail::XCOVER_ISA {

template <int kWords, typename Len>
Bitsets<kWords, Len>::Bitsets(const Problem& p) : Bitsets(make_bitset_tables(p, kFormat)) {}

template <int kWords, typename Len>
Bitsets<kWords, Len>::Bitsets(std::shared_ptr<const Tables> tables)
    : tables_(std::move(tables)),
      primary_count_(tables_->primary_count),
      words_(tables_->words),
      len_stride_(tables_->len_stride),
      option_index_(tables_->option_index.data()),
      bit_of_option_(tables_->bit_of_option.data()),
      mask_base_(tables_->mask_base),
      mask_stride_(tables_->set_stride),
      few_words_begin_(tables_->few_words_begin.data()),
      few_words_(tables_->few_words.data()),
      entry_begin_(tables_->entry_begin.data()),
      entry_mask_(tables_->entry_mask.data()),
      clash_base_(tables_->clash_base),
      primary_stride_(tables_->primary_stride),
      record_(tables_->record.data()),
      vector_lengths_(tables_->vector_lengths),
      vector_regs_(tables_->vector_regs),
      vector_words_(tables_->vector_words),
      primary_bits_(tables_->primary_bits.data()),
      primaries_(tables_->primaries.data()),
      subset_items_(tables_->subset_items.empty() ? nullptr : tables_->subset_items.data()),
      choices_stride_(tables_->choices_stride) {
  scratch_.assign(std::max(words_, 16), 0);  // (room for wide_store)
  wave_clashes_.assign(words_, 0);
  wave_forced_.assign(words_, 0);
  wave_low_.assign(static_cast<std::size_t>(len_stride_ / kLanes), 0);
  trail_.assign(static_cast<std::size_t>(primary_count_) + 1, 0);
  pending_clashes_.assign(static_cast<std::size_t>(set_stride()), 0);  // (room for a wide store)
  if (subset_items_ != nullptr) unseen_.assign(static_cast<std::size_t>(len_stride_), 0);
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
         held(wave_clashes_) + held(wave_forced_) + held(level_seen_) + held(unseen_);
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
  if (subset_items_ != nullptr) {
    std::vector<Len> seen(static_cast<std::size_t>(capacity) * len_stride_ + 64, 0);
    Len* seen_base = bitsets::aligned(seen);
    if (level_capacity_ > 0)
      std::copy_n(seen_base_, static_cast<std::size_t>(level_capacity_) * len_stride_, seen_base);
    level_seen_ = std::move(seen);
    seen_base_ = seen_base;
  }
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
bool Bitsets<kWords, Len>::assume(std::span<const int> options) {
  if constexpr (!kWide) {
    for (const int option : options)
      if (!assume(option)) return false;
    return true;
  } else {
    // The options forced before this call are in pending_clashes_; those of
    // this call in `forced`, and their clashes in `gathered`. An option
    // clashes with a forced one when the forced one is in its clashes.
    WideSet gathered = WideSet::load(pending_clashes_.data());
    WideSet forced = WideSet::zero();
    bool feasible = true;
    for (const int option : options) {
      const int bit = bit_of_option_[option];
      if (bit < 0) {
        feasible = false;
        break;
      }
      const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
      const WideSet clash = WideSet::load(option_clash(bit));
      if ((root_active_set_[bit >> 6] & mask) == 0 || (pending_clashes_[bit >> 6] & mask) != 0 ||
          (clash & forced).nonzero() != 0) {
        feasible = false;
        break;
      }
      forced = forced | WideSet::single(bit);
      gathered = gathered | clash;
      pending_.push_back(bit);
    }
    gathered.store(pending_clashes_.data());
    return feasible;
  }
}

template <int kWords, typename Len>
void Bitsets<kWords, Len>::apply_assumptions() {
  if (pending_.empty()) return;
  std::uint64_t* removed = pending_clashes_.data();
  for (std::int32_t w = 0; w < words_; ++w) {
    removed[w] &= root_active_set_[w];
    root_active_set_[w] &= ~removed[w];
  }
  // The lengths follow whichever is fewer: the options removed (taken off
  // their items) or those left (counted up from zero). Many givens remove
  // most options: a Sudoku of 30 leaves about a fifth.
  std::int32_t removed_count = 0, left_count = 0;
  for (std::int32_t w = 0; w < words_; ++w) {
    removed_count += std::popcount(removed[w]);
    left_count += std::popcount(root_active_set_[w]);
  }
  Len* ln = root_len_.data();
  if (left_count < removed_count) {
    // (An item covered already keeps its mark, the high bit, which no
    // length reaches: no option left has it.)
    const std::int32_t lengths = len_stride_;  // (a local: see below)
    for (std::int32_t j = 0; j < lengths; ++j) ln[j] &= kCovered;
    const std::int32_t n = list_options(root_active_set_.data(), list_base_);
    take(list_base_, n, ln, Len{1});
  } else {
    const std::int32_t n = list_options(removed, list_base_);
    take(list_base_, n, ln);
  }
  // (Strides and tables in locals: with 8-bit lengths a store may alias any
  // member, which the loops would otherwise read again after each one.)
  const std::uint16_t* const records = record_;
  const std::int32_t stride = primary_stride_;
  for (const std::int32_t bit : pending_) {
    const std::uint16_t* primary = records + static_cast<std::size_t>(bit) * (stride + 1) + 1;
    for (std::int32_t k = 0; k < stride; ++k) ln[primary[k]] = kCovered;
    root_uncovered_ -= primaries_[bit];
  }
  pending_.clear();
  std::fill(pending_clashes_.begin(), pending_clashes_.end(), 0);
}

template <int kWords, typename Len>
void Bitsets<kWords, Len>::clear_assumptions() {
  root_active_set_ = tables_->initial_set;
  root_len_.assign(tables_->initial_len.begin(), tables_->initial_len.end());
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
