// swift-tools-version: 6.1
//
// The library, and nothing else: a package that depends on DIScope resolves no other package and
// builds no C library, terminal or command-line code. The playground and `discope` live in
// `Tools/`, a package of their own over this one (as `Benchmarks/` and `Fuzz/` are).
//
// Layers import only downward:
//   DIScope  <-  DIScopeTesting, DisScript (over DisSyntax)  <-  (Tools/) Playground  <-  DIScopeCLI  <-  discope
// The container (`DIScope`) depends on no other package and never knows a script or a screen exists.
import PackageDescription

let package = Package(
  name: "DIScope",
  // What `Synchronization` (Mutex, Atomic) and the Swift 6 runtime the container calls need:
  // macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2. Built and tested on Linux here; on macOS
  // and for the iOS simulator by .github/workflows/apple-platforms.yml.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "DIScope", targets: ["DIScope"]),
    .library(name: "DIScopeTesting", targets: ["DIScopeTesting"]),
    .library(name: "DIScopeHopoate", targets: ["DIScopeHopoate"]),
    .library(name: "DIScopeHopoateTesting", targets: ["DIScopeHopoateTesting"]),
    .library(name: "DIScopeSwinject", targets: ["DIScopeSwinject"]),
    .library(name: "DisSyntax", targets: ["DisSyntax"]),
    .library(name: "DisScript", targets: ["DisScript"]),
    .library(name: "DIScopeServiceLifecycle", targets: ["DIScopeServiceLifecycle"]),
    .library(name: "DIScopeTracing", targets: ["DIScopeTracing"]),
    .library(name: "DIScopeDebug", targets: ["DIScopeDebug"]),
    .library(name: "DIScopeRecording", targets: ["DIScopeRecording"]),
  ],
  traits: [
    .trait(
      name: "ServiceLifecycle",
      description: "DIScopeServiceLifecycle: a container as a swift-service-lifecycle Service"),
    .trait(
      name: "Tracing",
      description: "DIScopeTracing: slow root resolutions as spans of the app's swift-distributed-tracing traces"),
    .trait(
      name: "ModelTests",
      description: "Tests/ModelBasedTests: the container against a reference model, by swift-property-based"),
  ],
  dependencies: [
    // Resolved only by packages that enable the ServiceLifecycle trait.
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // Resolved only by packages that enable the Tracing trait.
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    // Resolved only by packages that enable the ModelTests trait (Scripts/test does): a test
    // target's dependency, never the library's.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // The container, and what it needs from below Swift: a thread-local record its resolve path
    // reads, immortal objects, and the runtime's own "is this the main actor?" check.
    .target(name: "CDIScopeRuntime"),
    .target(name: "DIScope", dependencies: ["CDIScopeRuntime"]),
    // Mocks, isolation traits and test bases over the container.
    .target(name: "DIScopeTesting", dependencies: ["DIScope"]),
    // Hopoate's API over the container, for code bases migrating with one import line; apart, so
    // that DIScope's own users never see Hopoate's free `resolve` inside their factories.
    .target(name: "DIScopeHopoate", dependencies: ["DIScope"]),
    // Swinject 2.10's API over the container, for apps migrating with one import line (never
    // linking Swinject): its own suite runs against it (Scripts/lib/swinject-suite.sh).
    .target(name: "DIScopeSwinject", dependencies: ["DIScope", "CDIScopeRuntime"]),
    // Hopoate's testing helpers' signatures (`MockContainer(_:container:)`).
    .target(name: "DIScopeHopoateTesting", dependencies: ["DIScopeHopoate", "DIScopeTesting"]),
    // The `.dis` language as text: lexer, parser, diagnostics, canonical printer, expected-output
    // matching and diffs. Knows nothing of the container.
    .target(name: "DisSyntax"),
    // The `.dis` language at work: the interpreter over a real `Container`, replay and reports.
    // A value behind a mutex, for this package's modules above the container (the interpreter, the
    // debug server and its transport), so that none imports another only for it.
    .target(name: "DIScopeLocked"),
    .target(name: "DisScript", dependencies: ["DisSyntax", "DIScope", "DIScopeLocked"]),
    // The debug server an app links so that `discope attach` can reach its container from
    // another terminal, and the client side of its protocol. Never the terminal modules.
    .target(name: "CDIScopePeer"),
    // The flight recorder: a container's events in a bounded ring file, and its reader. Apart
    // from DIScopeDebug so that an app records without linking the script interpreter.
    .target(name: "DIScopeRecording", dependencies: ["DIScope"]),
    .target(name: "DIScopeDebug", dependencies: ["DIScope", "DIScopeLocked", "DisScript", "DisSyntax", "CDIScopePeer"]),
    // A container as a swift-service-lifecycle `Service`, with the ServiceLifecycle trait.
    .target(
      name: "DIScopeServiceLifecycle",
      dependencies: [
        "DIScope",
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle",
          condition: .when(traits: ["ServiceLifecycle"])),
      ]),
    // Slow root resolutions as spans of the current trace, with the Tracing trait.
    .target(
      name: "DIScopeTracing",
      dependencies: [
        "DIScope", "DIScopeLocked",
        .product(
          name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Tracing"])),
      ]),

    // (With the compatibility module for the few tests of how it and the container meet.)
    // What several test targets share (a lock the thread sanitizer sees, a tally of live objects).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "DIScopeTests", dependencies: ["DIScope", "DIScopeHopoate", "TestSupport"]),
    // A program whose `@Injected` property cannot resolve, which `InjectedTrapTests` runs to read
    // what it stops with. A test fixture: in no product, so a package depending on DIScope never
    // builds it.
    .executableTarget(
      name: "InjectedTrapProbe", dependencies: ["DIScope"], path: "Tests/Probes/InjectedTrapProbe"),
    // Hopoate's own XCTest suite, unchanged but for its import.
    .testTarget(
      name: "HopoateCompatibilityTests", dependencies: ["DIScopeHopoate", "DIScopeHopoateTesting"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // What DIScopeSwinject adds to Swinject's API (its own suite runs in Tests/SwinjectSuite).
    .testTarget(name: "DIScopeSwinjectTests", dependencies: ["DIScopeSwinject", "DIScope", "TestSupport"]),
    // Programs that force-unwrap a nil DIScopeSwinject's resolve hands them, which
    // `SwinjectTrapTests` runs to read what was said before they stopped. In no product.
    .executableTarget(
      name: "SwinjectTrapProbe", dependencies: ["DIScopeSwinject"], path: "Tests/Probes/SwinjectTrapProbe"),
    .testTarget(
      name: "DIScopeTestingTests", dependencies: ["DIScopeTesting", "DIScope", "DIScopeHopoate"]),
    .testTarget(name: "DisSyntaxTests", dependencies: ["DisSyntax"]),
    // The recorder and its reader; through the Swinject facade too.
    .testTarget(
      name: "DIScopeRecordingTests", dependencies: ["DIScopeRecording", "DIScope", "DIScopeSwinject"]),
    // A program that records its container until it is killed, which `RecorderKillTests` kills
    // with SIGKILL mid-write and reads back. In no product.
    .executableTarget(
      name: "RecorderProbe", dependencies: ["DIScopeRecording", "DIScope"], path: "Tests/Probes/RecorderProbe"),
    .testTarget(name: "DIScopeDebugTests", dependencies: ["DIScopeDebug", "DIScope", "DisScript"]),
    .testTarget(name: "DisScriptTests", dependencies: ["DisScript", "DisSyntax", "DIScope", "TestSupport"]),
    // The lessons exported as Swift (`discope export swift`), run as the scripts are.
    .testTarget(name: "LessonExportTests", dependencies: ["DIScope", "DIScopeTesting"]),
    // Run with the trait: `swift test --traits ServiceLifecycle` (Scripts/test does).
    .testTarget(
      name: "DIScopeServiceLifecycleTests",
      dependencies: [
        "DIScopeServiceLifecycle", "DIScope",
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle",
          condition: .when(traits: ["ServiceLifecycle"])),
      ]),
    // Run with the trait: `swift test --traits Tracing` (Scripts/test does).
    .testTarget(
      name: "DIScopeTracingTests",
      dependencies: [
        "DIScopeTracing", "DIScope",
        .product(
          name: "InMemoryTracing", package: "swift-distributed-tracing",
          condition: .when(traits: ["Tracing"])),
      ]),
    // The container against a reference model of its meaning, over generated sequences of
    // operations. Run with the trait: `swift test --traits ModelTests` (Scripts/test does;
    // Scripts/model-test runs it long with a random seed). Without it the target is empty.
    .testTarget(
      name: "ModelBasedTests",
      dependencies: [
        "DIScope", "TestSupport",
        .product(
          name: "PropertyBased", package: "swift-property-based",
          condition: .when(traits: ["ModelTests"])),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
