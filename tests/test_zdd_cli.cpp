// SPDX-License-Identifier: MIT
// `--count --zdd FILE` and `xcover zdd count|sample|nth` as a user runs them:
// the diagram's solutions checked against the rules of the problem written
// by --emit, and the errors.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "xcover/dlx_format.hpp"

namespace test_zdd_cli {

using xcover::test::lines_of;
using xcover::test::run_cli;
using xcover::test::temp_file;

namespace {

// Whether a line of option numbers (from 1) is a solution of `problem`:
// each primary item once, each secondary item at most once.
bool solves(const xcover::Problem& problem, const std::string& line) {
  std::vector<int> used(static_cast<std::size_t>(problem.item_count()), 0);
  std::istringstream words(line);
  int option = 0;
  while (words >> option) {
    if (option < 1 || option > problem.option_count()) return false;
    for (const xcover::OptionEntry& e : problem.option(option - 1))
      ++used[static_cast<std::size_t>(e.item)];
  }
  for (int item = 0; item < problem.item_count(); ++item) {
    const int times = used[static_cast<std::size_t>(item)];
    if (item < problem.primary_count() ? times != 1 : times > 1) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("xcover queens --count --zdd: every solution in the file, indexed and sampled") {
  const std::string diagram = temp_file("", ".zdd");
  const auto made = run_cli("queens 8 --count --zdd " + diagram + " --stats");
  REQUIRE(made.exit_code == 0);
  CHECK(made.out == "92\n");
  CHECK(made.err.find("\nlayout memo\n") != std::string::npos);
  CHECK(made.err.find("zdd nodes ") == 0);
  const xcover::Problem problem =
      xcover::parse_dlx(run_cli("queens 8 --emit").out, "queens8.dlx").problem;

  CHECK(run_cli("zdd count " + diagram).out == "92\n");
  std::string indices;
  for (int k = 0; k < 92; ++k) indices += ' ' + std::to_string(k);
  const auto listed = run_cli("zdd nth " + diagram + indices);
  REQUIRE(listed.exit_code == 0);
  const std::vector<std::string> all = lines_of(listed.out);
  REQUIRE(all.size() == 92);
  CHECK(std::set<std::string>(all.begin(), all.end()).size() == 92);
  for (const std::string& line : all) CHECK(solves(problem, line));

  const auto drawn = run_cli("zdd sample " + diagram + " --samples 30 --seed 9");
  REQUIRE(drawn.exit_code == 0);
  const std::vector<std::string> samples = lines_of(drawn.out);
  CHECK(samples.size() == 30);
  const std::set<std::string> known(all.begin(), all.end());
  for (const std::string& line : samples) CHECK(known.count(line) == 1);
  // Seeds make them again, the k-th with seed N + k - 1; from standard input too.
  CHECK(lines_of(run_cli("zdd sample - --seed 10 < " + diagram).out) ==
        std::vector<std::string>{samples[1]});
  const auto not_a_diagram = run_cli("zdd count -", "92\n");
  CHECK(not_a_diagram.exit_code == 1);
  CHECK(not_a_diagram.err == "<stdin>:1: a node is 'ID OPTION LO HI', 4 words; this line has 1\n");
}

TEST_CASE("xcover solve --count --zdd: the count as --count prints it, and the refusals") {
  const std::string problem = temp_file("a b c\na b\nc\na\nb c\n", ".dlx");
  const std::string diagram = temp_file("", ".zdd");
  const auto made = run_cli("solve --count --zdd " + diagram + " " + problem);
  CHECK(made.exit_code == 0);
  CHECK(made.out == "2\n");
  CHECK(run_cli("zdd nth " + diagram + " 0 1").out == "1 2\n3 4\n");

  // The binary form and the ordered diagram: the same solutions.
  const std::string binary = temp_file("", ".zdd");
  CHECK(
      run_cli("solve --count --zdd-format binary --zdd-order first --zdd " + binary + " " + problem)
          .out == "2\n");
  CHECK(run_cli("zdd count " + binary).out == "2\n");
  CHECK(run_cli("zdd nth " + binary + " 0 1").out == "1 2\n3 4\n");

  const std::string usage = "\nTry 'xcover solve --help'.\n";
  CHECK(run_cli("solve --count --zdd-format binary " + problem).err ==
        "xcover solve: --zdd-format says how --zdd FILE is made: add --zdd FILE" + usage);
  CHECK(run_cli("solve --count --zdd-order first " + problem).err ==
        "xcover solve: --zdd-order says how --zdd FILE is made: add --zdd FILE" + usage);
  CHECK(run_cli("solve --count --zdd-format bits --zdd " + diagram + " " + problem).err ==
        "xcover solve: --zdd-format must be text or binary, not 'bits'" + usage);
  CHECK(run_cli("solve --count --zdd-order last --zdd " + diagram + " " + problem).err ==
        "xcover solve: --zdd-order must be fewest or first, not 'last'" + usage);
  CHECK(run_cli("solve --zdd " + diagram + " " + problem).err ==
        "xcover solve: --zdd writes the diagram of a count: add --count" + usage);
  CHECK(run_cli("solve --count --zdd - " + problem).err ==
        "xcover solve: --zdd takes a file name: standard output carries the count" + usage);
  CHECK(run_cli("solve --count --no-memo --zdd " + diagram + " " + problem).err ==
        "xcover solve: --zdd does not go with --no-memo (the diagram is made by a memoised "
        "count of every solution, on one thread, branching as --zdd-order says)" +
            usage);
  CHECK(run_cli("solve --count --preprocess --zdd " + diagram + " " + problem).err ==
        "xcover solve: --zdd does not go with --preprocess (the diagram would number the "
        "reduced problem's options)" +
            usage);
  const auto unwritable = run_cli("solve --count --zdd /nonexistent/d.zdd " + problem);
  CHECK(unwritable.exit_code != 0);
  CHECK(unwritable.err.find("cannot write '/nonexistent/d.zdd'") != std::string::npos);

  // A limit stops it: exit status 3, and no diagram (nor half of one).
  const std::string never = temp_file("", ".zdd");
  std::filesystem::remove(never);
  const auto cut = run_cli("queens 12 --count --node-limit 50 --zdd " + never);
  CHECK(cut.exit_code == 3);
  CHECK(cut.out.empty());
  CHECK(!std::filesystem::exists(never));
  CHECK(!std::filesystem::exists(never + ".tmp"));
}

TEST_CASE("xcover zdd: errors name the file and line, or the usage") {
  const std::string diagram = temp_file("2 1 B T\n3 2 B 2\n.\n", ".zdd");
  CHECK(run_cli("zdd count " + diagram).out == "1\n");
  CHECK(run_cli("zdd nth " + diagram + " 0").out == "1 2\n");
  const std::string usage = "\nTry 'xcover zdd --help'.\n";
  auto refused = [&](const std::string& args) {
    const auto r = run_cli(args);
    CHECK(r.exit_code == 2);
    return r.err;
  };
  CHECK(refused("zdd") == "xcover zdd: say count, sample or nth, then the diagram's FILE" + usage);
  CHECK(refused("zdd list " + diagram) ==
        "xcover zdd: the action must be count, sample or nth, not 'list'" + usage);
  CHECK(refused("zdd count") == "xcover zdd: count: give the diagram's FILE" + usage);
  CHECK(refused("zdd nth " + diagram) ==
        "xcover zdd: nth: give one INDEX or more after the FILE (from 0)" + usage);
  CHECK(refused("zdd nth " + diagram + " 1") ==
        "xcover zdd: nth: INDEX 1 is past the last solution (" + diagram +
            " holds 1, from index 0)" + usage);
  CHECK(refused("zdd nth " + diagram + " 1x") ==
        "xcover zdd: nth: INDEX must be a whole number from 0, not '1x'" + usage);
  CHECK(refused("zdd count " + diagram + " --seed 3") ==
        "xcover zdd: count: --seed and --samples apply to sample" + usage);

  const std::string cut = temp_file("2 1 B T\n3 2 B 2\n", ".zdd");
  const auto r = run_cli("zdd count " + cut);
  CHECK(r.exit_code == 1);
  CHECK(r.err == cut + ":2: the diagram ends without its '.' line (is the file cut short?)\n");
  const std::string truncated = temp_file(std::string("\x89ZDD\x01\x03", 6), ".zdd");
  const auto t = run_cli("zdd count " + truncated);
  CHECK(t.exit_code == 1);
  CHECK(t.err == truncated +
                     ":6: (byte offset) binary ZDD: the file ends inside the root (is it cut "
                     "short?)\n");
  const std::string none = temp_file("B\n.\n", ".zdd");
  const auto empty = run_cli("zdd sample " + none);
  CHECK(empty.exit_code == 1);
  CHECK(empty.err == "xcover: 0 solutions in " + none + ": nothing to sample\n");
  CHECK(run_cli("zdd count " + none).out == "0\n");
}

}  // namespace test_zdd_cli
