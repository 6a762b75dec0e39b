#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every command the documentation shows in a ```console block (README.md
# and docs/*.md): each "$ " line is run by bash in a scratch directory that
# sees the repository's examples/ and tests/data/, with the built `xcover`
# first on PATH; the lines after it, up to the next "$ " or the end of the
# block, are its standard output, which must match exactly.
#   bash tests/check_docs.sh XCOVER SOURCE_DIR
set -euo pipefail
xcover="$(realpath "${1:?usage: check_docs.sh XCOVER SOURCE_DIR}")"
source_dir="$(realpath "${2:?usage: check_docs.sh XCOVER SOURCE_DIR}")"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin" "$scratch/tests"
ln -s "$xcover" "$scratch/bin/xcover"
ln -s "$source_dir/examples" "$scratch/examples"
ln -s "$source_dir/tests/data" "$scratch/tests/data"
export PATH="$scratch/bin:$PATH"
failures=0 commands=0
check() {  # FILE LINE COMMAND EXPECTED
  local got
  got="$(cd "$scratch" && bash -o pipefail -c "$3" 2>/dev/null)" || true
  commands=$((commands + 1))
  if [[ "$got" != "$4" ]]; then
    failures=$((failures + 1))
    echo "$1:$2: \$ $3" >&2
    diff <(printf '%s\n' "$4") <(printf '%s\n' "$got") | sed 's/^/    /' >&2 || true
  fi
}
for file in "$source_dir/README.md" "$source_dir"/docs/*.md; do
  name="${file#"$source_dir"/}"
  in_block=0 command="" expected="" at=0 number=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    number=$((number + 1))
    if ((!in_block)); then
      [[ "$line" == '```console' ]] && in_block=1 command=""
      continue
    fi
    if [[ "$line" == '```' || "$line" == '$ '* ]]; then
      [[ -n "$command" ]] && check "$name" "$at" "$command" "$expected"
      command="" expected=""
      if [[ "$line" == '```' ]]; then
        in_block=0
      else
        command="${line#\$ }" at=$number
      fi
      continue
    fi
    expected+="${expected:+$'\n'}$line"
  done <"$file"
done
echo "check_docs: $commands commands, $failures with other output"
((failures == 0))
