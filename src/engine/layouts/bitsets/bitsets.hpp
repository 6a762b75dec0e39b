// SPDX-License-Identifier: MIT
// The bit-set layout: the state of the search is the set of options still
// active, one bit each, plus the lengths of the primary items. Every item
// has a mask of the options that contain it, and every (item, colour) pair a
// mask of the options that clash with that colour there. Committing an
// option is then a few word-wide AND-NOTs into a fresh copy of the state one
// level down; backtracking is going back up a level, with nothing to undo.
//
// By default it makes the same choices as the dancing links (the first
// shortest item, its options in problem order), so it visits the same nodes
// and the same solutions in the same order, and counts updates as DLX1 does:
// an update for each item covered and for each entry of each option removed.
// Two search options are its own: forced options committed ahead, a wave at
// a time (commit_forced), and branching on the most clashes
// (most_clashing); see SearchOptions. It suits problems whose options fit
// in a few thousand bits (Sudoku, queens, small tilings); the links suit
// big sparse ones. See Layout in solver.hpp.
//
// What never changes while searching is in BitsetTables (tables.hpp),
// shared by every solver of the problem; a Bitsets is one search's state
// beside them. The forced waves and the most clashing item, too long to
// inline, are in forced_wave.hpp and most_clashes.hpp.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <span>
#include <vector>

#include "engine/item_choice.hpp"
#include "engine/layouts/bitsets/tables.hpp"
#include "engine/simd/bits.hpp"
#include "engine/simd/lanes.hpp"
#include "engine/simd/wide.hpp"
#include "xcover/problem.hpp"

namespace xcover::detail::XCOVER_ISA {

// kWords > 0 fixes the number of 64-bit words in a set of options at compile
// time (sets are padded to it), so that the loops over a set unroll; 0 takes
// it from the problem. Len holds the lengths of the items: 8 bits when no
// item has more than 127 options (LayoutPlan::short_lengths), else 16. The
// problem must fit the layout (plan_layout says so).
template <int kWords, typename Len = std::uint16_t>
class Bitsets {
 public:
  using Tables = BitsetTables;

  // Builds the tables of `problem` for this search alone.
  explicit Bitsets(const Problem& problem);
  // A search of the problem `tables` were built from, sharing them.
  explicit Bitsets(std::shared_ptr<const Tables> tables);
  // Another search of the same problem, sharing the tables: what it builds
  // is its own state alone.
  Bitsets sibling(const Problem& /*problem*/) const { return Bitsets(tables_); }
  // (Moves keep the vectors' storage, which the base pointers point into.)
  Bitsets(Bitsets&&) noexcept = default;
  Bitsets(const Bitsets&) = delete;
  Bitsets& operator=(const Bitsets&) = delete;

  // --- the root: assumptions ----------------------------------------------
  bool assume(int option);
  // As assume() on each in turn, up to the first that conflicts (false);
  // with wide sets, the clashes gather in registers.
  bool assume(std::span<const int> options);
  void clear_assumptions();
  bool root_solved() {
    apply_assumptions();
    return root_uncovered_ == 0;
  }
  std::vector<int> root_branching();

  // --- one search level at a time (see Solver::Impl::run) ------------------
  // Sets up level 0 from the root; with `propagate`, every search state
  // (level 0's and each next() makes) then commits its forced options.
  // `most_clashes`: ItemChoice::most_clashes.
  [[gnu::always_inline]] void begin(bool propagate, bool most_clashes) {
    apply_assumptions();
    reserve_level(0);
    slot_[0] = 0;
    std::memcpy(active_at(0), root_active_set_.data(), words() * sizeof(std::uint64_t));
    copy_lengths(len_at(0), root_len_.data());
    uncovered_[0] = root_uncovered_;
    propagate_ = propagate;
    subsets_ = propagate && subset_items_ != nullptr;
    subset_tried_ = 0;
    subset_fired_ = 0;
    most_clashes_ = most_clashes;
    dead_[0] = false;
    trail_end_[0] = 0;
    if (propagate_) dead_[0] = !commit_forced(0);
  }

