// SPDX-License-Identifier: MIT
// Small random problems for the property tests: primary items (with random
// bounds when asked), secondary items, colours, and options that meet each
// item with a given chance; and the rules a brute force checks them by. Each test picks its own
// shape, and the draws of a shape are always the same, so that the problems a test was tuned on
// stay the same.
#pragma once

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "xcover/problem.hpp"

struct RandomShape {
  int most_primaries = 5;  // at least one
  int most_secondaries = 3;
  int most_colors = 2;
  int most_options = 11;
  // The chance, in per cent, that an option meets an item: drawn once a
  // problem from [density_low, density_high] when they differ.
  int density_low = 40;
  int density_high = 40;
  // Primary items take bounds from 0:1 to 3:3 (multiplicities) as often as not.
  bool bounds = false;
  // Raw mt19937 draws, which every standard library makes alike, instead of
  // uniform_int_distribution, which they do not.
  bool raw_draws = false;
};

// "p3", "s0", ... (Built with append: "p" + std::to_string trips a false
// GCC 12 -Wrestrict warning.)
inline std::string numbered(char prefix, int k) {
  return std::string(1, prefix).append(std::to_string(k));
}

// Does this set of options (a bit mask) cover every primary item within its
// bounds (exactly once, unless it has others) and every secondary item at
// most once or with one agreeing colour?
inline bool is_solution(const xcover::Problem& problem, unsigned mask) {
  std::vector<int> primary_uses(problem.item_count(), 0);
  std::vector<int> plain_uses(problem.item_count(), 0);
  std::vector<std::set<int>> colors(problem.item_count());
  for (int k = 0; k < problem.option_count(); ++k) {
    if (!(mask >> k & 1u)) continue;
    if (!problem.has_primary(k)) return false;  // never chosen by Algorithm C
    for (const auto& e : problem.option(k)) {
      if (problem.is_primary(e.item)) {
        ++primary_uses[e.item];
      } else if (e.color == 0) {
        ++plain_uses[e.item];
      } else {
        colors[e.item].insert(e.color);
      }
    }
  }
  for (int i = 0; i < problem.item_count(); ++i) {
    if (problem.is_primary(i)) {
      const xcover::ItemBounds b = problem.item_bounds(i);
      if (primary_uses[i] < b.lower || primary_uses[i] > b.upper) return false;
    } else if (plain_uses[i] > 1 || (plain_uses[i] == 1 && !colors[i].empty()) ||
               colors[i].size() > 1) {
      return false;
    }
  }
  return true;
}

// A random problem of the given shape; on_option(problem, option) is called
// after each option is added (to give it a cost, say).
template <class OnOption>
xcover::Problem random_problem(std::mt19937& rng, const RandomShape& shape, OnOption&& on_option) {
  auto pick = [&](int lo, int hi) {
    if (shape.raw_draws) return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1));
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  xcover::Problem problem;
  const int primaries = pick(1, shape.most_primaries);
  const int secondaries = pick(0, shape.most_secondaries);
  const int colors = pick(0, shape.most_colors);
  for (int i = 0; i < primaries; ++i) {
    if (shape.bounds && pick(0, 1)) {
      const int upper = pick(1, 3);
      problem.add_primary(numbered('p', i), pick(0, upper), upper);
    } else {
      problem.add_primary(numbered('p', i));
    }
  }
  for (int i = 0; i < secondaries; ++i) problem.add_secondary(numbered('s', i));
  for (int c = 0; c < colors; ++c) problem.add_color(numbered('c', c));
  const int options = pick(0, shape.most_options);
  const int density = shape.density_low == shape.density_high
                          ? shape.density_low
                          : pick(shape.density_low, shape.density_high);
  for (int k = 0; k < options; ++k) {
    std::vector<xcover::OptionEntry> entries;
    for (int item = 0; item < problem.item_count(); ++item) {
      if (pick(0, 99) >= density) continue;
      int color = 0;
      if (!problem.is_primary(item) && colors > 0 && pick(0, 1)) color = pick(1, colors);
      entries.push_back({item, color});
    }
    if (entries.empty()) entries.push_back({pick(0, problem.item_count() - 1), 0});
    std::shuffle(entries.begin(), entries.end(), rng);
    on_option(problem, problem.add_option(entries));
  }
  return problem;
}

inline xcover::Problem random_problem(std::mt19937& rng, const RandomShape& shape) {
  return random_problem(rng, shape, [](xcover::Problem&, int) {});
}
