# SPDX-License-Identifier: MIT
# Builds and runs the consumer project: cmake -P run.cmake with
#   MODE=package|subdirectory, SOURCE_DIR (xcover's), BUILD_DIR (xcover's build),
#   WORK_DIR (scratch), CXX_FLAGS (e.g. sanitizer flags the library was built with),
#   TOOLCHAIN_FILE and EMULATOR (the library's, in a cross build; else empty).
file(REMOVE_RECURSE ${WORK_DIR})
set(configure_args -S ${SOURCE_DIR}/tests/consumer -B ${WORK_DIR}/build
    -DXCOVER_CONSUMER_MODE=${MODE} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    -DCMAKE_BUILD_TYPE=Debug)  # quick to compile; speed is not the point here
if(TOOLCHAIN_FILE)
  list(APPEND configure_args --toolchain ${TOOLCHAIN_FILE})
endif()
if(MODE STREQUAL "package")
  execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix
                  RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "installing xcover failed")
  endif()
  list(APPEND configure_args -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix)
else()
  # Baseline kernels alone: what a subdirectory build proves does not depend
  # on the kernel sets, and each set is a compile of the whole engine. The
  # library a few files a unit (XCOVER_UNITY), as a build made once is: the
  # plain build compiles each file alone.
  list(APPEND configure_args -DXCOVER_SOURCE_DIR=${SOURCE_DIR} -DXCOVER_KERNEL_SETS=
       -DXCOVER_UNITY=ON)
endif()
foreach(step IN ITEMS configure build run)
  if(step STREQUAL "configure")
    set(command ${CMAKE_COMMAND} ${configure_args})
  elseif(step STREQUAL "build")
    set(command ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
  else()
    set(command ${EMULATOR} ${WORK_DIR}/build/consumer)
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "consumer ${MODE}: ${step} failed")
  endif()
endforeach()
foreach(program IN ITEMS consumer_all_headers consumer_mpi)
  if(program STREQUAL "consumer_mpi" AND NOT EXISTS ${WORK_DIR}/build/consumer_mpi)
    continue()
  endif()
  execute_process(COMMAND ${EMULATOR} ${WORK_DIR}/build/${program} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "consumer ${MODE}: ${program} failed")
  endif()
endforeach()
