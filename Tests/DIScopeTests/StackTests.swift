import DIScope
import DIScopeHopoate
import Testing

@Suite("Registration stacks and tokens")
struct StackTests {
  @Test func theNewestRegistrationAnswers() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register((any Logger).self) { _ in FileLogger() }
    #expect(try container.resolve((any Logger).self).label == "file")
  }

  @Test func removingTheTopLetsTheOneBelowAnswerAgain() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    #expect(try container.resolve((any Logger).self).label == "console")
    let top = container.register((any Logger).self) { _ in NullLogger() }
    #expect(try container.resolve((any Logger).self).label == "null")
    #expect(container.remove(top))
    #expect(try container.resolve((any Logger).self).label == "console")
  }

  @Test func removingFromTheMiddleKeepsTheTop() throws {
    let container = Container()
    let bottom = container.register((any Logger).self) { _ in ConsoleLogger() }
    let middle = container.register((any Logger).self) { _ in FileLogger() }
    container.register((any Logger).self) { _ in NullLogger() }
    #expect(container.remove(middle))
    #expect(try container.resolve((any Logger).self).label == "null")
    #expect(container.registrations(of: ServiceKey((any Logger).self)).map(\.token).contains(bottom))
    #expect(!container.registrations(of: ServiceKey((any Logger).self)).map(\.token).contains(middle))
  }

  @Test func removingADeadTokenReturnsFalseAndChangesNothing() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let token = container.register((any Logger).self) { _ in FileLogger() }
    #expect(container.remove(token))
    let before = container.registrations(of: ServiceKey((any Logger).self)).map(\.token)
    #expect(!container.remove(token))
    #expect(container.registrations(of: ServiceKey((any Logger).self)).map(\.token) == before)
    #expect(try container.resolve((any Logger).self).label == "console")
  }

  @Test func aTokenOfAnotherContainerIsNotRemoved() throws {
    let one = Container(), two = Container()
    let token = one.register((any Logger).self) { _ in ConsoleLogger() }
    #expect(!two.remove(token))
    #expect(try one.resolve((any Logger).self).label == "console")
  }

  /// Two families both have a `t1` under the same key: one's token never acts on the other's.
  @Test func aTokenOfAnotherFamilyWithTheSameNumberAndKeyActsOnNothing() throws {
    let one = Container(), two = Container()
    let first = one.register((any Logger).self) { _ in ConsoleLogger() }
    let second = two.register((any Logger).self) { _ in FileLogger() }
    #expect(first.description == second.description, "both print as t1")
    #expect(first != second && Set([first, second]).count == 2)
    #expect(!two.remove(first))
    #expect(try !two.setScope(.prototype, for: first))
    #expect(!two.setCaching(false, for: first))
    #expect(two.registration(first) == nil)
    #expect(try two.resolve((any Logger).self).label == "file")
    #expect(two.registration(second)?.scope == .singleton)
  }

  @Test func tokensPrintAndCountUp() {
    let container = Container()
    let first = container.register(Db.self) { _ in Db() }
    let second = container.register(Db.self) { _ in Db() }
    #expect(first.description == "t1")
    #expect(second.description == "t2")
    #expect(first < second)
  }

  @Test func overwritingClearsTheStackFirst() {
    let hopoate = DependencyContainer()
    let first = ConsoleLogger()
    hopoate.register(first, for: (any Logger).self)
    let second = FileLogger()
    let registration = hopoate.overwriteExistingRegistrations(withService: second, for: (any Logger).self)
    #expect(hopoate.resolve((any Logger).self) === second)
    hopoate.remove(registration)
    #expect(hopoate.optionalResolve((any Logger).self) == nil)
  }

  @Test func stacksListNewestFirst() {
    let container = Container()
    let a = container.register((any Logger).self) { _ in ConsoleLogger() }
    let b = container.register((any Logger).self) { _ in FileLogger() }
    let stack = container.registrations(of: ServiceKey((any Logger).self))
    #expect(stack.map(\.token) == [b, a])
    #expect(stack.map(\.stackDepth) == [0, 1])
  }
}
