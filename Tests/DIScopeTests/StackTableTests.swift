import DIScope
import Testing

/// A container's stacks are a list while short and gain an index past a few keys: both answer
/// the same, and keys keep the order they were first registered in.
@Suite("Stacks by key, short and long")
struct StackTableTests {
  @Test func manyKeysKeepTheirOrderAndAnswerAfterTheIndexIsBuilt() throws {
    let container = Container()
    var expected: [ServiceKey] = []
    for number in 0..<40 {
      container.register(Int.self, name: "n\(number)") { _ in number }
      expected.append(ServiceKey(Int.self, name: "n\(number)"))
    }
    container.register(RequestID.self) { _ in RequestID("last") }
    expected.append(ServiceKey(RequestID.self))
    #expect(container.registeredKeys == expected)
    for number in [0, 7, 8, 9, 39] {
      #expect(try container.resolve(Int.self, name: "n\(number)") == number)
    }
    let token = container.register(Int.self, name: "n8") { _ in -8 }
    #expect(try container.resolve(Int.self, name: "n8") == -8)
    container.remove(token)
    #expect(try container.resolve(Int.self, name: "n8") == 8)
    #expect(container.registeredKeys == expected, "a key pushed again is not added again")
  }
}
