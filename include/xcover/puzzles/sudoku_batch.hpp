// SPDX-License-Identifier: MIT
// Many Sudoku puzzles of any shape, solved (or counted, or rated) on several
// threads, each result handed back in input order. Lines go in one at a
// time and results come out through a callback while more go in, so a file
// of millions of puzzles is solved in the memory of a few thousand (the
// window). Every thread reads lines with its own SudokuReader and keeps a
// SudokuSolver per set of rules it meets.
//
//   xcover::SudokuBatch batch({.limit = 2}, [](const xcover::SudokuBatchResult& r) {
//     if (r.status == xcover::SudokuStatus::solved)
//       std::cout << xcover::to_line(r.solution) << '\n';
//     return true;  // false stops the batch
//   });
//   for (std::string line; std::getline(std::cin, line);) batch.add(line);
//   batch.flush();
//
// The callback runs on the thread that calls add() and flush(), never on two
// threads at once, once per puzzle and in the order the puzzles were added.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "xcover/export.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"

namespace xcover {

// How a SudokuBatch reads, solves and hands back its puzzles.
struct SudokuBatchOptions {
  // How lines are read (the classic format by default: the side from the
  // length, square boxes).
  SudokuLineFormat format{};
  // Solutions sought per puzzle: 1 solves, 2 also proves it unique, 0 all.
  std::uint64_t limit = 1;
  // Decode the first solution into each result; false only counts (faster).
  bool keep_solution = true;
  // Rate each solved puzzle (rate_sudoku with its default relabellings).
  bool rate = false;
  // Threads that solve, the caller's among them; 0: default_threads().
  unsigned threads = 0;
  // Give up on a puzzle after this many search nodes; 0: no limit.
  std::uint64_t node_limit = 0;
  // Seconds for the whole batch, counted from its construction; 0: none.
  double time_limit = 0;
  // Set to true (from any thread, or a signal handler) to stop the batch.
  const std::atomic<bool>* cancel = nullptr;
  // Puzzles held at once, waiting, being solved or solved but not yet
  // handed back; add() waits (and helps solve) when the window is full.
  std::size_t window = 4096;
};

// One puzzle's result, handed to the callback in the order puzzles were added.
struct SudokuBatchResult {
  std::uint64_t index = 0;  // the puzzle's place among those added, from 0
  // `stopped`: the node limit made it give up (a cancellation or the time
  // limit stops the whole batch instead, and that puzzle is not handed back).
  SudokuStatus status = SudokuStatus::no_solution;
  std::uint64_t solutions = 0;  // found, at most the limit
  std::uint64_t nodes = 0;      // search nodes spent on it (0 when invalid)
  // Why the puzzle is invalid: the reader's or find_conflict's message.
  std::string error;
  // The line as read (rules, alphabet, board), when keep_solution is set
  // and the line was a puzzle: to print the puzzle and its rules beside.
  SudokuLine puzzle;
  // The first solution found, when solved and keep_solution is set.
  SudokuBoard solution;
  // When rate is set and the puzzle was solved.
  std::optional<SudokuRating> rating;
};

// Why a batch stopped before every puzzle added was handed back.
enum class SudokuBatchStop {
  none,
  cancelled,   // the flag that SudokuBatchOptions::cancel points to became true
  time_limit,  // SudokuBatchOptions::time_limit passed
  callback,    // the callback returned false (or threw)
};

// The stop's name: "none", "cancelled", "time_limit", "callback".
XCOVER_API const char* to_string(SudokuBatchStop stop);

// Solves puzzle lines on several threads and hands back one result per line,
// in the order they were added, losing none (see the top of this file).
class XCOVER_API SudokuBatch {
 public:
  // Returns false to stop the batch after this result.
  using Callback = std::function<bool(const SudokuBatchResult&)>;

  // Starts the threads (threads - 1 of them: the caller solves too, while it
  // waits in add() or flush()). SudokuError when the format gives no rules.
  SudokuBatch(const SudokuBatchOptions& options, Callback callback);
  // Stops the threads; results not yet handed back are dropped (flush()
  // first to have them all).
  ~SudokuBatch();
  SudokuBatch(const SudokuBatch&) = delete;
  SudokuBatch& operator=(const SudokuBatch&) = delete;

  // Queues one puzzle line (read under options.format) and hands back the
  // results that are ready. Returns false, without taking the line, once
  // the batch has stopped. An error in a puzzle is its result's; but
  // std::bad_alloc and ConfigurationError (a bad XCOVER_KERNELS) stop the
  // batch and go on to the caller of add() or flush().
  bool add(std::string_view line);
  // Solves every puzzle added so far and hands back its result; false when
  // the batch stopped first. After a stop the results handed back are those
  // of the first delivered() puzzles, each exactly once.
  bool flush();

  // Builds every thread's solver for boards of `side` now rather than at
  // its first puzzle (a benchmark keeps it out of its timing). Only between
  // flush() and the next add(), and for formats without per-line rules.
  void prepare(int side);

  std::uint64_t added() const;      // puzzles added so far
  std::uint64_t delivered() const;  // results handed back so far
  SudokuBatchStop stopped() const;  // what stopped the batch, if anything
  unsigned threads() const;         // the threads that solve, the caller's among them

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xcover
