# SPDX-License-Identifier: MIT
# Builds the C++ examples (examples/CMakeLists.txt) against this build
# installed in a scratch prefix, runs each, and compares what it prints with
# examples/cpp/NAME.expected (sudoku_batch: with what `xcover sudoku` prints
# for the same file):
#   cmake -DSOURCE_DIR=... -DBUILD_DIR=... -DWORK_DIR=... -DXCOVER=... [-DCXX_FLAGS=...]
#         [-DSANITIZED=ON] -P run_examples.cmake
# SANITIZED (a build under ASan+UBSan, where the search runs some fifteen
# times slower): polyomino_count counts the 4x15 board rather than its
# default 6x10, a quarter of the nodes; the run is the same (stopped at the
# node limit, saved, resumed to the end), and the plain run counts 6x10.
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix
                OUTPUT_QUIET RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "installing xcover failed")
endif()
foreach(step IN ITEMS configure build)
  if(step STREQUAL "configure")
    set(command ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples -B ${WORK_DIR}/build
        -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Debug
        "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Werror ${CXX_FLAGS}")
  else()
    set(command ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "examples: ${step} failed")
  endif()
endforeach()

function(expect_output name expected)
  execute_process(COMMAND ${WORK_DIR}/build/${name} ${ARGN} WORKING_DIRECTORY ${WORK_DIR}
                  OUTPUT_VARIABLE got RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "example ${name} failed (${failed})")
  endif()
  if(NOT got STREQUAL expected)
    message(FATAL_ERROR "example ${name} printed:\n${got}\nexpected:\n${expected}")
  endif()
  message(STATUS "example ${name}: as expected")
endfunction()
foreach(name IN ITEMS colors read_knuth polyomino_count)
  file(READ ${SOURCE_DIR}/examples/cpp/${name}.expected expected)
  set(arguments)
  if(name STREQUAL "read_knuth")
    set(arguments ${SOURCE_DIR}/examples/knuth_example.dlx)
  elseif(name STREQUAL "polyomino_count" AND SANITIZED)
    set(arguments 4x15)
    set(expected "4x15: 1472 tilings (first run node limit, resumed run exhausted)\n")
  endif()
  expect_output(${name} "${expected}" ${arguments})
endforeach()
execute_process(COMMAND ${XCOVER} sudoku ${SOURCE_DIR}/examples/sudoku_sample.txt
                OUTPUT_VARIABLE expected RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "xcover sudoku failed on the sample")
endif()
expect_output(sudoku_batch "${expected}" ${SOURCE_DIR}/examples/sudoku_sample.txt)
