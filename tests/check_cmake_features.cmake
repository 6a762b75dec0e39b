# SPDX-License-Identifier: MIT
# The build claims CMake 3.16 (CMakeLists.txt says why). No old CMake is at
# hand to prove it, so this check reads every CMake file of the tree for
# the features of 3.17 and later one is likely to reach for, and for a
# cmake_minimum_required that drifted from the top-level one:
#   cmake -DSOURCE_DIR=... -P check_cmake_features.cmake
file(GLOB_RECURSE files ${SOURCE_DIR}/CMakeLists.txt ${SOURCE_DIR}/*.cmake ${SOURCE_DIR}/*.cmake.in)
list(FILTER files EXCLUDE REGEX "/build[^/]*/|/\\.git/|check_cmake_features\\.cmake$")

file(STRINGS ${SOURCE_DIR}/CMakeLists.txt minimum REGEX "^cmake_minimum_required")
if(NOT minimum STREQUAL "cmake_minimum_required(VERSION 3.16...3.25)")
  message(FATAL_ERROR "CMakeLists.txt: expected 3.16...3.25 (update this check with the reason), "
                      "found ${minimum}")
endif()

# feature regex | the version that brought it
set(newer_features
  "cmake_path\\(|3.20" "cmake_language\\(|3.18" "file\\(REAL_PATH|3.19"
  "file\\(CONFIGURE|3.18" "file\\(ARCHIVE_|3.18" "COMMAND_ERROR_IS_FATAL|3.19"
  "string\\(JSON|3.19" "ZIP_LISTS|3.17" "CMAKE_CURRENT_FUNCTION|3.17" "block\\(|3.25"
  "PROPAGATE|3.25" "\\$<LINK_LIBRARY|3.24" "\\$<LINK_GROUP|3.24" "\\$<PATH:|3.24"
  "\\$<LINK_LANGUAGE|3.18" "\\$<TARGET_RUNTIME_DLLS|3.21" "cxx_std_23|3.20"
  "CMAKE_COMPILE_WARNING_AS_ERROR|3.24" "find_package\\([^)]* GLOBAL|3.24")
set(problems "")
foreach(file IN LISTS files)
  file(READ ${file} text)
  file(RELATIVE_PATH name ${SOURCE_DIR} ${file})
  foreach(entry IN LISTS newer_features)
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 pattern)
    list(GET entry 1 version)
    if(text MATCHES "${pattern}")
      string(APPEND problems "\n  ${name}: ${CMAKE_MATCH_0} needs CMake ${version}")
    endif()
  endforeach()
  if(text MATCHES "cmake_minimum_required\\(VERSION ([^)]*)\\)" AND
     NOT CMAKE_MATCH_1 STREQUAL "3.16...3.25")
    string(APPEND problems "\n  ${name}: cmake_minimum_required(VERSION ${CMAKE_MATCH_1})")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "newer than the CMake 3.16 the build claims:${problems}")
endif()
list(LENGTH files count)
message(STATUS "${count} CMake files use nothing newer than 3.16")
