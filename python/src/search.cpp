// SPDX-License-Identifier: MIT
// xcover_dlx.Solver, its lazy solutions() and count(), and count() on many
// threads. Every search releases the GIL and stops on Ctrl-C.
#include <pybind11/stl.h>

#include <cmath>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "bindings.hpp"
#include "xcover/frontend/names.hpp"
#include "xcover/frontend/options.hpp"
#include "xcover/frontend/solutions.hpp"
#include "xcover/parallel.hpp"
#include "xcover/threads.hpp"
#include "xcover/zdd.hpp"

namespace xcover::python {
namespace {

// The Python Solver owns a copy of the problem it was given, so that the
// engine's structure can never outlive or disagree with its problem.
struct SolverBox {
  Problem problem;
  Solver solver;
  SolverBox(const Problem& p, Layout layout, Kernels kernels)
      : problem(p), solver(problem, layout, kernels) {}
};

struct CountSummary {
  Count solutions = 0;
  Status status = Status::exhausted;
  Statistics statistics;
  // A tiling's count(disassemble=True): the assemblies met.
  std::optional<std::uint64_t> assemblies;
  bool complete() const { return status == Status::exhausted; }
};

// solutions(): each next() resumes the search until the next solution
// (frontend::KeptSolutions with no filter, the pull range JavaScript's
// searches and a Tiling's use), with the GIL released.
class SolutionIterator {
 public:
  SolutionIterator(std::shared_ptr<SolverBox> box, SearchOptions options,
                   const py::object& progress, double progress_interval)
      : box_(std::move(box)), interrupt_(std::make_unique<Interrupt>()) {
    interrupt_->report_progress(progress, progress_interval);
    interrupt_->watch(options);
    kept_.emplace(box_->solver, options);
  }

  std::vector<int> next() {
    if (kept_->status()) throw py::stop_iteration();
    const Solution* found = nullptr;
    {
      py::gil_scoped_release release;
      found = kept_->next();
    }
    if (interrupt_->interrupted()) {
      close();
      interrupt_->raise_if_interrupted();
    }
    if (found == nullptr) {
      close();
      throw py::stop_iteration();
    }
    return found->to_vector();
  }

  // Ends the search (status stopped when the loop left before the end); the
  // solver is free for other calls again.
  void close() { kept_->close(); }

  std::optional<Status> status() const { return kept_->status(); }
  const SolverBox& box() const { return *box_; }

