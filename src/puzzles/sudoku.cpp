// SPDX-License-Identifier: MIT
// Sudoku as exact cover: the problem is built once per size, each puzzle's
// givens are forced as assumptions and undone after the search, and solutions
// are decoded from option indices. Nothing here searches; the engine does.
#include "xcover/puzzles/sudoku.hpp"

#include <array>
#include <cstdio>

namespace xcover {

namespace {

constexpr int min_box = 2;
constexpr int max_box = 5;
constexpr std::uint8_t not_a_symbol = 0xff;

// The value of each input character: 0 for a blank, 1..25 for a digit.
constexpr std::array<std::uint8_t, 256> symbol_values = [] {
  std::array<std::uint8_t, 256> values{};
  values.fill(not_a_symbol);
  values['.'] = 0;
  values['0'] = 0;
  for (int d = 1; d <= 9; ++d) values['0' + d] = static_cast<std::uint8_t>(d);
  for (int d = 10; d <= 25; ++d) values['A' + d - 10] = static_cast<std::uint8_t>(d);
  return values;
}();

void check_box(int box) {
  if (box < min_box || box > max_box)
    throw SudokuError("box size " + std::to_string(box) +
                      " is not supported (2..5: 4x4, 9x9, 16x16 or 25x25 boards)");
}

std::string size_name(int box) {
  const std::string side = std::to_string(box * box);
  return side + "x" + side;
}

const char* symbol_range(int box) {
  switch (box) {
    case 2:
      return "1-4";
    case 3:
      return "1-9";
    case 4:
      return "1-9 and A-G";
    default:
      return "1-9 and A-P";
  }
}

bool ends_cells(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' || c == ',' ||
         c == ':';
}

std::string describe_char(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte < 0x20 || byte >= 0x7f) {
    char text[16];
    std::snprintf(text, sizeof text, "byte 0x%02X", byte);
    return text;
  }
  return std::string("'") + c + "'";
}

// Item numbering: cells, then digit-in-row, digit-in-column, digit-in-box,
// each block side² items. Option (cell, digit) has index cell * side + digit
// - 1, which is how solutions are decoded.
Problem build_problem(int box) {
  const int side = box * box;
  Problem problem;
  const char* blocks[] = {"r%dc%d", "r%d#%d", "c%d#%d", "b%d#%d"};
  for (const char* pattern : blocks) {
    for (int a = 1; a <= side; ++a) {
      for (int b = 1; b <= side; ++b) {
        char name[24];
        std::snprintf(name, sizeof name, pattern, a, b);
        problem.add_primary(name);
      }
    }
  }
  const int block = side * side;
  for (int row = 0; row < side; ++row) {
    for (int column = 0; column < side; ++column) {
      const int box_index = row / box * box + column / box;
      for (int digit = 0; digit < side; ++digit) {
        const OptionEntry entries[] = {
            {row * side + column},
            {block + row * side + digit},
            {2 * block + column * side + digit},
            {3 * block + box_index * side + digit},
        };
        problem.add_option(std::span<const OptionEntry>(entries));
      }
    }
  }
  return problem;
}

}  // namespace

// --- SudokuGrid --------------------------------------------------------------

SudokuGrid::SudokuGrid(int box) : box_(box) {
  check_box(box);
  cells_.assign(static_cast<std::size_t>(side() * side()), 0);
}

void SudokuGrid::set(int row, int column, int digit) {
  if (row < 0 || row >= side() || column < 0 || column >= side())
    throw SudokuError("cell (" + std::to_string(row) + ", " + std::to_string(column) +
                      ") is outside a " + size_name(box_) + " board");
  if (digit < 0 || digit > side())
    throw SudokuError("digit " + std::to_string(digit) + " does not fit a " + size_name(box_) +
                      " board (0 for a blank, 1.." + std::to_string(side()) + ")");
  cells_[row * side() + column] = static_cast<std::uint8_t>(digit);
}

int SudokuGrid::given_count() const {
  int count = 0;
  for (std::uint8_t cell : cells_) count += cell != 0;
  return count;
}

void SudokuGrid::reset(int box) {
  check_box(box);
  box_ = box;
  cells_.assign(static_cast<std::size_t>(side() * side()), 0);
}

