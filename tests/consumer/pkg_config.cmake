# SPDX-License-Identifier: MIT
# Installs xcover into a scratch prefix and builds the consumers (main.cpp,
# all_headers.cpp) as a Makefile would, with the flags pkg-config gives:
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DLIBDIR=... -DVERSION=... -DCXX=...
#         -DSOURCE_DIR=... -DCXX_FLAGS=... -P pkg_config.cmake
# Skipped (the test's SKIP_REGULAR_EXPRESSION) when pkg-config is missing.
find_program(PKG_CONFIG NAMES pkg-config pkgconf)
if(NOT PKG_CONFIG)
  message("pkg-config not found: skipped")
  return()
endif()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "installing xcover failed")
endif()
set(ENV{PKG_CONFIG_PATH} ${prefix}/${LIBDIR}/pkgconfig)

function(pkg_config out)
  execute_process(COMMAND ${PKG_CONFIG} ${ARGN} xcover RESULT_VARIABLE failed
                  OUTPUT_VARIABLE text OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(failed)
    message(FATAL_ERROR "pkg-config ${ARGN} xcover failed")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The file names the prefix installed to, not the one configured.
pkg_config(found_prefix --variable=prefix)
if(NOT found_prefix STREQUAL prefix)
  message(FATAL_ERROR "xcover.pc says prefix=${found_prefix}, installed to ${prefix}")
endif()
pkg_config(found_version --modversion)
if(NOT found_version STREQUAL VERSION)
  message(FATAL_ERROR "xcover.pc says version ${found_version}, the project is ${VERSION}")
endif()
# Linking statically needs the threads library, whichever line lists it.
pkg_config(static_libs --libs --static)
if(NOT static_libs MATCHES "-pthread")
  message(FATAL_ERROR "pkg-config --libs --static xcover gives no -pthread: ${static_libs}")
endif()

pkg_config(flags --cflags --libs)
separate_arguments(flags UNIX_COMMAND "${flags}")
separate_arguments(extra_flags UNIX_COMMAND "${CXX_FLAGS}")
# Both consumers; a shared library is found at run time through the rpath.
foreach(program IN ITEMS main all_headers)
  set(consumer ${WORK_DIR}/${program})
  execute_process(COMMAND ${CXX} -std=c++20 ${extra_flags}
                          ${SOURCE_DIR}/tests/consumer/${program}.cpp -o ${consumer}
                          ${flags} -Wl,-rpath,${prefix}/${LIBDIR}
                  RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "compiling ${program}.cpp with pkg-config's flags failed: ${flags}")
  endif()
  execute_process(COMMAND ${consumer} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${program}.cpp built with pkg-config's flags failed")
  endif()
endforeach()
