// SPDX-License-Identifier: MIT
// Preprocessing in the manner of Knuth's DLX-PRE: the same two rules, tried
// in the same order (items in order, a round at a time), so that the numbers
// of options and items removed agree with his program's.
//
// The state is a few flat arrays: the entries of every option (an entry
// whose item was removed from the option gets item -1), for every item the
// entries that name it (in option order), and for every item the number of
// live options that hold it. Tests hide options by flagging them and
// lowering the counts of their items, and undo exactly that afterwards; no
// list is relinked, so nothing has to be restored in a careful order.
//
// The costly test (would option r leave a primary item without options?)
// hides every option that clashes with r and undoes it, for every option in
// every round. When the problem is small enough (items x options bits), it
// is done with bit sets instead: a union of a few rows and a subset test per
// primary item, 10-100 times faster on pentominoes. Both give the same
// answers (the tests run both).
#include "xcover/reduce.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/reduce_detail.hpp"

namespace xcover {

namespace {

// reduce() reads items, colours and options, nothing else. Should Problem
// gain a field (multiplicities, costs), this stops the build here, so that
// reduce() is taught to refuse (or to reduce) such problems instead of
// dropping the field silently. The mirror lists Problem's members' types.
struct ProblemAsReduceKnowsIt {
  std::vector<std::string> item_names;
  int primary_count;
  struct NameTable {
    std::vector<std::uint64_t> slots;  // (hash, number)
    std::size_t count;
  };
  NameTable item_index;  // the items by name
  std::vector<std::string> color_names;
  NameTable color_index;
  std::vector<std::int32_t> option_begin;
  std::vector<OptionEntry> entries;
  std::vector<ItemBounds> bounds;  // multiplicities: refused below
  int multiplicity_count;
  std::vector<std::uint64_t> option_cost;  // costs: kept with their options
  std::uint64_t total_cost;
};
static_assert(sizeof(Problem) == sizeof(ProblemAsReduceKnowsIt) && sizeof(OptionEntry) == 8,
              "Problem has changed: make reduce() refuse (or handle) what it does not know");

using detail::BitSets;
using detail::max_bitset_words;

class Reducer {
 public:
  Reducer(const Problem& problem, BitSets bits) : problem_(problem) {
    const int items = problem.item_count();
    const int options = problem.option_count();
    count_.assign(static_cast<std::size_t>(items), 0);
    item_stamp_.assign(static_cast<std::size_t>(items), 0);
    option_begin_.reserve(static_cast<std::size_t>(options) + 1);
    option_begin_.push_back(0);
    alive_.assign(static_cast<std::size_t>(options), 0);
    hidden_.assign(static_cast<std::size_t>(options), 0);
    for (int o = 0; o < options; ++o) {
      // An option without a primary item can never be chosen; DLX-PRE never
      // sees one (its reader drops them), so it is gone before round 1.
      const bool keep = problem.has_primary(o);
      if (keep) {
        for (const OptionEntry& e : problem.option(o)) {
          entry_item_.push_back(e.item);
          entry_color_.push_back(e.color);
          entry_option_.push_back(o);
          ++count_[static_cast<std::size_t>(e.item)];
        }
      }
      alive_[static_cast<std::size_t>(o)] = keep ? 1 : 0;
      option_begin_.push_back(static_cast<std::int32_t>(entry_item_.size()));
    }
    // The entries of each item, in option order (a counting sort).
    std::vector<std::int32_t> start(static_cast<std::size_t>(items) + 1, 0);
    for (std::int32_t item : entry_item_) ++start[static_cast<std::size_t>(item) + 1];
    for (int i = 0; i < items; ++i) start[i + 1] += start[i];
    item_entries_.resize(entry_item_.size());
    std::vector<std::int32_t> next(start.begin(), start.end() - 1);
    for (std::size_t e = 0; e < entry_item_.size(); ++e)
      item_entries_[static_cast<std::size_t>(next[entry_item_[e]]++)] =
          static_cast<std::int32_t>(e);
    lists_.resize(static_cast<std::size_t>(items));
    for (int i = 0; i < items; ++i)
      lists_[i].assign(item_entries_.begin() + start[i], item_entries_.begin() + start[i + 1]);
    words_ = (static_cast<std::size_t>(options) + 63) / 64;
    bits_ = bits;
    mean_option_size_ = options > 0 ? 1 + static_cast<int>(entry_item_.size()) / options : 1;
    use_bits_ = bits == BitSets::always ||
                (bits == BitSets::automatic &&
                 static_cast<double>(words_) * items <= static_cast<double>(max_bitset_words));
    if (use_bits_) {
      options_of_.assign(words_ * static_cast<std::size_t>(items), 0);
      for (std::size_t e = 0; e < entry_item_.size(); ++e)
        set_bit(options_of(entry_item_[e]), entry_option_[e]);
      hidden_bits_.assign(words_, 0);
      // Each item's options lie between its first and its last.
      spans_.assign(static_cast<std::size_t>(items), Span{});
      for (int i = 0; i < items; ++i) {
        if (lists_[i].empty()) continue;
        spans_[i].begin = static_cast<std::size_t>(entry_option_[lists_[i].front()]) / 64;
        spans_[i].end = static_cast<std::size_t>(entry_option_[lists_[i].back()]) / 64 + 1;
      }
    }
  }

