/// For each command: the idea it stands for, in one line, and a worked example (the command, and
/// what it prints). `help COMMAND` shows them under the usage. An example is a script: a session
/// that ran the right commands before it prints exactly what it shows (`HelpExampleTests` runs
/// every one), so that a reader can trust the output as much as the command.
enum CommandGuide {
  struct Entry {
    let concept: String
    let example: [String]
  }

  static let entries: [String: Entry] = [
    "protocol": Entry(
      concept: "a service is what a class asks for: usually a protocol, so any class conforming to it can answer",
      example: ["protocol Logger"]),
    "class": Entry(
      concept: "a class's initializer parameters are its dependencies: the container builds those first",
      example: ["class ConsoleLogger: Logger", "class WebService(logger: Logger)"]),
    "register": Entry(
      concept: "a registration tells the container which class answers for a service; the newest answers",
      example: [
        "register Logger = ConsoleLogger", "  + t1  Logger -> ConsoleLogger  [singleton]",
        "register WebService scope=prototype", "  + t2  WebService  [prototype]",
      ]),
    "resolve": Entry(
      concept: "resolving asks the container for a service: it builds (or reuses) it and everything it needs",
      example: [
        "resolve WebService", "  WebService#2(logger: ConsoleLogger#1)", "  WebService#2 created t2 [prototype]",
        "  └─ Logger → ConsoleLogger#1 created t1 [singleton]",
      ]),
    "resolve?": Entry(
      concept: "an optional dependency is fine to be missing: nil instead of an error",
      example: ["resolve? Analytics", "  nil  (no registration for 'Analytics')"]),
    "remove": Entry(
      concept: "a token names one registration; removing it lets the one below answer again",
      example: ["remove t3", "  - t3  Logger -> FileLogger  [singleton]  (uncovers t1)"]),
    "scope": Entry(
      concept: "a scope says how long an instance lives: prototype (never kept), graph (one per resolve), singleton, eager, weak",
      example: ["scope t2 graph", "  ~ t2  WebService  [graph]  (was singleton; dropped its cached #2)"]),
    "cache": Entry(
      concept: "caching off makes any scope behave as prototype, without forgetting the scope",
      example: ["cache t1 off", "  ~ t1  Logger -> ConsoleLogger  [singleton, cache off]  (cache was on; dropped its cached #1)"]),
    "mock": Entry(
      concept: "a mock is a registration pushed over the real one, for a test; 'unmock' takes it off again",
      example: ["mock WebService", "  + t5  WebService -> MockWebService  [singleton, mock]  (shadows t2)"]),
    "unmock": Entry(
      concept: "taking a mock off lets the registration below answer again; instances built with the mock keep it",
      example: ["unmock WebService", "  - t5  WebService -> MockWebService  [singleton, mock]  (uncovers t2)"]),
    "call": Entry(
      concept: "a provider makes a new instance each time it is called, with runtime arguments if the class takes any",
      example: ["call #3.details user=ann", "  UserDetails#4(user: \"ann\")", "  UserDetails#4 created t2 [prototype]"]),
    "assembly": Entry(
      concept: "an assembly groups registrations, to push and remove them together (a module of your app)",
      example: ["assembly Offline {", "  register WebService = OfflineWebService", "}"]),
    "activate": Entry(
      concept: "activating an assembly pushes its registrations over what is there",
      example: ["activate Offline", "  + t7  WebService -> OfflineWebService  [singleton]"]),
    "deactivate": Entry(
      concept: "deactivating an assembly removes exactly its registrations: the ones below answer again",
      example: ["deactivate Offline", "  - t7  WebService -> OfflineWebService  [singleton]"]),
    "container": Entry(
      concept: "a child container sees its parent's registrations; its own override them for it alone",
      example: ["container child test", "  container test (child of root) is current"]),
    "show": Entry(
      concept: "the playground's panes as text: stacks, the last trace, mocks, the dependency graph, tokens, stale references",
      example: ["show stacks Logger", "  Logger", "    t1  ConsoleLogger  [singleton]  answers, holds #1"]),
    "validate": Entry(
      concept: "a dry run: builds every registration once to find what is missing, cycles and captive dependencies, keeping nothing; says what it could not check",
      example: ["validate", "  ok: 4 registrations checked, no findings"]),
    "why": Entry(
      concept: "why a service resolves as it does, without building anything",
      example: [
        "why Logger", "  Logger: t1 ConsoleLogger answers (the only registration in root)",
        "    scope: singleton, caching on", "    resolve now: builds it and caches it (singleton)",
      ]),
    "expect": Entry(
      concept: "an assertion that does not depend on output wording: it prints nothing when it holds",
      example: ["expect Logger is ConsoleLogger", "expect WebService cached", "! expect Logger is FileLogger"]),
    "release": Entry(
      concept: "letting go: of an instance (a weak singleton nothing else holds is then gone), or of a request's "
        + "child container when the request ends (shut down, what it built disposed, and forgotten)",
      example: [
        "release #3", "  released ContentCache#3: nothing else held it, so it is gone",
        "release container request", "  - request: disposed Handler#4 (t4)", "  released request; root is current",
      ]),
    "shutdown": Entry(
      concept: "shutting a container down disposes what it built, newest first; it resolves nothing more",
      example: [
        "shutdown", "  - root: disposed WebService#2 (t2)", "  - root: disposed ConsoleLogger#1 (t1)",
        "  root is shut down: it resolves nothing more",
      ]),
    "reset": Entry(
      concept: "a fresh container, to start over; the declared types stay",
      example: ["reset", "  a fresh root container; declarations kept (3 types, 0 assemblies)"]),
    "help": Entry(
      concept: "every command's usage, idea and example; 'help concepts' for the ideas behind them",
      example: ["help scope", "help concepts"]),
  ]
}
