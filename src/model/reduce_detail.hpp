// SPDX-License-Identifier: MIT
// reduce() with its choice of method made (ReduceOptions::method).
#pragma once

#include <cstddef>

#include "xcover/reduce.hpp"

namespace xcover::detail {

enum class BitSets { automatic, always, never };

// Bit sets are used when items x options / 64 is at most this many words.
inline constexpr std::size_t max_bitset_words = std::size_t{1} << 22;  // 32 MiB

Reduction reduce(const Problem& problem, const ReduceOptions& options, BitSets bits);

}  // namespace xcover::detail
