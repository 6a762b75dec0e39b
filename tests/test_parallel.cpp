// SPDX-License-Identifier: MIT
// Counting on several threads, and checkpoints: counts never depend on the
// number of threads, nor on where a run was stopped and resumed.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>
#include <type_traits>

#include "cli_support.hpp"
#include "heap_count.hpp"
#include "xcover/dlx_format.hpp"
#include "xcover/parallel.hpp"

namespace test_parallel {

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
  options.single_thread_nodes = 0;  // the workers, however small the tree
  return options;
}

}  // namespace

TEST_CASE("counts on 1, 2 and 4 threads equal the single search's") {
  for (const xcover::Problem& problem : {queens(6), queens(9), colored(9)}) {
    xcover::Solver solver(problem);
    const xcover::Count expected = solver.count().solutions;
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
  const xcover::Status status = search.run([&](const xcover::Solution& s) {
    std::vector<int> sorted(s.options.begin(), s.options.end());
    std::sort(sorted.begin(), sorted.end());
    seen.insert(sorted);
    ++visits;
    return true;
  });
  CHECK(status == xcover::Status::exhausted);
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
    // Ctrl-C at a random solution, before the last: the worker that found
    // it waits until the coordinator has seen it, so the stop comes while
    // work is left, however fast the machine.
    const std::uint64_t stop_at = std::uniform_int_distribution<std::uint64_t>(1, 2000)(rng);
    CAPTURE(stop_at);
    std::atomic<std::uint64_t> seen{0};
    const xcover::Status status = first.run([&](const xcover::Solution&) {
      if (++seen == stop_at) {
        cancel = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
      return true;
    });
    REQUIRE(status == xcover::Status::cancelled);
    xcover::Checkpoint checkpoint = first.checkpoint();
    CHECK(!checkpoint.pending.empty());
    // Through the file, as a resumed process would see it.
    const std::string path = xcover::test::temp_file("", ".ckpt");
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
    CHECK(resumed.run() == xcover::Status::exhausted);
    CHECK(resumed.statistics().solutions == 14200);
  }
}

TEST_CASE("checkpoints: another problem's, and broken files, are refused") {
  xcover::Checkpoint c;
  c.fingerprint = xcover::fingerprint(queens(5));
  const xcover::Problem six = queens(6);
  xcover::ParallelSearch other(six);
  CHECK_THROWS_AS(other.resume(c), xcover::CheckpointError);
  CHECK(xcover::fingerprint(queens(5)) != xcover::fingerprint(queens(6)));

  const std::string path = xcover::test::temp_file("", ".ckpt");
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
  // A body sealed with its checksum (FNV-1a 64 over every byte before it).
  auto sealed = [](const std::string& body) {
    std::uint64_t hash = 14695981039346656037ull;
    for (unsigned char byte : body) {
      hash ^= byte;
      hash *= 1099511628211ull;
    }
    char hex[20];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return body + "checksum " + hex + "\n";
  };
  const std::string head =
      "xcover checkpoint 2\nfingerprint 1f\nsolutions 3\nnodes 1\nupdates 1\nseconds 1\n";
  CHECK(error("hello\n") ==
        path + ":1: not a valid checkpoint: the first line is not 'xcover checkpoint 2'");
  CHECK(error("xcover checkpoint 3\n") ==
        path + ":1: not a valid checkpoint: unknown version '3' (this xcover reads version 2)");
  CHECK(error("xcover checkpoint 1\n") ==
        path +
            ":1: not a valid checkpoint: a version 1 checkpoint (xcover 0.1) has no checksum "
            "to prove it undamaged; start the count again");
  CHECK(error("xcover checkpoint 2\nfingerprint 1f\n") ==
        path +
            ":2: not a valid checkpoint: the last line is not 'checksum HEX' (was the file cut "
            "short?)");
  const std::string good = sealed(head + "done 0.5\npending 1\n0.5 1 3\nend\n");
  CHECK(error(good) == "no error");
  std::string changed = good;
  changed[changed.find("solutions 3") + 10] = '4';
  CHECK(error(changed) == path +
                              ":11: not a valid checkpoint: the checksum does not match (the file "
                              "was changed or damaged)");
  // Behind the checksum, every field is still checked.
  CHECK(error(sealed("xcover checkpoint 2\nfingerprint zz\n")) ==
        path +
            ":2: not a valid checkpoint: the fingerprint is not hexadecimal (16 digits at most)");
  CHECK(error(sealed(head + "done 0.5\npending 1\n0.5 2 7\n")) ==
        path + ":9: not a valid checkpoint: a piece's count says 2 options, the line has 1");
  CHECK(error(sealed(head + "done 0.5\npending 1\n0.5 1 -7\nend\n")) ==
        path + ":9: not a valid checkpoint: an option index is not a whole number");
  CHECK(error(sealed(head + "done 0.5\npending 0\n")) ==
        path + ":8: not a valid checkpoint: the file ends early (was it cut short?)");
  // Counts are checked against the bytes left before anything is allocated.
  CHECK(error(sealed(head + "done 0.5\npending 99999999999\n0.5 0\nend\n")) ==
        path + ":8: not a valid checkpoint: 'pending' is more than the file holds");
  CHECK(error(sealed(head + "done 0.5\npending 1\n0.5 900000000 1\nend\n")) ==
        path +
            ":9: not a valid checkpoint: a piece's count says 900000000 options, the line has 1");
  CHECK(error(sealed("xcover checkpoint 2\nfingerprint 1f\nsolutions -1\n")) ==
        path + ":3: not a valid checkpoint: 'solutions' is not a whole number");
  // Counts are 128 bits: 2^128 - 1 reads (the file then ends early), 2^128 does not.
  CHECK(error(sealed("xcover checkpoint 2\nfingerprint 1f\nsolutions "
                     "340282366920938463463374607431768211455\n")) ==
        path + ":3: not a valid checkpoint: the file ends early (was it cut short?)");
  CHECK(error(sealed("xcover checkpoint 2\nfingerprint 1f\nsolutions "
                     "340282366920938463463374607431768211456\n")) ==
        path + ":3: not a valid checkpoint: 'solutions' is too large");
  CHECK(error(sealed("xcover checkpoint 2\nfingerprint 1f\nsolutions 0\nnodes "
                     "3402823669209384634633746074317682114550\n")) ==
        path + ":4: not a valid checkpoint: 'nodes' is too large");
  // The finished part and the pieces must make up the whole search: a
  // duplicated or dropped piece line, or a changed weight, is refused.
  CHECK(error(sealed(head + "done 0.5\npending 2\n0.5 1 3\n0.5 1 3\nend\n")) ==
        path +
            ":8: not a valid checkpoint: the part done (0.5) and the pending pieces (1) do "
            "not add up to the whole search");
  CHECK(error(sealed(head + "done 0.5\npending 1\n0.5 1 3\nend\nextra\n")) ==
        path + ":11: not a valid checkpoint: there is more after 'end'");
  std::remove(path.c_str());
}

TEST_CASE("cut_into_pieces: the pieces' counts add up, their weights and dead ends to one") {
  for (const xcover::Problem& problem : {queens(7), colored(6)}) {
    const xcover::Count total = xcover::Solver(problem).count().solutions;
    for (std::size_t target : {1u, 10u, 200u}) {
      CAPTURE(target);
      double dead = 0;
      const auto pieces = xcover::cut_into_pieces(problem, target, &dead);
      CHECK(!pieces.empty());
      xcover::Solver solver(problem);
      xcover::Count sum = 0;
      double weight = dead;
      for (const auto& piece : pieces) {
        for (int option : piece.forced) REQUIRE(solver.assume(option));
        sum += solver.count().solutions;
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
    static_cast<void>(xcover::Solver(problem).search([&](const xcover::Solution& s) {
      expected.emplace_back(s.options.begin(), s.options.end());
      return true;
    }));
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

TEST_CASE("a parallel search takes every search option the single search takes") {
  // One worker on one uncut piece searches the very tree a Solver does, so
  // the node counts agree only if the options reached the worker.
  const xcover::Problem problem = queens(9);
  std::set<std::uint64_t> distinct;
  for (auto choice : {xcover::ItemChoice::first_shortest, xcover::ItemChoice::most_clashes}) {
    for (bool propagate : {false, true}) {
      CAPTURE(static_cast<int>(choice));
      CAPTURE(propagate);
      xcover::SearchOptions o;
      o.item_choice = choice;
      o.propagate = propagate;
      xcover::Solver solver(problem, xcover::Layout::bitsets);
      CHECK(solver.search(nullptr, o) == xcover::Status::exhausted);
      xcover::ParallelOptions p;
      p.threads = 1;
      p.pieces_per_thread = 1;
      p.layout = xcover::Layout::bitsets;
      p.search = o;
      xcover::ParallelSearch search(problem, p);
      CHECK(search.run() == xcover::Status::exhausted);
      CHECK(search.statistics().solutions == 352);
      CHECK(search.statistics().nodes == solver.statistics().nodes);
      distinct.insert(solver.statistics().nodes.saturate64());
    }
  }
  CHECK(distinct.size() >= 3);  // the options do change the tree
}

TEST_CASE("a temporary problem is refused at compile time") {
  static_assert(std::is_constructible_v<xcover::ParallelSearch, const xcover::Problem&>);
  static_assert(!std::is_constructible_v<xcover::ParallelSearch, xcover::Problem&&>);
  static_assert(!std::is_constructible_v<xcover::ParallelSearch, xcover::Problem>);
}

TEST_CASE("a progress or checkpoint callback that throws loses no work") {
  const xcover::Problem problem = queens(13);  // 73,712 solutions
  for (bool from_checkpoint : {false, true}) {
    CAPTURE(from_checkpoint);
    xcover::ParallelOptions p;
    p.threads = 2;
    p.single_thread_nodes = 0;  // the workers, however small the tree
    int calls = 0;
    if (from_checkpoint) {
      p.checkpoint_seconds = 1e-9;
      p.on_checkpoint = [&](const xcover::Checkpoint&) {
        if (++calls == 1) throw std::runtime_error("disk full");
      };
    } else {
      p.search.progress_nodes = 2000;
      p.search.on_progress = [&](const xcover::Progress&) {
        if (++calls == 2) throw std::runtime_error("terminal gone");
      };
    }
    xcover::ParallelSearch search(problem, p);
    CHECK_THROWS_WITH_AS(static_cast<void>(search.run()),
                         from_checkpoint ? "disk full" : "terminal gone", std::runtime_error);
    const xcover::Checkpoint rest = search.checkpoint();
    CHECK(rest.done < 1);
    // The rest, run again on the same object and resumed elsewhere, completes
    // the count exactly.
    xcover::ParallelOptions quiet;
    quiet.threads = 2;
    xcover::ParallelSearch elsewhere(problem, quiet);
    elsewhere.resume(rest);
    CHECK(elsewhere.run() == xcover::Status::exhausted);
    CHECK(elsewhere.statistics().solutions == 73712);
    calls = 100;  // no more throws
    CHECK(search.run() == xcover::Status::exhausted);
    CHECK(search.statistics().solutions == 73712);
  }
}

TEST_CASE("run() again goes on after a limit stopped it") {
  const xcover::Problem problem = queens(11);
  xcover::ParallelOptions p;
  p.threads = 2;
  p.single_thread_nodes = 0;  // the workers, however small the tree
  p.search.node_limit = 5000;
  xcover::ParallelSearch search(problem, p);
  CHECK(search.run() == xcover::Status::node_limit);
  CHECK(search.statistics().solutions < 2680);
  // The limit counts totals: lifted, the same search finishes the count.
  xcover::ParallelOptions none = p;
  none.search.node_limit = 0;
  xcover::ParallelSearch again(problem, none);
  again.resume(search.checkpoint());
  CHECK(again.run() == xcover::Status::exhausted);
  CHECK(again.statistics().solutions == 2680);
}

TEST_CASE("keep filters on the workers' threads, at once, before the visitor") {
  // 10-queens: 724 solutions, 362 with the first row's queen in the left
  // half. The filter keeps those; it is called on both workers, at the same
  // time, and the visitor sees only what it kept, one call at a time.
  const xcover::Problem problem = queens(10);
  const auto left_half = [&](const xcover::Solution& s) {
    for (const int option : s.options)
      if (option < 10) return option < 5;  // row 0's option: its column
    return false;
  };
  for (bool ordered : {false, true})
    for (std::uint64_t single : {std::uint64_t{0}, std::uint64_t{1} << 40}) {
      CAPTURE(ordered);
      CAPTURE(single);
      xcover::ParallelOptions options = on(2);
      options.ordered = ordered;
      options.single_thread_nodes = single;  // (large: the calling thread alone)
      std::mutex threads_mutex;
      std::set<std::thread::id> filtering;
      std::atomic<int> inside{0}, most_inside{0};
      options.keep = [&](const xcover::Solution& s) {
        const int now = ++inside;
        int seen = most_inside.load();
        while (now > seen && !most_inside.compare_exchange_weak(seen, now)) {
        }
        {
          const std::lock_guard lock(threads_mutex);
          filtering.insert(std::this_thread::get_id());
        }
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        --inside;
        return left_half(s);
      };
      xcover::ParallelSearch search(problem, options);
      std::size_t visits = 0, wrong = 0;
      CHECK(search.run([&](const xcover::Solution& s) {
        ++visits;
        wrong += left_half(s) ? 0 : 1;
        return true;
      }) == xcover::Status::exhausted);
      CHECK(visits == 362);
      CHECK(wrong == 0);
      CHECK(search.statistics().solutions == 362);
      // The workers filter at once (two threads, 724 calls of 0.2 ms each);
      // in order, or on the calling thread, one at a time.
      if (!ordered && single == 0) {
        CHECK(filtering.size() == 2);
        CHECK(most_inside.load() == 2);
      } else {
        CHECK(most_inside.load() == 1);
      }
    }
  // The limit counts the kept ones.
  xcover::ParallelOptions limited = on(2);
  limited.search.solution_limit = 10;
  limited.keep = left_half;
  xcover::ParallelSearch first_ten(problem, limited);
  std::size_t visits = 0;
  CHECK(first_ten.run([&](const xcover::Solution&) { return ++visits, true; }) ==
        xcover::Status::solution_limit);
  CHECK(visits == 10);
  // A filter that throws stops the search as a visitor that throws does.
  xcover::ParallelOptions throwing = on(2);
  std::atomic<int> calls{0};
  throwing.keep = [&](const xcover::Solution&) -> bool {
    if (++calls == 7) throw std::runtime_error("filter failed");
    return true;
  };
  xcover::ParallelSearch failing(problem, throwing);
  CHECK_THROWS_WITH_AS(static_cast<void>(failing.run([](const xcover::Solution&) { return true; })),
                       "filter failed", std::runtime_error);
  // Without a visitor there is nothing to filter for.
  xcover::ParallelSearch no_visitor(problem, limited);
  CHECK_THROWS_WITH_AS(static_cast<void>(no_visitor.run()),
                       doctest::Contains("give run() a visitor"), xcover::Error);
}

TEST_CASE("a visitor that throws stops every worker and reaches the caller") {
  const xcover::Problem problem = queens(10);
  for (bool ordered : {false, true}) {
    CAPTURE(ordered);
    xcover::ParallelOptions p;
    p.threads = 2;
    p.single_thread_nodes = 0;  // the workers, however small the tree
    p.ordered = ordered;
    xcover::ParallelSearch search(problem, p);
    int seen = 0;
    CHECK_THROWS_WITH_AS(static_cast<void>(search.run([&](const xcover::Solution&) {
                           if (++seen == 7) throw std::runtime_error("visitor failed");
                           return true;
                         })),
                         "visitor failed", std::runtime_error);
    CHECK(seen == 7);
    if (!ordered) {
      CHECK_THROWS_WITH_AS(static_cast<void>(search.run()),
                           doctest::Contains("after a solution visitor threw"), xcover::Error);
    }
  }
}

TEST_CASE("a checkpoint changed in any one byte is refused, never resumed to another total") {
  const xcover::Problem problem = queens(13);  // 73,712 solutions
  std::atomic<bool> cancel{false};
  xcover::ParallelOptions p;
  p.threads = 2;
  p.single_thread_nodes = 0;  // the workers, however small the tree
  p.search.cancel = &cancel;
  p.search.progress_nodes = 1;  // the first report stops the count
  p.search.on_progress = [&](const xcover::Progress&) { cancel = true; };
  xcover::ParallelSearch search(problem, p);
  REQUIRE(search.run() == xcover::Status::cancelled);
  const std::string path = xcover::test::temp_file("", ".ckpt");
  xcover::write_checkpoint(path, search.checkpoint());
  std::string text;
  {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    REQUIRE(f != nullptr);
    for (int c; (c = std::fgetc(f)) != EOF;) text.push_back(static_cast<char>(c));
    std::fclose(f);
  }
  REQUIRE(text.find("checksum ") != std::string::npos);
  // The file as written resumes to the exact total.
  {
    xcover::ParallelSearch resumed(problem, xcover::ParallelOptions{});
    resumed.resume(xcover::read_checkpoint(path));
    CHECK(resumed.run() == xcover::Status::exhausted);
    CHECK(resumed.statistics().solutions == 73712);
  }
  int refused = 0, resumed_exactly = 0, wrong = 0;
  for (std::size_t at = 0; at < text.size(); ++at) {
    for (char change : {'1', '9', ' ', '\n'}) {
      if (text[at] == change) continue;
      std::string damaged = text;
      damaged[at] = change;
      try {
        xcover::ParallelSearch resumed(problem, xcover::ParallelOptions{});
        resumed.resume(xcover::parse_checkpoint(damaged, path));
        if (resumed.run() == xcover::Status::exhausted && resumed.statistics().solutions == 73712)
          ++resumed_exactly;
        else
          ++wrong;
      } catch (const xcover::Error&) {
        ++refused;
      }
    }
  }
  CHECK(wrong == 0);
  CHECK(refused > 0);
  std::remove(path.c_str());
}

TEST_CASE("resume refuses pieces that overlap or exclude themselves") {
  const xcover::Problem problem = queens(6);
  xcover::ParallelSearch search(problem, xcover::ParallelOptions{});
  xcover::Checkpoint c;
  c.fingerprint = xcover::fingerprint(problem);
  c.done = 0.5;
  // Options 0 (r0 c0) and 1 (r0 c1) share row 0: one piece cannot force both.
  c.pending = {xcover::WorkPiece{{0, 1}, 0.5}};
  CHECK_THROWS_WITH_AS(search.resume(c),
                       "a piece of the checkpoint forces options 0 and 1, which exclude each other",
                       xcover::CheckpointError);
  // Option 0 alone, and option 0 with option 8 (r1 c2): the second lies
  // inside the first.
  c.pending = {xcover::WorkPiece{{0}, 0.25}, xcover::WorkPiece{{0, 8}, 0.25}};
  CHECK_THROWS_WITH_AS(
      search.resume(c),
      "pieces 1 and 2 of the checkpoint overlap (their solutions would count twice)",
      xcover::CheckpointError);
  // Rows 0 at different columns are apart.
  c.pending = {xcover::WorkPiece{{0}, 0.25}, xcover::WorkPiece{{1, 9}, 0.25}};
  CHECK_NOTHROW(search.resume(c));
}

TEST_CASE("a node limit holds exactly across threads, and what it leaves resumes exactly") {
  const xcover::Problem problem = queens(11);
  const std::uint64_t expected = 2680;
  for (unsigned threads : {1u, 2u, 4u}) {
    for (std::uint64_t limit : {1ull, 700ull, 5000ull, 40001ull}) {
      CAPTURE(threads);
      CAPTURE(limit);
      xcover::ParallelOptions options = on(threads);
      options.search.node_limit = limit;
      xcover::ParallelSearch first(problem, options);
      CHECK(first.run() == xcover::Status::node_limit);
      CHECK(first.statistics().nodes == limit);
      xcover::ParallelSearch second(problem, on(threads));
      second.resume(first.checkpoint());
      CHECK(second.run() == xcover::Status::exhausted);
      CHECK(second.statistics().solutions == expected);
      CHECK(second.statistics().nodes > limit);
    }
  }
  // A limit the search does not reach leaves it complete.
  xcover::ParallelOptions options = on(2);
  options.search.node_limit = 100000000;
  xcover::ParallelSearch whole(problem, options);
  CHECK(whole.run() == xcover::Status::exhausted);
  CHECK(whole.statistics().solutions == expected);
}

TEST_CASE("one solver's node limit counts solutions as nodes, and stops exactly") {
  // Two options per item: the deepest level's nodes are all solutions.
  xcover::Problem problem;
  for (int i = 0; i < 10; ++i) problem.add_primary("i" + std::to_string(i));
  for (int i = 0; i < 10; ++i) {
    problem.add_option({xcover::OptionEntry{i}});
    problem.add_option({xcover::OptionEntry{i}});
  }
  xcover::Solver solver(problem);
  for (std::uint64_t limit : {11ull, 12ull, 13ull, 100ull}) {
    CAPTURE(limit);
    xcover::SearchOptions options;
    options.node_limit = limit;
    CHECK(solver.count(options).status == xcover::Status::node_limit);
    CHECK(solver.statistics().nodes == limit);
  }
}

namespace {

// n items, each with one option of its own: a chain of forced choices.
xcover::Problem chain(int n) {
  xcover::Problem problem;
  for (int i = 0; i < n; ++i) problem.add_primary("i" + std::to_string(i));
  for (int i = 0; i < n; ++i) problem.add_option({"i" + std::to_string(i)});
  return problem;
}

}  // namespace

TEST_CASE("cut_into_pieces: a piece with one way on is not cut (a chain is one piece)") {
  // Descending the chain would cost a pass over it per item: quadratic.
  const xcover::Problem problem = chain(40000);
  const auto pieces = xcover::cut_into_pieces(problem, 128);
  REQUIRE(pieces.size() == 1);
  CHECK(pieces[0].forced.empty());
  CHECK(pieces[0].weight == 1.0);
  xcover::ParallelSearch search(problem, on(2));
  CHECK(search.run() == xcover::Status::exhausted);
  CHECK(search.statistics().solutions == 1);
}

TEST_CASE("cut_into_pieces: a level of very many options is not cut into a piece each") {
  // Each piece would cost its worker a cover of the item, with all its
  // options: quadratic.
  xcover::Problem problem;
  problem.add_primary("a");
  for (int k = 0; k < 5000; ++k) problem.add_option({"a"});
  CHECK(xcover::cut_into_pieces(problem, 128).size() == 1);
  CHECK(xcover::cut_into_pieces(problem, 8000).size() == 5000);  // unless asked for as many
  xcover::ParallelSearch search(problem, on(2, 1));
  CHECK(search.run() == xcover::Status::exhausted);
  CHECK(search.statistics().solutions == 5000);
}

TEST_CASE("cut_into_pieces: a cut stopped at any point still covers the whole tree") {
  const xcover::Problem problem = queens(7);
  const xcover::Count total = xcover::Solver(problem).count().solutions;
  for (int asked : {0, 1, 3, 10}) {
    CAPTURE(asked);
    int calls = 0;
    double dead = 0;
    const auto pieces =
        xcover::cut_into_pieces(problem, 200, &dead, [&] { return ++calls > asked; });
    CHECK(calls == asked + 1);
    xcover::Solver solver(problem);
    xcover::Count sum = 0;
    double weight = dead;
    for (const auto& piece : pieces) {
      REQUIRE(solver.assume(piece.forced));
      sum += solver.count().solutions;
      solver.clear_assumptions();
      weight += piece.weight;
    }
    CHECK(sum == total);
    CHECK(weight == doctest::Approx(1.0));
  }
}

TEST_CASE("a search cancelled before it starts stops in the first cut, and resumes exactly") {
  const xcover::Problem problem = queens(9);
  std::atomic<bool> cancel{true};
  xcover::ParallelOptions options = on(2);
  options.search.cancel = &cancel;
  xcover::ParallelSearch search(problem, options);
  CHECK(search.run() == xcover::Status::cancelled);
  xcover::ParallelSearch again(problem, on(2));
  again.resume(search.checkpoint());
  CHECK(again.run() == xcover::Status::exhausted);
  CHECK(again.statistics().solutions == 352);
}

TEST_CASE("keep_work_on_stop = false: a stop drops the work left, and says so after") {
  const xcover::Problem problem = queens(13);
  std::atomic<bool> cancel{false};
  xcover::ParallelOptions options = on(2);
  options.keep_work_on_stop = false;
  options.search.cancel = &cancel;
  options.search.on_progress = [&](const xcover::Progress&) { cancel = true; };
  options.search.progress_nodes = 1000;
  xcover::ParallelSearch search(problem, options);
  CHECK(search.run() == xcover::Status::cancelled);
  CHECK(search.statistics().solutions < 73712);
  CHECK_THROWS_AS(static_cast<void>(search.checkpoint()), xcover::Error);
  CHECK_THROWS_WITH_AS(static_cast<void>(search.run()), doctest::Contains("dropped the work left"),
                       xcover::Error);
}

TEST_CASE("the workers of a parallel search share one set of the bitsets layout's tables") {
  if (!xcover::test::heap_counted()) return;  // (glibc, no sanitizer)
  // 28 queens: 784 options in sets of 13 words. The tables (a mask of the
  // options clashing with each option, one of those containing each item)
  // take some 150 KB; a search's own state a tenth to an eighth of that, by
  // kernel set (the vectors' width rounds its stacks up).
  const xcover::Problem problem = queens(28);
  std::int64_t before = xcover::test::heap_bytes();
  xcover::Solver first(problem, xcover::Layout::bitsets);
  const std::int64_t whole = xcover::test::heap_bytes() - before;
  before = xcover::test::heap_bytes();
  const xcover::Solver second = first.sibling();
  const std::int64_t own = xcover::test::heap_bytes() - before;
  const std::int64_t tables = whole - own;
  CAPTURE(whole);
  CAPTURE(own);
  CHECK(own * 4 < tables);  // a sibling costs little: it builds no tables

  // The heap's high-water mark in a run on `threads` workers, stopped after
  // some 300,000 nodes (long enough for every worker to start).
  auto peak_on = [&](unsigned threads) {
    std::atomic<bool> cancel{false};
    xcover::ParallelOptions options = on(threads, 8);
    options.layout = xcover::Layout::bitsets;
    options.keep_work_on_stop = false;  // (the work left would be thousands of pieces)
    options.search.cancel = &cancel;
    options.search.on_progress = [&](const xcover::Progress&) { cancel = true; };
    options.search.progress_nodes = 300'000;
    const std::int64_t start = xcover::test::heap_bytes();
    xcover::ParallelSearch search(problem, options);
    static_cast<void>(xcover::test::take_heap_peak());
    CHECK(search.run() == xcover::Status::cancelled);
    return xcover::test::take_heap_peak() - start;
  };
  // With the tables shared, 7 workers more cost 7 searches' state; a worker
  // that built its own tables would cost them again (7 times, if all did).
  const std::int64_t one = peak_on(1), eight = peak_on(8);
  MESSAGE("tables " << tables << " B, a search's own state " << own << " B; the heap's peak " << one
                    << " B on one thread, " << eight << " B on eight");
  CHECK(eight - one < tables);
}

TEST_CASE("a search one thread finishes within single_thread_nodes starts no worker") {
  // 6 queens: 4 solutions in a tree of a few dozen nodes.
  const xcover::Problem small = queens(6);
  xcover::Solver solver(small);
  std::vector<std::vector<int>> alone;
  REQUIRE(solver.search([&](const xcover::Solution& s) {
    alone.push_back(s.options);
    return true;
  }) == xcover::Status::exhausted);
  for (bool ordered : {false, true}) {
    CAPTURE(ordered);
    xcover::ParallelOptions p;
    p.threads = 2;
    p.ordered = ordered;
    xcover::ParallelSearch search(small, p);
    std::vector<std::vector<int>> found;
    CHECK(search.run([&](const xcover::Solution& s) {
      found.push_back(s.options);
      return true;
    }) == xcover::Status::exhausted);
    // One thread's solutions, in its order, and its figures.
    CHECK(found == alone);
    CHECK(search.statistics().threads == 1);
    CHECK(search.statistics().nodes == solver.statistics().nodes);
    CHECK(search.statistics().solutions == 4);
    CHECK(search.checkpoint().done == 1);
  }
  // Counting, and a first solution found at once in a big tree.
  xcover::ParallelOptions p;
  p.threads = 2;
  xcover::ParallelSearch count(small, p);
  CHECK(count.run() == xcover::Status::exhausted);
  CHECK(count.statistics().solutions == 4);
  CHECK(count.statistics().threads == 1);
  const xcover::Problem big = queens(12);  // 14,200 solutions
  p.search.solution_limit = 1;
  xcover::ParallelSearch first(big, p);
  std::vector<int> got;
  CHECK(first.run([&](const xcover::Solution& s) {
    got = s.options;
    return true;
  }) == xcover::Status::solution_limit);
  CHECK(first.statistics().threads == 1);
  xcover::Solver one(big);
  xcover::SearchOptions limit;
  limit.solution_limit = 1;
  std::vector<int> expected;
  REQUIRE(one.search(
              [&](const xcover::Solution& s) {
                expected = s.options;
                return true;
              },
              limit) == xcover::Status::solution_limit);
  CHECK(got == expected);
}

TEST_CASE("a trial on one thread that does not finish is forgotten: the workers count it all") {
  const xcover::Problem problem = queens(11);  // 2,680 solutions
  std::vector<xcover::Count> nodes;
  for (std::uint64_t trial : {std::uint64_t{0}, std::uint64_t{100}, std::uint64_t{10000}}) {
    CAPTURE(trial);
    // Ordered: no sharing, so the workers' tree is the same every time.
    xcover::ParallelOptions p;
    p.threads = 2;
    p.ordered = true;
    p.single_thread_nodes = trial;
    xcover::ParallelSearch search(problem, p);
    std::uint64_t seen = 0;
    CHECK(search.run([&](const xcover::Solution&) {
      ++seen;
      return true;
    }) == xcover::Status::exhausted);
    CHECK(seen == 2680);
    CHECK(search.statistics().solutions == 2680);
    CHECK(search.statistics().threads == 2);
    nodes.push_back(search.statistics().nodes);
  }
  // The trial's nodes are not counted.
  CHECK(nodes[1] == nodes[0]);
  CHECK(nodes[2] == nodes[0]);
  // A visitor that throws in the trial reaches the caller, as from a worker.
  const xcover::Problem small = queens(6);
  xcover::ParallelOptions p;
  p.threads = 2;
  xcover::ParallelSearch search(small, p);
  CHECK_THROWS_WITH_AS(static_cast<void>(search.run([](const xcover::Solution&) -> bool {
                         throw std::runtime_error("visitor failed");
                       })),
                       "visitor failed", std::runtime_error);
  CHECK_THROWS_WITH_AS(static_cast<void>(search.run()),
                       doctest::Contains("after a solution visitor threw"), xcover::Error);
}

}  // namespace test_parallel
