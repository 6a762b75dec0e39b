#!/usr/bin/env bash
# Installs the Debian packages xcover needs, only those that are missing.
#   bash scripts/setup.sh         the plain build
#   bash scripts/setup.sh --mpi   also Boost.MPI and Open MPI
#   bash scripts/setup.sh --fuzz  clang and libFuzzer, for tests/fuzz
set -euo pipefail
packages=(cmake make g++ libboost-program-options-dev doctest-dev)
if [[ "${1:-}" == "--mpi" ]]; then
  packages+=(libboost-mpi-dev libboost-serialization-dev openmpi-bin)
elif [[ "${1:-}" == "--fuzz" ]]; then
  packages=(cmake make clang libclang-rt-14-dev)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
