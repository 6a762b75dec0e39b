// SPDX-License-Identifier: MIT
// The front-end layer's tables (xcover/frontend/): every enum value has its
// one name, every search option its row, and the CLI takes every name and
// refuses bad values with the table's message (Python's and JavaScript's
// halves: python/tests/test_options.py, web/tests/options.test.mjs).
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "cli_support.hpp"
#include "xcover/frontend/disassembly.hpp"
#include "xcover/frontend/names.hpp"
#include "xcover/frontend/options.hpp"

namespace test_frontend_options {

namespace fe = xcover::frontend;
using fe::FrontEnd;
using fe::Option;
using xcover::test::data_file;
using xcover::test::run_cli;
using xcover::test::temp_file;

// The message the library gives for `option` given `text` (refuse_value).
std::string refusal(Option option, FrontEnd front, const std::string& text) {
  try {
    fe::refuse_value(option, front, text);
  } catch (const fe::OptionError& e) {
    return e.what();
  }
  return "";
}

template <class E>
void check_names(int values) {
  std::set<std::string_view> seen;
  for (int k = 0; k < values; ++k) {
    const E value = static_cast<E>(k);
    const std::string_view name = fe::name_of(value);
    CAPTURE(name);
    CHECK(!name.empty());
    CHECK(seen.insert(name).second);  // one spelling, one value
    bool asked = false;
    for (const auto& row : fe::names<E>())
      if (row.value == value) {
        asked = row.asked;
        if (!row.alias.empty()) CHECK(fe::value_named<E>(row.alias) == value);
      }
    CHECK(fe::value_named<E>(name) == (asked ? std::optional<E>(value) : std::nullopt));
  }
  CHECK(static_cast<int>(fe::names<E>().size()) == values);
}

TEST_CASE("frontend names: each value of each enum has one name, and its alias leads back") {
  check_names<xcover::Layout>(8);
  check_names<xcover::ItemChoice>(2);
  check_names<xcover::Status>(6);
  check_names<xcover::Kernels>(5);
  check_names<xcover::Counting>(3);
  check_names<xcover::ZddFormat>(2);
  check_names<xcover::ZddOrder>(2);
  CHECK(fe::name_of(xcover::Layout::counted_bitsets) == "counted-bitsets");
  CHECK(fe::value_named<xcover::Layout>("automatic") == xcover::Layout::automatic);
  CHECK(fe::value_named<xcover::Layout>("costs") == std::nullopt);  // reported, never asked
  CHECK(fe::names_listed<xcover::Layout>() ==
        "auto, links, bitsets, counted-bitsets, sparse or multiplicities");
  CHECK(fe::names_listed<xcover::ItemChoice>() == "first-shortest or most-clashes");
}

TEST_CASE("frontend options: one row an option, each spelled by each front end") {
  std::set<std::string_view> names, flags, keywords, keys;
  for (const fe::OptionSpec& row : fe::search_option_table()) {
    CAPTURE(row.name);
    CHECK(&fe::spec(row.option) == &row);
    CHECK(fe::spec_named(row.name) == &row);
    CHECK(names.insert(row.name).second);
    if (!row.cli.empty()) CHECK(flags.insert(row.cli).second);
    if (!row.python.empty()) CHECK(keywords.insert(row.python).second);
    if (!row.javascript.empty()) CHECK(keys.insert(row.javascript).second);
    // An option a front end lacks says what it has instead.
    if (row.cli.empty() || row.python.empty() || row.javascript.empty())
      CHECK(!row.elsewhere.empty());
    CHECK(row.calls != 0);
    CHECK(!row.help.empty());
    CHECK((row.kind == fe::OptionKind::name) == !row.names.empty());
  }
  CHECK(fe::spec_named("no-such-option") == nullptr);
  CHECK(fe::spelled(Option::item_choice, FrontEnd::cli) == "--item-choice");
  CHECK(fe::spelled(Option::item_choice, FrontEnd::python) == "item_choice");
  CHECK(fe::spelled(Option::item_choice, FrontEnd::javascript) == "itemChoice");
  CHECK(fe::spelled_with(Option::layout, FrontEnd::cli, "bitsets") == "--layout bitsets");
  CHECK(fe::spelled_with(Option::layout, FrontEnd::python, "bitsets") == "layout='bitsets'");
  CHECK(fe::spelled_with(Option::layout, FrontEnd::javascript, "bitsets") == "layout: 'bitsets'");
}

TEST_CASE("frontend options: the CLI's --help lists every flag of the table, with its help") {
  const auto help = run_cli("solve --help");
  REQUIRE(help.exit_code == 0);
  // Boost wraps the help; compare it with its spaces and line breaks squeezed.
  auto squeezed = [](const std::string& text) {
    std::string out;
    for (const char c : text) {
      const bool space = c == ' ' || c == '\n';
      if (space && (out.empty() || out.back() == ' ')) continue;
      out += space ? ' ' : c;
    }
    return out;
  };
  const std::string shown = squeezed(help.out);
  for (const fe::OptionSpec& row : fe::search_option_table()) {
    if (row.cli.empty() || row.option == Option::mpi) continue;
    CAPTURE(row.name);
    // (Boost shows "-n [ --limit ] N" for a flag with a letter.)
    std::string flag = "--" + std::string(row.cli);
    if (row.cli_short != 0) flag = std::string("-") + row.cli_short + " [ " + flag + " ]";
    if (!row.value_name.empty()) flag += " " + std::string(row.value_name);
    CHECK(shown.find(flag) != std::string::npos);
    CHECK(shown.find(squeezed(std::string(row.help))) != std::string::npos);
  }
}

TEST_CASE("frontend options: the CLI takes every name of the tables, old spellings too") {
  const std::string file = data_file("knuth_example.dlx");
  for (const auto& row : fe::layout_names) {
    if (!row.asked) continue;
    for (const std::string_view name : {row.name, row.alias}) {
      if (name.empty()) continue;
      CAPTURE(name);
      const auto r =
          run_cli("solve --count --threads 1 --layout " + std::string(name) + " " + file);
      CHECK(r.exit_code == 0);
      CHECK(r.out == "1\n");
    }
  }
  for (const auto& row : fe::item_choice_names) {
    for (const std::string_view name : {row.name, row.alias}) {
      if (name.empty()) continue;
      CAPTURE(name);
      const auto r =
          run_cli("solve --count --layout bitsets --item-choice " + std::string(name) + " " + file);
      CHECK(r.exit_code == 0);
      CHECK(r.out == "1\n");
    }
  }
  const std::string zdd = temp_file("", ".zdd");
  for (const auto& format : fe::zdd_format_names)
    for (const auto& order : fe::zdd_order_names) {
      CAPTURE(format.name);
      CAPTURE(order.name);
      const auto r =
          run_cli("solve --count --zdd " + zdd + " --zdd-format " + std::string(format.name) +
                  " --zdd-order " + std::string(order.name) + " " + file);
      CHECK(r.exit_code == 0);
      CHECK(r.out == "1\n");
    }
}

TEST_CASE("frontend options: the CLI refuses a bad value with the table's message") {
  const std::string file = data_file("knuth_example.dlx");
  struct Bad {
    Option option;
    std::string text;
    std::string more;  // what else the command line needs
  };
  const Bad bad[] = {
      {Option::limit, "-1", ""},
      {Option::node_limit, "x", ""},
      {Option::node_limit, "-1", ""},
      {Option::seed, "1.5", ""},
      {Option::seed, "-1", ""},
      {Option::time_limit, "-1", ""},
      {Option::threads, "-1", ""},
      {Option::threads, "1025", ""},
      {Option::estimate, "0", ""},
      {Option::threads, "5000", ""},
      {Option::checkpoint_every, "x", ""},
      {Option::memory_limit, "-1", ""},
      {Option::item_choice, "best", ""},
      {Option::layout, "fast", ""},
      {Option::zdd_format, "bits", " --count --zdd out.zdd"},
      {Option::zdd_order, "last", " --count --zdd out.zdd"},
  };
  for (const Bad& b : bad) {
    const std::string flag = fe::spelled(b.option, FrontEnd::cli);
    CAPTURE(flag);
    const auto r = run_cli("solve " + flag + " " + b.text + b.more + " " + file);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("xcover solve: " + refusal(b.option, FrontEnd::cli, b.text) + "\n") == 0);
  }
}

