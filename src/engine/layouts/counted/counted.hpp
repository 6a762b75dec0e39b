// SPDX-License-Identifier: MIT
// The counted bit sets: the bit-set layout for colour problems with few
// primary items, each holding many options in few runs of words (word
// squares: 8 or 10 primary items, 20,000 to 50,000 options). The state of a
// level is the set of active options, as in bitsets.hpp, but no lengths are
// kept up to date: committing an option clears the words its items' masks
// cover (runs of words, not whole sets), and the lengths of the few
// uncovered primary items are then counted afresh, a popcount per word of
// their runs. Work per node is then a few hundred words, whatever the
// thousands of options a commit removes, which the links and the sparse
// sets visit one by one.
//
// It searches the tree of the links (links/links.hpp) node for node, and
// gives the solutions in the same order: the first shortest primary item,
// its options in problem order, and (without a random seed) an option whose
// commit leaves a primary item without options is skipped, as there. Its
// updates are its own: one for each item an option covers and each option
// a commit takes from an uncovered primary item.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "engine/item_choice.hpp"
#include "engine/layouts/counted/counted_tables.hpp"
#include "xcover/problem.hpp"

namespace xcover::detail::XCOVER_ISA {

class CountedBitsets {
 public:
  explicit CountedBitsets(const Problem& problem) : CountedBitsets(make_counted_tables(problem)) {}
  explicit CountedBitsets(std::shared_ptr<const CountedTables> tables);
  CountedBitsets sibling(const Problem& /*problem*/) const { return CountedBitsets(tables_); }

  // --- the root: assumptions ----------------------------------------------
  bool assume(int option);
  void clear_assumptions();
  bool root_solved() const { return root_uncovered_ == 0; }
  std::vector<int> root_branching();

  // --- one search level at a time ------------------------------------------
  void begin(bool /*propagate*/, bool /*most_clashes*/) {
    std::memcpy(set_at(0), root_set_.data(), words_ * sizeof(std::uint64_t));
    uncovered_[0] = root_uncovered_;
    count_lengths(0);
  }
  bool solved_at_begin() const { return false; }
  std::int32_t forced_count(int /*level*/) const { return 0; }
  template <class F>
  void for_forced(int /*level*/, F&& /*f*/) const {}

  std::int32_t open(int level, std::mt19937_64* rng) {
    const std::uint32_t* len = len_at(level);
    const std::int32_t item = rng ? random_shortest(len, 0, primary_count_, kCovered, *rng)
                                  : first_shortest(len, uncovered_[level]);
    random_ = rng != nullptr;
    level_item_[level] = item;
    cursor_[level] = -1;
    // Covering the item takes its options from the set: they are the choices.
    std::uint64_t* set = set_at(level);
    // (Each level's list grows to the most it has held: a few items with
    // millions of options need not each reserve room for the longest.)
    std::vector<std::uint32_t>& list = choices_[static_cast<std::size_t>(level)];
    if (list.size() < len[item]) list.resize(len[item]);
    std::uint32_t* choices = list.data();
    std::int32_t n = 0;
    each_run(static_cast<std::uint32_t>(item),
             [&](std::uint32_t w, const std::uint64_t* m, std::uint32_t count) {
               for (std::uint32_t k = 0; k < count; ++k) {
                 std::uint64_t bits = set[w + k] & m[k];
                 set[w + k] &= ~m[k];
                 const std::uint32_t base = (w + k) << 6;
                 for (; bits != 0; bits &= bits - 1)
                   choices[n++] = base | static_cast<std::uint32_t>(std::countr_zero(bits));
               }
             });
    choice_count_[level] = n;
    updates += 1;
    return n;
  }