  Reduction run(const ReduceOptions& options) {
    Reduction result;
    for (int i = 0; i < problem_.item_count(); ++i) {
      if (count_[i] == 0 && problem_.is_primary(i)) return unsolvable(i, 0);
    }
    result.complete = false;
    for (int round = 1;; ++round) {
      if (options.max_rounds > 0 && round > options.max_rounds) break;
      result.rounds = round;
      changed_ = false;
      compact_lists();
      for (int c = 0; c < problem_.item_count() && !result.cancelled; ++c) {
        if (count_[c] == 0) continue;
        reduce_item(c);
        if (blocked_item_ >= 0) return unsolvable(blocked_item_, round);
        result.cancelled = options.cancel != nullptr && options.cancel->load();
      }
      if (result.cancelled) break;
      if (!changed_) {
        result.complete = true;
        break;
      }
    }
    build(result);
    return result;
  }

 private:
  std::size_t entry_end(int option) const {
    return static_cast<std::size_t>(option_begin_[static_cast<std::size_t>(option) + 1]);
  }
  std::size_t entry_begin(int option) const {
    return static_cast<std::size_t>(option_begin_[static_cast<std::size_t>(option)]);
  }
  bool live(int option) const {
    return alive_[static_cast<std::size_t>(option)] && !hidden_[static_cast<std::size_t>(option)];
  }

  // Drops the entries of dead options from the item lists.
  void compact_lists() {
    for (auto& list : lists_) {
      std::size_t kept = 0;
      for (std::int32_t e : list) {
        if (alive_[entry_option_[e]] && entry_item_[e] >= 0) list[kept++] = e;
      }
      list.resize(kept);
    }
  }

  // One item's turn in a round, as DLX-PRE takes it.
  void reduce_item(int c) {
    const int forcing = hide(c);
    if (forcing >= 0) {
      unhide(c);
      remove_implied_item(c, forcing);
      return;
    }
    // Options whose first remaining item is c, uncoloured, are tested now
    // (DLX-PRE's rule: each option once a round; an option whose first item
    // is coloured is never tested). Those found useless are deleted after
    // all are tested, so the tests all see the same problem.
    doomed_.clear();
    for (std::int32_t e : lists_[c]) {
      const int r = entry_option_[e];
      if (!alive_[r] || entry_color_[e] != 0 || first_item(r) != c) continue;
      if (prefer_bits(r, c) ? blocks_some_item_bits(r, c) : blocks_some_item(r, c))
        doomed_.push_back(r);
    }
    unhide(c);
    for (int r : doomed_) {
      changed_ = true;
      delete_option(r, -1);
      if (blocked_item_ >= 0) return;
    }
  }

  // Which way of testing option r costs less: hiding the options of its
  // items one by one (each entry counted down and up again), or a few rows
  // of bits and a subset test for every primary item. Both answer alike.
  bool prefer_bits(int r, int c) const {
    if (bits_ != BitSets::automatic) return use_bits_;
    if (!use_bits_) return false;
    std::size_t hiding = 0, rows = 1;
    for (std::size_t k = entry_begin(r); k < entry_end(r); ++k) {
      const int item = entry_item_[k];
      if (item < 0 || item == c) continue;
      hiding += lists_[item].size();
      ++rows;
    }
    hiding *= 2 * static_cast<std::size_t>(mean_option_size_);
    // A subset test mostly ends at its first word.
    return 2 * rows * static_cast<std::size_t>(problem_.primary_count()) < hiding;
  }

