# SPDX-License-Identifier: MIT
# Cross build for 64-bit Arm Linux with Debian's cross compiler and the
# arm64 multiarch libraries (scripts/setup.sh --aarch64 installs both);
# ctest runs the results under qemu-aarch64.
#   cmake -S . -B build-aarch64 --toolchain cmake/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
find_program(XCOVER_QEMU_AARCH64 qemu-aarch64)
if(XCOVER_QEMU_AARCH64)
  # The arm64 loader and libraries live where multiarch puts them (/lib,
  # /usr/lib/aarch64-linux-gnu), so qemu needs no -L.
  set(CMAKE_CROSSCOMPILING_EMULATOR ${XCOVER_QEMU_AARCH64})
endif()
# Programs (cmake, bash) come from the build machine; libraries and headers
# of the target only from the arm64 multiarch directories and the
# architecture-independent ones (doctest is header-only).
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
# pkg-config, which FindEXPAT asks first, reads the arm64 .pc files alone:
# the build machine's would hint at its own expat, and CMake would take it.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/pkgconfig:/usr/share/pkgconfig")