  bool next(int level) {
    const std::int32_t item = level_item_[level];
    const std::uint64_t* parent = set_at(level);
    std::uint64_t* child = set_at(level + 1);
    const std::uint32_t* choices = choices_[static_cast<std::size_t>(level)].data();
    const std::uint64_t open_items = uncovered_[level] & ~(std::uint64_t{1} << item);
    for (std::int32_t k = cursor_[level] + 1; k < choice_count_[level]; ++k) {
      const std::uint32_t option = choices[k];
      std::memcpy(child, parent, words_ * sizeof(std::uint64_t));
      const std::uint32_t* id = entry_mask_ + entry_begin_[option];
      const std::uint32_t* end = entry_mask_ + entry_begin_[option + 1];
      for (; id != end; ++id) {
        if (*id == static_cast<std::uint32_t>(item)) continue;  // covered by open()
        each_run(*id, [&](std::uint32_t w, const std::uint64_t* m, std::uint32_t count) {
          std::uint64_t* to = child + w;
          for (std::uint32_t j = 0; j < count; ++j) to[j] &= ~m[j];
        });
        ++updates;
      }
      const std::uint64_t left = open_items & ~primary_bits_[option];
      uncovered_[level + 1] = left;
      // An item left without options: the links would have skipped the
      // option, since its commit emptied the item. (Covering the level's
      // item cannot have: it empties an item only when all that item's
      // options hold the level's item; the level's item being the first
      // shortest, they are then all its options, and each covers it.)
      const std::uint64_t empty = count_lengths(level + 1);
      if (empty != 0 && !random_) continue;
      cursor_[level] = k;
      return true;
    }
    cursor_[level] = choice_count_[level];
    return false;
  }
  bool solved(int level) const { return uncovered_[level + 1] == 0; }
  void retract(int /*level*/) {}
  void close(int /*level*/) {}
  int option_at(int level) const {
    return option_index_[choices_[static_cast<std::size_t>(level)][cursor_[level]]];
  }
  template <class F>
  void for_untried(int level, F&& f) const {
    const std::uint32_t* choices = choices_[static_cast<std::size_t>(level)].data();
    for (std::int32_t k = cursor_[level] + 1; k < choice_count_[level]; ++k)
      f(option_index_[choices[k]]);
  }
  bool has_untried(int level) const { return cursor_[level] + 1 < choice_count_[level]; }

  std::size_t bytes() const {
    std::size_t listed = 0;
    for (const std::vector<std::uint32_t>& list : choices_) listed += list.capacity();
    return tables_->bytes() +
           (root_set_.capacity() + sets_.capacity() + uncovered_.capacity()) *
               sizeof(std::uint64_t) +
           (len_.capacity() + listed) * sizeof(std::uint32_t) +
           (level_item_.capacity() + cursor_.capacity() + choice_count_.capacity()) *
               sizeof(std::int32_t);
  }

  std::uint64_t updates = 0;

 private:
  // A covered item's length: a high bit, so that it never wins.
  static constexpr std::uint32_t kCovered = 0x80000000u;

  std::uint64_t* set_at(int level) {
    return sets_.data() + static_cast<std::size_t>(level) * words_;
  }
  std::uint32_t* len_at(int level) {
    return len_.data() + static_cast<std::size_t>(level) * primary_count_;
  }

  // Calls f(first word, bits, words) for each run of mask `id`.
  template <class F>
  [[gnu::always_inline]] void each_run(std::uint32_t id, F&& f) const {
    const CountedTables::Run* run = runs_ + mask_runs_[id];
    const CountedTables::Run* end = runs_ + mask_runs_[id + 1];
    for (; run != end; ++run) f(run->word, bits_ + run->at, run->count);
  }

  // The active options of `set` that contain primary item `item`.
  [[gnu::always_inline]] std::uint32_t length(const std::uint64_t* set, std::int32_t item) const {
    std::uint32_t n = 0;
    each_run(static_cast<std::uint32_t>(item),
             [&](std::uint32_t w, const std::uint64_t* m, std::uint32_t count) {
               const std::uint64_t* from = set + w;
               for (std::uint32_t j = 0; j < count; ++j)
                 n += static_cast<std::uint32_t>(std::popcount(from[j] & m[j]));
             });
    return n;
  }

  // Counts the lengths of the level's uncovered primary items (the others
  // are marked covered); returns those of length zero, as bits. The options
  // taken from the items count as updates, against the level above.
  std::uint64_t count_lengths(int level) {
    std::uint32_t* len = len_at(level);
    const std::uint32_t* above = level > 0 ? len_at(level - 1) : nullptr;
    const std::uint64_t* set = set_at(level);
    const std::uint64_t open_items = uncovered_[level];
    std::uint64_t empty = 0;
    for (std::int32_t x = 0; x < primary_count_; ++x) {
      if (!(open_items >> x & 1)) {
        len[x] = kCovered;
        continue;
      }
      const std::uint32_t n = length(set, x);
      len[x] = n;
      if (above) updates += above[x] - n;
      empty |= std::uint64_t{n == 0} << x;
    }
    return empty;
  }

