// SPDX-License-Identifier: MIT
// Everything the library offers in one include: problems, the text format,
// preprocessing (reduce), the solver, threads and checkpoints, the adapters
// (Sudoku, its batch runner, any-shape rules, generator and ratings; queens,
// polyomino, Langford; their pictures as SVG), the version, and distributed counting when the
// library was built with it (XCOVER_WITH_MPI, from version.hpp).
#pragma once

#include "xcover/dlx_format.hpp"
#include "xcover/error.hpp"
#include "xcover/export.hpp"
#include "xcover/frontend/disassembly.hpp"
#include "xcover/frontend/names.hpp"
#include "xcover/frontend/options.hpp"
#include "xcover/frontend/solutions.hpp"
#include "xcover/frontend/tiling.hpp"
#include "xcover/kernels.hpp"
#include "xcover/layout.hpp"
#include "xcover/options.hpp"
#include "xcover/parallel.hpp"
#include "xcover/problem.hpp"
#include "xcover/puzzles/disassembly.hpp"
#include "xcover/puzzles/langford.hpp"
#include "xcover/puzzles/polyomino.hpp"
#include "xcover/puzzles/queens.hpp"
#include "xcover/puzzles/stl.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_batch.hpp"
#include "xcover/puzzles/sudoku_generate.hpp"
#include "xcover/puzzles/sudoku_rate.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"
#include "xcover/puzzles/sudoku_text.hpp"
#include "xcover/puzzles/svg.hpp"
#include "xcover/reduce.hpp"
#include "xcover/solver.hpp"
#include "xcover/statistics.hpp"
#include "xcover/status.hpp"
#include "xcover/text.hpp"
#include "xcover/threads.hpp"
#include "xcover/version.hpp"
#include "xcover/zdd.hpp"
#ifdef XCOVER_WITH_MPI
#include "xcover/distributed.hpp"
#endif
