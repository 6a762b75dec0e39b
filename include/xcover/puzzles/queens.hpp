// SPDX-License-Identifier: MIT
// N queens as exact cover: place N queens on an N x N board, none attacking
// another. Rows and columns are primary items (one queen each), diagonals
// secondary (at most one queen each).
//
//   xcover::QueensProblem queens = xcover::make_queens(8);
//   xcover::Solver solver(queens.problem);
//   solver.count().solutions;  // 92
#pragma once

#include <string>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover {

// A square of the board, 0-based.
struct QueenSquare {
  int row;  // from 0
  int col;  // from 0
};

// The n-queens problem and where each of its options puts a queen.
struct QueensProblem {
  int n = 0;        // the board's side
  Problem problem;  // the exact-cover problem
  // squares[k]: where option k puts its queen.
  std::vector<QueenSquare> squares;
};

// Items r1..rN and c1..cN (primary, listed from the centre of the board
// outwards), then sK for the diagonal row+col = K and dK for row-col+N = K
// (secondary; rows and columns 1-based; corner diagonals of one square are
// left out). Option k is the queen on squares[k]: "rR cC sK dK". Throws
// ProblemError when n < 1.
XCOVER_API QueensProblem make_queens(int n);

// columns[r]: the column of the queen in row r. Throws ProblemError for an
// option the problem does not have.
XCOVER_API std::vector<int> queens_columns(const QueensProblem& queens, const Solution& solution);

// One string a row, 'Q' for a queen and '.' for an empty square.
XCOVER_API std::vector<std::string> queens_picture(const std::vector<int>& columns);

}  // namespace xcover
