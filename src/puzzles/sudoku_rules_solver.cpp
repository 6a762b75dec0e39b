// SPDX-License-Identifier: MIT
#include "xcover/puzzles/sudoku_rules_solver.hpp"

namespace xcover {

struct SudokuRulesSolver::Impl {
  SudokuRules rules;
  Problem problem;
  Solver solver;
  SearchOptions options;
  int side;
  std::vector<int> open;  // the open cells, in order: option k * side + d - 1
  std::vector<int> rank;  // of each cell among them (-1: a hole)
  int placements;         // options before the cages' digit sets

  explicit Impl(SudokuRules given)
      : rules(std::move(given)),
        problem(rules.problem()),
        solver(problem),
        side(rules.side()),
        open(rules.open_cells()),
        rank(static_cast<std::size_t>(rules.cell_count()), -1),
        placements(static_cast<int>(open.size()) * rules.side()) {
    for (std::size_t k = 0; k < open.size(); ++k) rank[static_cast<std::size_t>(open[k])] = static_cast<int>(k);
    // As the classic's solver: singles at once, branching where most follows.
    options.propagate = true;
    options.item_choice = ItemChoice::most_clashes;
  }

  SudokuResult run(const SudokuBoard& puzzle, SudokuBoard* first, std::uint64_t limit) {
    if (puzzle.side != side)
      throw SudokuError("a " + std::to_string(puzzle.side) + "x" + std::to_string(puzzle.side) +
                        " board given to " + rules.describe() + " rules");
    if (!rules.find_conflict(puzzle).empty()) return {SudokuStatus::invalid, 0};
    for (int cell = 0; cell < rules.cell_count(); ++cell) {
      const int digit = puzzle.cells[static_cast<std::size_t>(cell)];
      if (digit != 0 && !solver.assume(rank[static_cast<std::size_t>(cell)] * side + digit - 1)) {
        solver.clear_assumptions();
        return {SudokuStatus::invalid, 0};
      }
    }
    options.solution_limit = limit;
    std::uint64_t found = 0;
    Status status;
    try {
      status = solver.search(
          [&](const Solution& solution) {
            if (found++ == 0 && first != nullptr) {
              *first = SudokuBoard(side);
              for (int option : solution.options)
                if (option < placements)
                  first->cells[static_cast<std::size_t>(open[static_cast<std::size_t>(option / side)])] =
                      static_cast<std::uint8_t>(option % side + 1);
            }
            return true;
          },
          options);
    } catch (...) {
      solver.clear_assumptions();
      throw;
    }
    solver.clear_assumptions();
    switch (status) {
      case Status::node_limit:
      case Status::time_limit:
      case Status::cancelled:
        return {SudokuStatus::stopped, found};
      default:
        return {found > 0 ? SudokuStatus::solved : SudokuStatus::no_solution, found};
    }
  }
};

SudokuRulesSolver::SudokuRulesSolver(SudokuRules rules)
    : impl_(std::make_unique<Impl>(std::move(rules))) {}
SudokuRulesSolver::~SudokuRulesSolver() = default;
SudokuRulesSolver::SudokuRulesSolver(SudokuRulesSolver&&) noexcept = default;
SudokuRulesSolver& SudokuRulesSolver::operator=(SudokuRulesSolver&&) noexcept = default;

const SudokuRules& SudokuRulesSolver::rules() const { return impl_->rules; }

SudokuResult SudokuRulesSolver::solve(const SudokuBoard& puzzle, SudokuBoard& solution,
                                      std::uint64_t limit) {
  return impl_->run(puzzle, &solution, limit);
}

SudokuResult SudokuRulesSolver::count(const SudokuBoard& puzzle, std::uint64_t limit) {
  return impl_->run(puzzle, nullptr, limit);
}

SearchOptions& SudokuRulesSolver::search_options() { return impl_->options; }
const Statistics& SudokuRulesSolver::statistics() const { return impl_->solver.statistics(); }

}  // namespace xcover
