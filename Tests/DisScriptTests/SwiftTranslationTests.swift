import DisScript
import DisSyntax
import Testing

/// The DIScope Swift each command stands for, as the playground shows it beside every step.
@Suite("Swift beside every command")
struct SwiftTranslationTests {
  func translation(_ script: String) -> SwiftTranslation {
    var translation = SwiftTranslation()
    translation.learn(ScriptParser().parse(script, path: "t.dis").script.entries)
    return translation
  }

  func command(_ line: String) -> Command {
    guard case .success(let entry) = ScriptParser().parseCommand(line) else { fatalError("does not parse: \(line)") }
    return entry.command
  }

  @Test func aRegistrationIsTheFactoryThatResolvesEachParameter() {
    let swift = translation("protocol Logger\nclass ConsoleLogger: Logger\nclass WebService(logger: Logger, cache: Cache?, make: Provider<Job>)\n")
    #expect(swift.line(for: command("register Logger = ConsoleLogger")) == "container.register((any Logger).self) { _ in ConsoleLogger() }")
    #expect(swift.line(for: command("register WebService scope=prototype named main"))
      == "container.register(WebService.self, name: \"main\", scope: .prototype) { r in WebService(logger: try r.resolve((any Logger).self), cache: try r.optionalResolve(Cache.self), make: try r.resolve(Provider<Job>.self)) }")
  }

  @Test func runtimeArgumentsBecomeTheFactorysParameters() {
    let swift = translation("class UserDetails(user: arg String, age: arg Int)\n")
    #expect(swift.line(for: command("register UserDetails")) == "container.register(UserDetails.self) { (_: Resolver, user: String, age: Int) in UserDetails(user: user, age: age) }")
    #expect(swift.line(for: command("resolve UserDetails with user=ann age=3")) == "let userDetails = try container.resolve(UserDetails.self, arguments: \"ann\", 3)")
  }

  @Test func changesMocksAndExpectationsAreTheirContainerCalls() {
    let swift = translation("protocol Logger\nclass WebService\n")
    #expect(swift.line(for: command("remove t2")) == "container.remove(t2)  // the token register returned")
    #expect(swift.line(for: command("scope t2 graph")) == "container.setScope(.graph, for: t2)")
    #expect(swift.line(for: command("cache t1 off")) == "container.setCaching(false, for: t1)")
    #expect(swift.line(for: command("mock WebService")) == "let mock = container.mock(WebService.self, with: MockWebService())")
    #expect(swift.line(for: command("expect Logger is ConsoleLogger")) == "#expect(try container.resolve((any Logger).self) is ConsoleLogger)")
    #expect(swift.line(for: command("expect no stale")) == "#expect(container.staleReferences().isEmpty)")
    #expect(swift.line(for: command("shutdown")) == "try await container.shutdown()")
    #expect(swift.line(for: command("why Logger")) == "print(container.explain((any Logger).self))")
  }

  @Test func whatHasNoSwiftEquivalentSaysNothing() {
    let swift = SwiftTranslation()
    #expect(swift.line(for: command("show stacks")) == nil)
    #expect(swift.line(for: command("reset")) == nil)
    #expect(swift.line(for: command("help")) == nil)
  }
}