  int first_item(int option) const {
    for (std::size_t k = entry_begin(option); k < entry_end(option); ++k) {
      if (entry_item_[k] >= 0) return entry_item_[k];
    }
    return -1;
  }

  // Hides the options in which item c appears uncoloured (all options in
  // conflict with each other through c). Returns a primary item left with
  // no option, if there is one (the last found, in DLX-PRE's order of
  // visiting), else -1.
  int hide(int c) {
    if (use_bits_) {
      for (int o : hidden_by_item_) clear_bit(hidden_bits_.data(), o);
    }
    hidden_by_item_.clear();
    int empty = -1;
    for (std::int32_t e : lists_[c]) {
      const int o = entry_option_[e];
      if (!alive_[o] || entry_color_[e] != 0) continue;
      hidden_[o] = 1;
      hidden_by_item_.push_back(o);
      if (use_bits_) set_bit(hidden_bits_.data(), o);
      // The items after c, then those before it, as DLX-PRE walks around
      // the option.
      const std::size_t begin = entry_begin(o), end = entry_end(o);
      const auto at = static_cast<std::size_t>(e);
      for (std::size_t step = 1; step < end - begin; ++step) {
        const std::size_t k = begin + (at - begin + step) % (end - begin);
        const int item = entry_item_[k];
        if (item < 0) continue;
        if (--count_[item] == 0 && problem_.is_primary(item)) empty = item;
      }
    }
    return empty;
  }

  void unhide(int c) {
    for (int o : hidden_by_item_) {
      hidden_[o] = 0;
      raise_counts(o, c);
    }
  }

  // Undoes the hiding of option o through `except`: counts its other items
  // again.
  void raise_counts(int o, int except) {
    for (std::size_t k = entry_begin(o); k < entry_end(o); ++k) {
      const int item = entry_item_[k];
      if (item >= 0 && item != except) ++count_[item];
    }
  }

  // Every option with primary item p holds c uncoloured: an option with c
  // but not p can never be chosen, and c is covered whenever p is.
  void remove_implied_item(int c, int p) {
    for (std::int32_t e : lists_[c]) {
      const int r = entry_option_[e];
      if (!alive_[r]) continue;
      if (holds(r, p)) {
        entry_item_[e] = -1;
      } else {
        delete_option(r, c);
        if (blocked_item_ >= 0) return;
      }
    }
    count_[c] = 0;
    lists_[c].clear();
    changed_ = true;
  }

  bool holds(int o, int item) const {
    for (std::size_t k = entry_begin(o); k < entry_end(o); ++k) {
      if (entry_item_[k] == item) return true;
    }
    return false;
  }

  // Would choosing option r (which holds c uncoloured; the options with c
  // uncoloured are hidden) leave a primary item outside r with no option?
  // Hides, then unhides, every option that clashes with r in an item of r
  // other than c. (Options with c coloured are not counted as clashes, as in
  // DLX-PRE: the test may miss a deletion, never make a wrong one.)
  bool blocks_some_item(int r, int c) {
    next_stamp();
    for (std::size_t k = entry_begin(r); k < entry_end(r); ++k) {
      if (entry_item_[k] >= 0) item_stamp_[entry_item_[k]] = stamp_;
    }
    hidden_by_option_.clear();
    bool blocked = false;
    for (std::size_t k = entry_begin(r); k < entry_end(r) && !blocked; ++k) {
      const int item = entry_item_[k];
      if (item < 0 || item == c) continue;
      const int color = entry_color_[k];
      for (std::int32_t e : lists_[item]) {
        const int p = entry_option_[e];
        if (!live(p) || (color > 0 && entry_color_[e] == color)) continue;
        hidden_[p] = 1;
        hidden_by_option_.push_back({p, item});
        for (std::size_t q = entry_begin(p); q < entry_end(p); ++q) {
          const int other = entry_item_[q];
          if (other < 0 || other == item) continue;
          if (--count_[other] == 0 && problem_.is_primary(other) && item_stamp_[other] != stamp_)
            blocked = true;
        }
        if (blocked) break;
      }
    }
    for (const auto& [p, item] : hidden_by_option_) {
      hidden_[p] = 0;
      raise_counts(p, item);
    }
    return blocked;
  }

