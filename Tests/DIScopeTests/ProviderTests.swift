import DIScope
import Testing

/// The seed's example (001_4c247db1f15ab657): a sender that makes many commands depends on a
/// provider of commands, not on the commands' own dependencies.
final class TwitterClient: Sendable {}
final class SendCommand: Sendable {
  let client: TwitterClient
  let message: String
  init(client: TwitterClient, message: String = "") {
    self.client = client
    self.message = message
  }
}
final class MessageSender: Sendable {
  let commands: Provider<SendCommand>
  init(commands: Provider<SendCommand>) { self.commands = commands }
  func send() throws -> SendCommand { try commands() }
}

@Suite("Providers")
struct ProviderTests {
  @Test func aProviderResolvesWithoutBeingRegistered() throws {
    let container = Container()
    container.register(Db.self, scope: .prototype) { _ in Db() }
    let makeDb = try container.resolve(Provider<Db>.self)
    #expect(try makeDb() !== makeDb())
  }

  @Test func eachCallResolvesUnderTheServicesScope() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let makeDb = try container.resolve(Provider<Db>.self)
    #expect(try makeDb() === makeDb(), "a singleton stays a singleton through a provider")
  }

  @Test func theSenderDependsOnlyOnTheProvider() throws {
    let container = Container()
    container.register(TwitterClient.self) { _ in TwitterClient() }
    container.register(SendCommand.self, scope: .prototype) { r in
      SendCommand(client: try r.resolve(TwitterClient.self))
    }
    container.register(MessageSender.self) { r in
      MessageSender(commands: try r.resolve(Provider<SendCommand>.self))
    }
    let sender = try container.resolve(MessageSender.self)
    let one = try sender.send(), two = try sender.send()
    #expect(one !== two)
    #expect(one.client === two.client)
  }

  @Test func aProviderWithRuntimeArgumentsIsAssistedInjection() throws {
    let container = Container()
    container.register(TwitterClient.self) { _ in TwitterClient() }
    container.register(SendCommand.self) { (r: Resolver, message: String) in
      SendCommand(client: try r.resolve(TwitterClient.self), message: message)
    }
    let commands = try container.resolve(Provider<SendCommand, String>.self)
    #expect(try commands("hello").message == "hello")
    #expect(try commands("bye").message == "bye")
  }

  @Test func aProviderOfSomethingUnregisteredFailsWhenResolved() throws {
    let container = Container()
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve(Provider<Db>.self)
    }
    #expect(error.kind == .notRegistered)
    #expect(error.message.contains("'Db'"))
  }

  /// Asked for by name, a provider provides the registration of that name, and says which when
  /// there is none.
  @Test func aNamedProviderProvidesTheNamedRegistration() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register((any Logger).self, name: "file") { _ in FileLogger() }
    let file = try container.resolve(Provider<any Logger>.self, name: "file")
    #expect(try file().label == "file")
    #expect(try container.resolve(Provider<any Logger>.self)().label == "console")
    #expect(container.canResolve(Provider<any Logger>.self, name: "file"))
    #expect(!container.canResolve(Provider<any Logger>.self, name: "audit"))
    #expect(!container.canResolve(Provider<Db>.self))
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve(Provider<any Logger, String>.self, name: "audit")
    }
    #expect(error.message == "no registration for 'Logger named \"audit\"', which 'Provider<Logger, String>' provides", "\(error)")
  }

  @Test func aProviderFollowsMockSwaps() throws {
    let container = Container()
    container.register((any Logger).self, scope: .prototype) { _ in ConsoleLogger() }
    let loggers = try container.resolve(Provider<any Logger>.self)
    #expect(try loggers().label == "console")
    let mock = container.mock((any Logger).self, with: NullLogger())
    #expect(try loggers().label == "null")
    container.remove(mock)
    #expect(try loggers().label == "console")
  }

  @Test func aProviderOutlivingItsContainerThrows() throws {
    var container: Container? = Container()
    container!.register(Db.self) { _ in Db() }
    let makeDb = try container!.resolve(Provider<Db>.self)
    container = nil
    let error = try #require(throws: ResolutionError.self) { try makeDb() }
    #expect(error.kind == .containerReleased)
  }
}
