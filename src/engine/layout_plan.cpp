// SPDX-License-Identifier: MIT
// The choice of layout, in one pass over the options: what it needs (how
// many options have a primary item, each item's count of them, the fewest
// primary items an option has, each item's count of coloured entries) is
// gathered at once, and every rule below reads those figures.
#include "engine/layout_plan.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/layouts/counted/counted_tables.hpp"
#include "xcover/error.hpp"

namespace xcover::detail {

namespace {

struct Shape {
  std::int64_t options = 0;          // those with a primary item: the others are never chosen
  std::vector<std::int64_t> column;  // by item: the options containing it
  int fewest = INT_MAX;              // the fewest primary items an option has
  bool colors = false;
  std::vector<std::int64_t> colored;      // by item: its coloured entries
  std::vector<std::int64_t> item_colors;  // by item: its distinct colours (distinct_colors)
  bool colors_counted = false;
  // With at most kCountedMaxPrimary primary items: by primary item, the
  // words of a set of options that hold its options (counted bit sets).
  std::vector<std::int64_t> support;
};

Shape measure(const Problem& problem) {
  Shape s;
  s.column.assign(problem.item_count(), 0);
  // Mask ids are 16-bit: beyond 65,536 items no pair need be counted.
  const bool count_pairs = problem.color_count() > 0 && problem.item_count() <= 0x10000;
  const bool few_primary = problem.primary_count() <= kCountedMaxPrimary;
  if (count_pairs) s.colored.assign(problem.item_count(), 0);
  std::vector<std::int64_t> last_word;
  if (few_primary) {
    s.support.assign(problem.primary_count(), 0);
    last_word.assign(problem.primary_count(), -2);
  }
  for (int k = 0; k < problem.option_count(); ++k) {
    if (!problem.has_primary(k)) continue;
    const std::int64_t word = s.options / 64;  // the option's word in a set
    ++s.options;
    int primary = 0;
    for (const OptionEntry& e : problem.option(k)) {
      ++s.column[e.item];
      const bool is_primary = e.item < problem.primary_count();
      primary += is_primary;
      if (few_primary && is_primary && last_word[e.item] != word) {
        ++s.support[e.item];
        last_word[e.item] = word;
      }
      if (e.color == 0) continue;
      s.colors = true;
      if (count_pairs) ++s.colored[e.item];
    }
    s.fewest = std::min(s.fewest, primary);
  }
  return s;
}

// By item, the distinct colours its options give it (with at most 65,536
// items, else none are counted): only the rules that need them pay for it,
// a pass over the coloured entries gathered by item.
const std::vector<std::int64_t>& distinct_colors(const Problem& problem, Shape& s) {
  if (s.colors_counted) return s.item_colors;
  s.colors_counted = true;
  const auto items = static_cast<std::size_t>(problem.item_count());
  s.item_colors.assign(items, 0);
  if (s.colored.empty()) return s.item_colors;
  std::vector<std::int64_t> at(items + 1, 0);  // where each item's colours go
  for (std::size_t x = 0; x < items; ++x) at[x + 1] = at[x] + s.colored[x];
  std::vector<std::int32_t> bucket(static_cast<std::size_t>(at[items]));
  for (int k = 0; k < problem.option_count(); ++k) {
    if (!problem.has_primary(k)) continue;
    for (const OptionEntry& e : problem.option(k))
      if (e.color != 0) bucket[static_cast<std::size_t>(at[e.item]++)] = e.color;
  }
  // (`at` now holds each item's end.)
  std::vector<std::int32_t> seen(static_cast<std::size_t>(problem.color_count()) + 1, -1);
  std::int64_t begin = 0;
  for (std::size_t x = 0; x < items; ++x) {
    for (std::int64_t k = begin; k < at[x]; ++k) {
      std::int32_t& last = seen[static_cast<std::size_t>(bucket[static_cast<std::size_t>(k)])];
      if (last != static_cast<std::int32_t>(x)) {
        last = static_cast<std::int32_t>(x);
        ++s.item_colors[x];
      }
    }
    begin = at[x];
  }
  return s.item_colors;
}

int words_for(const Shape& s) {
  return static_cast<int>(std::max<std::int64_t>(1, (s.options + 63) / 64));
}

// Why the bit sets cannot take the problem, or an empty string when they can.
std::string unfit_reason(const Problem& problem, Shape& s) {
  if (s.options > kBitsetsMaxOptions)
    return "the bitsets layout takes at most " + std::to_string(kBitsetsMaxOptions) + " options";
  // Mask ids are 16-bit: one per item, one per (secondary item, colour).
  std::int64_t ids = problem.item_count();
  // (Each coloured entry makes at most one pair: the distinct pairs are
  // counted only when the entries could pass the limit.)
  std::int64_t at_most = ids;
  for (const std::int64_t n : s.colored) at_most += n;
  if (at_most > 0x10000 && ids <= 0x10000)
    for (const std::int64_t n : distinct_colors(problem, s)) ids += n;
  if (ids > 0x10000) return "the bitsets layout takes at most 65536 items and (item, colour) pairs";
  if (problem.primary_count() > kBitsetsMaxPrimary)
    return "the bitsets layout takes at most " + std::to_string(kBitsetsMaxPrimary) +
           " primary items";
  return {};
}

// A step of the bit-set layout costs a few operations per word of a set,
// whatever the problem; a step of the links costs one per link it changes,
// which is about how many options clash with the one chosen. So the bit
// sets take sets of up to 24 words (1,536 options) whatever the density;
// sets of 25 to 48 words when an option's items hold on average at least
// one option per two words; sets of 49 to 64 words at least 4 a word; sets
// of 65 to 128 words at least 16 a word.
// Measured by bench/compare_layouts.sh (ns a node on the same tree, one
// thread, the least of 5 runs, on a loaded machine): 16x16 Sudoku with
// 30-60 givens (Knuth's sudoku-dlx form: 26-42 words, 1.2-1.4 options a
// word) ran 1.4-1.65x faster on the bit sets, 25x25 with 250-300 givens
// (27-42 words, 0.8-0.9) 1.65-2.3x, pentominoes (25-33 words, 36-39) 4x;
// 40- to 54-queens (25-46 words, 3.9-5.3) came within 1.2x either way;
// dominoes on 30x40 and 36x40 boards (37 and 44 words, 0.18-0.21) ran
// 1.7-2.7x faster on the links. From 49 words the figure no longer tells:
// 25x25 with 200-225 givens (51-63 words, 0.65-0.7) gained 1.2-1.5x from
// the bit sets, 58- to 64-queens (53-64 words, 3.3-3.6) lost up to 2.3x.
// Each level keeps its own copy of the state, so the deepest search must
// fit in 64 MiB: a level covers at least as many primary items as the
// option that covers fewest.
bool bitsets_preferred(const Problem& problem, const Shape& s) {
  const std::int64_t words = words_for(s);
  // Past 128 words nothing was measured (the Bedlam cube's 66 words were).
  if (words > 128) return false;
  if (words > 24) {
    // Summed over the options, the options each of their entries' items
    // holds: each item counts its options once for each of them.
    std::int64_t clashes = 0;
    for (const std::int64_t n : s.column) clashes += n * n;
    // Per option and word, at least 1/2 up to 48 words, 4 up to 64, else
    // 16 (polycubes hold ~37: the Bedlam cube's 4,188 options, 66 words,
    // searched 3.5x faster on bit sets than on the links).
    const std::int64_t halves = words <= 48 ? 1 : words <= 64 ? 8 : 32;
    if (2 * clashes < halves * words * s.options) return false;
  }
  const std::int64_t depth = s.fewest == INT_MAX ? 1 : problem.primary_count() / s.fewest + 1;
  std::int64_t longest = 0;  // the longest primary item: a level's choice list
  for (int item = 0; item < problem.primary_count(); ++item)
    longest = std::max(longest, s.column[item]);
  const std::int64_t level_bytes = 8 * words + 2 * (problem.primary_count() + 32) + 2 * longest;
  return depth * level_bytes <= (std::int64_t{64} << 20);
}

// The counted bit sets (layouts/counted/counted.hpp) count the lengths of the
// uncovered primary items at every node, a popcount per word of their
// options, instead of taking each removed option off its items' lengths.
// They take at most 64 primary items (one word of uncovered ones) and
// 65,536 items (16-bit mask ids); their masks hold only the words where
// they have bits, and the sum over the masks must stay within 64 MiB.
std::string counted_unfit_reason(const Problem& problem, Shape& s) {
  if (problem.primary_count() > kCountedMaxPrimary)
    return "the counted_bitsets layout takes at most " + std::to_string(kCountedMaxPrimary) +
           " primary items";
  if (problem.item_count() > 0x10000) return "the counted_bitsets layout takes at most 65536 items";
  const std::int64_t words = words_for(s);
  std::int64_t mask_words = 0;
  for (const std::int64_t n : s.column) mask_words += std::min(words, n);
  const std::vector<std::int64_t>& colors = distinct_colors(problem, s);
  for (std::size_t x = 0; x < colors.size(); ++x)
    mask_words += colors[x] * std::min(words, s.column[x]);
  if (mask_words > (std::int64_t{8} << 20))
    return "the counted_bitsets layout's masks would pass 64 MiB";
  return {};
}

// They pay when there are few primary items whose options fill their words
// (all of them together in about two sets' worth of words), and the sets
// are large, so that a commit removes many options (word squares: 5 to 7
// times faster than the sparse sets, 6 to 10 than the links).
bool counted_preferred(const Problem& problem, const Shape& s) {
  const std::int64_t words = words_for(s);
  if (!s.colors || s.support.empty() || words < 4) return false;
  std::int64_t support = 0;
  for (const std::int64_t n : s.support) support += n;
  return support <= 2 * words + problem.primary_count();
}

LayoutPlan bitsets_plan(const Problem& problem, const Shape& s) {
  LayoutPlan plan;
  plan.layout = Layout::bitsets;
  plan.colors = s.colors;
  plan.words = words_for(s);
  // 8-bit lengths keep their high bit for "covered".
  plan.short_lengths = std::all_of(s.column.begin(), s.column.begin() + problem.primary_count(),
                                   [](std::int64_t n) { return n < 0x80; });
  return plan;
}

LayoutPlan plain_plan(Layout layout, const Shape& s) {
  LayoutPlan plan;
  plan.layout = layout;
  plan.colors = s.colors;
  return plan;
}

// The automatic choice, for a problem without multiplicities.
LayoutPlan automatic_plan(const Problem& problem, Shape& s) {
  if (counted_preferred(problem, s) && counted_unfit_reason(problem, s).empty())
    return plain_plan(Layout::counted_bitsets, s);
  if (unfit_reason(problem, s).empty() && bitsets_preferred(problem, s))
    return bitsets_plan(problem, s);
  if (s.colors && problem.item_count() + 1 <= kSparseSnapshotItems)
    return plain_plan(Layout::sparse, s);
  return plain_plan(Layout::links, s);
}

}  // namespace

std::size_t search_depth(const Problem& problem) {
  const std::size_t items = static_cast<std::size_t>(problem.primary_count()) + 2;
  if (!problem.has_multiplicities()) return items;
  std::int64_t uppers = 0;
  for (int item = 0; item < problem.primary_count(); ++item)
    uppers += problem.item_bounds(item).upper;
  return items + static_cast<std::size_t>(std::min<std::int64_t>(uppers, problem.option_count()));
}

LayoutPlan plan_layout(const Problem& problem, Layout asked) {
  if (asked == Layout::costs || asked == Layout::memo)
    throw ProblemError(std::string("the ") + to_string(asked) + " layout is " +
                       (asked == Layout::costs ? "Solver::cheapest's" : "a memoised count's") +
                       " own: a solver takes automatic, links, bitsets, counted_bitsets, sparse "
                       "or multiplicities");
  if (problem.has_multiplicities()) {
    if (asked != Layout::automatic && asked != Layout::multiplicities)
      throw ProblemError(std::string("the ") + to_string(asked) +
                         " layout does not take multiplicities (primary items with bounds other "
                         "than 1:1): the multiplicities layout (Algorithm M) does");
    return plain_plan(Layout::multiplicities, Shape{});
  }
  Shape s = measure(problem);
  std::string reason;
  switch (asked) {
    case Layout::automatic:
      return automatic_plan(problem, s);
    case Layout::links:
    case Layout::sparse:
    case Layout::multiplicities:
      return plain_plan(asked, s);
    case Layout::bitsets:
      reason = unfit_reason(problem, s);
      if (reason.empty()) return bitsets_plan(problem, s);
      break;
    case Layout::counted_bitsets:
      reason = counted_unfit_reason(problem, s);
      if (reason.empty()) return plain_plan(asked, s);
      break;
    case Layout::costs:
    case Layout::memo:
      break;  // (refused above)
  }
  throw ProblemError(reason + ": links, sparse and multiplicities take any problem");
}

LayoutPlan costs_plan(const Problem&) {
  LayoutPlan plan;
  plan.layout = Layout::costs;
  return plan;
}

bool layout_follows(Layout layout, const TreeOptions& options) {
  const bool bitsets_only = options.propagate || options.item_choice == ItemChoice::most_clashes;
  if (bitsets_only && layout != Layout::bitsets) return false;
  return options.random_seed == 0 || (layout != Layout::costs && layout != Layout::memo);
}

void check_followed(Layout layout, const TreeOptions& options, const char* call) {
  if (layout_follows(layout, options)) return;
  std::string asked;
  auto add = [&](const char* name) { asked += (asked.empty() ? "" : " and ") + std::string(name); };
  const bool bitsets_only = options.propagate || options.item_choice == ItemChoice::most_clashes;
  if (options.propagate) add("propagate");
  if (options.item_choice == ItemChoice::most_clashes) add("most_clashes");
  if (options.random_seed != 0 && (layout == Layout::costs || layout == Layout::memo))
    add("random_seed");
  throw Error(std::string(call) + ": the " + to_string(layout) + " layout does not follow " +
              asked +
              (bitsets_only ? "; the bitsets layout does: ask for it, or leave them out" : ""));
}

}  // namespace xcover::detail
