/// The `.dis` command table: the single source of `help` text, the parser's
/// usage hints and unknown-command suggestions, and tab completion.
///
/// ```swift
/// for row in CommandTable.all { print(row.usageLine, "—", row.summary) }
/// CommandTable.specification(named: "mock")?.helpText
/// ```
public enum CommandTable {
  private typealias G = GrammarElement

  private static let scopes = G.choice(Scope.allCases.map { [.keyword($0.rawValue)] })
  private static let onOff = G.choice([[.keyword("on")], [.keyword("off")]])
  private static let arguments = G.repeated([.joined([.placeholder("k"), .keyword("="), .placeholder("v")])])
  private static let registerOptions: [G] = [
    .optional([.keyword("named"), .placeholder("N")]),
    .optional([.joined([.keyword("scope="), scopes])]),
    .optional([.joined([.keyword("cache="), onOff])]),
  ]

  /// Every command, in the order `help` lists them.
  public static let all: [CommandSpecification] = [
    .init("protocol", [[.placeholder("P")]], "declare an abstract service"),
    .init(
      "class",
      [[.placeholder("C"), .optional([.placeholder("(a: A, b: Provider<B>, c: C?, d: arg T)")]),
        .optional([.placeholder(": P, Q")]), .optional([.placeholder("{ var x: T }")])]],
      "declare a concrete type: initializer dependencies, conformances, injected properties"),
    .init(
      "register",
      [[.placeholder("S"), .optional([.keyword("="), .placeholder("Impl")])] + registerOptions,
       // One instance, handed out as is: a name, but no scope or caching to choose.
       [.placeholder("S"), .keyword("instance"), .placeholder("Impl"),
        .optional([.keyword("named"), .placeholder("N")])]],
      "push a registration for S onto its stack and print its token"),
    .init(
      "resolve",
      [[.placeholder("S"), .optional([.keyword("named"), .placeholder("N")]),
        .optional([.keyword("with"), arguments])]],
      "resolve S and print the instance and its resolution trace"),
    .init(
      "resolve?",
      [[.placeholder("S"), .optional([.keyword("named"), .placeholder("N")]),
        .optional([.keyword("with"), arguments])]],
      "optional resolve: print 'nil' instead of failing"),
    .init("remove", [[.placeholder("tN")]], "remove exactly that registration from its stack"),
    .init("scope", [[.placeholder("tN"), scopes]], "switch a live registration's scope; drops what it had cached"),
    .init("cache", [[.placeholder("tN"), onOff]], "switch a live registration's caching; drops what it had cached"),
    .init(
      "mock", [[.placeholder("S"), .optional([.keyword("="), .placeholder("Impl")])], [.keyword("*")]],
      "push a mock over S (a recording mock when no Impl), or over every registered service"),
    .init("unmock", [[.placeholder("S")]], "remove the newest mock of S"),
    .init("call", [[.placeholder("#N.param"), .optional([arguments])]], "call the provider held in a parameter of instance #N"),
    .init("assembly", [[.placeholder("A"), .placeholder("{ register ... }")]], "declare a named group of registrations"),
    .init("activate", [[.placeholder("A")]], "push every registration of assembly A"),
    .init("deactivate", [[.placeholder("A")]], "remove every registration of assembly A"),
    .init(
      "container", [[.keyword("child"), .placeholder("NAME")], [.keyword("use"), .placeholder("NAME")]],
      "make a child of the current container and switch to it, or switch back by name",
      details: [
        "attached to an app, NAME may be one of the app's live children (listed by 'show stacks'):",
        "'container use request' enters the newest, 'container use request#12' that one",
      ]),
    .init(
      "show", [[G.choice(View.allCases.map { [.keyword($0.rawValue)] }), .optional([.placeholder("S")])]],
      "print one of the playground's views as text"),
    .init(
      "validate", [[]], "resolve every registration in a dry run and report what fails",
      details: [
        "Attached to an app (discope attach), it runs none of the app's factories (one may act on",
        "the world, or trap and end the app): it checks the dependencies the app's own resolves",
        "showed since the session began, and the resolves seen failing, and lists each registration",
        "never seen built as 'not checked', with why. Read-only servers allow it: it changes nothing.",
      ]),
    .init(
      "why", [[.placeholder("S"), .optional([.keyword("named"), .placeholder("N")])]],
      "say which registration answers S and why, without building anything",
      details: [
        "Prints, without building anything: the token that answers and why (the newest of its",
        "stack, the tokens it shadows, found in a parent container, a mock), where the app made",
        "it (attached: its 'register' call's file and line), its scope and",
        "caching, the instance it caches (#N) and the resolve that built it, what that instance",
        "holds, what 'resolve S' would do now, who holds the current instance, and every stale",
        "reference on the way: a cached instance still holding what its key no longer answers",
        "with (a mock, an override or a removal never reaches instances already built). What an",
        "instance built before holders were tracked holds is said 'unknown', with why, never none.",
        "example:",
        "  why WebService",
        "    WebService: t5 MockWebService answers (a mock; newest of 2 in root; shadows t2)",
        "      scope: singleton, caching on",
        "      resolve now: builds it and caches it (singleton)",
        "      stale: RFZoneController#2.webService (t3, singleton) still holds WebService#1 from t2, which no "
          + "longer answers for WebService (t5 answers now); 'cache t3 off' then 'cache t3 on' rebuilds it",
        "See also 'show stale' and 'expect no stale'.",
      ]),
    .init(
      "expect",
      [[.placeholder("S"), .keyword("is"), .placeholder("Impl")],
       [.placeholder("S"), G.choice([[.keyword("cached")], [.keyword("new")]])],
       [.keyword("stack"), .placeholder("S"), .keyword("="), .repeated([.placeholder("tN")])],
       [.placeholder("#N.param"), .keyword("="),
        G.choice([[.placeholder("#M")], [.keyword("nil")], [.placeholder("\"text\"")]])],
       [.keyword("no"), .keyword("stale")],
       [.placeholder("S"), .keyword("shares"), .placeholder("T")],
       [.placeholder("S"), .keyword("holds"), .optional([.keyword("new")]),
        G.choice([[.placeholder("T")], [.placeholder("Provider<T>")]])],
       [.placeholder("S"), .keyword("is"), .placeholder("#N")],
       [.placeholder("#N"), G.choice([[.keyword("disposed")], [.keyword("gone")]])],
       [.keyword("no"), .keyword("container"), .placeholder("NAME")]],
      "assert what resolving S gives, a stack, what an instance holds, what became of it, or that nothing is stale",
      details: [
        "'expect S is Impl' and 'expect S cached|new' look at what 'resolve S' would give now:",
        "its type, or whether it would come from a cache. They only look: what they build is not",
        "cached, numbered or held, so every cache and the next #N are as before.",
        "'expect stack S = tA tB' lists the stack, top first. 'expect #N.param = #M|nil|\"text\"'",
        "checks what an instance holds.",
        "'expect no stale' fails while a cached instance holds what its key no longer answers with,",
        "and when what one holds is unknown (built before holders were tracked: attached, before",
        "the app's debug server started), saying so: it never passes on what it cannot see.",
        "'expect S shares T' looks at S the same way and checks that every T it holds, directly or",
        "through what it holds, is one instance: two or more of S's dependencies need a T, and",
        "they got the same one (a graph scope or a singleton shares; a prototype does not).",
        "'expect S holds T' (or 'Provider<T>', 'Provider<T, A>') checks that what S is built with",
        "has a T, or a provider of T, directly or through what it holds; 'expect S holds new T'",
        "that every T in it is built by this resolve, none one that an earlier resolve made.",
        "'expect S is #N' checks that S answers with #N itself. 'expect #N disposed' holds once a",
        "container disposed #N; 'expect #N gone' once nothing holds it. 'expect no container NAME'",
        "holds while the family has no container of that name (never made, or released).",
      ]),
    .init(
      "release", [[.placeholder("#N")], [.keyword("container"), .placeholder("NAME")]],
      "let go of instance #N, or shut a child container down and forget it",
      details: [
        "'release #N': the session lets go of #N. A weak singleton that nothing else holds is",
        "then gone; otherwise the line names what still holds it.",
        "'release container NAME': the end of a request. The child container is shut down (what",
        "it built is disposed, newest first, its own children's first) and forgotten; if you were",
        "in it, its parent is current again. Its parent's singletons stay. In Swift: try await",
        "request.shutdown(), or container.withChild(named:), which does it when its body returns.",
      ]),
    .init(
      "shutdown", [[]], "dispose what the current container built, newest first; it resolves no more",
      details: [
        "Every instance the container caches and built itself is disposed once, in reverse",
        "creation order: what was built last, which may use what was built before it, goes first.",
        "Mocks, prototypes and graph instances are left alone. A request's child container goes",
        "the same way with 'release container NAME'. In Swift: try await container.shutdown(),",
        "or container.withChild(named:) for a request scope.",
      ]),
    .init("reset", [[]], "start a fresh container, keeping declarations"),
    .init("help", [[.optional([.placeholder("command")])]], "list the commands, or explain one"),
    .init(":record", [[.placeholder("FILE")]], "append each command and its output to FILE"),
    .init(":stop", [[]], "stop recording"),
    .init(":save", [[.placeholder("FILE")]], "write the session so far to FILE (a new file, or one this session wrote)"),
    .init(":save!", [[.placeholder("FILE")]], "write the session so far to FILE, replacing what it holds"),
    .init(":open", [[.placeholder("FILE")]], "open a script to step through"),
    .init(":quit", [[]], "leave the playground"),
    .init(":hint", [[]], "in 'discope learn': the exercise's next hint"),
    .init(":goal", [[]], "in 'discope learn': the exercise's goal again"),
    .init(":solution", [[]], "in 'discope learn': step through the reference solution (asks first)"),
    .init(":next", [[]], "in 'discope learn': open the next exercise"),
  ]