 private:
  std::shared_ptr<SolverBox> box_;
  std::unique_ptr<Interrupt> interrupt_;  // the search's options point at it
  std::optional<frontend::KeptSolutions> kept_;
};

// The caller's progress callback (None for none), called every `interval`
// seconds of a search with a Progress.
struct Reporting {
  py::object callback;
  double interval;
};

// memo=None: the automatic choice; True: the memo; False: plain. symmetry:
// CountOptions::symmetry.
CountOptions counting_of(const py::object& memo, bool symmetry) {
  CountOptions how;
  how.symmetry = symmetry;
  if (memo.is_none()) return how;
  if (!py::isinstance<py::bool_>(memo))
    throw py::type_error("memo must be True, False or None (the automatic choice), not " +
                         std::string(py::str(py::type::of(memo).attr("__name__"))));
  how.counting = memo.cast<bool>() ? Counting::memo : Counting::plain;
  return how;
}

CountSummary count_with(SolverBox& box, const SearchOptions& limits, const Reporting& reporting,
                        const CountOptions& how) {
  SearchOptions options = limits;
  Interrupt interrupt;
  interrupt.report_progress(reporting.callback, reporting.interval);
  interrupt.watch(options);
  const CountResult result = run_search(interrupt, [&] { return box.solver.count(options, how); });
  return {result.solutions, result.status, box.solver.statistics(), std::nullopt};
}

CountSummary count_parallel(const Problem& given, const SearchOptions& limits, unsigned threads,
                            Layout layout, const Reporting& reporting, const CountOptions& how) {
  const Problem problem = given;  // Python may change `given` while the GIL is out
  ParallelOptions parallel;
  parallel.threads = threads;
  parallel.count = how;
  parallel.layout = layout;
  parallel.search = limits;
  parallel.keep_work_on_stop = false;  // nothing to resume: a stop ends at once
  Interrupt interrupt;
  interrupt.report_progress(reporting.callback, reporting.interval);
  interrupt.watch(parallel.search);
  ParallelSearch search(problem, parallel);
  const Status status = run_search(interrupt, [&] { return search.run(); });
  return {search.statistics().solutions, status, search.statistics(), std::nullopt};
}

// The diagram's order by its name: "fewest" (as the count branches) or
// "first" (ordered, as Graphillion reads).
ZddOrder zdd_order_of(const std::string& order) {
  return frontend::value_named<ZddOrder>(frontend::Option::zdd_order, frontend::FrontEnd::python,
                                         order);
}

ZddResult zdd_with(SolverBox& box, const SearchOptions& limits, const Reporting& reporting,
                   const std::string& order) {
  const ZddOrder branching = zdd_order_of(order);
  SearchOptions options = limits;
  Interrupt interrupt;
  interrupt.report_progress(reporting.callback, reporting.interval);
  interrupt.watch(options);
  return run_search(interrupt, [&] { return box.solver.zdd(options, 0, branching); });
}

// The limits a search takes from Python: ValueError for a negative one.
SearchOptions limits_of(const py::int_& limit, double time_limit, const py::int_& node_limit) {
  if (!(time_limit >= 0) || std::isinf(time_limit))
    frontend::refuse_value(frontend::Option::time_limit, frontend::FrontEnd::python,
                           seconds_text(time_limit));
  return search_options(counted<std::uint64_t>(limit, frontend::Option::limit), time_limit,
                        counted<std::uint64_t>(node_limit, frontend::Option::node_limit));
}

// The tree options as Python gives them: propagate, item_choice (a name of
// frontend::item_choice_names, or an ItemChoice member) and seed.
struct Tree {
  bool propagate = false;
  py::object item_choice;
  py::int_ seed;
};

ItemChoice item_choice_of(const py::object& given) {
  std::string word;
  if (py::isinstance(given, enum_class<ItemChoice>()))
    word = given.attr("value").cast<std::string>();
  else if (py::isinstance<py::str>(given))
    word = given.cast<std::string>();
  else
    throw py::type_error("item_choice must be a str or an ItemChoice, not " +
                         std::string(py::str(py::type::of(given).attr("__name__"))));
  return frontend::value_named<ItemChoice>(frontend::Option::item_choice,
                                           frontend::FrontEnd::python, word);
}

// `options` with `tree` in it.
template <class Options>
Options with_tree(Options options, const Tree& tree) {
  options.propagate = tree.propagate;
  options.item_choice = item_choice_of(tree.item_choice);
  options.random_seed = counted<std::uint64_t>(tree.seed, frontend::Option::seed);
  return options;
}

// What a count or a search was given, for frontend::check_together: memo
// with a limit, tree options or a seed is refused, as on the CLI.
void check_given(const SearchOptions& options, bool memo) {
  frontend::Given given;
  given.add(frontend::Option::limit, options.solution_limit != 0)
      .add(frontend::Option::node_limit, options.node_limit != 0)
      .add(frontend::Option::seed, options.random_seed != 0)
      .add(frontend::Option::propagate, options.propagate)
      .add(frontend::Option::item_choice, options.item_choice != ItemChoice::first_shortest)
      .add(frontend::Option::memo, memo);
  frontend::check_together(frontend::FrontEnd::python, given);
}

// The tree options `layout` does not follow are refused before anything is searched.
void check_followed(Layout layout, const TreeOptions& options) {
  frontend::check_followed(frontend::FrontEnd::python, layout, options);
}

const char* const kLimits = R"doc(
limit: stop after this many solutions (0: all); time_limit: seconds (0: none);
node_limit: search nodes (0: none). progress: called with a Progress every
progress_interval seconds while the search runs; what it raises stops the
search and is raised here. The search runs without the GIL; Ctrl-C stops it
and raises KeyboardInterrupt.)doc";
const char* const kMemo = R"doc(
memo: True counts with a memo of sub-problems (as Knuth's DLX6: billions of
solutions in a second where sub-problems repeat; one memo the threads share;
no solution limit), False
visits every solution, None (the default) takes the memo where it pays.
statistics.layout is Layout.memo when the memo counted.
symmetry: False never splits the count by the problem's symmetries. By
default a count that is not plain (memo=False) counts one option of each class
that permutations of the items (mapping the options onto themselves) make
among an item's options, times the class's size: 13-queens and Langford pairs
in half the time. statistics.symmetry_classes says where it split.)doc";

