// SPDX-License-Identifier: MIT
// The one declared table of search options, which the CLI's flags, Python's
// keyword arguments and JavaScript's option keys come from or are checked
// against, and the checks of what a caller gave, with messages that name
// each option in the caller's spelling and are otherwise the same:
//
//   using namespace xcover::frontend;
//   spelled(Option::item_choice, FrontEnd::cli);         // "--item-choice"
//   spelled(Option::item_choice, FrontEnd::python);      // "item_choice"
//   spelled(Option::item_choice, FrontEnd::javascript);  // "itemChoice"
//   Given given;
//   given.add(Option::memo).add(Option::limit);
//   check_together(FrontEnd::python, given);  // OptionError: "memo does not go with limit (...)"
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "xcover/error.hpp"
#include "xcover/export.hpp"
#include "xcover/frontend/names.hpp"
#include "xcover/solver.hpp"

namespace xcover::frontend {

// The front ends, each with its own spelling of an option's name.
enum class FrontEnd {
  cli,         // --item-choice (a flag)
  python,      // item_choice (a keyword argument)
  javascript,  // itemChoice (a key of the options object)
};

// The calls an option may be given to, as bits of OptionSpec::calls.
enum Call : unsigned {
  call_solutions = 1,  // a search: solutions(), solve(), the CLI's search
  call_count = 2,      // count(): the CLI's --count
  call_estimate = 4,   // estimate(): the CLI's --estimate
  call_cheapest = 8,   // cheapest()
  call_zdd = 16,       // zdd(): the CLI's --count --zdd
};

// What an option's value is.
enum class OptionKind {
  switch_,           // on or off: --propagate, propagate=True, propagate: true
  count,             // a whole number, 0 or more (0: none)
  positive_count,    // a whole number, 1 or more
  seconds,           // a number of seconds, 0 or more
  threads,           // a number of threads, 0 (one per CPU) to max_threads
  mebibytes,         // a memory limit in MiB
  file,              // a file's name
  name,              // a name from one of names.hpp's tables (OptionSpec::names)
  callback,          // a function (Python and JavaScript); a switch on the CLI
  positive_seconds,  // a number of seconds, more than 0
};

// Every search option, one a row of search_option_table, in the CLI's --help order.
enum class Option {
  count,
  limit,
  stats,
  progress,
  no_progress,
  progress_interval,
  time_limit,
  node_limit,
  seed,
  estimate,
  threads,
  ordered,
  checkpoint,
  checkpoint_every,
  propagate,
  item_choice,
  layout,
  memo,
  no_memo,
  symmetry,
  no_symmetry,
  zdd,
  zdd_format,
  zdd_order,
  memory_limit,
  resume,
  mpi,
};
// The number of Options.
inline constexpr std::size_t option_count = static_cast<std::size_t>(Option::mpi) + 1;

// The most threads a caller may ask for.
inline constexpr unsigned max_threads = 1024;

// One option: its names in each front end (empty where that front end has
// none: `elsewhere` then says what it has instead), what it takes, its
// default, the calls that take it and its help (the CLI's --help text).
struct OptionSpec {
  Option option;                // the row's option
  std::string_view name;        // the canonical name: "item-choice"
  std::string_view cli;         // the CLI's flag, without "--" (empty: none)
  char cli_short;               // its one-letter form (-n), or 0
  std::string_view value_name;  // the CLI's name of its value (--limit N), empty for a switch
  std::string_view python;      // Python's keyword argument (empty: none)
  std::string_view javascript;  // JavaScript's key (empty: none)
  OptionKind kind;              // what it takes
  std::string_view names;  // a name's table: "layout", "item-choice", "zdd-format" or "zdd-order"
  std::string_view default_value;  // the default, as text ("" for none: a file not given)
  unsigned calls;                  // the Call bits of the calls that take it
  std::string_view help;           // the CLI's --help text
  std::string_view elsewhere;      // what the front ends without it have instead
};

// The table: every search option of every front end, one row each.
XCOVER_API std::span<const OptionSpec> search_option_table();
// The row of `option`.
XCOVER_API const OptionSpec& spec(Option option);
// The row whose canonical name is `name`, or nullptr.
XCOVER_API const OptionSpec* spec_named(std::string_view name);

// `option` as `front` spells it: "--item-choice", "item_choice", "itemChoice"
// (the canonical name for an option that front end lacks).
XCOVER_API std::string spelled(Option option, FrontEnd front);
// `option` given `value` as `front` writes it: "--layout bitsets",
// "layout='bitsets'", "layout: 'bitsets'".
XCOVER_API std::string spelled_with(Option option, FrontEnd front, std::string_view value);

// The error of an option given wrongly: a value it does not take, or a
// combination that does not go together. The CLI makes it a usage error
// (exit status 2), Python a ValueError, JavaScript an XcoverError.
struct OptionError : Error {
  using Error::Error;
};

// What `option` takes, as its message says it: "a whole number (0 or more)",
// "first-shortest or most-clashes".
XCOVER_API std::string what_it_takes(Option option);
// What a value of `kind` must be, as a message says it (a name: "a name";
// what_it_takes lists the names): the CLI's number parsers say it too.
XCOVER_API std::string what_kind_takes(OptionKind kind);
// OptionError "<option> must be <what it takes>, not '<given>'".
[[noreturn]] XCOVER_API void refuse_value(Option option, FrontEnd front, std::string_view given);

// The value `word` names for `option` (whose kind is name, from names<E>()),
// else refuse_value.
template <class E>
E value_named(Option option, FrontEnd front, std::string_view word) {
  if (const std::optional<E> value = value_named<E>(word)) return *value;
  refuse_value(option, front, word);
}

// Checks of a number given to `option` (a count, seconds, threads...): the
// value, else refuse_value with `given`, the value as the caller wrote it.
XCOVER_API double checked_number(Option option, FrontEnd front, double value,
                                 std::string_view given);

// The options a caller gave, those not left at their defaults.
class Given {
 public:
  // Marks `option` given; returns *this, to chain.
  Given& add(Option option, bool given = true) {
    if (given) set_.set(static_cast<std::size_t>(option));
    return *this;
  }
  // Whether `option` was given.
  bool has(Option option) const { return set_.test(static_cast<std::size_t>(option)); }

 private:
  std::bitset<option_count> set_;
};

// OptionError for options given together that do not go together: memo with
// a limit, tree options or a seed; --memo with --no-memo; --estimate with
// what it does not follow; --zdd with what it does not follow; --layout with
// --mpi; --no-symmetry, --memo, --no-memo, --zdd without --count; and
// --zdd-format or --zdd-order without --zdd. Each message names the options
// as `front` spells them.
XCOVER_API void check_together(FrontEnd front, const Given& given);

// OptionError for tree options (propagate, item_choice most-clashes) that
// `layout` (the one the problem runs on) does not follow, before anything is
// searched: "--propagate is followed by the bitsets layout only, and this
// problem runs on the links layout: add --layout bitsets, or leave
// --propagate out".
XCOVER_API void check_followed(FrontEnd front, Layout layout, const TreeOptions& options);

}  // namespace xcover::frontend