  // The same test with bit sets of options: the options r clashes with are
  // the union of those hidden by hide(c) and, for each other item of r,
  // those that hold it (but with r's colour); r blocks a primary item outside
  // r whose live options all lie in that union. The union is taken word by
  // word, only where a primary item has options (its span), and a test
  // usually ends at the first word: an item keeps an option r leaves alone.
  bool blocks_some_item_bits(int r, int c) {
    next_stamp();
    rows_.clear();
    for (std::size_t k = entry_begin(r); k < entry_end(r); ++k) {
      const int item = entry_item_[k];
      if (item < 0) continue;
      item_stamp_[item] = stamp_;
      if (item == c) continue;
      const Span span = spans_[item];
      const int color = entry_color_[k];
      if (color == 0) {
        rows_.push_back({options_of(item), span});
        continue;
      }
      // Those that give the item r's colour do not clash: a copy of the
      // item's row without them, over its span.
      const std::size_t slot = rows_.size();
      if (scratch_.size() <= slot) scratch_.resize(slot + 1);
      std::vector<std::uint64_t>& row = scratch_[slot];
      row.resize(words_);
      const std::uint64_t* holding = options_of(item);
      std::copy(holding + span.begin, holding + span.end, row.begin() + span.begin);
      for (std::int32_t e : lists_[item]) {
        if (entry_color_[e] == color) clear_bit(row.data(), entry_option_[e]);
      }
      rows_.push_back({row.data(), span});
    }
    const std::uint64_t* hidden = hidden_bits_.data();
    for (int q = 0; q < problem_.primary_count(); ++q) {
      // An item already removed (count 0) has nothing to lose.
      if (item_stamp_[q] == stamp_ || count_[q] == 0) continue;
      const std::uint64_t* holding = options_of(q);
      const Span span = spans_[q];
      bool kept = false;
      for (std::size_t w = span.begin; w < span.end && !kept; ++w) {
        std::uint64_t left = holding[w] & ~hidden[w];
        for (const Row& row : rows_) {
          if (left == 0) break;
          if (w >= row.span.begin && w < row.span.end) left &= ~row.bits[w];
        }
        kept = left != 0;
      }
      if (!kept) return true;
    }
    return false;
  }

  // A new mark for the items of the option under test (after 2^32 tests the
  // old marks are wiped, so that none is mistaken for the new one).
  void next_stamp() {
    if (++stamp_ == 0) {
      std::fill(item_stamp_.begin(), item_stamp_.end(), 0);
      stamp_ = 1;
    }
  }

  std::uint64_t* options_of(int item) {
    return options_of_.data() + static_cast<std::size_t>(item) * words_;
  }
  static void set_bit(std::uint64_t* bits, int option) {
    bits[static_cast<unsigned>(option) / 64] |= std::uint64_t{1}
                                                << (static_cast<unsigned>(option) % 64);
  }
  static void clear_bit(std::uint64_t* bits, int option) {
    bits[static_cast<unsigned>(option) / 64] &=
        ~(std::uint64_t{1} << (static_cast<unsigned>(option) % 64));
  }

  // Deletes option r; an item left with no option is gone, and if it is
  // primary the problem has no solution (blocked_item_). `except` is an item
  // whose count is left alone (it is being removed).
  void delete_option(int r, int except) {
    alive_[r] = 0;
    if (use_bits_) {
      for (std::size_t k = entry_begin(r); k < entry_end(r); ++k) {
        if (entry_item_[k] >= 0) clear_bit(options_of(entry_item_[k]), r);
      }
    }
    for (std::size_t k = entry_begin(r); k < entry_end(r); ++k) {
      const int item = entry_item_[k];
      if (item < 0 || item == except) continue;
      if (--count_[item] == 0 && problem_.is_primary(item) && blocked_item_ < 0)
        blocked_item_ = item;
    }
  }

  Reduction unsolvable(int item, int round) {
    Reduction result;
    result.problem.add_primary(problem_.item_name(item));
    result.original_item = {item};
    result.removed_options = problem_.option_count();
    result.removed_items = problem_.item_count() - 1;
    result.rounds = round;
    result.unsolvable = true;
    return result;
  }