  private static let byName: [String: CommandSpecification] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.name, $0) })

  /// The row for `name` (`"resolve?"`, `":record"`), or `nil`.
  public static func specification(named name: String) -> CommandSpecification? {
    byName[name]
  }

  /// Every command name, in table order.
  public static var names: [String] { all.map(\.name) }

  /// The known names closest to `word`, for "did you mean" hints; empty when
  /// nothing is close.
  public static func suggestions(for word: String, among candidates: [String] = names) -> [String] {
    let scored = candidates.map { ($0, EditDistance.between(word.lowercased(), $0)) }
    let limit = max(1, word.count / 3)
    let best = scored.map(\.1).min() ?? Int.max
    guard best <= limit else { return [] }
    return scored.filter { $0.1 == best }.map(\.0)
  }

  /// The help text for `topic`, or the whole table when `topic` is `nil`.
  ///
  /// ```swift
  /// CommandTable.help(for: "cache")
  /// // usage: cache tN on|off
  /// //   switch a live registration's caching; drops what it had cached
  /// ```
  public static func help(for topic: String? = nil) -> String? {
    guard let topic else {
      let width = all.map(\.name.count).max() ?? 0
      return all.map { $0.name.padding(toLength: width) + "  " + $0.summary }.joined(separator: "\n")
    }
    if topic == "concepts" { return Concepts.listing }
    return specification(named: topic)?.helpText ?? Concepts.text(for: topic)
  }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    self + String(repeating: " ", count: max(0, length - count))
  }
}
