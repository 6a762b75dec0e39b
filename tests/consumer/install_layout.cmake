# SPDX-License-Identifier: MIT
# Installs xcover into a scratch prefix and checks what a packager ships:
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DVERSION=... -DLIBRARY_TYPE=... -DNM=... -DWITH_MPI=...
#         -DDOCDIR=... -P install_layout.cmake
# BUILD_DIR is xcover's build, WORK_DIR a scratch directory (emptied first),
# VERSION the project's, DOCDIR and the like the build's CMAKE_INSTALL_<dir>,
# relative to the prefix.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "installing xcover failed")
endif()

function(expect_file path)
  if(NOT EXISTS ${prefix}/${path})
    message(FATAL_ERROR "the install has no ${path}")
  endif()
endfunction()

# The license travels with the library, and says what it should.
expect_file(${DOCDIR}/LICENSE)
file(READ ${prefix}/${DOCDIR}/LICENSE license)
foreach(phrase IN ITEMS "MIT License" "Copyright (c) 2026 The xcover authors")
  string(FIND "${license}" "${phrase}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the installed LICENSE does not say \"${phrase}\"")
  endif()
endforeach()

# The generated version header is installed beside the others.
expect_file(${INCLUDEDIR}/xcover/version.hpp)
file(READ ${prefix}/${INCLUDEDIR}/xcover/version.hpp version_header)
string(FIND "${version_header}" "#define XCOVER_VERSION_STRING \"${VERSION}\"" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the installed xcover/version.hpp is not for version ${VERSION}")
endif()
expect_file(${INCLUDEDIR}/xcover/export.hpp)
# The adapters' headers keep their folder.
foreach(adapter IN ITEMS sudoku sudoku_batch queens langford polyomino svg)
  expect_file(${INCLUDEDIR}/xcover/puzzles/${adapter}.hpp)
endforeach()

# The library in the form it was built, and only that. A shared one exports
# the public API and hides the engine's internals (namespace xcover::detail).
if(LIBRARY_TYPE STREQUAL "SHARED_LIBRARY")
  set(library ${LIBDIR}/libxcover.so)
  set(other ${LIBDIR}/libxcover.a)
  expect_file(${LIBDIR}/libxcover.so.${VERSION})
else()
  set(library ${LIBDIR}/libxcover.a)
  set(other ${LIBDIR}/libxcover.so)
endif()
expect_file(${library})
if(EXISTS ${prefix}/${other})
  message(FATAL_ERROR "the install has ${other} as well as ${library}")
endif()
if(LIBRARY_TYPE STREQUAL "SHARED_LIBRARY" AND NM)
  execute_process(COMMAND ${NM} -D -C --defined-only ${prefix}/${library}
                  OUTPUT_VARIABLE exported RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${NM} -D ${library} failed")
  endif()
  foreach(symbol IN ITEMS "xcover::Solver::Solver(" "xcover::parse_dlx(" "typeinfo for xcover::Error")
    string(FIND "${exported}" "${symbol}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${library} does not export ${symbol}")
    endif()
  endforeach()
  # (A public signature may mention xcover::detail; a symbol named in it may not.)
  string(REGEX MATCH "\n[0-9a-f]+ [A-Za-z] xcover::detail::[^\n]*" internal "\n${exported}")
  if(internal)
    message(FATAL_ERROR "${library} exports internals:${internal}")
  endif()
endif()

# The installed tool runs from the prefix (a shared library through its rpath),
# and its manual page is beside it.
if(EXISTS ${prefix}/${BINDIR}/xcover)
  expect_file(${MANDIR}/man1/xcover.1)
  execute_process(COMMAND ${prefix}/${BINDIR}/xcover --version RESULT_VARIABLE failed
                  OUTPUT_VARIABLE said)
  string(FIND "${said}" "xcover ${VERSION} (kernels: " at)
  if(failed OR NOT at EQUAL 0)
    message(FATAL_ERROR "the installed xcover --version failed or said: ${said}")
  endif()
endif()

# <xcover/distributed.hpp> only with the library that defines it.
if(EXISTS ${prefix}/${INCLUDEDIR}/xcover/distributed.hpp AND NOT WITH_MPI)
  message(FATAL_ERROR "distributed.hpp is installed by a build without MPI")
elseif(NOT EXISTS ${prefix}/${INCLUDEDIR}/xcover/distributed.hpp AND WITH_MPI)
  message(FATAL_ERROR "distributed.hpp is missing from a build with MPI")
endif()