  [[gnu::always_inline]] std::int32_t open(int level, std::mt19937_64* rng) {
    if (dead_[level]) {
      cursor_[level] = -1;
      choice_count_[level] = 0;
      return 0;
    }
    std::uint64_t* active = active_at(level);
    Len* ln = len_at(level);
    std::int32_t item;
    if (rng) {
      item = random_shortest(ln, 0, primary_count_, kCovered, *rng);
    } else if (propagate_) {
      // The last wave's scan found the shortest length.
      item = most_clashes_ ? most_clashing(level, shortest_[level])
                           : first_equal(ln, shortest_[level]);
    } else {
      item = first_shortest_padded(ln, len_stride_);
      if (most_clashes_ && ln[item] >= 2 && ln[item] < kCovered)
        item = most_clashing(level, ln[item]);
    }
    const std::int32_t size = ln[item];
    level_item_[level] = item;
    cursor_[level] = -1;
    choice_count_[level] = size;
    // Covering the item removes all of its options; they are the choices.
    const std::uint64_t* column = mask(static_cast<std::uint32_t>(item));
    std::uint16_t* choices = choices_at(level);
    const std::uint16_t* few = few_words_ + few_words_begin_[item];
    const std::uint16_t* few_end = few_words_ + few_words_begin_[item + 1];
    if (few != few_end) {
      // The item's options lie in a few words: list them from those.
      std::int32_t n = 0;
      for (; few != few_end; ++few) {
        const std::int32_t w = *few;
        std::uint64_t bits = active[w] & column[w];
        active[w] &= ~column[w];
        for (; bits != 0; bits &= bits - 1)
          choices[n++] = static_cast<std::uint16_t>(w << 6 | std::countr_zero(bits));
      }
    } else {
      std::uint64_t* removed = scratch_.data();
      for (std::int32_t w = 0; w < words(); ++w) {
        removed[w] = active[w] & column[w];
        active[w] &= ~column[w];
      }
      if (size > 0) list_options(removed, choices);  // (a dead end has nothing to list)
    }
    updates += 1;
    if constexpr (Isa::lengths_in_registers) {
      if (vector_lengths_) {
        std::uint64_t covering[2] = {0, 0};
        covering[item >> 6] = std::uint64_t{1} << (item & 63);
        updates += subtract(choices, size, ln, ln, covering);
        return size;
      }
    }
    if (size > 0) updates += take(choices, size, ln);
    ln[item] = kCovered;
    return size;
  }

  // With SearchOptions::propagate, the new state then commits its forced
  // options.
  [[gnu::always_inline]] bool next(int level) {
    if (!commit_next(level)) return false;
    trail_end_[level + 1] = trail_end_[level];
    dead_[level + 1] = propagate_ && !commit_forced(level + 1);
    return true;
  }

  // Commits the level's next choice into the state one level down; false
  // when the choices are used up.
  [[gnu::always_inline]] bool commit_next(int level) {
    const std::int32_t at = cursor_[level] + 1;
    if (at >= choice_count_[level]) return false;
    cursor_[level] = at;
    const std::int32_t option = choices_at(level)[at];
    reserve_level(level + 1);
    // The level's last choice: its state is not needed again, so the next
    // level takes it over and changes it in place. (Not with the lengths in
    // registers, which copy nothing anyway: there it measured slower.)
    const bool last = !vector_lengths_ && at + 1 == choice_count_[level];
    slot_[level + 1] = last ? slot_[level] : level + 1;
    // The options that clash with the chosen one: the union of its entries'
    // masks, among those still active after covering the level's item.
    std::uint64_t* removed = scratch_.data();
    const std::uint64_t* clash = clash_row(option, removed);
    const std::uint64_t* before = active_at(level);
    std::uint64_t* after = active_at(level + 1);
    for (std::int32_t k = 0; k < words(); ++k) {
      removed[k] = clash[k] & before[k];
      after[k] = before[k] & ~removed[k];
    }
    Len* ln = len_at(level + 1);
    std::uint16_t* list = list_base_;
    const std::int32_t n = list_options(removed, list);
    uncovered_[level + 1] = uncovered_[level] - primaries_[option];
    if constexpr (Isa::lengths_in_registers) {
      if (vector_lengths_) {
        // The option's other items are covered: one update each.
        updates += cost(option) + subtract(list, n, len_at(level), ln, primary_bits_of(option));
        return true;
      }
    }
    if (!last) copy_lengths(ln, len_at(level));
    // The option's other items are covered: one update each.
    updates += cost(option) + take(list, n, ln);
    const std::uint16_t* primary = primaries_of(option);
    for (std::int32_t k = 0; k < primary_stride_; ++k) ln[primary[k]] = kCovered;
    return true;
  }

