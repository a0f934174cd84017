#!/usr/bin/env bash
# Type-checks each Swift file in Tests/CompileChecks against the built DIScope module (debug, from
# `swift build`): every line marked `// error: TEXT` must get a compiler error containing TEXT on
# that line, and no other line may get one. The compiler's refusals are part of the API: this is
# how a rule like "a shared service must be Sendable" is tested.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$(swift build --package-path "$root" --show-bin-path)"
failed=0
checked=0
for file in "$root"/Tests/CompileChecks/*.swift; do
  log="$(mktemp)"
  swiftc -swift-version 6 -typecheck -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/CDIScopeRuntime.build/module.modulemap" \
    -Xcc -I"$root/Sources/CDIScopeRuntime/include" "$file" >"$log" 2>&1 || true
  name="$(basename "$file")"
  # Errors as "LINE<TAB>message", from the compiler's one-line form "path:LINE:COL: error: message".
  actual="$(grep -E "^$file:[0-9]+:[0-9]+: error: " "$log" |
    sed -E "s|^$file:([0-9]+):[0-9]+: error: (.*)$|\1\t\2|" | sort -u)"
  expected="$(grep -nE '// error: ' "$file" | sed -E 's|^([0-9]+):.*// error: (.*)$|\1\t\2|')"
  while IFS=$'\t' read -r line text; do
    [ -n "$line" ] || continue
    checked=$((checked + 1))
    if ! grep -qF "$line	" <<<"$actual" || ! grep -F "$line	" <<<"$actual" | grep -qF "$text"; then
      echo "$name:$line: error: expected a compiler error containing: $text" >&2
      grep -F "$line	" <<<"$actual" | sed 's/^/  got: /' >&2 || true
      failed=1
    fi
  done <<<"$expected"
  while IFS=$'\t' read -r line text; do
    [ -n "$line" ] || continue
    if ! grep -qE "^$line	" <<<"$expected"; then
      echo "$name:$line: error: unexpected compiler error: $text" >&2
      failed=1
    fi
  done <<<"$actual"
  if grep -qE "^<unknown>|error: missing required module|error: no such module" "$log"; then
    cat "$log" >&2
    failed=1
  fi
  rm -f "$log"
done
if [ "$failed" -ne 0 ]; then
  echo "error: the compile checks in Tests/CompileChecks did not hold (above)" >&2
  exit 1
fi
echo "compile checks: $checked refusals where expected, and nothing else refused" >&2