TEST_CASE("frontend options: a bad number has one message, each front end's spelling aside") {
  // The values python/tests/test_options.py and web/tests/options.test.mjs
  // give: the same message but for the option's name.
  CHECK(refusal(Option::limit, FrontEnd::cli, "-1") ==
        "--limit must be a whole number (0 or more), not '-1'");
  CHECK(refusal(Option::limit, FrontEnd::python, "-1") ==
        "limit must be a whole number (0 or more), not '-1'");
  CHECK(refusal(Option::threads, FrontEnd::python, "1025") ==
        "threads must be from 0 (one per CPU available) to 1024, not '1025'");
  CHECK(refusal(Option::time_limit, FrontEnd::javascript, "-1") ==
        "timeLimit must be a number of seconds (0 or more), not '-1'");
  CHECK(refusal(Option::progress_interval, FrontEnd::javascript, "0") ==
        "progressInterval must be a number of seconds (more than 0), not '0'");
  CHECK_THROWS_WITH_AS(fe::checked_number(Option::progress_interval, FrontEnd::python, 0, "0"),
                       "progress_interval must be a number of seconds (more than 0), not '0'",
                       fe::OptionError);
  CHECK(fe::checked_number(Option::progress_interval, FrontEnd::python, 0.5, "0.5") == 0.5);
  CHECK_THROWS_WITH_AS(fe::checked_number(Option::threads, FrontEnd::javascript, 1025, "1025"),
                       "threads must be from 0 (one per CPU available) to 1024, not '1025'",
                       fe::OptionError);
  CHECK(fe::checked_number(Option::threads, FrontEnd::cli, 1024, "1024") == 1024);
}

