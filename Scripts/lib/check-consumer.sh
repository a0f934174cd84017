#!/usr/bin/env bash
# Builds a package that depends only on DIScope and DIScopeTesting, as a user's would, from this
# checkout: it must build with no warning, compile nothing but the library (no terminal, no C
# library, no argument parser) and resolve no other package. Its tests are a test of its own and
# every lesson as `discope export swift` writes it (Tests/LessonExportTests): the export compiles
# and passes in a user's package, with nothing from this repository's tests. Fails saying which.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
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
cp "$root"/Tests/LessonExportTests/Lesson*.swift "$work/consumer/Tests/AppTests/"
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
(cd "$work/consumer" && swift run --skip-build App | grep -qx hello && swift test --skip-build >"$log" 2>&1) || {
  cat "$log" >&2
  echo "error: the consumer package built, but did not run" >&2
  exit 1
}
grep -q "Lesson12" "$log" || { cat "$log" >&2; echo "error: the lessons' exports did not run in the consumer package" >&2; exit 1; }
echo "consumer: a package depending on DIScope and DIScopeTesting builds with no warning and nothing else, and runs every lesson's export" >&2