const char* const kTree = R"doc(
propagate, item_choice ('first-shortest' or 'most-clashes', a str or an
ItemChoice) and seed (ties between items broken at random with it; 0: the
first) grow the tree as the CLI's --propagate, --item-choice and --seed do:
propagate and most-clashes are followed by the bitsets layout only, and
refused (ValueError) with the others, as with memo=True.)doc";

// Each call's docstring: what it does, then what its arguments mean.
std::string doc(const char* what, std::initializer_list<const char*> parts) {
  std::string out = what;
  for (const char* part : parts) out += part;
  return out;
}

SolutionIterator solver_solutions(std::shared_ptr<SolverBox> box, const py::int_& limit,
                                  double time_limit, const py::int_& node_limit,
                                  const py::object& progress, double progress_interval,
                                  const Tree& tree) {
  const SearchOptions options = with_tree(limits_of(limit, time_limit, node_limit), tree);
  check_given(options, false);
  check_followed(box->solver.layout(), options);
  return SolutionIterator(std::move(box), options, progress, progress_interval);
}

CountSummary solver_count(SolverBox& box, const py::int_& limit, double time_limit,
                          const py::int_& node_limit, const Reporting& reporting,
                          const py::object& memo, bool symmetry, const Tree& tree) {
  const CountOptions how = counting_of(memo, symmetry);
  const SearchOptions options = with_tree(limits_of(limit, time_limit, node_limit), tree);
  check_given(options, how.counting == Counting::memo);
  check_followed(box.solver.layout(), options);
  return count_with(box, options, reporting, how);
}

Estimate solver_estimate(SolverBox& box, const py::int_& probes, const py::int_& seed,
                         double time_limit, bool propagate, const py::object& item_choice) {
  const auto probe_count = counted<std::uint64_t>(probes, "probes");
  const auto seed_value = counted<std::uint64_t>(seed, frontend::Option::seed);
  EstimateOptions options;
  options.time_limit = limits_of(py::int_(0), time_limit, py::int_(0)).time_limit;  // (checked)
  options.propagate = propagate;
  options.item_choice = item_choice_of(item_choice);
  check_followed(box.solver.layout(), options);
  Interrupt interrupt;
  interrupt.watch(options);
  return run_search(interrupt,
                    [&] { return box.solver.estimate(probe_count, seed_value, options); });
}

py::tuple solver_cheapest(SolverBox& box, const py::int_& k, double time_limit,
                          const py::int_& node_limit, const py::object& progress,
                          double progress_interval) {
  const auto best = counted<std::size_t>(k, "k");
  const SearchOptions limits = limits_of(py::int_(0), time_limit, node_limit);
  CheapestOptions options;
  static_cast<LimitOptions&>(options) = limits;
  static_cast<StopOptions&>(options) = limits;
  Interrupt interrupt;
  interrupt.report_progress(progress, progress_interval);
  interrupt.watch(options);
  const CheapestResult r =
      run_search(interrupt, [&] { return box.solver.cheapest(best, options); });
  py::list solutions;
  for (const CostedSolution& s : r.solutions) solutions.append(py::make_tuple(s.cost, s.options));
  return py::make_tuple(solutions, r.status);
}

CountSummary count_problem(const Problem& problem, const py::int_& limit, double time_limit,
                           const py::int_& node_limit, const py::int_& thread_count, Layout layout,
                           const Reporting& reporting, const py::object& memo, bool symmetry,
                           const Tree& tree) {
  const CountOptions how = counting_of(memo, symmetry);
  const SearchOptions limits = with_tree(limits_of(limit, time_limit, node_limit), tree);
  check_given(limits, how.counting == Counting::memo);
  const Layout runs = layout_for(problem, layout);
  check_followed(runs, limits);
  const auto threads = counted<unsigned>(thread_count, frontend::Option::threads);
  if (threads == 1) {
    SolverBox box(problem, layout, Kernels::automatic);
    return count_with(box, limits, reporting, how);
  }
  return count_parallel(problem, limits, threads, layout, reporting, how);
}

