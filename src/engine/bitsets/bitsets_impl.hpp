// SPDX-License-Identifier: MIT
// Building the bit-set layout, and forcing options at its root; its steps
// that are too long to inline (forced waves, the most clashing item).
#pragma once

#include <algorithm>
#include <climits>
#include <string>
#include <utility>

#include "bitsets.hpp"

namespace xcover::detail::XCOVER_ISA {

namespace {

inline int structural_options(const Problem& problem) {
  int count = 0;
  for (int k = 0; k < problem.option_count(); ++k) count += problem.has_primary(k);
  return count;
}

}  // namespace

template <int kWords, typename Len>
std::string Bitsets<kWords, Len>::unfit_reason(const Problem& problem) {
  if (structural_options(problem) > kMaxOptions)
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
  return std::max(1, (structural_options(problem) + 63) / 64);
}

template <int kWords, typename Len>
Bitsets<kWords, Len>::Bitsets(const Problem& p) : primary_count_(p.primary_count()) {
  if (const std::string reason = unfit_reason(p); !reason.empty()) throw ProblemError(reason);
  const int items = p.item_count();
  bit_of_option_.assign(p.option_count(), -1);
  for (int k = 0; k < p.option_count(); ++k) {
    if (!p.has_primary(k)) continue;
    bit_of_option_[k] = static_cast<int>(option_index_.size());
    option_index_.push_back(k);
  }
  const int options = static_cast<int>(option_index_.size());
  words_ = words_needed(p);
  if (kWords > 0 && words_ > kWords)
    throw ProblemError("bitsets: too many options for the set size");
  words_ = kWords > 0 ? kWords : words_;
  if (!lengths_fit(p)) throw ProblemError("bitsets: an item is too long for the lengths");
  len_stride_ = (primary_count_ + 1 + kLanes - 1) / kLanes * kLanes;

  // Mask ids: items first, then each (secondary item, colour) met.
  std::vector<std::vector<std::pair<int, std::uint32_t>>> color_ids(items);
  std::uint32_t next_id = static_cast<std::uint32_t>(items);
  auto color_id = [&](int item, int color) {
    for (const auto& [c, id] : color_ids[item])
      if (c == color) return id;
    color_ids[item].emplace_back(color, next_id);
    return next_id++;
  };
  entry_begin_.push_back(0);
  for (int bit = 0; bit < options; ++bit) {
    const auto entries = p.option(option_index_[bit]);
    int primaries = 0;
    for (const OptionEntry& e : entries) {
      entry_mask_.push_back(static_cast<std::uint16_t>(
          e.color != 0 ? color_id(e.item, e.color) : static_cast<std::uint32_t>(e.item)));
      primaries += e.item < primary_count_;
    }
    primary_stride_ = std::max(primary_stride_, primaries);
    primaries_.push_back(static_cast<std::uint16_t>(primaries));
    entry_begin_.push_back(static_cast<std::uint32_t>(entry_mask_.size()));
  }
  // Fixed-length records: the cost, then the primary items padded with the
  // spare slot.
  const std::size_t record = static_cast<std::size_t>(primary_stride_) + 1;
  record_.assign(static_cast<std::size_t>(options) * record,
                 static_cast<std::uint16_t>(primary_count_));
  for (int bit = 0; bit < options; ++bit) {
    std::uint16_t* r = record_.data() + bit * record;
    r[0] = static_cast<std::uint16_t>(p.option(option_index_[bit]).size() - 1);
    int k = 1;
    for (const OptionEntry& e : p.option(option_index_[bit]))
      if (e.item < primary_count_) r[k++] = static_cast<std::uint16_t>(e.item);
  }

  vector_lengths_ = Isa::avx512 && primary_count_ <= 63;
  if (vector_lengths_) {
    len_stride_ = 64;
    primary_bits_.assign(options, 0);
    for (int bit = 0; bit < options; ++bit) {
      for (const OptionEntry& e : p.option(option_index_[bit])) {
        if (e.item >= primary_count_) continue;
        primary_bits_[bit] |= std::uint64_t{1} << e.item;
      }
    }
  }

  // An item's mask holds every option containing it; a colour's mask, at
  // first the options giving its item that colour, ends up holding the
  // others containing the item.
  masks_.assign(static_cast<std::size_t>(next_id) * words_, 0);
  auto set_bit = [&](std::uint32_t id, int bit) {
    masks_[static_cast<std::size_t>(id) * words_ + (bit >> 6)] |= std::uint64_t{1} << (bit & 63);
  };
  initial_len_.assign(len_stride_, kCovered);
  for (int j = 0; j < primary_count_; ++j) initial_len_[j] = 0;
  for (int bit = 0; bit < options; ++bit) {
    for (const OptionEntry& e : p.option(option_index_[bit])) {
      set_bit(static_cast<std::uint32_t>(e.item), bit);
      if (e.color != 0) set_bit(color_id(e.item, e.color), bit);
      if (e.item < primary_count_) ++initial_len_[e.item];
    }
  }
  for (int item = 0; item < items; ++item) {
    const std::uint64_t* column = masks_.data() + static_cast<std::size_t>(item) * words_;
    for (const auto& [color, id] : color_ids[item]) {
      std::uint64_t* m = masks_.data() + static_cast<std::size_t>(id) * words_;
      for (int w = 0; w < words_; ++w) m[w] = column[w] & ~m[w];
    }
  }

  few_words_begin_.push_back(0);
  for (int item = 0; item < primary_count_; ++item) {
    const std::uint64_t* column = masks_.data() + static_cast<std::size_t>(item) * words_;
    // (On sets of 4 words listing with compress is faster.)
    if (words_ > 4 &&
        std::count_if(column, column + words_, [](std::uint64_t w) { return w != 0; }) <= 4) {
      for (int w = 0; w < words_; ++w)
        if (column[w] != 0) few_words_.push_back(static_cast<std::uint16_t>(w));
    }
    few_words_begin_.push_back(static_cast<std::uint32_t>(few_words_.size()));
  }

  if (kWords > 0) {
    option_clashes_.assign(static_cast<std::size_t>(options) * words_, 0);
    for (int bit = 0; bit < options; ++bit) {
      std::uint64_t* out = option_clashes_.data() + static_cast<std::size_t>(bit) * words_;
      for (std::uint32_t e = entry_begin_[bit]; e < entry_begin_[bit + 1]; ++e) {
        const std::uint64_t* m = masks_.data() + static_cast<std::size_t>(entry_mask_[e]) * words_;
        for (int w = 0; w < words_; ++w) out[w] |= m[w];
      }
    }
  }
  // Masks and clash sets of a wide layout: whole vectors, aligned to cache
  // lines, so that no vector load straddles two lines.
  mask_stride_ = set_stride();
  masks_ = padded(masks_, next_id, mask_base_);
  option_clashes_ = padded(option_clashes_, options, clash_base_);
  initial_set_.assign(words_, 0);
  for (int bit = 0; bit < options; ++bit) initial_set_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  scratch_.assign(std::max(words_, 16), 0);  // (room for wide_store)
  wave_clashes_.assign(words_, 0);
  wave_forced_.assign(words_, 0);
  wave_low_.assign(static_cast<std::size_t>(len_stride_ / kLanes), 0);
  trail_.assign(static_cast<std::size_t>(primary_count_) + 1, 0);
  pending_clashes_.assign(words_, 0);
  std::int32_t longest = 0;
  for (int j = 0; j < primary_count_; ++j)
    longest = std::max<std::int32_t>(longest, initial_len_[j]);
  choices_stride_ = (longest + 7) / 8 * 8;
  option_list_.assign(static_cast<std::size_t>(words_) * 64 + 32 + 2048, 0);
  list_base_ = aligned<4096>(option_list_);
  entry_begin_.shrink_to_fit();
  entry_mask_.shrink_to_fit();
  option_index_.shrink_to_fit();
  primaries_.shrink_to_fit();
  clear_assumptions();
  // The deepest search: each level covers at least the fewest primary items
  // an option has.
  int fewest = primary_stride_;
  for (const std::uint16_t k : primaries_) fewest = std::min<int>(fewest, k);
  grow_levels(std::min(primary_count_ / std::max(fewest, 1) + 1, 15));
}

template <typename T>
inline std::size_t held(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

template <int kWords, typename Len>
std::size_t Bitsets<kWords, Len>::bytes() const {
  return held(option_index_) + held(bit_of_option_) + held(masks_) + held(entry_begin_) +
         held(entry_mask_) + held(option_clashes_) + held(record_) + held(primaries_) +
         held(primary_bits_) + held(initial_set_) + held(root_active_set_) + held(initial_len_) +
         held(root_len_) + held(level_active_set_) + held(level_choices_) + held(choice_count_) +
         held(level_len_) + held(uncovered_) + held(level_item_) + held(cursor_) + held(slot_) +
         held(scratch_) + held(option_list_) + held(dead_) + held(trail_) + held(trail_end_) +
         held(shortest_) + held(wave_low_) + held(wave_clashes_) + held(wave_forced_);
}

// Copies `rows` rows of words() words into rows of set_stride() words, the
// first aligned to 64 bytes; `base` is set to it.
template <int kWords, typename Len>
std::vector<std::uint64_t> Bitsets<kWords, Len>::padded(const std::vector<std::uint64_t>& from,
                                                        std::size_t rows,
                                                        std::uint64_t*& base) const {
  if (from.empty()) {
    base = nullptr;
    return {};
  }
  std::vector<std::uint64_t> to(rows * static_cast<std::size_t>(set_stride()) + 8, 0);
  base = aligned(to);
  for (std::size_t r = 0; r < rows; ++r)
    std::copy_n(from.data() + r * words(), words(), base + r * set_stride());
  return to;
}

template <int kWords, typename Len>
void Bitsets<kWords, Len>::grow_levels(int level) {
  const int capacity = std::max(level + 1, 2 * level_capacity_);
  // The live levels' sets move to the new, aligned place.
  std::vector<std::uint64_t> sets(static_cast<std::size_t>(capacity) * set_stride() + 8, 0);
  std::uint64_t* base = aligned(sets);
  if (level_capacity_ > 0)
    std::copy_n(active_base_, static_cast<std::size_t>(level_capacity_) * set_stride(), base);
  level_active_set_ = std::move(sets);
  active_base_ = base;
  // The lengths likewise (rows of whole vectors already).
  std::vector<Len> lengths(static_cast<std::size_t>(capacity) * len_stride_ + 64, 0);
  Len* lengths_base = aligned(lengths);
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
std::int32_t Bitsets<kWords, Len>::most_clashing(int level, Len length) {
  const Len* ln = len_at(level);
  const std::uint64_t* active = active_at(level);
  std::int32_t best = -1, seen = 0;
  std::int64_t most = -1;
  // Scores one candidate: the active options its options clash with.
  auto score = [&](std::int32_t item) {
    const std::uint64_t* column = mask(static_cast<std::uint32_t>(item));
    std::int64_t total = 0;
    if constexpr (kWide) {
      const WideSet act = WideSet::load(active);
      typename WideSet::Counts count = WideSet::no_counts();
      for (unsigned nonzero = (act & WideSet::load(column)).nonzero(); nonzero != 0;
           nonzero &= nonzero - 1) {
        const std::int32_t w = std::countr_zero(nonzero);
        for (std::uint64_t bits = active[w] & column[w]; bits != 0; bits &= bits - 1) {
          const std::int32_t option = w << 6 | std::countr_zero(bits);
          count = WideSet::add(count, (act & WideSet::load(option_clash(option))).popcounts());
        }
      }
      return WideSet::sum(count);
    }
    for (std::int32_t w = 0; w < words(); ++w) {
      for (std::uint64_t bits = active[w] & column[w]; bits != 0; bits &= bits - 1) {
        const std::int32_t option = w << 6 | std::countr_zero(bits);
        if constexpr (kWords > 0) {
          total += count_common(option_clash(option), active, kWords);
        } else {
          std::uint64_t* clash = wave_clashes_.data();
          clashes(option, clash);
          total += count_common(clash, active, words());
        }
      }
    }
    return total;
  };
  auto consider = [&](std::int32_t item) {
    const std::int64_t total = score(item);
    if (total > most) {
      most = total;
      best = item;
    }
  };
  using L = Lanes<Len>;
  const typename L::V size = L::splat(length);
  for (std::int32_t k = 0; k < len_stride_ && seen < kCandidates; k += kLanes) {
    std::uint64_t bits = L::equal(L::load(ln + k), size);
    for (; bits != 0 && seen < kCandidates; bits &= bits - 1, ++seen)
      consider(k + std::countr_zero(bits));
  }
  return best;
}

template <int kWords, typename Len>
bool Bitsets<kWords, Len>::commit_forced(int level) {
  std::uint64_t* active = active_at(level);
  Len* ln = len_at(level);
  std::int32_t top = trail_end_[level];
  std::int32_t uncovered = uncovered_[level];
  std::uint64_t* removed = scratch_.data();
  std::uint64_t* low = wave_low_.data();
  const std::int32_t blocks = len_stride_ / kLanes;
  bool alive = true;
  while (uncovered > 0) {
    // The items left with at most one option (covered ones have a high
    // bit), a vector's worth to a block: one with none is a dead end.
    std::uint64_t any = 0;
    {
      using L = Lanes<Len>;
      const typename L::V one = L::splat(1);
      const typename L::V zero = L::splat(0);
      typename L::V shortest = L::splat(static_cast<Len>(-1));
      std::uint64_t any_zero = 0;
      for (std::int32_t b = 0; b < blocks; ++b) {
        const typename L::V v = L::load(ln + kLanes * b);
        any_zero |= L::equal(v, zero);
        low[b] = L::at_most(v, one);
        any |= low[b];
        shortest = L::min(shortest, v);
      }
      if (any_zero) {
        alive = false;
        break;
      }
      if (any == 0) {
        shortest_[level] = L::smallest(shortest);  // the fixpoint: for open()
        break;
      }
    }
    // The wave: the last option of each item found. Two items may force the
    // same option; two options that clash end the search here.
    const std::int32_t first = top;
    if constexpr (kWide) {
      const WideSet act = WideSet::load(active);
      WideSet clash = WideSet::zero(), forced = WideSet::zero();
      for (std::int32_t b = 0; b < blocks; ++b) {
        for (std::uint64_t bits = low[b]; bits != 0; bits &= bits - 1) {
          const std::int32_t item = kLanes * b + std::countr_zero(bits);
          const std::uint64_t* column = mask(static_cast<std::uint32_t>(item));
          const WideSet only = act & WideSet::load(column);
          if ((only & forced).nonzero() != 0) continue;
          if ((only & clash).nonzero() != 0) {
            alive = false;
            goto done;
          }
          forced = forced | only;
          const std::int32_t w = std::countr_zero(only.nonzero());
          const std::int32_t option = w << 6 | std::countr_zero(active[w] & column[w]);
          clash = clash | WideSet::load(option_clash(option));
          trail_[top++] = static_cast<std::uint16_t>(option);
        }
      }
      // (The forced options' own items are all covered below: taking the
      // forced options off their lengths would be wasted.)
      WideSet::andnot(forced, clash & act).store(removed);
      WideSet::andnot(clash, act).store(active);
    } else {
      std::uint64_t* clash = wave_clashes_.data();
      std::uint64_t* forced = wave_forced_.data();
      std::fill_n(clash, words(), 0);
      std::fill_n(forced, words(), 0);
      for (std::int32_t b = 0; b < blocks; ++b) {
        for (std::uint64_t bits = low[b]; bits != 0; bits &= bits - 1) {
          const std::int32_t item = kLanes * b + std::countr_zero(bits);
          const std::uint64_t* column = mask(static_cast<std::uint32_t>(item));
          const std::int32_t w = first_word(active, column);
          const std::uint64_t bit = active[w] & column[w] & (0 - (active[w] & column[w]));
          if (forced[w] & bit) continue;
          if (clash[w] & bit) {
            alive = false;
            goto done;
          }
          forced[w] |= bit;
          const std::int32_t option = w << 6 | std::countr_zero(bit);
          add_clashes(option, clash);
          trail_[top++] = static_cast<std::uint16_t>(option);
        }
      }
      for (std::int32_t k = 0; k < words(); ++k) {
        removed[k] = clash[k] & active[k] & ~forced[k];
        active[k] &= ~clash[k];
      }
    }
    // Commit the wave: every option that clashes with one of it goes.
    std::uint16_t* list = list_base_;
    const std::int32_t listed = list_options(removed, list);
    [[maybe_unused]] std::uint64_t covering = 0;  // (with the lengths in vectors)
    for (std::int32_t k = first; k < top; ++k) {
      const std::int32_t option = trail_[k];
      uncovered -= primaries_[option];
      updates += cost(option);
      if (vector_lengths_) covering |= primary_bits_[option];
    }
    if constexpr (Isa::avx512) {
      if (vector_lengths_) {
        updates += subtract(list, listed, ln, ln, covering);
        continue;
      }
    }
    updates += take(list, listed, ln);
    for (std::int32_t k = first; k < top; ++k) {
      const std::uint16_t* primary = primaries_of(trail_[k]);
      for (std::int32_t i = 0; i < primary_stride_; ++i) ln[primary[i]] = kCovered;
    }
  }
done:
  uncovered_[level] = uncovered;
  trail_end_[level] = top;
  return alive;
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
  root_active_set_ = initial_set_;
  root_len_ = initial_len_;
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
