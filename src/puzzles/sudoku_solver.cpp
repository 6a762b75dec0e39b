// SPDX-License-Identifier: MIT
// The one Sudoku solver: the rules' problem is built once, each puzzle's
// givens are forced as assumptions and undone after the search, and
// solutions are decoded from option indices. Nothing here searches; the
// engine does.
#include "puzzles/sudoku_names.hpp"
#include "xcover/puzzles/sudoku.hpp"

namespace xcover {

namespace {

// Up to 16x16 the bit sets, which alone follow `propagate` and
// `most_clashes` below (20 minimal 16x16 puzzles: 0.10 s against the links'
// 0.16 s); beyond, or where the bit sets do not take the problem, the
// engine's own choice.
Solver make_solver(const Problem& problem, int side) {
  if (side <= 16) {
    try {
      return Solver(problem, Layout::bitsets);
    } catch (const ProblemError&) {
      // The bit sets refuse it (too many options or items): fall through.
    }
  }
  return Solver(problem);
}

using detail::board_name;

}  // namespace

const char* to_string(SudokuStatus status) {
  switch (status) {
    case SudokuStatus::solved:
      return "solved";
    case SudokuStatus::no_solution:
      return "no solution";
    case SudokuStatus::invalid:
      return "invalid";
    case SudokuStatus::stopped:
      return "stopped";
  }
  return "unknown";
}

struct SudokuSolver::Impl {
  SudokuRules rules;
  Problem problem;
  Solver solver;
  SearchOptions options;
  int side;
  std::vector<int> open;  // the open cells, in order: option k * side + d - 1
  std::vector<int> rank;  // of each cell among them (-1: a hole)
  int placements;         // options before the cages' digit sets
  // Of each placement (option < placements): its cell and digit.
  std::vector<std::uint16_t> cell_of;
  std::vector<std::uint8_t> digit_of;
  std::vector<int> givens;  // the options forced for a puzzle (kept for its storage)

  // Per search: where the first solution goes, how many were met, and the
  // caller's visitor (enumerate only) with the board it is shown.
  SudokuBoard* first = nullptr;
  std::uint64_t found = 0;
  const std::function<bool(const SudokuBoard&)>* user_visit = nullptr;
  SudokuBoard scratch;
  // Made once: the visitor captures this Impl, whose address never changes.
  Visitor decode_visitor;

  explicit Impl(SudokuRules given)
      : rules(std::move(given)),
        problem(rules.problem()),
        solver(make_solver(problem, rules.side())),
        side(rules.side()),
        open(rules.open_cells()),
        rank(static_cast<std::size_t>(rules.cell_count()), -1),
        placements(static_cast<int>(open.size()) * rules.side()),
        scratch(rules.side()) {
    for (std::size_t k = 0; k < open.size(); ++k)
      rank[static_cast<std::size_t>(open[k])] = static_cast<int>(k);
    cell_of.resize(static_cast<std::size_t>(placements));
    digit_of.resize(static_cast<std::size_t>(placements));
    for (int option = 0; option < placements; ++option) {
      cell_of[static_cast<std::size_t>(option)] =
          static_cast<std::uint16_t>(open[static_cast<std::size_t>(option / side)]);
      digit_of[static_cast<std::size_t>(option)] = static_cast<std::uint8_t>(option % side + 1);
    }
    // Singles all at once, and branching where most follows (see
    // SearchOptions): with the layout's other work, 3,742 -> 10,100 puzzles
    // a second on the hardest set. Only the bit sets follow them. Not the
    // most clashes with cages: a cage's digit sets clash with much and
    // settle little, and branching there took 3.6 times the nodes of the
    // first shortest item (300 killer puzzles: 62,674 nodes a puzzle
    // against 17,185).
    if (solver.layout() == Layout::bitsets) {
      options.propagate = true;
      if (rules.cages().empty()) options.item_choice = ItemChoice::most_clashes;
    }
    decode_visitor = [this](const Solution& solution) {
      if (found++ == 0 && first != nullptr) decode(solution, *first);
      if (user_visit == nullptr) return true;
      decode(solution, scratch);
      return (*user_visit)(scratch);
    };
  }

  void decode(const Solution& solution, SudokuBoard& board) const {
    if (board.side != side) board.reset(side);
    std::uint8_t* cells = board.cells.data();
    // (A hole stays blank; with none, every cell is written.)
    if (open.size() != static_cast<std::size_t>(side) * static_cast<std::size_t>(side))
      std::fill(board.cells.begin(), board.cells.end(), std::uint8_t{0});
    const std::uint16_t* cell = cell_of.data();
    const std::uint8_t* digit = digit_of.data();
    for (const int option : solution.options)
      if (option < placements) cells[cell[option]] = digit[option];
  }

