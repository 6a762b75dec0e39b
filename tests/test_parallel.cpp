// Counting on several threads, and checkpoints: counts never depend on the
// number of threads, nor on where a run was stopped and resumed.
#include <doctest/doctest.h>

#include <cstdio>
#include <random>
#include <set>
#include <thread>

#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"

namespace {

// N-queens with rows and columns primary, diagonals secondary.
xcover::Problem queens(int n) {
  xcover::Problem p;
  auto name = [](char c, int k) { return std::string(1, c).append(std::to_string(k)); };
  for (int i = 0; i < n; ++i) p.add_primary(name('r', i));
  for (int j = 0; j < n; ++j) p.add_primary(name('c', j));
  for (int d = 0; d < 2 * n - 1; ++d) p.add_secondary(name('a', d));
  for (int d = 0; d < 2 * n - 1; ++d) p.add_secondary(name('b', d));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      p.add_option(
          {xcover::OptionEntry{i}, {n + j}, {2 * n + i + j}, {2 * n + 2 * n - 1 + i - j + n - 1}});
  return p;
}

// A problem with colours: pairs of items joined through coloured cells.
xcover::Problem colored(int n) {
  xcover::Problem p;
  for (int i = 0; i < n; ++i) p.add_primary(std::string("p").append(std::to_string(i)));
  for (int i = 0; i < 4; ++i) p.add_secondary(std::string("s").append(std::to_string(i)));
  const int red = p.add_color("red"), blue = p.add_color("blue");
  for (int i = 0; i < n; ++i) {
    for (int s = 0; s < 4; ++s) {
      p.add_option({xcover::OptionEntry{i}, {n + s, (i + s) % 2 ? red : blue}});
      if (i + 1 < n) p.add_option({xcover::OptionEntry{i}, {i + 1}, {n + s, red}});
    }
    p.add_option({xcover::OptionEntry{i}});
  }
  return p;
}

xcover::ParallelOptions on(unsigned threads, std::size_t pieces_per_thread = 64) {
  xcover::ParallelOptions options;
  options.threads = threads;
  options.pieces_per_thread = pieces_per_thread;
  return options;
}

}  // namespace

TEST_CASE("counts on 1, 2 and 4 threads equal the single search's") {
  for (const xcover::Problem& problem : {queens(6), queens(9), colored(9)}) {
    xcover::Solver solver(problem);
    const std::uint64_t expected = solver.count();
    for (unsigned threads : {1u, 2u, 4u}) {
      CAPTURE(threads);
      xcover::ParallelSearch search(problem, on(threads));
      CHECK(search.run() == xcover::Status::exhausted);
      CHECK(search.statistics().solutions == expected);
      CHECK(search.checkpoint().done == doctest::Approx(1.0));
      CHECK(search.checkpoint().pending.empty());
    }
  }
}

TEST_CASE("every solution is visited exactly once across threads") {
  const xcover::Problem problem = queens(8);
  xcover::ParallelSearch search(problem, on(3, 4));
  std::set<std::vector<int>> seen;
  std::size_t visits = 0;
  search.run([&](const xcover::Solution& s) {
    std::vector<int> sorted(s.options.begin(), s.options.end());
    std::sort(sorted.begin(), sorted.end());
    seen.insert(sorted);
    ++visits;
    return true;
  });
  CHECK(visits == 92);
  CHECK(seen.size() == 92);
}

TEST_CASE("few pieces and uneven trees still balance: idle workers get shares") {
  // One piece to start with: the second worker can only get work by asking.
  const xcover::Problem problem = queens(10);
  xcover::ParallelSearch search(problem, on(2, 0));
  CHECK(search.run() == xcover::Status::exhausted);
  CHECK(search.statistics().solutions == 724);
}

TEST_CASE("solution limit and visitor stop across threads") {
  const xcover::Problem problem = queens(8);
  xcover::ParallelOptions options = on(2);
  options.search.solution_limit = 10;
  xcover::ParallelSearch limited(problem, options);
  std::size_t visits = 0;
  CHECK(limited.run([&](const xcover::Solution&) { return ++visits, true; }) ==
        xcover::Status::solution_limit);
  CHECK(visits == 10);
  CHECK(limited.statistics().solutions == 10);

  xcover::ParallelSearch stopped(problem, on(2));
  visits = 0;
  CHECK(stopped.run([&](const xcover::Solution&) { return ++visits < 5; }) ==
        xcover::Status::stopped);
  CHECK(visits == 5);
}

TEST_CASE("stopping at random moments and resuming gives the single-run total") {
  const xcover::Problem problem = queens(11);
  const std::uint64_t expected = 2680;
  std::mt19937 rng(5);
  for (int round = 0; round < 6; ++round) {
    CAPTURE(round);
    std::atomic<bool> cancel{false};
    xcover::ParallelOptions options = on(2);
    options.search.cancel = &cancel;
    xcover::ParallelSearch first(problem, options);
    const int delay_ms = std::uniform_int_distribution<int>(0, 15)(rng);
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      cancel = true;
    });
    const xcover::Status status = first.run();
    stopper.join();
    xcover::Checkpoint checkpoint = first.checkpoint();
    if (status == xcover::Status::exhausted) {
      CHECK(checkpoint.solutions == expected);
      continue;
    }
    CHECK(status == xcover::Status::cancelled);
    // Through the file, as a resumed process would see it.
    const std::string path = "/tmp/xcover_test_checkpoint_" + std::to_string(round);
    xcover::write_checkpoint(path, checkpoint);
    const xcover::Checkpoint reread = xcover::read_checkpoint(path);
    std::remove(path.c_str());
    CHECK(reread == checkpoint);
    xcover::ParallelSearch second(problem, on(2));
    second.resume(reread);
    CHECK(second.run() == xcover::Status::exhausted);
    CHECK(second.statistics().solutions == expected);
  }
}

