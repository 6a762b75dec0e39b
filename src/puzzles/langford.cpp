// SPDX-License-Identifier: MIT
#include "xcover/puzzles/langford.hpp"

#include <string>

namespace xcover {

LangfordProblem make_langford(int n) {
  if (n < 1) throw ProblemError("langford: n must be at least 1, not " + std::to_string(n));
  LangfordProblem langford;
  langford.n = n;
  Problem& problem = langford.problem;
  for (int value = 1; value <= n; ++value) problem.add_primary("v" + std::to_string(value));
  for (int position = 1; position <= 2 * n; ++position)
    problem.add_primary("p" + std::to_string(position));

  for (int value = 1; value <= n; ++value) {
    for (int first = 0; first + value + 1 < 2 * n; ++first) {
      const std::string v = "v" + std::to_string(value);
      const std::string i = "p" + std::to_string(first + 1);
      const std::string j = "p" + std::to_string(first + value + 2);
      problem.add_option({v, i, j});
      langford.pairs.push_back(LangfordPair{value, first});
    }
  }
  return langford;
}

std::vector<int> langford_sequence(const LangfordProblem& langford, const Solution& solution) {
  std::vector<int> sequence(2 * static_cast<std::size_t>(langford.n), 0);
  for (int option : solution.options) {
    if (option < 0 || static_cast<std::size_t>(option) >= langford.pairs.size())
      throw ProblemError("option " + std::to_string(option) + " is not one of this Langford " +
                         std::to_string(langford.n) + " problem's");
    const LangfordPair pair = langford.pairs[static_cast<std::size_t>(option)];
    sequence[static_cast<std::size_t>(pair.first)] = pair.value;
    sequence[static_cast<std::size_t>(pair.first + pair.value + 1)] = pair.value;
  }
  return sequence;
}

}  // namespace xcover
