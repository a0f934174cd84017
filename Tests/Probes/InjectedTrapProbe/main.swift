// A program whose `@Injected` property cannot resolve: `InjectedTrapTests` runs it and reads what
// it stops with. The property is declared on line 5, as the test expects.
import DIScope
final class CheckoutScreen {
  @Injected var analytics: any Analytics
}
protocol Analytics: Sendable {}
print(CheckoutScreen().analytics)
