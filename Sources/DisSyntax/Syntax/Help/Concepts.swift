/// The ideas the commands stand for, a short paragraph each: `help concepts` lists them, and
/// `help NAME` shows one (`help token`, `help singleton`, ...).
public enum Concepts {
  /// The ideas, in the order a learner meets them.
  public static let all: [(name: String, text: String)] = [
    ("container",
      "A container builds your objects for you. Without one, code writes WebService(logger: ConsoleLogger()) "
        + "wherever it needs a web service, and changing the logger means changing every such line. With one, "
        + "you say once which class answers for each service (register), and ask for what you need (resolve): "
        + "the container builds its dependencies first. Tests swap one registration for a mock instead of "
        + "rewriting construction code."),
    ("service",
      "What a class asks for, usually a protocol (Logger), so that any class conforming to it can answer."),
    ("registration",
      "A line in the container: this service is answered by that class, under this scope. Each service has a "
        + "stack of them; the newest answers."),
    ("token",
      "The name of one registration: t1, t2, ... 'register' prints it; 'remove tN', 'scope tN' and 'cache tN' "
        + "act on exactly that registration, wherever it sits in its stack."),
    ("stack",
      "A service's registrations, newest on top. Pushing one (a mock, an override) shadows those below; "
        + "removing it lets the one below answer again."),
    ("scope",
      "How long an instance lives. prototype: a new one on every resolve. graph: one per resolve, shared inside "
        + "it. singleton: built once, then cached. eager: a singleton built as soon as it is registered. weak: "
        + "shared while anyone holds it."),
    ("singleton",
      "Built on the first resolve, then the same instance for everyone: the default scope."),
    ("instance number",
      "#N, the order an instance was built in: dependencies first, so WebService#2 holds ConsoleLogger#1. "
        + "'the session holds #4' means the playground keeps that instance, as your code would keep a reference."),
    ("provider",
      "A dependency that makes a new instance each time it is called (Provider<T>), instead of one instance at "
        + "construction; it is how a class gets runtime arguments, or breaks a dependency cycle."),
    ("mock",
      "A registration pushed over the real one for a test, marked as a mock. 'mock *' mocks every service: a "
        + "test base whose system under test is built from mocks."),
    ("captive dependency",
      "A long-lived instance (a singleton) holding a short-lived one (a prototype): every user of the singleton "
        + "shares what was meant to be new each time. 'validate' finds them."),
    ("stale reference",
      "A cached instance that still holds what its service no longer answers with: a mock, an override, a "
        + "removal or a child's registration changes what the container builds from now on, never what "
        + "instances already built hold. Commands that create one print a 'note:'; 'show stale' lists them."),
    ("assembly",
      "A named group of registrations (a module of an app), pushed and removed as one (Typhoon's assemblies)."),
    ("child container",
      "A container that sees its parent's registrations and overrides them for itself alone: a test, a request. "
        + "A parent's singleton is built from the parent's registrations and never sees a child's."),
  ]

  /// The paragraph for `name` (its own words, or with spaces for dashes), or `nil`.
  public static func text(for name: String) -> String? {
    let wanted = String(name.lowercased().map { $0 == "-" ? " " : $0 })
    return all.first { $0.name == wanted || $0.name + "s" == wanted }.map { "\($0.name): \($0.text)" }
  }

  /// `help concepts`: every idea, a paragraph each.
  public static var listing: String {
    all.map { "\($0.name): \($0.text)" }.joined(separator: "\n\n")
  }
}
