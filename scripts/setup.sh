#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages xcover needs, only those that are missing.
#   bash scripts/setup.sh             the plain build (also for --kernels), clang-format
#                                     for the layout check (scripts/check_format.sh),
#                                     rsvg-convert (renders the pictures in a test), admesh
#                                     (checks the STL solids in a test), doxygen (the manual)
#                                     and groff (the man page's check)
#   bash scripts/setup.sh --mpi       also Boost.MPI and Open MPI
#   bash scripts/setup.sh --fuzz      clang and libFuzzer, for tests/fuzz
#   bash scripts/setup.sh --python    also the Python module's: Debian's Python headers,
#                                     venv, pip, setuptools, pybind11, pytest, and numpy
#                                     and mypy (matrices and the type check in its tests)
#   bash scripts/setup.sh --qemu-cpu  also qemu's user-mode emulators (and the Python
#                                     module's packages: it reuses the build of --python)
#   bash scripts/setup.sh --wasm      Emscripten (and the acorn it runs), for the
#                                     WebAssembly build (scripts/web.sh); npm where
#                                     there is none (the page's three.js); Chromium,
#                                     ws and TypeScript for its tests
#   bash scripts/setup.sh --aarch64   the cross compiler for 64-bit Arm, the arm64
#                                     Boost, zlib and expat libraries (adds the arm64
#                                     architecture to dpkg if needed) and qemu
set -euo pipefail
packages=(cmake make g++ libboost-program-options-dev zlib1g-dev libexpat1-dev doctest-dev pkgconf
          clang-format librsvg2-bin admesh doxygen groff-base)
python_packages=(python3-dev python3-venv python3-pip python3-setuptools python3-wheel
                 pybind11-dev python3-pytest python3-numpy mypy)
case "${1:-}" in
  --python) packages+=("${python_packages[@]}") ;;
  --mpi) packages+=(libboost-mpi-dev libboost-serialization-dev openmpi-bin) ;;
  --fuzz) packages=(cmake make clang libclang-rt-14-dev zlib1g-dev libexpat1-dev) ;;
  --qemu-cpu) packages+=(qemu-user "${python_packages[@]}") ;;
  --wasm)
    packages=(cmake make emscripten node-acorn chromium node-ws node-typescript)
    # A Node of its own (not Debian's) brings its npm.
    command -v npm >/dev/null 2>&1 || packages+=(npm)
    ;;
  --aarch64)
    # doctest is header-only: the build machine's package serves.
    packages=(cmake make doctest-dev g++-aarch64-linux-gnu qemu-user
              libboost-program-options-dev:arm64 zlib1g-dev:arm64 libexpat1-dev:arm64)
    ;;
esac
# With arm64 packages beside the build machine's, a name without an
# architecture is ambiguous to dpkg: it is then asked about the native one.
native="$(dpkg --print-architecture)"
installed() {
  dpkg -s "$1" >/dev/null 2>&1 || { [[ "$1" != *:* ]] && dpkg -s "$1:$native" >/dev/null 2>&1; }
}
missing=()
find_missing() {
  missing=()
  for p in "${packages[@]}"; do
    installed "$p" || missing+=("$p")
  done
}
find_missing
if ((${#missing[@]})); then
  # One install at a time: CI (.ci/run) runs steps side by side, and apt and
  # dpkg fail rather than wait when another holds their locks. Once the lock
  # is ours, what the other installed is no longer missing.
  exec 9>/var/lock/xcover-setup.lock
  flock 9
  find_missing
fi
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  if [[ "${missing[*]}" == *:arm64* ]] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
    dpkg --add-architecture arm64
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
