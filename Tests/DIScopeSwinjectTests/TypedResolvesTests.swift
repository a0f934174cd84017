@testable import DIScopeSwinject
import Dispatch
import Synchronization
import Testing

/// The table of resolves compiled per type (`TypedResolves`), which every resolve through the
/// `Resolver` protocol reads without a lock. (The resolves themselves are made only where the
/// compiler specialises `register`, so an optimised build of Swinject's suite is what runs them:
/// `Scripts/lib/swinject-suite.sh --release`.)
struct TypedResolvesTests {
  /// `count` distinct types, `[Int]`, `[[Int]]`, … made at run time, none of which any other
  /// test registers, each with a typed resolve of its own type (which answers `nil`), as
  /// `register` would make: the table is the process's, and a resolve of the type through the
  /// `Resolver` protocol would call it.
  static func distinctTypes(
    _ count: Int
  ) -> [(type: Any.Type, make: @Sendable () -> TypedResolve)] {
    var types: [(type: Any.Type, make: @Sendable () -> TypedResolve)] = []
    func nest<T>(_ type: T.Type, _ left: Int) {
      types.append(([T].self, { TypedResolveOf<[T]> { _, _ in nil } }))
      if left > 1 { nest([T].self, left - 1) }
    }
    nest(Int.self, count)
    return types
  }

  @Test func everyInstalledTypeIsFoundAcrossTheTableGrowing() {
    let types = Self.distinctTypes(300)
    var installed: [ObjectIdentifier: ObjectIdentifier] = [:]
    for (type, make) in types {
      let key = ObjectIdentifier(type)
      #expect(TypedResolves.find(key) == nil)
      let made = make()
      TypedResolves.install(key) { made }
      installed[key] = ObjectIdentifier(made)
      // Installed once: a second install keeps the first.
      TypedResolves.install(key, make)
    }
    for (type, _) in types {
      let found = TypedResolves.find(ObjectIdentifier(type))
      let foundID = found.map { ObjectIdentifier($0.takeUnretainedValue()) }
      #expect(foundID == installed[ObjectIdentifier(type)])
    }
  }

  @Test func readersFindWhatIsInstalledWhileTheTableGrows() {
    let types = Self.distinctTypes(400).dropFirst(300).map { (ObjectIdentifier($0.type), $0.make) }
    let missing = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      if thread == 0 {
        for (key, make) in types { TypedResolves.install(key, make) }
        return
      }
      // Readers: once a key is found, it stays found, whatever the writer moves meanwhile.
      var seen = Set<ObjectIdentifier>()
      for _ in 0..<50 {
        for (key, _) in types {
          if TypedResolves.find(key) != nil {
            seen.insert(key)
          } else if seen.contains(key) {
            missing.add(1, ordering: .relaxed)
          }
        }
      }
    }
    #expect(missing.load(ordering: .relaxed) == 0)
    for (key, _) in types { #expect(TypedResolves.find(key) != nil) }
  }
}