  bool solved(int level) const { return uncovered_[level + 1] == 0 && !dead_[level + 1]; }
  bool solved_at_begin() const { return uncovered_[0] == 0 && !dead_[0]; }
  // The options the state of `level` (made by begin() for level 0, else by
  // next(level - 1)) committed because they were forced.
  std::int32_t forced_count(int level) const {
    return trail_end_[level] - (level == 0 ? 0 : trail_end_[level - 1]);
  }
  template <class F>
  void for_forced(int level, F&& f) const {
    for (std::int32_t k = level == 0 ? 0 : trail_end_[level - 1]; k < trail_end_[level]; ++k)
      f(option_index_[trail_[k]]);
  }
  void retract(int /*level*/) {}
  void close(int /*level*/) {}
  int option_at(int level) const { return option_index_[choices_at(level)[cursor_[level]]]; }
  template <class F>
  void for_untried(int level, F&& f) const {
    const std::uint16_t* choices = choices_at(level);
    for (std::int32_t k = cursor_[level] + 1; k < choice_count_[level]; ++k)
      f(option_index_[choices[k]]);
  }
  bool has_untried(int level) const { return cursor_[level] + 1 < choice_count_[level]; }

  // Memory held, in bytes.
  std::size_t bytes() const;

  std::uint64_t updates = 0;

 private:
  // A covered item's length: a high bit, so that it never wins.
  static constexpr Len kCovered = static_cast<Len>(Len{1} << (8 * sizeof(Len) - 1));
  // Lengths in a 64-byte vector.
  static constexpr std::int32_t kLanes = 64 / sizeof(Len);

  std::int32_t words() const { return kWords > 0 ? kWords : words_; }
  // Copies the lengths of one level to the next, a cache line at a time.
  void copy_lengths(Len* to, const Len* from) const {
    for (std::int32_t k = 0; k < len_stride_; k += kLanes) std::memcpy(to + k, from + k, 64);
  }

  const std::uint64_t* mask(std::uint32_t id) const {
    return mask_base_ + static_cast<std::size_t>(id) * mask_stride_;
  }
  // Words from one level's set to the next: whole vectors with wide sets, so
  // that they are stored unmasked (a masked store does not forward to the
  // loads that follow it). (BitsetTables::set_stride, known at compile
  // time when it can be.)
  std::int32_t set_stride() const {
    if constexpr (kWide) return (kWords + 7) / 8 * 8;
    return words();
  }
  std::uint64_t* active_at(int level) {
    return active_base_ + static_cast<std::size_t>(slot_[level]) * set_stride();
  }
  std::uint16_t* choices_at(int level) {
    return level_choices_.data() + static_cast<std::size_t>(level) * choices_stride_;
  }
  const std::uint16_t* choices_at(int level) const {
    return level_choices_.data() + static_cast<std::size_t>(level) * choices_stride_;
  }
  Len* len_at(int level) {
    return len_base_ + static_cast<std::size_t>(slot_[level]) * len_stride_;
  }
  void reserve_level(int level) {
    if (level >= level_capacity_) grow_levels(level);
  }
  void grow_levels(int level);
  // With set size fixed: the union of an option's entries' masks.
  const std::uint64_t* option_clash(std::int32_t option) const {
    return clash_base_ + static_cast<std::size_t>(option) * mask_stride_;
  }
  // Applies the assumptions made since the last call, all at once.
  void apply_assumptions();

  // ItemChoice::most_clashes: among the first kCandidates items of the
  // given length, the one whose options clash with the most active options,
  // the first on ties. Branching there leaves the most to the forced moves
  // that follow: on the hardest Sudoku set it cut the nodes by a quarter.
  // (Measured there: 6 to 8 candidates are best, 7 by about 1%; 4 save
  // fewer nodes, 10 or more cost more than they save.)
  static constexpr int kCandidates = 7;
  std::int32_t most_clashing(int level, Len length);

