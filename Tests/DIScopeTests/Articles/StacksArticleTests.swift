import DIScope
import Testing

// The examples of Sources/DIScope/DIScope.docc/StacksAndTokens.md, compiled and run.
@Suite("Article: Stacks and tokens")
struct StacksArticle {
  protocol Store: Sendable { var name: String { get } }
  struct DiskStore: Store { let name = "disk" }
  struct MemoryStore: Store { let name = "memory" }
  struct CloudStore: Store { let name = "cloud" }

  struct OfflineAssembly: Assembly {
    func assemble(into container: Container) {
      container.register((any Store).self) { _ in MemoryStore() }
    }
  }

  @Test func theNewestAnswersAndATokenRemovesExactlyItsOwn() throws {
    // --- DOCC: stacks ---
    let container = Container()
    let disk = container.register((any Store).self) { _ in DiskStore() }
    let memory = container.register((any Store).self) { _ in MemoryStore() }
    #expect(try container.resolve((any Store).self).name == "memory")  // the newest answers
    #expect(container.remove(disk))                                     // wherever it sits
    #expect(try container.resolve((any Store).self).name == "memory")
    #expect(container.remove(memory))
    #expect(!container.remove(memory))                                  // no longer live: nothing changes
    #expect(try container.optionalResolve((any Store).self) == nil)
    // --- end ---
  }

  @Test func namesAssembliesAndStacks() throws {
    // --- DOCC: stacks-names-assemblies ---
    let container = Container()
    container.register((any Store).self) { _ in DiskStore() }
    container.register((any Store).self, name: "backup") { _ in CloudStore() }  // another key
    let offline = container.install(OfflineAssembly())                  // one token for its group
    #expect(try container.resolve((any Store).self).name == "memory")
    container.remove(offline)                                           // the disk store answers again
    #expect(try container.resolve((any Store).self).name == "disk")
    #expect(try container.resolve((any Store).self, name: "backup").name == "cloud")
    for stack in container.stacks { print(stack.key, stack.registrations.map(\.token)) }
    // --- end ---
    #expect(container.stacks.count == 2)
  }
}
