// SPDX-License-Identifier: MIT
// The names of the library's enums, one spelling each, as every front end
// (the CLI, Python, JavaScript) takes and prints them:
//
//   Layout layout = xcover::frontend::value_named<Layout>("counted-bitsets").value();
//   std::string_view name = xcover::frontend::name_of(Layout::automatic);  // "auto"
//
// A value may have an alias, an older spelling one front end used, which is
// still taken (for one release) but never printed.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "xcover/solver.hpp"
#include "xcover/zdd.hpp"

namespace xcover::frontend {

// One value's names: `name`, the one every front end takes and prints;
// `alias`, an older spelling also taken (empty: none); `asked`, whether a
// caller may ask for the value (Layout::costs and Layout::memo are only
// reported: the calls that use them build them themselves).
template <class E>
struct Named {
  E value;                      // the library's value
  std::string_view name;        // its one spelling: "counted-bitsets"
  std::string_view alias = {};  // an older spelling still taken: "counted_bitsets"
  bool asked = true;            // whether a caller may ask for it
};

// The names of each enum, in the enum's order. The tables every front end
// reads; `names<E>()` below finds the one of an enum.
//
// Layouts: the CLI's spelling (--layout), which JavaScript took as
// 'automatic' and 'counted_bitsets' before.
inline constexpr std::array<Named<Layout>, 8> layout_names{{
    {Layout::automatic, "auto", "automatic"},
    {Layout::links, "links"},
    {Layout::bitsets, "bitsets"},
    {Layout::counted_bitsets, "counted-bitsets", "counted_bitsets"},
    {Layout::sparse, "sparse"},
    {Layout::multiplicities, "multiplicities"},
    {Layout::costs, "costs", {}, false},
    {Layout::memo, "memo", {}, false},
}};
// The item a search branches on (--item-choice, item_choice, itemChoice).
inline constexpr std::array<Named<ItemChoice>, 2> item_choice_names{{
    {ItemChoice::first_shortest, "first-shortest"},
    {ItemChoice::most_clashes, "most-clashes"},
}};
// Why a search ended, as Python's Status members and JavaScript's status
// strings have it (the CLI says it in a sentence: "stopped at the node limit").
inline constexpr std::array<Named<Status>, 6> status_names{{
    {Status::exhausted, "exhausted"},
    {Status::stopped, "stopped"},
    {Status::solution_limit, "solution_limit"},
    {Status::node_limit, "node_limit"},
    {Status::time_limit, "time_limit"},
    {Status::cancelled, "cancelled"},
}};
// The kernel sets (Kernels::automatic: the best this processor runs).
inline constexpr std::array<Named<Kernels>, 5> kernels_names{{
    {Kernels::automatic, "auto", "automatic"},
    {Kernels::baseline, "baseline"},
    {Kernels::avx2, "avx2"},
    {Kernels::avx512, "avx512"},
    {Kernels::avx512icl, "avx512icl"},
}};
// How a count counts (the CLI's --memo and --no-memo, memo=True/False).
inline constexpr std::array<Named<Counting>, 3> counting_names{{
    {Counting::automatic, "auto", "automatic"},
    {Counting::plain, "plain"},
    {Counting::memo, "memo"},
}};
// How a diagram is written (--zdd-format).
inline constexpr std::array<Named<ZddFormat>, 2> zdd_format_names{{
    {ZddFormat::text, "text"},
    {ZddFormat::binary, "binary"},
}};
// What a diagram branches on (--zdd-order, order=).
inline constexpr std::array<Named<ZddOrder>, 2> zdd_order_names{{
    {ZddOrder::fewest, "fewest"},
    {ZddOrder::first, "first"},
}};

// The table of `E`'s names: names<Layout>() is layout_names.
template <class E>
constexpr std::span<const Named<E>> names() {
  if constexpr (std::is_same_v<E, Layout>) return layout_names;
  if constexpr (std::is_same_v<E, ItemChoice>) return item_choice_names;
  if constexpr (std::is_same_v<E, Status>) return status_names;
  if constexpr (std::is_same_v<E, Kernels>) return kernels_names;
  if constexpr (std::is_same_v<E, Counting>) return counting_names;
  if constexpr (std::is_same_v<E, ZddFormat>) return zdd_format_names;
  if constexpr (std::is_same_v<E, ZddOrder>) return zdd_order_names;
}

// The one name of `value`: name_of(Layout::counted_bitsets) is "counted-bitsets".
template <class E>
constexpr std::string_view name_of(E value) {
  for (const Named<E>& named : names<E>())
    if (named.value == value) return named.name;
  return {};  // (every value has its row: tests/test_frontend_options.cpp checks it)
}

// The value a caller asks for by `word`: its name or its alias, among the
// values a caller may ask for; nullopt for any other word.
template <class E>
constexpr std::optional<E> value_named(std::string_view word) {
  for (const Named<E>& named : names<E>())
    if (named.asked && (word == named.name || (!named.alias.empty() && word == named.alias)))
      return named.value;
  return std::nullopt;
}

// The names a caller may ask for, as a message lists them: "first-shortest
// or most-clashes", "auto, links, bitsets, counted-bitsets, sparse or
// multiplicities".
template <class E>
std::string names_listed() {
  std::string out;
  std::size_t left = 0;
  for (const Named<E>& named : names<E>()) left += named.asked ? 1 : 0;
  for (const Named<E>& named : names<E>()) {
    if (!named.asked) continue;
    out += named.name;
    --left;
    out += left > 1 ? ", " : left == 1 ? " or " : "";
  }
  return out;
}

}  // namespace xcover::frontend
