// SPDX-License-Identifier: MIT
// Fuzzes Knuth's text format. Whatever the bytes, parse_dlx either throws
// ParseError or gives a problem that
//   - reads the same from a stream (read_dlx) as from a string (parse_dlx),
//   - writes back (write_dlx) to text that reads as an equal problem,
//   - solves (under a node limit) only to option sets that obey the rules:
//     each primary item covered exactly once (or within its bounds, with
//     DLX3's multiplicities), each option at most once, each secondary item
//     at most once or always with one colour;
//   - and, when it is small, has as many solutions as brute force finds.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/solver.hpp"

namespace {

// True when the options (problem indices) form a solution of `problem`.
bool obeys_rules(const xcover::Problem &problem, std::span<const int> options) {
  std::vector<int> uses(static_cast<std::size_t>(problem.item_count()), 0);
  // Colour of each secondary item so far: -1 unused, 0 used without a colour.
  std::vector<int> colour(static_cast<std::size_t>(problem.item_count()), -1);
  std::vector<char> taken(static_cast<std::size_t>(problem.option_count()), 0);
  for (int option : options) {
    if (taken[static_cast<std::size_t>(option)]++) return false;
    for (const xcover::OptionEntry &e : problem.option(option)) {
      const auto item = static_cast<std::size_t>(e.item);
      ++uses[item];
      if (problem.is_primary(e.item)) continue;
      if (colour[item] < 0) {
        colour[item] = e.color;
      } else if (colour[item] == 0 || e.color == 0 || colour[item] != e.color) {
        return false;
      }
    }
  }
  for (int item = 0; item < problem.primary_count(); ++item) {
    const xcover::ItemBounds b = problem.item_bounds(item);
    const int used = uses[static_cast<std::size_t>(item)];
    if (used < b.lower || used > b.upper) return false;
  }
  return true;
}

std::uint64_t brute_force_count(const xcover::Problem &problem) {
  const int n = problem.option_count();
  std::uint64_t count = 0;
  std::vector<int> chosen;
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    chosen.clear();
    for (int k = 0; k < n; ++k) {
      if (mask >> k & 1) chosen.push_back(k);
    }
    count += obeys_rules(problem, chosen);
  }
  return count;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char *>(data), size);
  xcover::ReadResult input;
  try {
    input = xcover::parse_dlx(text, "fuzz");
  } catch (const xcover::ParseError &) {
    // The stream reader must reject it too, at the same line.
    std::istringstream in{std::string(text)};
    bool rejected = false;
    try {
      xcover::read_dlx(in, "fuzz");
    } catch (const xcover::ParseError &) {
      rejected = true;
    }
    FUZZ_CHECK(rejected);
    return 0;
  }
  const xcover::Problem &problem = input.problem;

  {
    std::istringstream in{std::string(text)};
    const xcover::ReadResult streamed = xcover::read_dlx(in, "fuzz");
    FUZZ_CHECK(streamed.problem == problem);
    FUZZ_CHECK(streamed.option_lines == input.option_lines);
    FUZZ_CHECK(streamed.warnings.size() == input.warnings.size());
  }

  const std::string written = xcover::to_dlx(problem);
  const xcover::ReadResult again = xcover::parse_dlx(written, "written");
  FUZZ_CHECK(again.problem == problem);
  FUZZ_CHECK(again.warnings.empty());
  FUZZ_CHECK(xcover::to_dlx(again.problem) == written);

  // The layouts, each where it takes the problem: the same solutions in the
  // same order. The sparse sets search the links' very tree (same nodes and
  // updates). The bit sets count the same nodes without colours, and with
  // colours at least as many: the links (like SSXCC) enter no node where a
  // committed option leaves a primary item without options. The counted bit
  // sets search the links' tree with colours, and prune as they do without.
  // Algorithm M (multiplicities) takes every problem, and problems with
  // bounds only it: the same solutions, in its own order.
  enum { links, sparse, bitsets, counted, multiplicities, kLayouts };
  const xcover::Layout layouts[kLayouts] = {
      xcover::Layout::links, xcover::Layout::sparse, xcover::Layout::bitsets,
      xcover::Layout::counted_bitsets, xcover::Layout::multiplicities};
  std::vector<std::vector<int>> found[kLayouts];
  xcover::Statistics stats[kLayouts];
  xcover::Status status[kLayouts];
  bool ran[kLayouts] = {};
  for (int k = 0; k < kLayouts; ++k) {
    std::optional<xcover::Solver> built;
    try {
      built.emplace(problem, layouts[k]);
    } catch (const xcover::ProblemError &) {
      // Only multiplicities (but to Algorithm M), a problem too big for the
      // bit sets or with too many primary items for the counted ones.
      FUZZ_CHECK(k != multiplicities);
      FUZZ_CHECK(problem.has_multiplicities() || k == bitsets || k == counted);
      continue;
    }
    FUZZ_CHECK(built->layout() == layouts[k]);
    ran[k] = true;
    xcover::Solver &solver = *built;
    xcover::SearchOptions options;
    options.node_limit = 20000;
    options.solution_limit = 1000;
    status[k] = solver.search(
        [&](const xcover::Solution &solution) {
          FUZZ_CHECK(solution.problem == &problem);
          FUZZ_CHECK(obeys_rules(problem, solution.options));
          found[k].emplace_back(solution.options.begin(), solution.options.end());
          return true;
        },
        options);
    stats[k] = solver.statistics();
    FUZZ_CHECK(stats[k].layout == layouts[k]);
    FUZZ_CHECK(found[k].size() == stats[k].solutions);
  }
  FUZZ_CHECK(problem.has_multiplicities() != ran[links]);
  FUZZ_CHECK(ran[links] == ran[sparse]);
  // Whether some option gives a colour, as the layouts ask (a colour named
  // only by an option the reader dropped, for want of a primary item, is
  // still in the problem's table of colours).
  bool colors = false;
  for (int k = 0; k < problem.option_count() && !colors; ++k)
    for (const xcover::OptionEntry &entry : problem.option(k)) colors = colors || entry.color != 0;
  if (ran[sparse]) {
    FUZZ_CHECK(status[sparse] == status[links]);
    FUZZ_CHECK(found[sparse] == found[links]);
    FUZZ_CHECK(stats[sparse].nodes == stats[links].nodes);
    FUZZ_CHECK(stats[sparse].updates == stats[links].updates);
  }
  // A layout that counts more nodes than the links (the bit sets with
  // colours, the links without colours against the counted bit sets): the
  // same solutions when both finished, else the one ahead cannot have
  // finished where the other was stopped, and they agree as far as both went.
  auto agrees = [&](int more, int fewer) {
    if (status[more] == xcover::Status::exhausted && status[fewer] == xcover::Status::exhausted) {
      FUZZ_CHECK(found[more] == found[fewer]);
      FUZZ_CHECK(stats[fewer].nodes <= stats[more].nodes);
      return;
    }
    FUZZ_CHECK(status[more] != xcover::Status::exhausted ||
               status[fewer] != xcover::Status::node_limit);
    const std::size_t common = std::min(found[more].size(), found[fewer].size());
    FUZZ_CHECK(std::equal(found[more].begin(), found[more].begin() + common, found[fewer].begin()));
  };
  if (ran[bitsets]) {
    if (!colors) {
      FUZZ_CHECK(status[bitsets] == status[links]);
      FUZZ_CHECK(found[bitsets] == found[links]);
      FUZZ_CHECK(stats[bitsets].nodes == stats[links].nodes);
      FUZZ_CHECK(stats[bitsets].updates == stats[links].updates);
    } else {
      agrees(bitsets, links);
    }
  }
  if (ran[counted]) {
    if (colors) {
      FUZZ_CHECK(status[counted] == status[links]);
      FUZZ_CHECK(found[counted] == found[links]);
      FUZZ_CHECK(stats[counted].nodes == stats[links].nodes);
    } else {
      agrees(links, counted);
    }
  }
  if (ran[links] && status[links] == xcover::Status::exhausted &&
      status[multiplicities] == xcover::Status::exhausted) {
    std::vector<std::vector<int>> a = found[links], b = found[multiplicities];
    for (auto *list : {&a, &b}) {
      for (std::vector<int> &solution : *list) std::sort(solution.begin(), solution.end());
      std::sort(list->begin(), list->end());
    }
    FUZZ_CHECK(a == b);
  }
  if (status[multiplicities] == xcover::Status::exhausted && problem.option_count() <= 12)
    FUZZ_CHECK(brute_force_count(problem) == found[multiplicities].size());
  return 0;
}
