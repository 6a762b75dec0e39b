# SPDX-License-Identifier: MIT
# The README's "Install and use" section shows the commands the packaging
# tests run (consumer/), with this build's library directory:
#   cmake -DSOURCE_DIR=... -DLIBDIR=... -P check_readme_install.cmake
file(READ ${SOURCE_DIR}/README.md readme)
string(FIND "${readme}" "## Install and use" start)
if(start EQUAL -1)
  message(FATAL_ERROR "README.md has no \"## Install and use\" section")
endif()
string(SUBSTRING "${readme}" ${start} -1 section)
string(FIND "${section}" "\n## " end)  # the next section
string(SUBSTRING "${section}" 0 ${end} section)
foreach(phrase IN ITEMS "cmake --install build --prefix ~/.local" "find_package(xcover"
                        "target_link_libraries(app PRIVATE xcover::xcover)"
                        "-DCMAKE_PREFIX_PATH=$HOME/.local"
                        "PKG_CONFIG_PATH=$HOME/.local/${LIBDIR}/pkgconfig"
                        "pkg-config --cflags --libs xcover" "-std=c++20" "MIT license")
  string(FIND "${section}" "${phrase}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "README.md's \"Install and use\" does not show: ${phrase}")
  endif()
endforeach()
