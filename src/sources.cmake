# SPDX-License-Identifier: MIT
# The library's sources, listed once for the library (CMakeLists.txt) and
# the fuzz build (tests/fuzz), relative to this directory.
set(XCOVER_SOURCE_FILES
  # support: what every layer may use (threads)
  support/threads.cpp
  # the model: problems and Knuth's text format
  model/problem.cpp
  model/dlx_format.cpp
  model/text.cpp
  model/count.cpp
  model/reduce.cpp
  model/zdd.cpp
  model/automorphisms.cpp
  # the engine: Solver, and the search compiled once per kernel set
  engine/solver.cpp
  engine/count_policy.cpp
  engine/layout_plan.cpp
  engine/look_pacing.cpp
  engine/layouts/node_table.cpp
  engine/layouts/memo/memo_links.cpp
  engine/layouts/memo/memo_counting.cpp
  engine/layouts/memo/memo_threads.cpp
  engine/layouts/counted/counted_tables.cpp
  engine/layouts/bitsets/tables.cpp
  engine/kernels/dispatch.cpp
  engine/kernels/baseline.cpp
  engine/kernels/avx2.cpp
  engine/kernels/avx512.cpp
  engine/kernels/avx512icl.cpp
  # scale: threads and checkpoints
  scale/parallel.cpp
  scale/checkpoint.cpp
  # the puzzles
  puzzles/sudoku_rules.cpp
  puzzles/sudoku_text.cpp
  puzzles/sudoku_solver.cpp
  puzzles/sudoku_batch.cpp
  puzzles/sudoku_generate.cpp
  puzzles/sudoku_rate.cpp
  puzzles/queens.cpp
  puzzles/langford.cpp
  puzzles/polyform/burrtools.cpp
  puzzles/polyform/disassembly.cpp
  puzzles/polyform/geometry.cpp
  puzzles/polyform/lattice.cpp
  puzzles/polyform/pictures.cpp
  puzzles/polyform/pieces.cpp
  puzzles/polyform/search.cpp
  puzzles/polyform/symmetry.cpp
  puzzles/polyform/tiling.cpp
  puzzles/polyomino.cpp
  puzzles/polyform/knuth_spec.cpp
  # pictures of the puzzles' solutions
  puzzles/svg/sheet.cpp
  puzzles/svg/solid_view.cpp
  puzzles/svg/tiling_svg.cpp
  puzzles/svg/queens_svg.cpp
  puzzles/svg/langford_svg.cpp
  puzzles/svg/sudoku_svg.cpp
  # solids of the polyforms' solutions, for 3D printing (binary STL)
  puzzles/stl/mesh.cpp
  puzzles/stl/tiling_solids.cpp
  puzzles/stl/stl_writer.cpp
  # the front-end layer: what the CLI, Python and JavaScript share (option
  # names and checks, board and piece resolution, pulled solutions)
  frontend/disassembly.cpp
  frontend/options.cpp
  frontend/solutions.cpp
  frontend/tiling.cpp)

# The kernel sets built beside baseline: all of them unless XCOVER_KERNEL_SETS
# says fewer (CMakeLists.txt). XCOVER_KERNEL_DEFINITIONS tells dispatch.cpp
# which are there.
set(XCOVER_KERNEL_DEFINITIONS)
if(DEFINED XCOVER_KERNEL_SETS)
  set(xcover_kernel_sets ${XCOVER_KERNEL_SETS})
else()
  set(xcover_kernel_sets avx2 avx512 avx512icl)
endif()
foreach(set IN ITEMS avx2 avx512 avx512icl)
  string(TOUPPER ${set} upper)
  if(set IN_LIST xcover_kernel_sets)
    list(APPEND XCOVER_KERNEL_DEFINITIONS XCOVER_BUILT_${upper}=1)
  else()
    list(REMOVE_ITEM XCOVER_SOURCE_FILES engine/kernels/${set}.cpp)
    list(APPEND XCOVER_KERNEL_DEFINITIONS XCOVER_BUILT_${upper}=0)
  endif()
endforeach()
# Without expat and zlib (XCOVER_BURRTOOLS off) BurrTools' files are refused.
if(DEFINED XCOVER_BURRTOOLS AND NOT XCOVER_BURRTOOLS)
  list(TRANSFORM XCOVER_SOURCE_FILES REPLACE "burrtools.cpp$" "burrtools_absent.cpp")
endif()
list(TRANSFORM XCOVER_SOURCE_FILES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
# Each kernel set is the engine compiled for its own instructions, the
# dispatch told which sets are there: none of them in a unity build's
# batches (XCOVER_UNITY).
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/engine/kernels/dispatch.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/engine/kernels/baseline.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/engine/kernels/avx2.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/engine/kernels/avx512.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/engine/kernels/avx512icl.cpp
                            PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