  // Commits, a wave at a time, the last option of every uncovered primary
  // item that has one left, until no item has fewer than two. False at a
  // dead end: an item with no option left, or two forced options that
  // clash (that wave then commits none). The options go on the trail,
  // after the level's choice, each wave's in option order.
  bool commit_forced(int level);
  // A wave with the sets in vector registers: the options of the items
  // marked in `low` (one each), taken once each in option order onto the
  // trail from `top`, and their clashes out of `active` (into `removed`).
  // False, with nothing changed, when two of them clash.
  bool wide_wave(const std::uint64_t* low, std::int32_t blocks, std::uint64_t* active,
                 std::uint64_t* removed, std::int32_t& top);

  // The subset rule, at a fixpoint of the waves: when every active option
  // of an uncovered primary item A also covers a primary item B, the one
  // option that will cover A covers B too, so B's options without A go.
  // (Locked candidates, in Sudoku.) Tried on items of 2 to kSubsetLength
  // options among those the tables name. False when it removed nothing.
  // (Measured on the hardest Sudoku set: items of 2 options make nearly all
  // of its cuts, 3 or more cost more than they add.)
  // Only items whose length changed since `seen` (the lengths at the rule's
  // last pass on this path) are tried: the rule for A depends on A's options
  // alone, and those only shrink down a path. The lengths tried are kept as
  // the level's own `seen`.
  static constexpr int kSubsetLength = 2;
  // The rule pays where it removes often: once a search has tried
  // kSubsetTrial items A, it stops (for the rest of the search) when they
  // removed options fewer than once in kSubsetYield. (Measured on the six
  // public Sudoku sets, one thread, against the rule always on: serg 7.2 to
  // 5.5 us a puzzle, forum hardest 1905 125 to 104, 1106 191 to 167,
  // magictour 21.9 to 19.1, 17-clue and kaggle unchanged; with the rule
  // always off, 17-clue took 6.6 and magictour 29.0, serg 4.9. Trials of
  // 16 or 64, and 1 in 10, did no better.)
  static constexpr std::uint64_t kSubsetTrial = 32;
  static constexpr std::uint64_t kSubsetYield = 5;
  std::uint64_t subset_tried_ = 0, subset_fired_ = 0;  // this search's, by give_up()
  bool remove_by_subsets(int level, const Len* seen);
  Len* seen_at(int level) { return seen_base_ + static_cast<std::size_t>(level) * len_stride_; }

  // Sets of up to 16 words, in vector registers.
  static constexpr bool kWide = Isa::vector_bytes > 0 && kWords > 0 && kWords <= 16;
  // What the instantiation asks of its tables.
  static constexpr TableFormat kFormat{kWords, kWide, sizeof(Len), Isa::lengths_in_registers};
  using WideSet = Wide<kWords>;

  // The first word where `a` and `b` share a bit (there must be one).
  [[gnu::always_inline]] std::int32_t first_word(const std::uint64_t* a,
                                                 const std::uint64_t* b) const {
    if constexpr (kWide) {
      return std::countr_zero((WideSet::load(a) & WideSet::load(b)).nonzero());
    }
    std::int32_t w = 0;
    while ((a[w] & b[w]) == 0) ++w;
    return w;
  }

  // The option's clashes, the union of its entries' masks, are the
  // tables' row where they have rows (fixed sizes, and up to
  // kMostClashBytes in all), else ORed from the masks. Adds them to `out`.
  [[gnu::always_inline]] void add_clashes(std::int32_t option, std::uint64_t* out) const {
    if (kWords > 0 || clash_base_ != nullptr) {
      const std::uint64_t* m = option_clash(option);
      for (std::int32_t w = 0; w < words(); ++w) out[w] |= m[w];
      return;
    }
    const std::uint16_t* end = entry_mask_ + entry_begin_[option + 1];
    for (const std::uint16_t* id = entry_mask_ + entry_begin_[option]; id != end; ++id) {
      const std::uint64_t* m = mask(*id);
      for (std::int32_t w = 0; w < words(); ++w) out[w] |= m[w];
    }
  }

  // The option's clashes: the tables' row, or made in `out`.
  [[gnu::always_inline]] const std::uint64_t* clash_row(std::int32_t option,
                                                        std::uint64_t* out) const {
    if (kWords > 0 || clash_base_ != nullptr) return option_clash(option);
    std::fill_n(out, words(), std::uint64_t{0});
    add_clashes(option, out);
    return out;
  }

  // The option's clashes, into `out`.
  [[gnu::always_inline]] void clashes(std::int32_t option, std::uint64_t* out) const {
    const std::uint64_t* row = clash_row(option, out);
    if (row != out) std::copy_n(row, words(), out);
  }

