# SPDX-License-Identifier: MIT
# The library's sources, listed once for the library (CMakeLists.txt) and
# the fuzz build (tests/fuzz), relative to this directory.
set(XCOVER_SOURCE_FILES
  # the model: problems and Knuth's text format
  problem.cpp
  dlx_format.cpp
  text.cpp
  # the engine: Solver, and the search compiled once per kernel set
  solver.cpp
  kernels/dispatch.cpp
  kernels/baseline.cpp
  kernels/avx2.cpp
  kernels/avx512.cpp
  kernels/avx512icl.cpp
  # scale: threads and checkpoints
  parallel.cpp
  checkpoint.cpp
  # the puzzles
  sudoku.cpp
  queens.cpp
  langford.cpp
  polyomino.cpp)
list(TRANSFORM XCOVER_SOURCE_FILES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