  // The first uncovered item of smallest length.
  static std::int32_t first_shortest(const std::uint32_t* len, std::uint64_t open_items) {
    std::int32_t best = std::countr_zero(open_items);
    std::uint32_t shortest = len[best];
    for (std::uint64_t rest = open_items & (open_items - 1); rest != 0 && shortest != 0;
         rest &= rest - 1) {
      const std::int32_t x = std::countr_zero(rest);
      if (len[x] < shortest) {
        best = x;
        shortest = len[x];
      }
    }
    return best;
  }

  std::shared_ptr<const CountedTables> tables_;
  std::int32_t primary_count_;
  std::int32_t words_;
  const int* option_index_;
  const int* bit_of_option_;
  const CountedTables::Run* runs_;
  const std::uint32_t* mask_runs_;
  const std::uint64_t* bits_;
  const std::uint32_t* entry_begin_;
  const std::uint32_t* entry_mask_;
  const std::uint64_t* primary_bits_;

  // The root: every option active, less what the assumptions removed.
  std::vector<std::uint64_t> root_set_;
  std::uint64_t root_uncovered_ = 0;

  // Per level (primary items + 2 of them): the active options (after
  // open(): less the level's item's), the uncovered primary items, their
  // lengths, the item branched on, its options and the one being tried.
  std::vector<std::uint64_t> sets_;
  std::vector<std::uint64_t> uncovered_;
  std::vector<std::uint32_t> len_;
  std::vector<std::int32_t> level_item_, cursor_, choice_count_;
  std::vector<std::vector<std::uint32_t>> choices_;
  bool random_ = false;
};

inline CountedBitsets::CountedBitsets(std::shared_ptr<const CountedTables> tables)
    : tables_(std::move(tables)),
      primary_count_(tables_->primary_count),
      words_(tables_->words),
      option_index_(tables_->option_index.data()),
      bit_of_option_(tables_->bit_of_option.data()),
      runs_(tables_->runs.data()),
      mask_runs_(tables_->mask_runs.data()),
      bits_(tables_->bits.data()),
      entry_begin_(tables_->entry_begin.data()),
      entry_mask_(tables_->entry_mask.data()),
      primary_bits_(tables_->primary_bits.data()) {
  const std::size_t levels = static_cast<std::size_t>(primary_count_) + 2;
  sets_.assign(levels * static_cast<std::size_t>(words_), 0);
  uncovered_.assign(levels, 0);
  len_.assign(levels * static_cast<std::size_t>(std::max(1, primary_count_)), kCovered);
  level_item_.assign(levels, 0);
  cursor_.assign(levels, 0);
  choice_count_.assign(levels, 0);
  choices_.resize(levels);
  clear_assumptions();
}

inline bool CountedBitsets::assume(int option) {
  const int bit = bit_of_option_[option];
  if (bit < 0) return false;
  if (!(root_set_[static_cast<std::size_t>(bit >> 6)] >> (bit & 63) & 1)) return false;
  for (std::uint32_t k = entry_begin_[bit]; k < entry_begin_[bit + 1]; ++k) {
    each_run(entry_mask_[k], [&](std::uint32_t w, const std::uint64_t* m, std::uint32_t count) {
      for (std::uint32_t j = 0; j < count; ++j) root_set_[w + j] &= ~m[j];
    });
  }
  root_uncovered_ &= ~primary_bits_[bit];
  return true;
}

inline void CountedBitsets::clear_assumptions() {
  root_set_ = tables_->initial_set;
  root_uncovered_ =
      primary_count_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << primary_count_) - 1;
}

inline std::vector<int> CountedBitsets::root_branching() {
  std::vector<std::uint32_t> len(static_cast<std::size_t>(primary_count_), kCovered);
  for (std::int32_t x = 0; x < primary_count_; ++x)
    if (root_uncovered_ >> x & 1) len[x] = length(root_set_.data(), x);
  std::vector<int> options;
  if (root_uncovered_ == 0) return options;
  const std::int32_t item = first_shortest(len.data(), root_uncovered_);
  each_run(static_cast<std::uint32_t>(item),
           [&](std::uint32_t w, const std::uint64_t* m, std::uint32_t count) {
             for (std::uint32_t k = 0; k < count; ++k) {
               for (std::uint64_t bits = root_set_[w + k] & m[k]; bits != 0; bits &= bits - 1)
                 options.push_back(option_index_[(w + k) << 6 | std::countr_zero(bits)]);
             }
           });
  return options;
}

}  // namespace xcover::detail::XCOVER_ISA
