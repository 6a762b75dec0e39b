// SPDX-License-Identifier: MIT
// Problems whose counts are known (OEIS), for the tests of counting: perfect
// matchings, set partitions, domino tilings, Steiner triple systems, and
// independent doublings.
#pragma once

#include <string>
#include <vector>

#include "random_problems.hpp"
#include "xcover/problem.hpp"

// Perfect matchings of n points: an item a point, an option a pair.
inline xcover::Problem matchings(int n) {
  xcover::Problem p;
  for (int i = 0; i < n; ++i) p.add_primary(numbered('p', i));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) p.add_option({xcover::OptionEntry{i}, xcover::OptionEntry{j}});
  return p;
}

// Partitions of an n-set into blocks: an option every nonempty subset.
inline xcover::Problem partitions(int n) {
  xcover::Problem p;
  for (int i = 0; i < n; ++i) p.add_primary(numbered('e', i));
  for (unsigned mask = 1; mask < (1u << n); ++mask) {
    std::vector<xcover::OptionEntry> entries;
    for (int i = 0; i < n; ++i)
      if (mask >> i & 1u) entries.push_back({i});
    p.add_option(entries);
  }
  return p;
}

// Domino tilings of an n-by-n board.
inline xcover::Problem dominoes(int n) {
  xcover::Problem p;
  for (int cell = 0; cell < n * n; ++cell) p.add_primary(numbered('c', cell));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n)
        p.add_option({xcover::OptionEntry{r * n + c}, xcover::OptionEntry{r * n + c + 1}});
      if (r + 1 < n)
        p.add_option({xcover::OptionEntry{r * n + c}, xcover::OptionEntry{r * n + c + n}});
    }
  }
  return p;
}

// Labelled Steiner triple systems on n points: an item for each pair of
// points, an option for each triple (covering its three pairs).
inline xcover::Problem triple_systems(int n) {
  xcover::Problem p;
  std::vector<std::vector<int>> pair(static_cast<std::size_t>(n), std::vector<int>(n, -1));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      pair[i][j] = p.add_primary(numbered('p', i) + "-" + std::to_string(j));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k)
        p.add_option({xcover::OptionEntry{pair[i][j]}, xcover::OptionEntry{pair[i][k]},
                      xcover::OptionEntry{pair[j][k]}});
  return p;
}

// The random problems the counting tests compare against a brute force:
// up to 6 primary and 4 secondary items, 3 colours and 12 options (2^12
// subsets to try), each option meeting an item one time in 5 to 2 in 4.
inline RandomShape counting_shape() {
  RandomShape shape;
  shape.most_primaries = 6;
  shape.most_secondaries = 4;
  shape.most_colors = 3;
  shape.most_options = 12;
  shape.density_low = 20;
  shape.density_high = 50;
  return shape;
}

// k items with two options each: 2^k solutions, counted in k levels.
inline xcover::Problem doubled(int k) {
  xcover::Problem p;
  for (int i = 0; i < k; ++i) {
    p.add_primary(numbered('x', i));
    p.add_option({xcover::OptionEntry{i}});
    p.add_option({xcover::OptionEntry{i}});
  }
  return p;
}
