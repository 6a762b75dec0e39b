// SPDX-License-Identifier: MIT
// The houses each cell of a Sudoku is in, in one array with offsets (a
// vector per cell cost an allocation or more each, and a killer line or a
// rated puzzle builds them anew): shared by the problem's writer and the
// ratings.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "xcover/puzzles/sudoku_rules.hpp"

namespace xcover::detail {

class CellHouses {
 public:
  explicit CellHouses(const SudokuRules& rules)
      : begin_(static_cast<std::size_t>(rules.cell_count()) + 1, 0) {
    for (const SudokuRules::House& house : rules.houses())
      for (int cell : house.cells) ++begin_[static_cast<std::size_t>(cell) + 1];
    for (std::size_t c = 1; c < begin_.size(); ++c) begin_[c] += begin_[c - 1];
    house_.resize(static_cast<std::size_t>(begin_.back()));
    std::vector<int> at(begin_.begin(), begin_.end() - 1);
    for (std::size_t h = 0; h < rules.houses().size(); ++h)
      for (int cell : rules.houses()[h].cells)
        house_[static_cast<std::size_t>(at[static_cast<std::size_t>(cell)]++)] =
            static_cast<int>(h);
  }
  // The houses of `cell`, in the order of rules.houses().
  std::span<const int> operator[](int cell) const {
    const auto c = static_cast<std::size_t>(cell);
    return {house_.data() + begin_[c], static_cast<std::size_t>(begin_[c + 1] - begin_[c])};
  }

 private:
  std::vector<int> begin_;  // by cell, and one past the last
  std::vector<int> house_;
};

}  // namespace xcover::detail
