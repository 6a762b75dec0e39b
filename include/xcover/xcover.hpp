// Everything the engine offers in one include: problems, the text format and
// the solver. Adapters (Sudoku, queens, ...) have headers of their own.
#pragma once

#include "xcover/dlx_format.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"