// One name table as Python data: [{'name':, 'alias':, 'asked':}, ...].
template <class E>
py::list names_data() {
  py::list out;
  for (const frontend::Named<E>& named : frontend::names<E>()) {
    py::dict row;
    row["name"] = std::string(named.name);
    row["alias"] = std::string(named.alias);
    row["asked"] = named.asked;
    out.append(row);
  }
  return out;
}

// frontend::search_option_table() as a list of dicts, for the tests (and
// tools) that check every front end against it.
py::list option_table() {
  static const char* const kinds[] = {"switch",   "count",           "positive_count", "seconds",
                                      "threads",  "mebibytes",       "file",           "name",
                                      "callback", "positive_seconds"};
  static const std::pair<unsigned, const char*> calls[] = {{frontend::call_solutions, "solutions"},
                                                           {frontend::call_count, "count"},
                                                           {frontend::call_estimate, "estimate"},
                                                           {frontend::call_cheapest, "cheapest"},
                                                           {frontend::call_zdd, "zdd"}};
  py::list out;
  for (const frontend::OptionSpec& spec : frontend::search_option_table()) {
    py::dict row;
    row["name"] = std::string(spec.name);
    row["cli"] = std::string(spec.cli);
    row["python"] = std::string(spec.python);
    row["javascript"] = std::string(spec.javascript);
    row["kind"] = kinds[static_cast<int>(spec.kind)];
    row["names"] = std::string(spec.names);
    row["default"] = std::string(spec.default_value);
    py::list takes;
    for (const auto& [bit, call] : calls)
      if (spec.calls & bit) takes.append(call);
    row["calls"] = takes;
    row["help"] = std::string(spec.help);
    row["elsewhere"] = std::string(spec.elsewhere);
    row["takes"] = frontend::what_it_takes(spec.option);
    out.append(row);
  }
  return out;
}

