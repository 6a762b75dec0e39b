#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks the start-up order of the static tool (apps/startup_order.ld): the
# tool has the section the order fills, and most of the library's and the
# CLI's functions the order lists (those of no kernel set: which sets are
# built varies) are still functions of the tool. A list gone stale links
# fine and only places less; this says when to rerun scripts/startup_order.sh.
#   check_startup_order.sh NM READELF XCOVER ORDER_FILE
set -euo pipefail
nm=$1 readelf=$2 xcover=$3 order=$4
if ! "$readelf" -SW "$xcover" | grep -q '\.text\.startup_path'; then
  echo "$xcover has no .text.startup_path section" >&2
  exit 1
fi
listed="$(mktemp)" defined="$(mktemp)"
trap 'rm -f "$listed" "$defined"' EXIT
sed -n 's/^ *\*(\.text\.\(_ZN6xcover[A-Za-z0-9_.$]*\))$/\1/p' "$order" |
  grep -v -E '6detail(8baseline|4avx2|6avx512|9avx512icl)' | sort -u > "$listed"
"$nm" --defined-only "$xcover" | awk '{ print $3 }' | sort -u > "$defined"
total=$(wc -l < "$listed")
found=$(comm -12 "$listed" "$defined" | wc -l)
echo "$found of $total listed xcover functions (outside the kernel sets) are in the tool"
if ((total == 0 || 4 * found < 3 * total)); then
  echo "apps/startup_order.ld is stale: rerun scripts/startup_order.sh (see its comment)" >&2
  exit 1
fi
