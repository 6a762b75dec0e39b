// SPDX-License-Identifier: MIT
// ItemChoice::most_clashes for the bit-set layout: among the first few
// shortest items, the one whose options clash with the most active options.
#pragma once

#include <bit>
#include <cstdint>

#include "engine/layouts/bitsets/bitsets.hpp"

namespace xcover::detail::XCOVER_ISA {

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

}  // namespace xcover::detail::XCOVER_ISA