void bind_results(py::module_& m) {
  py::class_<Statistics>(m, "Statistics",
                         "Counters as Knuth's DLX1 defines them, for the last search.")
      .def_readonly("nodes", &Statistics::nodes)
      .def_readonly("updates", &Statistics::updates)
      .def_readonly("solutions", &Statistics::solutions)
      .def_readonly("seconds", &Statistics::seconds)
      .def_readonly("bytes", &Statistics::bytes)
      .def_readonly("level_nodes", &Statistics::level_nodes)
      .def_readonly("layout", &Statistics::layout)
      .def_readonly("threads", &Statistics::threads)
      .def_readonly("memo_hits", &Statistics::memo_hits)
      .def_readonly("memo_entries", &Statistics::memo_entries)
      .def_readonly("memo_splits", &Statistics::memo_splits)
      .def_readonly("symmetry_options", &Statistics::symmetry_options)
      .def_readonly("symmetry_classes", &Statistics::symmetry_classes)
      .def("__repr__", [](const Statistics& s) {
        return "<Statistics: " + xcover::to_string(s.nodes) + " nodes, " +
               xcover::to_string(s.updates) + " updates, " + xcover::to_string(s.solutions) +
               " solutions, " + std::to_string(s.seconds) + " s>";
      });

  py::class_<Progress>(m, "Progress", R"doc(
A snapshot of a running search, for the progress callback of solutions(),
count() and cheapest(): counters so far (totals over the threads of a count
on many) and Knuth's estimate of the fraction of the tree explored.)doc")
      .def_readonly("nodes", &Progress::nodes)
      .def_readonly("updates", &Progress::updates)
      .def_readonly("solutions", &Progress::solutions)
      .def_readonly("seconds", &Progress::seconds)
      .def_readonly("level", &Progress::level, "The depth the search is at.")
      .def_readonly("fraction_done", &Progress::fraction_done,
                    "Estimated fraction of the search tree already explored, 0 to 1.")
      .def("__repr__", [](const Progress& p) {
        return "<Progress: " + xcover::to_string(p.nodes) + " nodes, " +
               xcover::to_string(p.solutions) + " solutions, " + std::to_string(p.seconds) +
               " s, " + std::to_string(p.fraction_done) + " done>";
      });

  py::class_<Estimate>(m, "Estimate", "Knuth's estimate of a search (Solver.estimate).")
      .def_readonly("probes", &Estimate::probes)
      .def_readonly("nodes", &Estimate::nodes)
      .def_readonly("updates", &Estimate::updates)
      .def_readonly("solutions", &Estimate::solutions)
      .def_readonly("seconds", &Estimate::seconds)
      .def_readonly("nodes_spread", &Estimate::nodes_spread)
      .def_readonly("updates_spread", &Estimate::updates_spread)
      .def_readonly("solutions_spread", &Estimate::solutions_spread)
      .def_readonly("seconds_spread", &Estimate::seconds_spread)
      .def_readonly("elapsed", &Estimate::elapsed)
      .def_readonly("status", &Estimate::status)
      .def("__repr__", [](const Estimate& e) {
        return "<Estimate: " + std::to_string(e.nodes) + " nodes, " + std::to_string(e.solutions) +
               " solutions, " + std::to_string(e.seconds) + " s from " + std::to_string(e.probes) +
               " probes>";
      });
}

void bind_counts(py::module_& m) {
  py::class_<CountSummary>(m, "CountResult",
                           "A count and why it ended: cut short, it is only a lower bound.")
      .def_readonly("solutions", &CountSummary::solutions)
      .def_readonly("status", &CountSummary::status)
      .def_property_readonly("complete", &CountSummary::complete,
                             "True when every solution was counted.")
      .def_readonly("statistics", &CountSummary::statistics)
      .def_readonly("assemblies", &CountSummary::assemblies,
                    "A tiling's count(disassemble=True): the assemblies met, those that come "
                    "apart or not (BurrTools' assemblies; `solutions` are its solutions). "
                    "None for any other count.")
      .def("__int__", [](const CountSummary& c) { return c.solutions; })
      .def("__repr__", [](const CountSummary& c) {
        return "<CountResult: " + xcover::to_string(c.solutions) + " solutions, " +
               to_string(c.status) + ">";
      });

  py::class_<SolutionIterator>(m, "SolutionIterator", R"doc(
The solutions one at a time, each a list of option indices, searched for only
when asked: leaving the loop early costs nothing more. While it is open, its
solver refuses other calls; close() (or the end of the loop) frees it.)doc")
      .def("__iter__", [](SolutionIterator& it) -> SolutionIterator& { return it; })
      .def("__next__", &SolutionIterator::next)
      .def("close", &SolutionIterator::close, "Ends the search.")
      .def_property_readonly("status", &SolutionIterator::status,
                             "Why the search ended; None while it goes on.")
      .def_property_readonly(
          "statistics", [](const SolutionIterator& it) { return it.box().solver.statistics(); });
}

// The searches of a Solver: solutions, count, zdd.
void bind_solver_searches(py::class_<SolverBox, std::shared_ptr<SolverBox>>& solver) {
  solver
      .def(
          "solutions",
          [](std::shared_ptr<SolverBox> box, const py::int_& limit, double time_limit,
             const py::int_& node_limit, const py::object& progress, double progress_interval,
             bool propagate, const py::object& item_choice, const py::int_& seed) {
            return solver_solutions(std::move(box), limit, time_limit, node_limit, progress,
                                    progress_interval, {propagate, item_choice, seed});
          },
          py::arg("limit") = 0, py::kw_only(), py::arg("time_limit") = 0.0,
          py::arg("node_limit") = 0, py::arg("progress") = py::none(),
          py::arg("progress_interval") = 1.0, py::arg("propagate") = false,
          py::arg("item_choice") = "first-shortest", py::arg("seed") = 0,
          doc("The solutions, lazily, as lists of option indices.\n", {kLimits, kTree}).c_str())
      .def(
          "count",
          [](SolverBox& box, const py::int_& limit, double time_limit, const py::int_& node_limit,
             const py::object& progress, double progress_interval, const py::object& memo,
             bool symmetry, bool propagate, const py::object& item_choice, const py::int_& seed) {
            return solver_count(box, limit, time_limit, node_limit, {progress, progress_interval},
                                memo, symmetry, {propagate, item_choice, seed});
          },
          py::arg("limit") = 0, py::kw_only(), py::arg("time_limit") = 0.0,
          py::arg("node_limit") = 0, py::arg("progress") = py::none(),
          py::arg("progress_interval") = 1.0, py::arg("memo") = py::none(),
          py::arg("symmetry") = true, py::arg("propagate") = false,
          py::arg("item_choice") = "first-shortest", py::arg("seed") = 0,
          doc("Counts solutions; returns a CountResult.\n", {kLimits, kMemo, kTree}).c_str())
      .def(
          "zdd",
          [](SolverBox& box, double time_limit, const py::int_& node_limit,
             const py::object& progress, double progress_interval, const std::string& order) {
            return zdd_with(box, limits_of(py::int_(0), time_limit, node_limit),
                            {progress, progress_interval}, order);
          },
          py::kw_only(), py::arg("time_limit") = 0.0, py::arg("node_limit") = 0,
          py::arg("progress") = py::none(), py::arg("progress_interval") = 1.0,
          py::arg("order") = "fewest",
          doc("Every solution as a decision diagram (Zdd), made by a memoised count on "
              "one thread; a ZddResult, whose zdd is None when a limit stopped it. "
              "order: 'fewest' (branching as the count does, the fastest) or 'first' "
              "(the first item left: an ordered diagram, as Graphillion reads). "
              "Error with assumptions, ProblemError with multiplicities.\n",
              {kLimits})
              .c_str());
}

// The rest of a Solver: assumptions, estimate, cheapest and what it holds.
void bind_solver_rest(py::class_<SolverBox, std::shared_ptr<SolverBox>>& solver) {
  solver
      .def(
          "assume", [](SolverBox& box, int option) { return box.solver.assume(option); },
          py::arg("option"),
          "Forces an option into every solution until clear_assumptions(); False when it "
          "conflicts with those already forced.")
      .def(
          "assume",
          [](SolverBox& box, const std::vector<int>& options) {
            return box.solver.assume(std::span<const int>(options));
          },
          py::arg("options"))
      .def("clear_assumptions", [](SolverBox& box) { box.solver.clear_assumptions(); })
      .def_property_readonly("assumptions",
                             [](const SolverBox& box) {
                               auto a = box.solver.assumptions();
                               return std::vector<int>(a.begin(), a.end());
                             })
      .def(
          "branching",
          [](SolverBox& box) {
            Branching b = box.solver.branching();
            return py::make_tuple(b.solved, b.options);
          },
          "(solved, options): whether the assumptions already solve the problem, else the "
          "options of the item the search would branch on.")
      .def("estimate", &solver_estimate, py::arg("probes"), py::arg("seed") = 0, py::kw_only(),
           py::arg("time_limit") = 0.0, py::arg("propagate") = false,
           py::arg("item_choice") = "first-shortest",
           "Knuth's Monte Carlo estimate of the search: `probes` random paths; an Estimate. "
           "seed seeds the probes; propagate and item_choice grow the tree as solutions() "
           "does.")
      .def("cheapest", &solver_cheapest, py::arg("k") = 1, py::kw_only(),
           py::arg("time_limit") = 0.0, py::arg("node_limit") = 0, py::arg("progress") = py::none(),
           py::arg("progress_interval") = 1.0,
           "The k cheapest solutions by option costs (Knuth's DLX5), cheapest first, ties by\n"
           "the sorted option lists: ([(cost, options), ...], status). progress: as count's.")
      .def_property_readonly("statistics",
                             [](const SolverBox& box) { return box.solver.statistics(); })
      .def_property_readonly("problem", [](const SolverBox& box) { return box.problem; })
      .def_property_readonly("layout", [](const SolverBox& box) { return box.solver.layout(); })
      .def_property_readonly("kernels", [](const SolverBox& box) { return box.solver.kernels(); });
}

void bind_module_calls(py::module_& m) {
  m.def(
      "count",
      [](const Problem& problem, const py::int_& limit, double time_limit,
         const py::int_& node_limit, const py::int_& thread_count, Layout layout,
         const py::object& progress, double progress_interval, const py::object& memo,
         bool symmetry, bool propagate, const py::object& item_choice, const py::int_& seed) {
        return count_problem(problem, limit, time_limit, node_limit, thread_count, layout,
                             {progress, progress_interval}, memo, symmetry,
                             {propagate, item_choice, seed});
      },
      py::arg("problem"), py::arg("limit") = 0, py::kw_only(), py::arg("time_limit") = 0.0,
      py::arg("node_limit") = 0, py::arg("threads") = 0, py::arg("layout") = Layout::automatic,
      py::arg("progress") = py::none(), py::arg("progress_interval") = 1.0,
      py::arg("memo") = py::none(), py::arg("symmetry") = true, py::arg("propagate") = false,
      py::arg("item_choice") = "first-shortest", py::arg("seed") = 0,
      doc("Counts a problem's solutions on `threads` threads (0, the default, as the "
          "CLI's: one per CPU this process may use)."
          "\n",
          {kLimits, kMemo, kTree})
          .c_str());
  m.def(
      "zdd",
      [](const Problem& problem, double time_limit, const py::int_& node_limit,
         const py::object& progress, double progress_interval, const std::string& order) {
        SolverBox box(problem, Layout::automatic, Kernels::automatic);
        return zdd_with(box, limits_of(py::int_(0), time_limit, node_limit),
                        {progress, progress_interval}, order);
      },
      py::arg("problem"), py::kw_only(), py::arg("time_limit") = 0.0, py::arg("node_limit") = 0,
      py::arg("progress") = py::none(), py::arg("progress_interval") = 1.0,
      py::arg("order") = "fewest",
      doc("Every solution of a problem as a decision diagram (Zdd): a ZddResult, as "
          "Solver.zdd.\n",
          {kLimits})
          .c_str());
  m.def("search_option_table", &option_table, R"doc(
The library's one table of search options (xcover/frontend/options.hpp), as a
list of dicts: name (the canonical one), cli, python, javascript (each front
end's spelling; '' where it has none, and then 'elsewhere' says what it has
instead), kind, names (the name table of a name), default, calls, help, and
takes (what its message says it takes).)doc");
  m.def(
      "option_names",
      [] {
        py::dict out;
        out["layout"] = names_data<Layout>();
        out["item-choice"] = names_data<ItemChoice>();
        out["status"] = names_data<Status>();
        out["kernels"] = names_data<Kernels>();
        out["counting"] = names_data<Counting>();
        out["zdd-format"] = names_data<ZddFormat>();
        out["zdd-order"] = names_data<ZddOrder>();
        return out;
      },
      "The library's name tables (xcover/frontend/names.hpp): for each, a list of dicts "
      "with name, alias (an older spelling still taken, or '') and asked (whether a caller "
      "may ask for it).");
}

}  // namespace