char sudoku_symbol(int digit) {
  if (digit <= 0) return '.';
  return static_cast<char>(digit <= 9 ? '0' + digit : 'A' + digit - 10);
}

// --- text --------------------------------------------------------------------

bool parse_sudoku(std::string_view line, SudokuGrid& grid, std::string& error) {
  std::size_t begin = 0;
  while (begin < line.size() && (line[begin] == ' ' || line[begin] == '\t')) ++begin;
  std::size_t end = begin;
  while (end < line.size() && !ends_cells(line[end])) ++end;
  const std::size_t length = end - begin;
  int box = 0;
  switch (length) {
    case 16:
      box = 2;
      break;
    case 81:
      box = 3;
      break;
    case 256:
      box = 4;
      break;
    case 625:
      box = 5;
      break;
    default:
      error = (length == 0   ? std::string("no cells")
               : length == 1 ? std::string("1 cell")
                             : std::to_string(length) + " cells") +
              "; a puzzle has 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25)";
      return false;
  }
  if (grid.box() != box) grid.reset(box);
  const int side = box * box;
  std::uint8_t* cells = grid.cells().data();
  for (std::size_t k = 0; k < length; ++k) {
    const char c = line[begin + k];
    const std::uint8_t value = symbol_values[static_cast<unsigned char>(c)];
    if (value > side) {
      const int position = static_cast<int>(k);
      error = describe_char(c) + " at position " + std::to_string(position + 1) + " (row " +
              std::to_string(position / side + 1) + ", column " +
              std::to_string(position % side + 1) + ") is not a symbol of a " + size_name(box) +
              " puzzle (" + symbol_range(box) + ", or '.' or '0' for a blank)";
      return false;
    }
    cells[k] = value;
  }
  // From 16x16 up, a line with '0' but without the last digit may be
  // written in digits from 0 (hex 0-F): refuse to guess.
  const std::string_view cells_text = line.substr(begin, length);
  const char last = sudoku_symbol(side);
  if (box >= 4 && cells_text.find('0') != std::string_view::npos &&
      cells_text.find(last) == std::string_view::npos) {
    error = std::string("'0' with no '") + last + "' in a " + size_name(box) +
            " puzzle: is '0' a blank or a digit (as in hex 0-F)? Write blanks as '.', or give "
            "the digits' symbols (xcover sudoku --alphabet 0123456789ABCDEF)";
    return false;
  }
  return true;
}

SudokuGrid parse_sudoku(std::string_view line) {
  SudokuGrid grid;
  std::string error;
  if (!parse_sudoku(line, grid, error)) throw SudokuError(error);
  return grid;
}

std::string find_conflict(const SudokuGrid& grid) {
  const int box = grid.box(), side = grid.side();
  // seen[digit]: 1 + the position within the unit where the digit was met.
  std::array<int, 26> seen{};
  auto twice = [&](int digit, const char* unit, int index, const std::string& first,
                   const std::string& second) {
    return std::string("digit ") + sudoku_symbol(digit) + " twice in " + unit + " " +
           std::to_string(index + 1) + " (" + first + " and " + second + ")";
  };
  for (int row = 0; row < side; ++row) {
    seen.fill(0);
    for (int column = 0; column < side; ++column) {
      const int digit = grid.get(row, column);
      if (digit == 0) continue;
      if (seen[digit])
        return twice(digit, "row", row, "columns " + std::to_string(seen[digit]),
                     std::to_string(column + 1));
      seen[digit] = column + 1;
    }
  }
  for (int column = 0; column < side; ++column) {
    seen.fill(0);
    for (int row = 0; row < side; ++row) {
      const int digit = grid.get(row, column);
      if (digit == 0) continue;
      if (seen[digit])
        return twice(digit, "column", column, "rows " + std::to_string(seen[digit]),
                     std::to_string(row + 1));
      seen[digit] = row + 1;
    }
  }
  auto cell_name = [](int row, int column) {
    return "row " + std::to_string(row + 1) + " column " + std::to_string(column + 1);
  };
  for (int b = 0; b < side; ++b) {
    seen.fill(0);
    const int top = b / box * box, left = b % box * box;
    for (int k = 0; k < side; ++k) {
      const int row = top + k / box, column = left + k % box;
      const int digit = grid.get(row, column);
      if (digit == 0) continue;
      if (seen[digit]) {
        const int first = seen[digit] - 1;
        return twice(digit, "box", b, cell_name(top + first / box, left + first % box),
                     cell_name(row, column));
      }
      seen[digit] = k + 1;
    }
  }
  return {};
}

