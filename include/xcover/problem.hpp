// SPDX-License-Identifier: MIT
// An exact-cover problem with colours (Knuth's XCC problem): named items, each
// primary (covered exactly once) or secondary (covered at most once), and
// options, each a set of items. A secondary item in an option may carry a
// colour; options that give an item the same colour may share it.
// A primary item may instead be given bounds lower:upper (Knuth's
// multiplicities, his DLX3): a solution then covers it at least `lower` and
// at most `upper` times.
//
//   xcover::Problem p;
//   p.add_primary("a");
//   p.add_primary("b", 0, 2);  // b: 0 to 2 times
//   p.add_secondary("x");
//   p.add_option({"a", "x:red"});
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/error.hpp"
#include "xcover/export.hpp"

namespace xcover {

// Whether an item is covered exactly once (primary, or within its bounds)
// or at most once (secondary, or by options that agree on its colour).
enum class ItemKind : std::uint8_t { primary, secondary };

// One item of an option: which item, and its colour (0 = no colour).
struct OptionEntry {
  std::int32_t item;       // the item's index
  std::int32_t color = 0;  // the colour's id (Problem::add_color), 0 for none
  friend bool operator==(const OptionEntry&, const OptionEntry&) = default;  // (memberwise)
};

// How many times a solution covers a primary item: from lower to upper,
// 1:1 unless given (0 <= lower <= upper, upper >= 1).
struct ItemBounds {
  int lower = 1;  // covered at least this many times
  int upper = 1;  // and at most this many
  friend bool operator==(const ItemBounds&, const ItemBounds&) = default;  // (memberwise)
};

// Thrown by the builder when a call would make an invalid problem, and by
// the accessors given an index the problem does not have; the message names
// the item or option and says what is wrong.
class XCOVER_API ProblemError : public Error {
 public:
  using Error::Error;
};

// An exact-cover problem: items (primary, then secondary), colours, and
// options, each a set of items (secondary ones perhaps coloured), built
// item by item and option by option or read from Knuth's format
// (dlx_format.hpp). A value: copied, compared and moved as one.
class XCOVER_API Problem {
 public:
  // Items are numbered in the order they are added. All primary items come
  // before all secondary items, as in Knuth's format.
  int add_primary(std::string name);
  // A primary item covered from `lower` to `upper` times (ProblemError
  // unless 0 <= lower <= upper and upper >= 1).
  int add_primary(std::string name, int lower, int upper);
  int add_secondary(std::string name);
  int add_item(std::string name, ItemKind kind);
  // Makes room for `count` items in all, as std::vector::reserve: a builder
  // that knows how many items it will add (a million board cells) saves
  // growing the tables step by step.
  void reserve_items(std::size_t count);
  // Makes room for `options` options holding `entries` entries in all (a
  // reader that knows its input's size saves copying the entries as they
  // grow).
  void reserve_options(std::size_t options, std::size_t entries);

  // Interns a colour name and returns its id (1, 2, ...).
  int add_color(std::string_view name);

  // Adds an option and returns its index. Entries name distinct items; only
  // secondary items may carry a colour.
  int add_option(std::span<const OptionEntry> entries);
  int add_option(std::initializer_list<OptionEntry> entries);
  // Tokens in the text format: "item" or "item:colour".
  int add_option(std::span<const std::string_view> tokens);
  int add_option(std::initializer_list<std::string_view> tokens);

  // The rows of a 0/1 matrix added as options: `cells` holds `rows` rows of
  // item_of_column.size() bytes (row-major), column c standing for item
  // item_of_column[c]. ProblemError saying where: a size other than rows
  // times columns, an entry other than 0 or 1 ("row R, column C is V: a
  // matrix's entries are 0 or 1"), a row without a 1 ("row R has no 1: each
  // row is an option, which covers at least one item"), an item the problem
  // does not have.
  void add_matrix_rows(std::span<const std::uint8_t> cells, std::size_t rows,
                       std::span<const int> item_of_column);
  // The problem of a 0/1 matrix, a row an option and a column an item: the
  // last `secondary` columns are secondary items, `names` the columns'
  // items (empty: "0", "1", ...). ProblemError for more secondary columns
  // than columns ("secondary 3: the matrix has 2 columns"), names that are
  // not one a column ("3 names for 2 columns"), and as add_matrix_rows.
  static Problem from_matrix(std::span<const std::uint8_t> cells, std::size_t rows,
                             std::size_t columns, std::size_t secondary = 0,
                             std::span<const std::string> names = {});