SearchOptions tree_search_options(const Problem& problem, const py::int_& limit, double time_limit,
                                  const py::int_& node_limit, bool propagate,
                                  const py::object& item_choice, const py::int_& seed) {
  const SearchOptions options =
      with_tree(limits_of(limit, time_limit, node_limit), {propagate, item_choice, seed});
  check_given(options, false);
  check_followed(layout_for(problem, Layout::automatic), options);
  return options;
}

py::object count_result(Count solutions, Status status, const Statistics& statistics,
                        std::optional<std::uint64_t> assemblies) {
  return py::cast(CountSummary{solutions, status, statistics, assemblies});
}

void bind_search(py::module_& m) {
  m.def("best_kernels", &best_kernels, "The best instruction set this processor runs.");
  bind_results(m);
  bind_counts(m);
  py::class_<SolverBox, std::shared_ptr<SolverBox>> solver(m, "Solver", R"doc(
A solver for one problem, built once and reused: searches, counts, and
assumptions (options forced into every solution) for many instances of one
shape. It keeps its own copy of the problem.)doc");
  solver.def(py::init<const Problem&, Layout, Kernels>(), py::arg("problem"),
             py::arg("layout") = Layout::automatic, py::arg("kernels") = Kernels::automatic);
  bind_solver_searches(solver);
  bind_solver_rest(solver);
  bind_module_calls(m);
  // What threads=0 means everywhere: the CPUs this process may use.
  m.def("default_threads", &default_threads);
  m.def("hardware_threads", &default_threads);  // the name before 1.0
}

}  // namespace xcover::python
