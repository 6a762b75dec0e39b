// SPDX-License-Identifier: MIT
// Problem, Solver and the lazy solutions of a search, for JavaScript.
// A Solver (and each search) holds its own copy of the problem, so nothing
// JavaScript frees or changes can pull the engine's structure from under
// it.
#include "xcover/problem.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "search.hpp"
#include "xcover/dlx_format.hpp"

namespace xcover::web {

JsProblem::JsProblem() : problem(std::make_shared<Problem>()) {}

JsProblem::JsProblem(Problem p) : problem(std::make_shared<Problem>(std::move(p))) {}

namespace {

// The text is in bulk_input().
JsProblem from_dlx(const std::string& source) {
  return guard([&] {
    const ReleaseBulk release;
    return JsProblem(parse_dlx(bulk_input(), source).problem);
  });
}

// Rows of a 0/1 matrix as bytes (row-major), `secondary` the last columns'
// count, `names` the columns' items (empty: 0, 1, ...): Problem::from_matrix.
JsProblem from_matrix(const val& cells, int rows, int columns, int secondary, const val& names) {
  return guard([&] {
    if (rows < 0 || columns < 0 || secondary < 0)
      throw Error("a matrix has rows, columns and secondary columns of 0 or more");
    const std::vector<std::uint8_t> bytes =
        emscripten::convertJSArrayToNumberVector<std::uint8_t>(cells);
    std::vector<std::string> labels;
    if (!names.isUndefined() && !names.isNull())
      labels = emscripten::vecFromJSArray<std::string>(names);
    return JsProblem(Problem::from_matrix(bytes, static_cast<std::size_t>(rows),
                                          static_cast<std::size_t>(columns),
                                          static_cast<std::size_t>(secondary), labels));
  });
}

int add_primary(JsProblem& self, const std::string& name, const val& lower, const val& upper) {
  return guard([&] {
    if (lower.isUndefined() && upper.isUndefined()) return self.problem->add_primary(name);
    const int low = lower.isUndefined() ? 1 : lower.as<int>();
    const int high = upper.isUndefined() ? low : upper.as<int>();
    return self.problem->add_primary(name, low, high);
  });
}

int add_secondary(JsProblem& self, const std::string& name) {
  return guard([&] { return self.problem->add_secondary(name); });
}

// An option from item names, "item:colour" for a coloured secondary item.
int add_option(JsProblem& self, const val& items) {
  return guard([&] {
    if (!val::global("Array").call<bool>("isArray", items))
      throw Error("an option is an array of item names");
    const std::vector<std::string> names = emscripten::vecFromJSArray<std::string>(items);
    std::vector<std::string_view> tokens(names.begin(), names.end());
    return self.problem->add_option(std::span<const std::string_view>(tokens));
  });
}

// Items and options in one call (the constructor's; a call an option cost
// 0.5 ms for a Sudoku's 324 items). bulk_input() holds the primary names, the secondary names and
// the options, the three parts ended by '\x1d'; names are separated by '\x1f', options by '\x1e'
// (the JavaScript layer sends names that hold none of these, and options of one item or more).
void add_all(JsProblem& self) {
  guard([&] {
    const ReleaseBulk release;
    auto split = [](std::string_view text, char separator, auto&& each) {
      if (text.empty()) return;
      for (std::size_t at = 0;;) {
        const std::size_t end = text.find(separator, at);
        each(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
        if (end == std::string_view::npos) return;
        at = end + 1;
      }
    };
    std::string_view parts[3];
    int count = 0;
    split(bulk_input(), '\x1d', [&](std::string_view part) {
      if (count < 3) parts[count] = part;
      ++count;
    });
    if (count != 4)
      throw Error("internal error: addAll's text has " + std::to_string(count) + " parts");
    Problem& p = *self.problem;
    split(parts[0], '\x1f', [&](std::string_view name) { p.add_primary(std::string(name)); });
    split(parts[1], '\x1f', [&](std::string_view name) { p.add_secondary(std::string(name)); });
    std::vector<std::string_view> tokens;
    split(parts[2], '\x1e', [&](std::string_view option) {
      tokens.clear();
      split(option, '\x1f', [&](std::string_view token) { tokens.push_back(token); });
      p.add_option(std::span<const std::string_view>(tokens));
    });
  });
}

val option_names(const JsProblem& self, int index) {
  return guard([&] {
    const Problem& p = *self.problem;
    val out = val::array();
    int k = 0;
    for (const OptionEntry& e : p.option(index)) {
      std::string name = p.item_name(e.item);
      if (e.color != 0) name += ":" + p.color_name(e.color);
      out.set(k++, name);
    }
    return out;
  });
}

val item_bounds(const JsProblem& self, int item) {
  return guard([&] {
    const ItemBounds bounds = self.problem->item_bounds(item);
    val out = val::array();
    out.set(0, bounds.lower);
    out.set(1, bounds.upper);
    return out;
  });
}

std::string item_name(const JsProblem& self, int item) {
  return guard([&] {
    if (item < 0 || item >= self.problem->item_count())
      throw ProblemError("no item " + std::to_string(item) + " (the problem has " +
                         std::to_string(self.problem->item_count()) + ")");
    return self.problem->item_name(item);
  });
}

void set_option_cost(JsProblem& self, int option, double cost) {
  guard([&] {
    if (!(cost >= 0) || cost > 9007199254740992.0)
      throw Error("a cost is a whole number of 0 or more");
    self.problem->set_option_cost(option, static_cast<std::uint64_t>(cost));
  });
}

// The count, a plain search of the problem's own copy (or the memo where it
// pays: Counting::automatic).
val count(const JsProblem& self, const val& options) {
  return guard([&] {
    JsSolver solver(*self.problem, get_string(options, "layout", "auto"));
    return solver.count(options);
  });
}

val solve(const JsProblem& self, const val& options) {
  return guard([&] {
    JsSolver solver(*self.problem, get_string(options, "layout", "auto"));
    return solver.first(options);
  });
}

JsSearch solutions(const JsProblem& self, const val& options) {
  return guard([&] {
    JsSolver solver(*self.problem, get_string(options, "layout", "auto"));
    return solver.solutions(options);
  });
}

}  // namespace

// --- Solver -------------------------------------------------------------------

JsSolver::JsSolver(const Problem& problem, const std::string& layout)
    : state_(std::make_shared<SolverState>(std::make_shared<const Problem>(problem),
                                           parse_layout(layout))) {}

val JsSolver::count(const val& options) {
  return guard([&] {
    SearchRequest request;
    read_search_options(options, request);
    CountOptions how;
    if (has(options, "memo"))
      how.counting = get_bool(options, "memo", false) ? Counting::memo : Counting::plain;
    how.symmetry = get_bool(options, "symmetry", true);
    check_search(request.options, state_->solver.layout(), how.counting == Counting::memo);
    const CountResult result = state_->solver.count(request.options, how);
    return count_object(result, state_->solver.statistics());
  });
}

val JsSolver::first(const val& options) {
  return guard([&] {
    SearchRequest request;
    read_search_options(options, request);
    request.options.solution_limit = 1;
    check_search(request.options, state_->solver.layout(), false);
    std::optional<std::vector<int>> found;
    const Status status = state_->solver.search(
        [&](const Solution& s) {
          found = s.to_vector();
          return false;
        },
        request.options);
    (void)status;  // a solution or null says it: a limit that stops it first gives null
    return found ? to_array(*found) : val::null();
  });
}

JsSearch JsSolver::solutions(const val& options) {
  return guard([&] { return JsSearch(state_, options); });
}

bool JsSolver::assume(const val& options) {
  return guard([&] {
    if (options.isNumber()) return state_->solver.assume(options.as<int>());
    const std::vector<int> list = to_ints(options, "assume");
    return state_->solver.assume(std::span<const int>(list));
  });
}

void JsSolver::clear_assumptions() {
  guard([&] { state_->solver.clear_assumptions(); });
}

val JsSolver::assumptions() const {
  return guard([&] {
    const std::span<const int> forced = state_->solver.assumptions();
    return to_array(std::vector<int>(forced.begin(), forced.end()));
  });
}

val JsSolver::estimate(double probes, double seed, const val& options) {
  return guard([&] {
    if (!(probes >= 0) || !(seed >= 0)) throw Error("probes and seed are numbers of 0 or more");
    EstimateOptions how;
    how.time_limit = get_number(options, "timeLimit", 0);
    read_tree_options(options, how);
    SearchOptions tree;
    static_cast<TreeOptions&>(tree) = how;
    check_search(tree, state_->solver.layout(), false);
    const Estimate e = state_->solver.estimate(static_cast<std::uint64_t>(probes),
                                               static_cast<std::uint64_t>(seed), how);
    val out = val::object();
    out.set("probes", static_cast<double>(e.probes));
    out.set("nodes", e.nodes);
    out.set("updates", e.updates);
    out.set("solutions", e.solutions);
    out.set("seconds", e.seconds);
    out.set("nodesSpread", e.nodes_spread);
    out.set("solutionsSpread", e.solutions_spread);
    out.set("status", status_name(e.status));
    return out;
  });
}

std::string JsSolver::layout() const { return layout_name(state_->solver.layout()); }

std::string JsSolver::kernels() const { return to_string(state_->solver.kernels()); }

val JsSolver::statistics() const { return statistics_object(state_->solver.statistics()); }

// --- the lazy search ------------------------------------------------------------

JsSearch::JsSearch(std::shared_ptr<SolverState> state, const val& options, frontend::Keep keep,
                   std::optional<SearchAssemblies> assemblies)
    : state_(std::move(state)),
      request_(std::make_unique<SearchRequest>()),
      assemblies_(std::move(assemblies)) {
  read_search_options(options, *request_);
  check_search(request_->options, state_->solver.layout(), false);
  kept_.emplace(state_->solver, request_->options, std::move(keep));
}

val JsSearch::next() {
  return guard([&]() -> val {
    if (!kept_) return val::null();
    const Solution* found = kept_->next();
    if (found != nullptr) {
      if (assemblies_) disassembly_ = assemblies_->disassembly(*found);
      return to_array(found->options);
    }
    close();
    return val::null();
  });
}

void JsSearch::close() {
  if (!kept_) return;
  kept_->close();
  status_ = kept_->status().value_or(Status::stopped);
  kept_.reset();
}

val JsSearch::status() const {
  if (kept_) return val::null();
  return val(status_name(status_));
}

val JsSearch::statistics() const { return statistics_object(state_->solver.statistics()); }

val JsSearch::assemblies() const {
  if (!assemblies_) return val::null();
  return val(static_cast<double>(assemblies_->met()));
}

val JsSearch::disassembly() const { return disassembly_; }

void bind_problem() {
  using emscripten::class_;
  using emscripten::optional_override;
  class_<JsProblem>("Problem")
      .constructor<>()
      .class_function("fromDlx", &from_dlx)
      .class_function("fromMatrix", &from_matrix)
      .function("addPrimary", &add_primary)
      .function("addSecondary", &add_secondary)
      .function("addOption", &add_option)
      .function("addAll", &add_all)
      .function("itemCount",
                optional_override([](const JsProblem& p) { return p.problem->item_count(); }))
      .function("primaryCount",
                optional_override([](const JsProblem& p) { return p.problem->primary_count(); }))
      .function("secondaryCount",
                optional_override([](const JsProblem& p) { return p.problem->secondary_count(); }))
      .function("optionCount",
                optional_override([](const JsProblem& p) { return p.problem->option_count(); }))
      .function("itemName", &item_name)
      .function("option", &option_names)
      .function("optionText", optional_override([](const JsProblem& p, int option) {
                  return guard([&] { return p.problem->option_text(option); });
                }))
      .function("itemBounds", &item_bounds)
      .function("hasMultiplicities", optional_override([](const JsProblem& p) {
                  return p.problem->has_multiplicities();
                }))
      .function("setOptionCost", &set_option_cost)
      .function("optionCost", optional_override([](const JsProblem& p, int option) {
                  return guard([&] { return static_cast<double>(p.problem->option_cost(option)); });
                }))
      .function("hasCosts",
                optional_override([](const JsProblem& p) { return p.problem->has_costs(); }))
      .function("toDlx", optional_override([](const JsProblem& p) {
                  return guard([&] { return to_dlx(*p.problem); });
                }))
      .function("copy", optional_override([](const JsProblem& p) { return JsProblem(*p.problem); }))
      .function("count", &count)
      .function("solve", &solve)
      .function("solutions", &solutions);

  class_<JsSolver>("Solver")
      .constructor(optional_override([](const JsProblem& p, const std::string& layout) {
                     return guard([&] { return new JsSolver(*p.problem, layout); });
                   }),
                   emscripten::allow_raw_pointers())
      .function("count", &JsSolver::count)
      .function("solve", &JsSolver::first)
      .function("solutions", &JsSolver::solutions)
      .function("assume", &JsSolver::assume)
      .function("clearAssumptions", &JsSolver::clear_assumptions)
      .function("assumptions", &JsSolver::assumptions)
      .function("estimate", &JsSolver::estimate)
      .function("layout", &JsSolver::layout)
      .function("kernels", &JsSolver::kernels)
      .function("statistics", &JsSolver::statistics);

  class_<JsSearch>("Search")
      .function("next", &JsSearch::next)
      .function("close", &JsSearch::close)
      .function("status", &JsSearch::status)
      .function("statistics", &JsSearch::statistics)
      .function("assemblies", &JsSearch::assemblies)
      .function("disassembly", &JsSearch::disassembly);
}

}  // namespace xcover::web
