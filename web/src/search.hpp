// SPDX-License-Identifier: MIT
// The classes the bindings hand to JavaScript: a Problem, a Solver of a
// copy of it, and a lazy search (Search) that shares the solver's state.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "xcover/frontend/solutions.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover::web {

// A problem JavaScript builds and reads; shared so that a Tiling's problem
// can be handed out without a copy.
struct JsProblem {
  std::shared_ptr<Problem> problem;
  JsProblem();
  explicit JsProblem(Problem p);
};

// A solver and the copy of the problem it was built from.
struct SolverState {
  std::shared_ptr<const Problem> problem;
  Solver solver;
  SolverState(std::shared_ptr<const Problem> p, Layout layout)
      : problem(std::move(p)), solver(*problem, layout) {}
};

class JsSearch;

// What a tiling's search with `disassemble` adds to its solutions: the
// assemblies met, and each kept solution's disassembly as an object (what
// the filter found, not taken apart again).
struct SearchAssemblies {
  std::function<std::uint64_t()> met;               // the assemblies met so far
  std::function<val(const Solution&)> disassembly;  // a kept solution's
};

class JsSolver {
 public:
  JsSolver(const Problem& problem, const std::string& layout);
  // count(), first(): searches of the options' kind (read_search_options),
  // count() also `memo` (true or false: Counting::memo or plain) and
  // `symmetry` (CountOptions::symmetry, true unless given).
  val count(const val& options);
  val first(const val& options);  // a solution's options, or null
  JsSearch solutions(const val& options);
  bool assume(const val& options);  // an option or an array of them
  void clear_assumptions();
  val assumptions() const;
  val estimate(double probes, double seed, const val& options);
  std::string layout() const;
  std::string kernels() const;
  val statistics() const;

 private:
  std::shared_ptr<SolverState> state_;
};

// Solutions one at a time: next() searches on to the next one (an array of
// option indices) or gives null at the end; close() ends the search early.
// `keep` (a tiling's symmetry filter) skips the solutions it refuses, and
// the limit counts the kept ones (frontend::KeptSolutions). With
// `assemblies`, assemblies() and disassembly() say what its filter found.
class JsSearch {
 public:
  JsSearch(std::shared_ptr<SolverState> state, const val& options, frontend::Keep keep = {},
           std::optional<SearchAssemblies> assemblies = std::nullopt);
  val next();
  void close();
  val status() const;  // null while the search can go on
  val statistics() const;
  val assemblies() const;   // the assemblies met, or null without disassemble
  val disassembly() const;  // the last solution's disassembly, or null

 private:
  std::shared_ptr<SolverState> state_;
  std::unique_ptr<SearchRequest> request_;  // (its address is in the options)
  std::optional<frontend::KeptSolutions> kept_;
  Status status_ = Status::stopped;
  std::optional<SearchAssemblies> assemblies_;
  val disassembly_ = val::null();
};

// Each file's part of the module.
void bind_problem();
void bind_sudoku();
void bind_puzzles();

}  // namespace xcover::web