TEST_CASE("frontend options: what does not go together, in each front end's spelling") {
  auto together = [](FrontEnd front, const fe::Given& given) -> std::string {
    try {
      fe::check_together(front, given);
    } catch (const fe::OptionError& e) {
      return e.what();
    }
    return "";
  };
  fe::Given memo_limit;
  memo_limit.add(Option::count).add(Option::memo).add(Option::limit);
  const std::string why = " (a memoised count counts whole sub-problems, by DLX1's choice of item)";
  CHECK(together(FrontEnd::cli, memo_limit) == "--memo does not go with --limit" + why);
  CHECK(together(FrontEnd::python, memo_limit) == "memo does not go with limit" + why);
  CHECK(together(FrontEnd::javascript, memo_limit) == "memo does not go with limit" + why);
  fe::Given memo_tree;
  memo_tree.add(Option::memo).add(Option::item_choice);
  CHECK(together(FrontEnd::python, memo_tree) == "memo does not go with item_choice" + why);
  CHECK(together(FrontEnd::javascript, memo_tree) == "memo does not go with itemChoice" + why);
  CHECK(together(FrontEnd::python, fe::Given().add(Option::memo)).empty());
  const auto r =
      run_cli("solve --count --memo --item-choice most-clashes " + data_file("knuth_example.dlx"));
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("xcover solve: --memo does not go with --item-choice" + why) == 0);

  auto followed = [](FrontEnd front, bool propagate) -> std::string {
    xcover::TreeOptions tree;
    tree.propagate = propagate;
    tree.item_choice = xcover::ItemChoice::most_clashes;
    try {
      fe::check_followed(front, xcover::Layout::sparse, tree);
    } catch (const fe::OptionError& e) {
      return e.what();
    }
    return "";
  };
  CHECK(followed(FrontEnd::cli, false) ==
        "--item-choice most-clashes is followed by the bitsets layout only, and this problem "
        "runs on the sparse layout: add --layout bitsets, or leave --item-choice out");
  CHECK(followed(FrontEnd::python, true) ==
        "propagate is followed by the bitsets layout only, and this problem runs on the sparse "
        "layout: add layout='bitsets', or leave propagate out");
  CHECK(followed(FrontEnd::javascript, false) ==
        "itemChoice: 'most-clashes' is followed by the bitsets layout only, and this problem "
        "runs on the sparse layout: add layout: 'bitsets', or leave itemChoice out");
}

TEST_CASE("frontend options: the disassembly's filter, and min-level without it refused") {
  const auto filter = fe::assembly_filter(FrontEnd::cli, true, 3, true);
  REQUIRE(filter.has_value());
  CHECK(filter->min_level == 3);
  CHECK(filter->remember);
  CHECK_FALSE(fe::assembly_filter(FrontEnd::python, false, 0).has_value());
  CHECK_THROWS_WITH_AS((void)fe::assembly_filter(FrontEnd::cli, false, 2),
                       "--min-level keeps solutions by their disassembly: give --disassemble too",
                       fe::OptionError);
  CHECK_THROWS_WITH_AS((void)fe::assembly_filter(FrontEnd::python, false, 2),
                       "min_level keeps solutions by their disassembly: give disassemble=True too",
                       fe::OptionError);
  CHECK_THROWS_WITH_AS((void)fe::assembly_filter(FrontEnd::javascript, false, 1),
                       "minLevel keeps solutions by their disassembly: give disassemble: true too",
                       fe::OptionError);
  // The CLI says it as a usage error.
  const auto run = run_cli("polyform --lattice cube --pieces soma --board 3x3x3 --min-level 2");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("--min-level keeps solutions by their disassembly: give --disassemble too") !=
        std::string::npos);
}

}  // namespace test_frontend_options
