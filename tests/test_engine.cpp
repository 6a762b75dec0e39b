// The search engine on small problems whose answers are known by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "xcover/dlx_format.hpp"
#include "xcover/solver.hpp"

namespace {

// Every solution as a sorted list of option texts.
std::set<std::vector<std::string>> solutions_of(const xcover::Problem& problem) {
  std::set<std::vector<std::string>> found;
  xcover::Solver solver(problem);
  solver.search([&](const xcover::Solution& s) {
    std::vector<std::string> texts;
    for (int option : s.options) texts.push_back(problem.option_text(option));
    std::sort(texts.begin(), texts.end());
    found.insert(texts);
    return true;
  });
  return found;
}

}  // namespace

TEST_CASE("Knuth's example from 'Dancing Links' has one solution") {
  const auto input = xcover::parse_dlx(
      "a b c d e f g\n"
      "c e\n"
      "a d g\n"
      "b c f\n"
      "a d f\n"
      "b g\n"
      "d e g\n");
  const auto found = solutions_of(input.problem);
  REQUIRE(found.size() == 1);
  CHECK(*found.begin() == std::vector<std::string>{"a d f", "b g", "c e"});

  xcover::Solver solver(input.problem);
  CHECK(solver.count() == 1);
  // DLX1 reports 6 nodes and 29 updates on this input.
  CHECK(solver.statistics().nodes == 6);
  CHECK(solver.statistics().updates == 29);
}
