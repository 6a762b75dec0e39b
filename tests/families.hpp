// SPDX-License-Identifier: MIT
// Problems whose counts are known (OEIS), for the tests of counting: perfect
// matchings, set partitions, domino tilings, Steiner and Kirkman triple
// systems, Latin squares, and independent doublings.
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

// Latin squares of order n: an item for each cell, each (row, symbol) and
// each (column, symbol), an option for each symbol in each cell. Reduced
// (first row and column 0, 1, ..., n-1) when `reduced` holds.
inline xcover::Problem latin_squares(int n, bool reduced) {
  xcover::Problem p;
  const auto add_all = [&](char a, char b) {
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) p.add_primary(numbered(a, i) + numbered(b, j));
  };
  add_all('r', 'c');  // cell (i, j): item i * n + j
  add_all('r', 'v');  // symbol k in row i: n^2 + i * n + k
  add_all('c', 'v');  // symbol k in column j: 2n^2 + j * n + k
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) {
        if (reduced && ((i == 0 && k != j) || (j == 0 && k != i))) continue;
        p.add_option({xcover::OptionEntry{i * n + j}, xcover::OptionEntry{n * n + i * n + k},
                      xcover::OptionEntry{2 * n * n + j * n + k}});
      }
  return p;
}

// Kirkman triple systems on v points (v = 3 mod 6), labelled and resolved:
// the triples fall into (v - 1) / 2 numbered days, each day a partition of
// the points. Items: each pair of points, each (point, day); an option each
// (triple, day).
inline xcover::Problem kirkman_systems(int v) {
  xcover::Problem p;
  const int days = (v - 1) / 2;
  std::vector<std::vector<int>> pair(static_cast<std::size_t>(v), std::vector<int>(v, -1));
  for (int i = 0; i < v; ++i)
    for (int j = i + 1; j < v; ++j)
      pair[i][j] = p.add_primary(numbered('p', i) + "-" + std::to_string(j));
  const int first_slot = p.item_count();
  for (int i = 0; i < v; ++i)
    for (int d = 0; d < days; ++d) p.add_primary(numbered('x', i) + numbered('d', d));
  const auto slot = [&](int point, int day) {
    return xcover::OptionEntry{first_slot + point * days + day};
  };
  for (int i = 0; i < v; ++i)
    for (int j = i + 1; j < v; ++j)
      for (int k = j + 1; k < v; ++k)
        for (int d = 0; d < days; ++d)
          p.add_option({xcover::OptionEntry{pair[i][j]}, xcover::OptionEntry{pair[i][k]},
                        xcover::OptionEntry{pair[j][k]}, slot(i, d), slot(j, d), slot(k, d)});
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
