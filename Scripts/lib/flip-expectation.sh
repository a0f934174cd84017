#!/usr/bin/env bash
# Prints the .dis script FILE with one expectation flipped, so that the script must fail: the
# last `expect` with a Swift meaning becomes `! expect` (it must fail now, and holds); in a script with no `expect`,
# the last `! resolve` or `! validate` loses its `!` (it must succeed now, and fails). Exit 1,
# saying so, when the script has neither. Used by Scripts/lib/check-consumer.sh.
# Usage: Scripts/lib/flip-expectation.sh FILE
set -euo pipefail
file="${1:?usage: $0 FILE.dis}"
# Only an expectation the export writes as Swift (SwiftExport.withoutSwift lists the others).
line="$(grep -nE '^expect ' "$file" \
  | grep -vE '^[0-9]+:expect (no container |#[0-9]+ (disposed|gone)|[^ ]+ holds )' \
  | tail -1 | cut -d: -f1 || true)"
if [ -n "$line" ]; then
  sed "${line}s/^/! /" "$file"
  exit 0
fi
line="$(grep -nE '^! (resolve|validate)( |$)' "$file" | tail -1 | cut -d: -f1 || true)"
if [ -n "$line" ]; then
  sed "${line}s/^! //" "$file"
  exit 0
fi
echo "$file:1:1: error: no expectation to flip: the script has no 'expect', '! resolve' or '! validate'" >&2
exit 1
