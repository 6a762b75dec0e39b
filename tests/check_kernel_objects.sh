#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks the property that lets one build run on any x86-64 processor: in
# the objects of the kernel sets (src/engine/kernels/), the only code using
# instructions beyond x86-64's baseline (AVX, AVX-512, BMI, POPCNT, ...) is
# the kernel set's own, in its namespace xcover::detail::<set>. Any other
# function there (a standard-library template, an inline function) could
# be the copy the linker keeps for every caller.
#   check_kernel_objects.sh OBJDUMP OBJECT...
set -euo pipefail
objdump=$1
shift
checked=0
status=0
for object in "$@"; do
  case "$object" in */kernels/*) ;; *) continue ;; esac
  checked=$((checked + 1))
  "$objdump" -d --no-show-raw-insn -C "$object" | awk -v object="$(basename "$object")" '
    /^[0-9a-f]+ <.*>:$/ {
      name = $0; sub(/^[0-9a-f]+ </, "", name); sub(/>:$/, "", name)
      own = name ~ /xcover::detail::(avx2|avx512|avx512icl)::/
      next
    }
    !own && /\t(v[a-z0-9]+|shlx|shrx|sarx|rorx|andn|blsr|blsi|blsmsk|lzcnt|popcnt|pext|pdep|bzhi|movbe|kmov[a-z]*)[ \t]/ {
      if (!(name in seen)) print object ": " name " uses " $2
      seen[name] = 1; bad = 1
    }
    END { exit bad }' || status=1
done
if ((checked == 0)); then
  echo "no kernel objects among the arguments" >&2
  exit 1
fi
echo "$checked kernel objects checked"
exit $status
