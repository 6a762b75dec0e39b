// SPDX-License-Identifier: MIT
// Langford pairs as exact cover: arrange two 1s, two 2s, ..., two Ns in a row
// of 2N so that the two copies of v have v other numbers between them
// (for N = 3: 2 3 1 2 1 3). Each arrangement and its reversal are distinct
// solutions, so counts are twice OEIS A014552.
//
//   xcover::LangfordProblem langford = xcover::make_langford(4);
//   xcover::Solver solver(langford.problem);
//   solver.count().solutions;  // 2
#pragma once

#include <vector>

#include "xcover/export.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover {

// Value v in positions first and first + v + 1 (0-based positions).
struct LangfordPair {
  int value;  // v, from 1 to n
  int first;  // the first of its two positions
};

// The Langford problem of n pairs and what each of its options places.
struct LangfordProblem {
  int n = 0;        // the pairs
  Problem problem;  // the exact-cover problem
  // pairs[k]: what option k places.
  std::vector<LangfordPair> pairs;
};

// Items v1..vN (the values) and p1..p2N (the positions), all primary; the
// option "vV pI pJ" puts V at 1-based positions I and J = I + V + 1. Throws
// ProblemError when n < 1.
XCOVER_API LangfordProblem make_langford(int n);

// The 2N numbers of the arrangement, in order. Throws ProblemError for an
// option the problem does not have.
XCOVER_API std::vector<int> langford_sequence(const LangfordProblem& langford,
                                              const Solution& solution);

}  // namespace xcover