  // Removes the option added last.
  void remove_last_option();

  // Option costs (Knuth's DLX5): every option costs a nonnegative whole
  // number, 0 unless set. Solver::cheapest() finds the solutions of least
  // total cost. The costs of all options together may not pass 2^64 - 1
  // (ProblemError), so that no sum of costs can overflow.
  void set_option_cost(int option, std::uint64_t cost);
  std::uint64_t option_cost(int option) const;
  // Whether some option costs more than 0.
  bool has_costs() const { return total_cost_ != 0; }
  // The costs of all options together.
  std::uint64_t total_cost() const { return total_cost_; }

  // How many items, primary items, secondary items, options and colours.
  int item_count() const { return static_cast<int>(item_names_.size()); }
  int primary_count() const { return primary_count_; }
  int secondary_count() const { return item_count() - primary_count_; }
  int option_count() const { return static_cast<int>(option_begin_.size()) - 1; }
  int color_count() const { return static_cast<int>(color_names_.size()) - 1; }
  // The entries of all options together.
  std::size_t entry_count() const { return entries_.size(); }

  // The item's name (ProblemError for an index out of range).
  const std::string& item_name(int item) const;
  // Primary or secondary, by index (items are numbered primary first).
  ItemKind item_kind(int item) const {
    return item < primary_count_ ? ItemKind::primary : ItemKind::secondary;
  }
  // Whether the item is primary.
  bool is_primary(int item) const { return item < primary_count_; }
  // The bounds of a primary item (ProblemError for a secondary item, which
  // has none).
  ItemBounds item_bounds(int item) const;
  // True when some primary item has bounds other than 1:1.
  bool has_multiplicities() const { return multiplicity_count_ > 0; }
  // -1 when there is no item of that name.
  int find_item(std::string_view name) const;
  // Colour 0 is the empty name.
  const std::string& color_name(int color) const;

  // The entries of option `index` (ProblemError for an index out of range).
  std::span<const OptionEntry> option(int index) const {
    if (index < 0 || index >= option_count()) throw_option_range(index);
    const auto k = static_cast<std::size_t>(index);
    return {entries_.data() + option_begin_[k], entries_.data() + option_begin_[k + 1]};
  }
  // The option as a line of the text format, e.g. "a d x:red".
  std::string option_text(int index) const;
  // True when the option names at least one primary item; others can never
  // be part of a solution.
  bool has_primary(int index) const {
    for (const OptionEntry& e : option(index))
      if (is_primary(e.item)) return true;
    return false;
  }

  // Same items (names, kinds and bounds, in order) and the same options
  // (items, colour names and costs, in order).
  friend XCOVER_API bool operator==(const Problem& a, const Problem& b);

 private:
  [[noreturn]] void throw_repeated(int item) const;
  [[noreturn]] void throw_option_range(int index) const;

  // Names (of items, of colours) to their numbers: an open-addressing table
  // (linear probing, at most half full, a power of two long) of each name's
  // hash and number, -1 in an empty slot; the names themselves stay in the
  // Problem's list. A map of nodes cost an allocation and a copy of the name
  // per item: most of the time to build a problem with a million items (a
  // 1000x1000 polyomino board), and again to free it.
  class NameTable {
   public:
    // The number of `name` in `names`, or -1.
    int find(std::string_view name, const std::vector<std::string>& names) const;
    // Records that `names[number]` is `name` (the caller appends the name
    // itself); false, recording nothing, when the name is there already.
    bool insert(std::string_view name, int number, const std::vector<std::string>& names);
    // Room for `count` names in all.
    void reserve(std::size_t count);

   private:
    struct Slot {
      std::uint32_t hash = 0;
      std::int32_t number = -1;
    };
    std::size_t slot(std::string_view name, std::uint32_t hash,
                     const std::vector<std::string>& names) const;
    void grow(std::size_t slots);
    std::vector<Slot> slots_;
    std::size_t count_ = 0;
  };

  std::vector<std::string> item_names_;
  int primary_count_ = 0;
  NameTable item_index_;
  std::vector<std::string> color_names_{std::string()};
  NameTable color_index_;
  std::vector<std::int32_t> option_begin_{0};
  std::vector<OptionEntry> entries_;
  std::vector<ItemBounds> bounds_;  // by primary item
  int multiplicity_count_ = 0;      // primary items whose bounds are not 1:1
  // By option; empty while every option costs 0.
  std::vector<std::uint64_t> option_cost_;
  std::uint64_t total_cost_ = 0;
};

}  // namespace xcover