  // The updates DLX1 counts when it hides an option: its entries less one.
  std::uint64_t cost(std::int32_t option) const {
    return record_[static_cast<std::size_t>(option) * (primary_stride_ + 1)];
  }

  // An option's primary items, primary_stride_ of them, padded with the
  // spare slot primary_count_.
  const std::uint16_t* primaries_of(std::int32_t option) const {
    return record_ + static_cast<std::size_t>(option) * (primary_stride_ + 1) + 1;
  }

  // With lengths in vector registers: an option's primary items as a bit
  // set, vector_words_ words.
  const std::uint64_t* primary_bits_of(std::int32_t option) const {
    return primary_bits_ + static_cast<std::size_t>(option) * vector_words_;
  }

  // With at most 127 primary items the lengths fit in registers (AVX-512):
  // each listed option subtracts one at its primary items, then the items
  // in `covering` (two words) are marked. Reads `from`, writes `to`;
  // returns the updates.
  [[gnu::always_inline]] std::uint64_t subtract(const std::uint16_t* list, std::int32_t n,
                                                const Len* from, Len* to,
                                                const std::uint64_t* covering) const {
    std::uint64_t count = 0;
    auto items = [&](std::uint16_t option) {
      count += cost(option);
      return primary_bits_of(option);
    };
    // (The registers known at compile time: an unrolled loop.)
    switch (vector_regs_) {
      case 1:
        subtract_lengths<1>(list, n, items, from, to, covering, kCovered);
        break;
      case 2:
        subtract_lengths<2>(list, n, items, from, to, covering, kCovered);
        break;
      default:
        if constexpr (kLanes == 32) {
          if (vector_regs_ == 3)
            subtract_lengths<3>(list, n, items, from, to, covering, kCovered);
          else
            subtract_lengths<4>(list, n, items, from, to, covering, kCovered);
        }
    }
    return count;
  }

  // Writes the options in `set` to `list`, in order, and returns how many.
  // The list needs room for 32 entries more.
  [[gnu::always_inline]] std::int32_t list_options(const std::uint64_t* set,
                                                   std::uint16_t* list) const {
    return list_bits(set, words(), list);
  }

  // Takes the n options of `list` off the lengths of their primary items
  // (or, with step 1, adds them on); returns the updates that makes
  // (DLX1's: the option's entries but one). (Skipping the items being
  // covered, which every removed option has, costs more in selecting than
  // it saves.)
  [[gnu::always_inline]] std::uint64_t take(const std::uint16_t* list, std::int32_t n, Len* ln,
                                            Len step = static_cast<Len>(-1)) const {
    std::uint64_t count;
    switch (primary_stride_) {
      case 1:
        count = adjust<1>(list, n, ln, step);
        break;
      case 2:
        count = adjust<2>(list, n, ln, step);
        break;
      case 3:
        count = adjust<3>(list, n, ln, step);
        break;
      case 4:
        count = adjust<4>(list, n, ln, step);
        break;
      case 5:
        count = adjust<5>(list, n, ln, step);
        break;
      case 6:
        count = adjust<6>(list, n, ln, step);
        break;
      default:
        count = adjust<0>(list, n, ln, step);
    }
    ln[primary_count_] = kCovered;  // the spare slot took the padding's decrements
    return count;
  }

  // Adds `step` to the lengths (-1: decrements them) and sums the costs of
  // the listed options, with the length of the primary lists fixed at
  // compile time when it is small (kStride > 0), so that the inner loop
  // unrolls.
  template <int kStride>
  [[gnu::always_inline]] std::uint64_t adjust(const std::uint16_t* list, std::int32_t n, Len* ln,
                                              Len step) const {
    const std::int32_t stride = kStride > 0 ? kStride : primary_stride_;
    // (A local copy: with 8-bit lengths, each decrement may alias any
    // member as far as the compiler knows, so record_ would be reloaded.)
    const std::uint16_t* const records = record_;
    const std::uint16_t* const primaries = primaries_;
    std::uint64_t count = 0;
    for (std::int32_t j = 0; j < n; ++j) {
      const std::uint16_t* record = records + list[j] * (stride + 1);
      count += record[0];
      // With a stride known only here, each option's own primary items: the
      // padding all goes to the spare slot, whose changes wait on each
      // other (a killer line's cell options have 1 primary item of 13).
      // (With a small stride the unrolled loop, padding and all, is faster:
      // X-Sudoku's options of 4, 5 and 6 items took 6% more time this way.)
      const std::int32_t own = kStride > 0 ? kStride : primaries[list[j]];
      for (std::int32_t k = 1; k <= own; ++k)
        ln[record[k]] = static_cast<Len>(ln[record[k]] + step);
    }
    return count;
  }

