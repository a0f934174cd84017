// A service the container may hand to more than one caller must be Sendable; what is not Sendable
// registers with an unshared scope, or through the named unchecked door.
import DIScope

final class Counter { var hits = 0 }
final class Draft { var text: String; init(text: String) { self.text = text } }
protocol Analytics: AnyObject {}
final class ConsoleAnalytics: Analytics {}
final class Logger: Sendable {}
@MainActor final class ViewModel { var title = "" }

func registrations(_ container: Container, scope: Scope) {
  // Shared scopes: refused for a service that is not Sendable.
  container.register(Counter.self) { _ in Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(Counter.self, scope: .singleton) { _ in Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(Counter.self, scope: .eager) { _ in Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(Counter.self, scope: .weak) { _ in Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(Counter.self, scope: scope) { _ in Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register((any Analytics).self) { _ in ConsoleAnalytics() }  // error: type 'any Analytics' does not conform to the 'Sendable' protocol
  container.registerImmortal(Counter.self) { _ in Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(Counter.self, dispose: { _ in }) { _ in Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(Counter.self) { _ async in Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(Draft.self, scope: .singleton) { (_: Resolver, text: String) in Draft(text: text) }  // error: type 'Draft' does not conform to the 'Sendable' protocol
  container.mock(Counter.self, with: Counter())  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(Counter.self, value: Counter())  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.register(service: Counter.self) { Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol
  container.registerMock(Counter.self) { Counter() }  // error: type 'Counter' does not conform to the 'Sendable' protocol

  // The ways out.
  container.register(Logger.self) { _ in Logger() }
  container.register(Logger.self, scope: scope) { _ in Logger() }
  container.register(Counter.self, scope: .prototype) { _ in Counter() }
  container.register(Counter.self, scope: .graph) { _ in Counter() }
  container.register(Counter.self, scope: .prototype) { _ async in Counter() }
  container.register(Draft.self) { (_: Resolver, text: String) in Draft(text: text) }
  container.register(Draft.self, scope: .graph) { (_: Resolver, text: String) in Draft(text: text) }
  container.register(ViewModel.self) { @MainActor _ in ViewModel() }
  // Counter's hits are only ever read and written under the app's own lock (say so where you vouch).
  container.registerUncheckedSendable(Counter.self) { _ in Counter() }
  container.registerUncheckedSendable(Counter.self, scope: .weak) { _ in Counter() }
}