TEST_CASE("periodic checkpoints each describe the rest of the count exactly") {
  const xcover::Problem problem = queens(12);
  std::vector<xcover::Checkpoint> taken;
  xcover::ParallelOptions options = on(2);
  options.checkpoint_seconds = 0.001;
  options.on_checkpoint = [&](const xcover::Checkpoint& c) { taken.push_back(c); };
  xcover::ParallelSearch search(problem, options);
  CHECK(search.run() == xcover::Status::exhausted);
  CHECK(search.statistics().solutions == 14200);
  REQUIRE(!taken.empty());
  // Resume from four of them, spread over the run (each resume is a count).
  for (std::size_t k = 0; k < 4; ++k) {
    const xcover::Checkpoint& c = taken[k * (taken.size() - 1) / 3];
    xcover::ParallelSearch resumed(problem, on(2));
    resumed.resume(c);
    resumed.run();
    CHECK(resumed.statistics().solutions == 14200);
  }
}

TEST_CASE("checkpoints: another problem's, and broken files, are refused") {
  xcover::Checkpoint c;
  c.fingerprint = xcover::fingerprint(queens(5));
  xcover::ParallelSearch other(queens(6));
  CHECK_THROWS_AS(other.resume(c), std::invalid_argument);
  CHECK(xcover::fingerprint(queens(5)) != xcover::fingerprint(queens(6)));

  const std::string path = "/tmp/xcover_test_bad_checkpoint";
  auto error = [&](const std::string& text) {
    std::FILE* f = std::fopen(path.c_str(), "w");
    std::fputs(text.c_str(), f);
    std::fclose(f);
    try {
      xcover::read_checkpoint(path);
    } catch (const xcover::ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("hello\n") ==
        path + ":1: not a valid checkpoint: the first line is not 'xcover checkpoint 1'");
  CHECK(error("xcover checkpoint 1\nfingerprint zz\n") ==
        path + ":2: not a valid checkpoint: the fingerprint is not hexadecimal");
  CHECK(error("xcover checkpoint 1\nfingerprint 1f\nsolutions 3\nnodes 1\nupdates 1\nseconds 1\n"
              "done 0.5\npending 1\n0.5 2 7\n") ==
        path + ":9: not a valid checkpoint: a piece has a bad option index");
  CHECK(error("xcover checkpoint 1\nfingerprint 1f\nsolutions 3\nnodes 1\nupdates 1\nseconds 1\n"
              "done 0.5\npending 0\n") == path + ":8: not a valid checkpoint: the file ends early");
  std::remove(path.c_str());
}

TEST_CASE("cut_into_pieces: the pieces' counts add up, their weights and dead ends to one") {
  for (const xcover::Problem& problem : {queens(7), colored(6)}) {
    const std::uint64_t total = xcover::Solver(problem).count();
    for (std::size_t target : {1u, 10u, 200u}) {
      CAPTURE(target);
      double dead = 0;
      const auto pieces = xcover::cut_into_pieces(problem, target, &dead);
      CHECK(!pieces.empty());
      xcover::Solver solver(problem);
      std::uint64_t sum = 0;
      double weight = dead;
      for (const auto& piece : pieces) {
        for (int option : piece.forced) REQUIRE(solver.assume(option));
        sum += solver.count();
        solver.clear_assumptions();
        weight += piece.weight;
      }
      CHECK(sum == total);
      CHECK(weight == doctest::Approx(1.0));
    }
  }
}

TEST_CASE("ordered: solutions come in the single-threaded order on any number of threads") {
  for (const xcover::Problem& problem : {queens(8), colored(6)}) {
    std::vector<std::vector<int>> expected;
    xcover::Solver(problem).search([&](const xcover::Solution& s) {
      expected.emplace_back(s.options.begin(), s.options.end());
      return true;
    });
    for (unsigned threads : {1u, 2u, 3u}) {
      CAPTURE(threads);
      xcover::ParallelOptions options = on(threads, 8);
      options.ordered = true;
      xcover::ParallelSearch search(problem, options);
      std::vector<std::vector<int>> seen;
      CHECK(search.run([&](const xcover::Solution& s) {
        seen.emplace_back(s.options.begin(), s.options.end());
        return true;
      }) == xcover::Status::exhausted);
      CHECK(seen == expected);
      CHECK(search.statistics().solutions == expected.size());
    }
    // A limit keeps the first solutions, in order.
    xcover::ParallelOptions limited = on(2, 8);
    limited.ordered = true;
    limited.search.solution_limit = 3;
    xcover::ParallelSearch search(problem, limited);
    std::vector<std::vector<int>> seen;
    CHECK(search.run([&](const xcover::Solution& s) {
      seen.emplace_back(s.options.begin(), s.options.end());
      return true;
    }) == xcover::Status::solution_limit);
    REQUIRE(expected.size() >= 3);
    CHECK(seen == std::vector<std::vector<int>>(expected.begin(), expected.begin() + 3));
  }
}