  // The tables, and copies of what the steps read of them, so that a step
  // reaches them as directly as its own state.
  std::shared_ptr<const Tables> tables_;
  std::int32_t primary_count_;
  std::int32_t words_;
  std::int32_t len_stride_;
  const int* option_index_;
  const int* bit_of_option_;
  const std::uint64_t* mask_base_;
  std::int32_t mask_stride_;
  const std::uint32_t* few_words_begin_;
  const std::uint16_t* few_words_;
  const std::uint32_t* entry_begin_;
  const std::uint16_t* entry_mask_;
  const std::uint64_t* clash_base_;
  std::int32_t primary_stride_;
  const std::uint16_t* record_;
  bool vector_lengths_;
  std::int32_t vector_regs_;   // with vector_lengths_: the registers of lengths
  std::int32_t vector_words_;  // and the words of an option's primary bits
  const std::uint64_t* primary_bits_;
  const std::uint16_t* primaries_;
  const std::uint64_t* subset_items_;  // BitsetTables::subset_items, or null

  // The root: every option active, less what the assumptions removed.
  std::vector<std::uint64_t> root_active_set_;
  std::vector<Len> root_len_;
  std::int32_t root_uncovered_;
  // Assumptions not applied yet, and the options that clash with them:
  // forcing many options (a Sudoku's givens) removes each clashing option
  // once, in one pass.
  std::vector<std::int32_t> pending_;
  std::vector<std::uint64_t> pending_clashes_;

  // Per level: the active options (after open(): less the level's item's),
  // the level's choices, the lengths, the uncovered primary items, the item
  // branched on and the option being tried.
  int level_capacity_ = 0;
  // Room for the longest item's options; the last level has 32 entries
  // more, which list_options() may write past its end (into the next
  // level's list, which is not in use then).
  std::int32_t choices_stride_;
  std::vector<std::uint64_t> level_active_set_;
  std::uint64_t* active_base_ = nullptr;  // its first level, aligned to 64 bytes
  std::vector<std::uint16_t> level_choices_;
  std::vector<std::int32_t> choice_count_;
  std::vector<Len> level_len_;
  Len* len_base_ = nullptr;  // its first level, aligned to 64 bytes
  std::vector<std::int32_t> uncovered_, level_item_, cursor_;
  // Where each level's active set and lengths live: its own slot, or its
  // parent's when it came from the parent's last choice.
  std::vector<std::int32_t> slot_;
  std::vector<std::uint64_t> scratch_;
  // Forced options (SearchOptions::propagate): whether the search commits
  // them, whether each level's state is a dead end, and the trail of the
  // options committed, level by level (trail_end_: where a level's end).
  bool propagate_ = false;
  bool subsets_ = false;  // propagate_, and the subset rule may fire
  bool most_clashes_ = false;
  std::vector<char> dead_;
  std::vector<std::uint16_t> trail_;
  std::vector<std::int32_t> trail_end_;
  std::vector<Len> shortest_;  // per level: the shortest uncovered length
  // Per level: the lengths the subset rule last saw (seen_at), and for the
  // root, a row of lengths no item has at a fixpoint (every item is new).
  std::vector<Len> level_seen_;
  Len* seen_base_ = nullptr;
  std::vector<Len> unseen_;
  std::vector<std::uint64_t> wave_low_;  // per vector of lengths: those of at most 1
  std::vector<std::uint64_t> wave_clashes_, wave_forced_;
  // Room for the indices of every option, and a vector's worth more.
  mutable std::vector<std::uint16_t> option_list_;
  // Where the list starts: at the start of a 4 KiB page, so that the
  // vector stores that write it do not straddle two pages (which made
  // Langford 12 run twice as long when the list happened to start 48 bytes
  // before a page's end).
  std::uint16_t* list_base_ = nullptr;
};

}  // namespace xcover::detail::XCOVER_ISA
