import DIScope
import Testing

// The examples of Sources/DIScope/DIScope.docc/ProvidersAndArguments.md, compiled and run.
@Suite("Article: Providers and runtime arguments")
struct ProvidersArticle {
  final class Upload: Sendable {
    let file: String, attempt: Int
    init(file: String, attempt: Int) { (self.file, self.attempt) = (file, attempt) }
  }
  final class Connection: Sendable {}

  // --- DOCC: providers-uploader ---
  final class Uploader: Sendable {
    let makeUpload: Provider<Upload, String, Int>  // assisted injection: the caller adds the rest
    let connection: Provider<Connection>           // one under Connection's scope on each call
    init(makeUpload: Provider<Upload, String, Int>, connection: Provider<Connection>) {
      (self.makeUpload, self.connection) = (makeUpload, connection)
    }
    func upload(_ file: String) throws -> Upload { try makeUpload(file, 1) }
  }
  // --- end ---

  @Test func argumentsAndProviders() throws {
    // --- DOCC: providers ---
    let container = Container()
    container.register(Upload.self) { (_: Resolver, file: String, attempt: Int) in
      Upload(file: file, attempt: attempt)
    }
    container.register(Connection.self, scope: .prototype) { _ in Connection() }
    container.register(Uploader.self) { r in
      Uploader(
        makeUpload: try r.resolve(Provider<Upload, String, Int>.self),
        connection: try r.resolve(Provider<Connection>.self))
    }
    let retry = try container.resolve(Upload.self, arguments: "a.png", 2)
    let upload = try container.resolve(Uploader.self).upload("b.png")
    #expect(retry.attempt == 2 && upload.file == "b.png")
    // --- end ---
    let uploader = try container.resolve(Uploader.self)
    #expect(try uploader.connection() !== uploader.connection())
    #expect(try container.resolve(Upload.self, arguments: "a", 1) !== container.resolve(Upload.self, arguments: "a", 1))
  }

  @Test func oneArgument() throws {
    let container = Container()
    // --- DOCC: providers-one-argument ---
    container.register(Upload.self, name: "first") { (_: Resolver, file: String) in
      Upload(file: file, attempt: 1)
    }
    let first = try container.resolve(Upload.self, name: "first", argument: "c.png")
    // --- end ---
    #expect(first.file == "c.png")
  }
}
