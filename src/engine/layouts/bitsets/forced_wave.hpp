// SPDX-License-Identifier: MIT
// SearchOptions::propagate for the bit-set layout: forced options committed
// a wave at a time, every item with one option left at once.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "engine/layouts/bitsets/bitsets.hpp"

namespace xcover::detail::XCOVER_ISA {

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
  int pass = 0;  // of the subset rule
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
        // No single left: the subset rule may remove more, and make more.
        if (subsets_) {
          const Len* seen = pass++ > 0  ? seen_at(level)
                            : level > 0 ? seen_at(level - 1)
                                        : unseen_.data();
          if (remove_by_subsets(level, seen)) continue;
        }
        shortest_[level] = L::smallest(shortest);  // the fixpoint: for open()
        break;
      }
    }
    // The wave: the last option of each item found. Two items may force the
    // same option, taken once; the options go on the trail in option order.
    // Two that clash end the search here, and then the wave commits none
    // (the same nodes whatever the layout's path and kernels).
    const std::int32_t first = top;
    if constexpr (kWide) {
      if (!wide_wave(low, blocks, active, removed, top)) {
        alive = false;
        goto done;
      }
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
            top = first;
            alive = false;
            goto done;
          }
          forced[w] |= bit;
          const std::int32_t option = w << 6 | std::countr_zero(bit);
          add_clashes(option, clash);
          trail_[top++] = static_cast<std::uint16_t>(option);
        }
      }
      std::sort(trail_.data() + first, trail_.data() + top);  // (option order, as wide_wave's)
      // (The forced options' own items are all covered below: taking the
      // forced options off their lengths would be wasted.)
      for (std::int32_t k = 0; k < words(); ++k) {
        removed[k] = clash[k] & active[k] & ~forced[k];
        active[k] &= ~clash[k];
      }
    }
    // Commit the wave: every option that clashes with one of it goes.
    std::uint16_t* list = list_base_;
    const std::int32_t listed = list_options(removed, list);
    [[maybe_unused]] std::uint64_t covering[2] = {0, 0};  // (with the lengths in vectors)
    for (std::int32_t k = first; k < top; ++k) {
      const std::int32_t option = trail_[k];
      uncovered -= primaries_[option];
      updates += cost(option);
      if (vector_lengths_)
        for (std::int32_t w = 0; w < vector_words_; ++w) covering[w] |= primary_bits_of(option)[w];
    }
    if constexpr (Isa::lengths_in_registers) {
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
bool Bitsets<kWords, Len>::wide_wave(const std::uint64_t* low, std::int32_t blocks,
                                     std::uint64_t* active, std::uint64_t* removed,
                                     std::int32_t& top) {
  if constexpr (kWide) {
    // The options: the union of the forced items' columns, all at once.
    const WideSet act = WideSet::load(active);
    WideSet columns = WideSet::zero();
    for (std::int32_t b = 0; b < blocks; ++b)
      for (std::uint64_t bits = low[b]; bits != 0; bits &= bits - 1)
        columns =
            columns |
            WideSet::load(mask(static_cast<std::uint32_t>(kLanes * b + std::countr_zero(bits))));
    const WideSet forced = act & columns;
    alignas(64) std::uint64_t word[(kWords + 7) / 8 * 8];
    forced.store(word);
    // The clashes so far, in registers and as words (a bit is tested in
    // the words: cheaper than a vector of it, with AVX2 and SSE2).
    WideSet clash = WideSet::zero();
    alignas(64) std::uint64_t clashes[(kWords + 7) / 8 * 8];
    clash.store(clashes);
    std::int32_t at = top;
    for (unsigned nonzero = forced.nonzero(); nonzero != 0; nonzero &= nonzero - 1) {
      const std::int32_t w = std::countr_zero(nonzero);
      for (std::uint64_t bits = word[w]; bits != 0; bits &= bits - 1) {
        if (clashes[w] & bits & (0 - bits)) return false;
        const std::int32_t option = w << 6 | std::countr_zero(bits);
        clash = clash | WideSet::load(option_clash(option));
        clash.store(clashes);
        trail_[at++] = static_cast<std::uint16_t>(option);
      }
    }
    top = at;
    // (The forced options' own items are all covered by the caller: taking
    // the forced options off their lengths would be wasted.)
    WideSet::andnot(forced, clash & act).store(removed);
    WideSet::andnot(clash, act).store(active);
    return true;
  } else {
    (void)low, (void)blocks, (void)active, (void)removed, (void)top;
    return false;
  }
}

template <int kWords, typename Len>
bool Bitsets<kWords, Len>::remove_by_subsets(int level, const Len* seen) {
  std::uint64_t* active = active_at(level);
  Len* ln = len_at(level);
  std::uint64_t* removed = scratch_.data();
  const std::int32_t blocks = len_stride_ / kLanes;
  using L = Lanes<Len>;
  const typename L::V one = L::splat(1);
  const typename L::V most = L::splat(static_cast<Len>(kSubsetLength));
  // The items tried: uncovered (a covered one's length has the high bit),
  // of 2 to kSubsetLength options, among those that may qualify.
  Len* now_seen = seen_at(level);
  auto tried = [&](std::int32_t b) {
    const typename L::V v = L::load(ln + kLanes * b);
    const std::uint64_t changed = ~L::equal(v, L::load(seen + kLanes * b));
    std::memcpy(now_seen + kLanes * b, ln + kLanes * b, 64);
    return changed & L::at_most(v, most) & ~L::at_most(v, one) & subset_items_[b];
  };
  // Whether the rule has been tried enough, and removed too seldom, to go
  // on in this search (see kSubsetYield). It may stop in the middle of a
  // pass: the removals found so far stand, and the lengths it saw are
  // never read again.
  auto give_up = [&] {
    if (++subset_tried_ < kSubsetTrial || subset_fired_ * kSubsetYield >= subset_tried_)
      return false;
    subsets_ = false;
    return true;
  };
  // Whether item B may take the rule from A: uncovered, and longer (equal
  // sets would lose nothing).
  auto longer = [&](std::int32_t b, std::int32_t a) {
    return b != a && ln[b] > ln[a] && ln[b] < kCovered;
  };
  bool any = false;
  if constexpr (kWide) {
    const WideSet act = WideSet::load(active);
    WideSet out = WideSet::zero();
    for (std::int32_t b = 0; b < blocks; ++b) {
      for (std::uint64_t bits = tried(b); bits != 0; bits &= bits - 1) {
        if (give_up()) goto wide_done;
        const std::int32_t a = kLanes * b + std::countr_zero(bits);
        const std::uint64_t* column = mask(static_cast<std::uint32_t>(a));
        const WideSet own = act & WideSet::load(column);
        // B must be among the items of A's first option.
        const std::int32_t w = std::countr_zero(own.nonzero());
        const std::int32_t option = w << 6 | std::countr_zero(active[w] & column[w]);
        const std::uint16_t* primary = primaries_of(option);
        for (std::int32_t k = 0; k < primary_stride_; ++k) {
          const std::int32_t item = primary[k];
          if (!longer(item, a)) continue;
          const WideSet other = WideSet::load(mask(static_cast<std::uint32_t>(item)));
          if (WideSet::andnot(other, own).nonzero() != 0) continue;
          out = out | WideSet::andnot(WideSet::load(column), act & other);
          ++subset_fired_;
          any = true;
        }
      }
    }
  wide_done:
    if (!any) return false;
    out.store(removed);
    WideSet::andnot(out, act).store(active);
  } else {
    std::uint64_t* own = wave_forced_.data();
    std::fill_n(removed, words(), 0);
    for (std::int32_t b = 0; b < blocks; ++b) {
      for (std::uint64_t bits = tried(b); bits != 0; bits &= bits - 1) {
        if (give_up()) goto narrow_done;
        const std::int32_t a = kLanes * b + std::countr_zero(bits);
        const std::uint64_t* column = mask(static_cast<std::uint32_t>(a));
        for (std::int32_t k = 0; k < words(); ++k) own[k] = active[k] & column[k];
        const std::int32_t w = first_word(active, column);
        const std::int32_t option = w << 6 | std::countr_zero(own[w]);
        const std::uint16_t* primary = primaries_of(option);
        for (std::int32_t k = 0; k < primary_stride_; ++k) {
          const std::int32_t item = primary[k];
          if (!longer(item, a)) continue;
          const std::uint64_t* other = mask(static_cast<std::uint32_t>(item));
          std::uint64_t outside = 0;
          for (std::int32_t j = 0; j < words(); ++j) outside |= own[j] & ~other[j];
          if (outside != 0) continue;
          for (std::int32_t j = 0; j < words(); ++j)
            removed[j] |= active[j] & other[j] & ~column[j];
          ++subset_fired_;
          any = true;
        }
      }
    }
  narrow_done:
    if (!any) return false;
    for (std::int32_t k = 0; k < words(); ++k) active[k] &= ~removed[k];
  }
  // The options removed come off their items' lengths.
  std::uint16_t* list = list_base_;
  const std::int32_t listed = list_options(removed, list);
  if constexpr (Isa::lengths_in_registers) {
    if (vector_lengths_) {
      const std::uint64_t none[2] = {0, 0};
      updates += subtract(list, listed, ln, ln, none);
      return true;
    }
  }
  updates += take(list, listed, ln);
  return true;
}

}  // namespace xcover::detail::XCOVER_ISA