bool is_solution(const SudokuGrid& puzzle, const SudokuGrid& solution) {
  if (puzzle.box() != solution.box()) return false;
  const auto given = puzzle.cells();
  const auto filled = solution.cells();
  for (std::size_t k = 0; k < filled.size(); ++k) {
    if (filled[k] == 0) return false;
    if (given[k] != 0 && given[k] != filled[k]) return false;
  }
  return find_conflict(solution).empty();
}

void append_line(std::string& out, const SudokuGrid& grid) {
  for (std::uint8_t cell : grid.cells()) out += sudoku_symbol(cell);
}

std::string to_line(const SudokuGrid& grid) {
  std::string line;
  line.reserve(grid.cells().size() + 1);
  append_line(line, grid);
  return line;
}

void append_grid(std::string& out, const SudokuGrid& grid) {
  const int box = grid.box(), side = grid.side();
  for (int row = 0; row < side; ++row) {
    if (row > 0 && row % box == 0) {
      // Dashes under each "d d d" group and its neighbouring spaces.
      for (int b = 0; b < box; ++b) {
        if (b > 0) out += '+';
        const int width = 2 * box - 1 + (b > 0) + (b + 1 < box);
        out.append(static_cast<std::size_t>(width), '-');
      }
      out += '\n';
    }
    for (int column = 0; column < side; ++column) {
      if (column > 0) out += column % box == 0 ? " | " : " ";
      out += sudoku_symbol(grid.get(row, column));
    }
    out += '\n';
  }
}

void append_grid(std::string& out, const SudokuGrid& puzzle, const SudokuGrid& solution) {
  const std::string left = to_grid(puzzle), right = to_grid(solution);
  std::size_t l = 0, r = 0;
  while (l < left.size() && r < right.size()) {
    const std::size_t l_end = left.find('\n', l), r_end = right.find('\n', r);
    out.append(left, l, l_end - l).append("    ").append(right, r, r_end - r) += '\n';
    l = l_end + 1;
    r = r_end + 1;
  }
}

std::string to_grid(const SudokuGrid& grid) {
  std::string text;
  append_grid(text, grid);
  return text;
}

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

// --- SudokuSolver ------------------------------------------------------------

struct SudokuSolver::Impl {
  int box;
  int side;
  Problem problem;
  Solver solver;
  SearchOptions options;

  // Per search: where the first solution goes, how many were met, and the
  // caller's visitor (enumerate only) with the grid it is shown.
  SudokuGrid* first = nullptr;
  std::uint64_t found = 0;
  const std::function<bool(const SudokuGrid&)>* user_visit = nullptr;
  SudokuGrid scratch;
  // Made once: the visitor captures this Impl, whose address never changes.
  Visitor decode_visitor;
  Visitor count_visitor;  // empty: the engine then only counts

  explicit Impl(int box_size)
      : box(box_size),
        side(box_size * box_size),
        problem(build_problem(box_size)),
        // Up to 16x16 the bit sets: they alone follow the options below
        // (20 minimal 16x16 puzzles: 0.10 s against the links' 0.16 s; the
        // automatic choice, blind to the options, takes the links there).
        solver(problem, box_size <= 4 ? Layout::bitsets : Layout::automatic),
        scratch(box_size) {
    // Singles all at once, and branching where most follows (see
    // SearchOptions): with the layout's other work, 3,742 -> 10,100 puzzles
    // a second on the hardest set.
    options.propagate = true;
    options.item_choice = ItemChoice::most_clashes;
    decode_visitor = [this](const Solution& solution) {
      if (found++ == 0 && first != nullptr) decode(solution, *first);
      if (user_visit == nullptr) return true;
      decode(solution, scratch);
      return (*user_visit)(scratch);
    };
  }

