#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The manual page the build wrote is the tool's --help, command by command,
# and groff formats it without a warning. Skipped (77) without groff.
#   bash tests/check_man_page.sh XCOVER PAGE
set -euo pipefail
xcover="${1:?usage: check_man_page.sh XCOVER PAGE}"
page="${2:?usage: check_man_page.sh XCOVER PAGE}"
command -v groff >/dev/null || { echo "groff not found: skipped"; exit 77; }
# Up to date: what the tool prints now.
diff <("$xcover" --man) "$page" >/dev/null || { echo "$page is not what 'xcover --man' prints" >&2; exit 1; }
warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
[[ -z "$warnings" ]] || { echo "groff warns about $page: $warnings" >&2; exit 1; }
text=$(groff -man -Tutf8 -P-c -P-b -P-u "$page" 2>/dev/null)
# Every command has its section, holding its --help's option lines.
commands=$("$xcover" --help | sed -n 's/^  \([a-z]\+\)  .*/\1/p')
[[ -n "$commands" ]] || { echo "xcover --help lists no commands" >&2; exit 1; }
for command in $commands; do
  grep -q "^   $command\$" <<<"$text" || { echo "no section for '$command'" >&2; exit 1; }
  while IFS= read -r option; do
    grep -qF -- "$option" <<<"$text" || {
      echo "'$command --help' says '$option', the page does not" >&2
      exit 1
    }
  done < <("$xcover" "$command" --help | grep -o -- '--[a-z][a-z-]*' | sort -u)
done
echo "man page: $(wc -w <<<"$commands") commands, each with its options"