  void build(Reduction& result) const {
    Problem& reduced = result.problem;
    std::vector<int> new_index(static_cast<std::size_t>(problem_.item_count()), -1);
    // Without primary items nothing is left to keep the secondary items;
    // they stay all the same, so that the problem still has a text form
    // (its one solution chooses nothing).
    const bool keep_all = problem_.primary_count() == 0;
    for (int i = 0; i < problem_.item_count(); ++i) {
      if (count_[i] == 0 && !keep_all) continue;
      new_index[i] = reduced.add_item(problem_.item_name(i), problem_.item_kind(i));
      result.original_item.push_back(i);
    }
    // The same colour numbers as the original's.
    for (int color = 1; color <= problem_.color_count(); ++color)
      reduced.add_color(problem_.color_name(color));
    std::vector<OptionEntry> entries;
    for (int o = 0; o < problem_.option_count(); ++o) {
      if (!alive_[o]) continue;
      entries.clear();
      for (std::size_t k = entry_begin(o); k < entry_end(o); ++k) {
        if (entry_item_[k] >= 0) entries.push_back({new_index[entry_item_[k]], entry_color_[k]});
      }
      const int kept = reduced.add_option(entries);
      // Costs (DLX5) go with their options: removing options that no
      // solution can hold leaves every solution's cost as it was.
      if (problem_.has_costs()) reduced.set_option_cost(kept, problem_.option_cost(o));
      result.original_option.push_back(o);
    }
    result.removed_options = problem_.option_count() - reduced.option_count();
    result.removed_items = problem_.item_count() - reduced.item_count();
  }

  const Problem& problem_;
  std::vector<std::int32_t> option_begin_;
  std::vector<std::int32_t> entry_item_;  // -1: removed from its option
  std::vector<std::int32_t> entry_color_;
  std::vector<std::int32_t> entry_option_;
  std::vector<std::int32_t> item_entries_;
  std::vector<std::vector<std::int32_t>> lists_;  // entries of each item, in option order
  std::vector<int> count_;                        // live (unhidden) options of each item
  std::vector<char> alive_;
  std::vector<char> hidden_;
  std::vector<std::uint32_t> item_stamp_;
  std::uint32_t stamp_ = 0;
  std::vector<int> hidden_by_item_;
  std::vector<std::pair<int, int>> hidden_by_option_;  // (option, item it was hidden through)
  std::vector<int> doomed_;
  bool changed_ = false;
  int blocked_item_ = -1;
  // The bit sets: for every item the live options that hold it, one bit an
  // option; the options hidden by hide(c); scratch for a test.
  bool use_bits_ = false;
  BitSets bits_ = BitSets::automatic;
  int mean_option_size_ = 1;
  std::size_t words_ = 0;
  std::vector<std::uint64_t> options_of_;
  std::vector<std::uint64_t> hidden_bits_;
  struct Span {
    std::size_t begin = 0, end = 0;  // words
  };
  std::vector<Span> spans_;
  struct Row {
    const std::uint64_t* bits;
    Span span;
  };
  std::vector<Row> rows_;
  std::vector<std::vector<std::uint64_t>> scratch_;  // rows without r's colour
};

}  // namespace

std::vector<int> Reduction::original_options(std::span<const int> solution) const {
  std::vector<int> result;
  result.reserve(solution.size());
  for (int option : solution) {
    if (option < 0 || static_cast<std::size_t>(option) >= original_option.size())
      throw ProblemError("option index " + std::to_string(option) +
                         " out of range: the reduced problem has " +
                         std::to_string(original_option.size()) + " options");
    result.push_back(original_option[static_cast<std::size_t>(option)]);
  }
  return result;
}

namespace detail {

Reduction reduce(const Problem& problem, const ReduceOptions& options, BitSets bits) {
  if (options.max_rounds < 0)
    throw Error("reduce: max_rounds is " + std::to_string(options.max_rounds) +
                ", it must be 0 (no limit) or more");
  // Only items and colours are read here: an extension of the format added
  // to Problem later (multiplicities, costs) must be refused at this point
  // until the rules below are proved for it.
  if (problem.has_multiplicities())
    throw ProblemError(
        "reduce: the problem has multiplicities (u:v|item), which preprocessing does not "
        "handle (nor does Knuth's DLX-PRE); solve it without reducing");
  return Reducer(problem, bits).run(options);
}

}  // namespace detail

Reduction reduce(const Problem& problem, const ReduceOptions& options) {
  using Method = ReduceOptions::Method;
  const detail::BitSets bits = options.method == Method::bitsets ? detail::BitSets::always
                               : options.method == Method::scan  ? detail::BitSets::never
                                                                 : detail::BitSets::automatic;
  return detail::reduce(problem, options, bits);
}

}  // namespace xcover