  // Forces the givens; false when one conflicts with another, sits in a
  // hole or is no digit (the solver is then left without assumptions).
  bool force_givens(const SudokuBoard& puzzle) {
    if (puzzle.side != side ||
        puzzle.cells.size() != static_cast<std::size_t>(side) * static_cast<std::size_t>(side))
      throw SudokuError("a " + board_name(puzzle.side) + " board given to a solver for " +
                        rules.describe());
    const std::uint8_t* cells = puzzle.cells.data();
    const int cell_count = side * side;
    // Without a branch per cell (blanks and givens come in no pattern):
    // each cell writes its option, and only a given moves on.
    givens.resize(static_cast<std::size_t>(cell_count));
    int* out = givens.data();
    const int* ranks = rank.data();
    std::size_t n = 0;
    bool bad = false;
    for (int cell = 0; cell < cell_count; ++cell) {
      const int digit = cells[cell];
      const int k = ranks[cell];
      out[n] = k * side + digit - 1;
      bad |= digit > side || (digit != 0 && k < 0);
      n += digit != 0;
    }
    if (bad) return false;
    // All at once: the engine forces them in one pass.
    if (!solver.assume(std::span<const int>(out, n))) {
      solver.clear_assumptions();
      return false;
    }
    return true;
  }

  SudokuResult run(const SudokuBoard& puzzle, std::uint64_t limit) {
    found = 0;
    if (!force_givens(puzzle)) return {SudokuStatus::invalid, 0};
    // Forcing the givens catches every clash but a cage's sum.
    if (!rules.cages().empty() && !rules.find_conflict(puzzle).empty()) {
      solver.clear_assumptions();
      return {SudokuStatus::invalid, 0};
    }
    options.solution_limit = limit;
    Status status;
    try {
      status = solver.search(decode_visitor, options);
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
        break;
    }
    return {found > 0 ? SudokuStatus::solved : SudokuStatus::no_solution, found};
  }
};

SudokuSolver::SudokuSolver() : SudokuSolver(SudokuRules::boxes(3, 3)) {}

SudokuSolver::SudokuSolver(SudokuRules rules) : impl_(std::make_unique<Impl>(std::move(rules))) {}

SudokuSolver::~SudokuSolver() = default;
SudokuSolver::SudokuSolver(SudokuSolver&&) noexcept = default;
SudokuSolver& SudokuSolver::operator=(SudokuSolver&&) noexcept = default;

const SudokuRules& SudokuSolver::rules() const { return impl_->rules; }

SudokuResult SudokuSolver::solve(const SudokuBoard& puzzle, SudokuBoard& solution,
                                 std::uint64_t limit) {
  impl_->first = &solution;
  impl_->user_visit = nullptr;
  const SudokuResult result = impl_->run(puzzle, limit);
  impl_->first = nullptr;
  return result;
}

SudokuResult SudokuSolver::count(const SudokuBoard& puzzle, std::uint64_t limit) {
  impl_->first = nullptr;
  impl_->user_visit = nullptr;
  return impl_->run(puzzle, limit);
}

SudokuResult SudokuSolver::enumerate(const SudokuBoard& puzzle,
                                     const std::function<bool(const SudokuBoard&)>& visit,
                                     std::uint64_t limit) {
  impl_->first = nullptr;
  impl_->user_visit = &visit;
  try {
    const SudokuResult result = impl_->run(puzzle, limit);
    impl_->user_visit = nullptr;
    return result;
  } catch (...) {
    impl_->user_visit = nullptr;
    throw;
  }
}

SearchOptions& SudokuSolver::search_options() { return impl_->options; }
const Statistics& SudokuSolver::statistics() const { return impl_->solver.statistics(); }
Layout SudokuSolver::layout() const { return impl_->solver.layout(); }

// --- the classic interface ---------------------------------------------------

bool solveSudoku(std::vector<std::vector<char>>& board) {
  thread_local SudokuSolver solver;
  thread_local SudokuBoard puzzle(9), solution(9);
  if (board.size() != 9) return false;
  for (int row = 0; row < 9; ++row) {
    if (board[row].size() != 9) return false;
    for (int column = 0; column < 9; ++column) {
      const char c = board[row][column];
      if (c != '.' && (c < '1' || c > '9')) return false;
      puzzle.cells[static_cast<std::size_t>(row * 9 + column)] =
          static_cast<std::uint8_t>(c == '.' ? 0 : c - '0');
    }
  }
  if (solver.solve(puzzle, solution).status != SudokuStatus::solved) return false;
  for (int row = 0; row < 9; ++row)
    for (int column = 0; column < 9; ++column)
      board[row][column] = static_cast<char>('0' + solution.get(row, column));
  return true;
}

}  // namespace xcover
