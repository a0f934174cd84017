#!/usr/bin/env bash
# Builds a package that depends only on DIScope and DIScopeTesting, as a user's would, from this
# checkout: it must build with no warning, compile nothing but the library (no terminal, no C
# library, no argument parser) and resolve no other package. Its tests are a test of its own and
# every .dis script that `discope test` passes (under Scripts/, Tests/ExportScripts/, which must,
# and Tools/Tests/*/Scripts/) as
# `discope export swift` writes it: each export compiles and passes in a user's package, and the
# same script with one expectation flipped (Scripts/lib/flip-expectation.sh) fails both as a
# script and as Swift. One package, compiled once. Fails saying which.
# Usage: Scripts/lib/check-consumer.sh PATH/TO/discope
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
discope="${1:?usage: $0 PATH/TO/discope}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log="$work/build.log"
mkdir -p "$work/consumer/Sources/App" "$work/consumer/Tests/AppTests"
cat >"$work/consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "Consumer",
  // As an app that adds DIScope declares them: the library's minimums (Package.swift).
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "DIScope", path: "$root")],
  targets: [
    .executableTarget(name: "App", dependencies: [.product(name: "DIScope", package: "DIScope")]),
    .testTarget(
      name: "AppTests",
      dependencies: [
        .product(name: "DIScope", package: "DIScope"), .product(name: "DIScopeTesting", package: "DIScope"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
SWIFT
cat >"$work/consumer/Sources/App/main.swift" <<'SWIFT'
import DIScope

final class Greeter: Sendable { func greet() -> String { "hello" } }
let container = Container()
container.register(Greeter.self) { _ in Greeter() }
print(try container.resolve(Greeter.self).greet())
SWIFT
cat >"$work/consumer/Tests/AppTests/AppTests.swift" <<'SWIFT'
import DIScope
import DIScopeTesting
import Testing

@Test(.isolatedDependencies, .checksStaleMocks) func resolves() throws {
  Container.shared.register(Int.self) { _ in 42 }
  #expect(try Container.shared.resolve(Int.self) == 42)
}
SWIFT
# Every script that passes, exported, and flipped: `expected` lists the suites (the scripts'
# paths, as each export names its suite) that must pass, `flipped` those that must fail.
mkdir -p "$work/flipped"
: >"$work/expected"
: >"$work/flipped.list"
cd "$root"
for script in Scripts/*/*.dis Tests/ExportScripts/*.dis Tools/Tests/*/Scripts/*.dis; do
  if ! "$discope" test "$script" >"$log" 2>&1; then
    # A script of an app's (replayed over its container by the tools' tests) does not pass alone.
    [[ "$script" == Tools/Tests/* ]] && continue
    cat "$log" >&2
    echo "error: $script does not pass 'discope test' (above)" >&2
    exit 1
  fi
  folder="$(basename "$(dirname "$script")")"
  stem="$(basename "$script" .dis)"
  # Lesson01, Exercise01; ExportScriptsWhatInstancesHold: unique in the one package.
  namespace="$(printf '%s' "${folder%s}" | sed 's/^./\U&/')$(printf '%s' "$stem" | cut -d- -f1)"
  [[ "$stem" =~ ^[0-9] ]] || namespace="$(printf '%s-%s' "$folder" "$stem" | sed -E 's/(^|-)(.)/\U\2/g')"
  "$discope" export swift "$script" --namespace "$namespace" -o "$work/consumer/Tests/AppTests/$namespace.swift"
  echo "$script" >>"$work/expected"
  flipped="$work/flipped/$(basename "$script")"
  "$root/Scripts/lib/flip-expectation.sh" "$script" >"$flipped"
  status=0
  "$discope" test "$flipped" >/dev/null 2>&1 || status=$?
  if [ "$status" -ne 1 ]; then
    diff "$script" "$flipped" >&2 || true
    echo "error: $script with one expectation flipped (above) should fail as a script (exit 1), but exited $status" >&2
    exit 1
  fi
  "$discope" export swift "$flipped" --namespace "${namespace}Flipped" -o "$work/consumer/Tests/AppTests/${namespace}Flipped.swift"
  echo "$flipped" >>"$work/flipped.list"
done
cd - >/dev/null
[ "$(wc -l <"$work/expected")" -ge 27 ] || { cat "$work/expected" >&2; echo "error: fewer scripts were exported than the lessons, exercises and Tests/ExportScripts (above)" >&2; exit 1; }
log="$work/build.log"
if ! (cd "$work/consumer" && swift build --build-tests >"$log" 2>&1); then
  cat "$log" >&2
  echo "error: a package depending on DIScope does not build" >&2
  exit 1
fi
if grep -n "warning:" "$log" >&2; then
  echo "error: building a package that depends on DIScope printed warnings (above)" >&2
  exit 1
fi
if grep -nE "Compiling (ArgumentParser|TerminalUI|Playground|DIScopeCLI)|CNCurses|CEditLine" "$log" >&2; then
  echo "error: a package depending on DIScope builds the playground's code (above)" >&2
  exit 1
fi
if [ -f "$work/consumer/Package.resolved" ] && grep -q '"identity"' "$work/consumer/Package.resolved"; then
  cat "$work/consumer/Package.resolved" >&2
  echo "error: a package depending on DIScope resolves other packages (above)" >&2
  exit 1
fi
(cd "$work/consumer" && swift run --skip-build App | grep -qx hello) || {
  echo "error: the consumer package built, but its App did not run" >&2
  exit 1
}
# The flipped exports fail, so `swift test` does: the suites' lines say which passed.
(cd "$work/consumer" && swift test --skip-build >"$log" 2>&1) || true
grep -q 'Test resolves() passed' "$log" || { cat "$log" >&2; echo "error: the consumer package's tests did not run (above)" >&2; exit 1; }
failures=0
while read -r script; do
  if ! grep -qF "Suite \"$script\" passed" "$log"; then
    grep -F "$script" "$log" >&2 || true
    echo "error: $script passes 'discope test', but its Swift export fails (above); export it with 'discope export swift $script' to look" >&2
    failures=$((failures + 1))
  fi
done <"$work/expected"
while read -r flipped; do
  if ! grep -qF "Suite \"$flipped\" failed" "$log"; then
    echo "error: $(basename "$flipped") with one expectation flipped fails as a script, but its Swift export does not fail:" >&2
    diff "$root/$(grep -F "/$(basename "$flipped")" "$work/expected")" "$flipped" >&2 || true
    failures=$((failures + 1))
  fi
done <"$work/flipped.list"
if [ "$failures" -ne 0 ]; then
  echo "error: $failures export(s) do not do what their script does (above)" >&2
  exit 1
fi
echo "consumer: a package depending on DIScope and DIScopeTesting builds with no warning and nothing else, and runs the Swift export of every script that passes ($(wc -l <"$work/expected")), each failing with one expectation flipped as its script does" >&2
