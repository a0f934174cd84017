#!/usr/bin/env bash
# Runs Swinject 2.10.0's own test suite against DIScopeSwinject and fails below 95% passed.
#
# The suite comes from the Swinject package copy SwiftPM resolves for Benchmarks/ (resolved here
# if missing). Its files are copied into Tests/SwinjectSuite/Generated/ (git-ignored, never
# committed) with only their `import Swinject` lines changed, then built and run by the small
# package in Tests/SwinjectSuite. ContainerTests.Speed.swift is left out: it needs
# XCTMeasureOptions, which XCTest on Linux lacks.
#
# A test that crashes ends XCTest's process; the tests it kept from running are then run one by
# one, so a crash costs only the test that crashed.
#
# With --release the suite is built optimised (with -enable-testing, for its @testable imports):
# the paths DIScopeSwinject compiles for each registered type (`TypedResolve`, the typed build of
# a `.transient` entry) exist only where the compiler specialises, which a debug build never does.
set -euo pipefail
build_options=()
label=debug
case "${1:-}" in
  "") ;;
  --release)
    build_options=(-c release -Xswiftc -enable-testing)
    label=release
    ;;
  *)
    echo "swinject-suite: unknown option '$1'. To fix, pass nothing (debug) or --release." >&2
    exit 2
    ;;
esac
root="$(cd "$(dirname "$0")/../.." && pwd)"
checkout="$root/Benchmarks/.build/checkouts/Swinject"
suite="$root/Tests/SwinjectSuite"
generated="$suite/Generated/SwinjectTests"
minimum_percent=95

if [ ! -d "$checkout/Tests/SwinjectTests" ]; then
  swift package --package-path "$root/Benchmarks" resolve >/dev/null
fi
version="$(git -C "$checkout" describe --tags 2>/dev/null || echo unknown)"
if [ "$version" != "2.10.0" ]; then
  echo "swinject-suite: expected Swinject 2.10.0 in $checkout, found $version" >&2
  exit 1
fi

rm -rf "$generated"
mkdir -p "$generated"
for file in "$checkout"/Tests/SwinjectTests/*.swift; do
  name="$(basename "$file")"
  [ "$name" = "ContainerTests.Speed.swift" ] && continue
  sed -E 's/^([[:space:]]*)(@testable[[:space:]]+)?import[[:space:]]+Swinject[[:space:]]*$/\1\2import DIScopeSwinject/' \
    "$file" >"$generated/$name"
done
if grep -n "import Swinject" "$generated"/*.swift >&2; then
  echo "swinject-suite: an import of Swinject is left (above)" >&2
  exit 1
fi

swift build --package-path "$suite" "${build_options[@]}" --build-tests
tests="$(swift test --package-path "$suite" "${build_options[@]}" --skip-build --list-tests </dev/null | grep -E '^SwinjectTests\.' | sort -u)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift test --package-path "$suite" "${build_options[@]}" --skip-build </dev/null >"$log" 2>&1 || true

# "Test Case 'ContainerTests.testX' passed": one line per test that ran to its end.
outcome() { sed -nE "s/^Test Case '([^']+)' (passed|failed).*/\1 \2/p" "$1"; }
results="$(outcome "$log")"
for test in $tests; do
  # SwinjectTests.ContainerTests/testX, reported as ContainerTests.testX.
  reported="${test#SwinjectTests.}"
  reported="${reported/\//.}"
  if ! grep -qxE "$(printf '%s' "$reported" | sed 's/\./\\./g') (passed|failed)" <<<"$results"; then
    single="$(mktemp)"
    swift test --package-path "$suite" "${build_options[@]}" --skip-build --filter "^${test}\$" </dev/null >"$single" 2>&1 || true
    if grep -q "Test Case '$reported' passed" "$single"; then
      results+=$'\n'"$reported passed"
    else
      results+=$'\n'"$reported failed (crashed)"
      tail -n 5 "$single" | sed 's/^/    /' >&2
    fi
    rm -f "$single"
  fi
done

total="$(grep -c . <<<"$tests")"
passed="$(grep -c ' passed$' <<<"$results" || true)"
echo "Swinject 2.10.0's suite against DIScopeSwinject ($label): $passed of $total tests passed"
if [ "$passed" -lt "$total" ]; then
  echo "not passed:"
  grep -v ' passed$' <<<"$results" | grep . | sed 's/^/  /'
  grep -E "error: .*(XCTAssert|XCTFail|failed)" "$log" | sed 's/^/    /' | head -n 60 || true
fi
if [ $((passed * 100)) -lt $((total * minimum_percent)) ]; then
  echo "swinject-suite: below $minimum_percent% ($passed of $total)" >&2
  exit 1
fi
