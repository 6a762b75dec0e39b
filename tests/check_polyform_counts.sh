#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The published distinct counts that take seconds even on all cores: the 12
# flat pentacubes in a 3x4x5 box (3,940) and the Bedlam cube (19,186). The
# plain run alone counts them (scripts/test.sh leaves them out under the
# sanitizers, the emulator and the lower kernel sets, where they would take
# minutes); the smaller published counts are the library's tests.
#   check_polyform_counts.sh XCOVER
set -euo pipefail
xcover=$1
status=0
check() {  # EXPECTED ARGS...
  local expected=$1 got
  shift
  got=$("$xcover" polyform "$@" --distinct --count)
  if [[ "$got" != "$expected" ]]; then
    echo "xcover polyform $* --distinct --count: $got, not $expected" >&2
    status=1
  fi
}
check 3940 --lattice cube --pieces pentominoes --board 3x4x5
check 19186 --lattice cube --pieces bedlam --board 4x4x4
exit "$status"