  void decode(const Solution& solution, SudokuGrid& grid) const {
    if (grid.box() != box) grid.reset(box);
    std::uint8_t* cells = grid.cells().data();
    for (int option : solution.options)
      cells[option / side] = static_cast<std::uint8_t>(option % side + 1);
  }

  // Forces the givens; false when one conflicts with another (the solver is
  // then left without assumptions).
  bool force_givens(const SudokuGrid& puzzle) {
    if (puzzle.box() != box)
      throw SudokuError("a " + size_name(puzzle.box()) + " puzzle given to a " + size_name(box) +
                        " solver");
    const std::uint8_t* cells = puzzle.cells().data();
    const int cell_count = side * side;
    for (int cell = 0; cell < cell_count; ++cell) {
      if (cells[cell] == 0) continue;
      if (!solver.assume(cell * side + cells[cell] - 1)) {
        solver.clear_assumptions();
        return false;
      }
    }
    return true;
  }

  SudokuResult run(const SudokuGrid& puzzle, const Visitor& visit, std::uint64_t limit) {
    found = 0;
    if (!force_givens(puzzle)) return {SudokuStatus::invalid, 0};
    options.solution_limit = limit;
    Status status;
    try {
      status = solver.search(visit, options);
    } catch (...) {
      solver.clear_assumptions();
      throw;
    }
    solver.clear_assumptions();
    const std::uint64_t solutions = solver.statistics().solutions.saturate64();
    switch (status) {
      case Status::node_limit:
      case Status::time_limit:
      case Status::cancelled:
        return {SudokuStatus::stopped, solutions};
      default:
        return {solutions > 0 ? SudokuStatus::solved : SudokuStatus::no_solution, solutions};
    }
  }
};

SudokuSolver::SudokuSolver(int box) {
  check_box(box);
  impl_ = std::make_unique<Impl>(box);
}

SudokuSolver::~SudokuSolver() = default;
SudokuSolver::SudokuSolver(SudokuSolver&&) noexcept = default;
SudokuSolver& SudokuSolver::operator=(SudokuSolver&&) noexcept = default;

int SudokuSolver::box() const { return impl_->box; }

SudokuResult SudokuSolver::solve(const SudokuGrid& puzzle, SudokuGrid& solution,
                                 std::uint64_t limit) {
  impl_->first = &solution;
  impl_->user_visit = nullptr;
  return impl_->run(puzzle, impl_->decode_visitor, limit);
}

std::uint64_t SudokuSolver::count(const SudokuGrid& puzzle, std::uint64_t limit) {
  return count_result(puzzle, limit).solutions;
}

SudokuResult SudokuSolver::count_result(const SudokuGrid& puzzle, std::uint64_t limit) {
  return impl_->run(puzzle, impl_->count_visitor, limit);
}

SudokuResult SudokuSolver::enumerate(const SudokuGrid& puzzle,
                                     const std::function<bool(const SudokuGrid&)>& visit,
                                     std::uint64_t limit) {
  impl_->first = nullptr;
  impl_->user_visit = &visit;
  const SudokuResult result = impl_->run(puzzle, impl_->decode_visitor, limit);
  impl_->user_visit = nullptr;
  return result;
}

SearchOptions& SudokuSolver::search_options() { return impl_->options; }
const Statistics& SudokuSolver::statistics() const { return impl_->solver.statistics(); }

// --- the classic interface ---------------------------------------------------

bool solveSudoku(std::vector<std::vector<char>>& board) {
  thread_local SudokuSolver solver(3);
  thread_local SudokuGrid puzzle(3), solution(3);
  if (board.size() != 9) return false;
  for (int row = 0; row < 9; ++row) {
    if (board[row].size() != 9) return false;
    for (int column = 0; column < 9; ++column) {
      const char c = board[row][column];
      if (c != '.' && (c < '1' || c > '9')) return false;
      puzzle.set(row, column, c == '.' ? 0 : c - '0');
    }
  }
  if (solver.solve(puzzle, solution).status != SudokuStatus::solved) return false;
  for (int row = 0; row < 9; ++row) {
    for (int column = 0; column < 9; ++column)
      board[row][column] = sudoku_symbol(solution.get(row, column));
  }
  return true;
}

}  // namespace xcover
