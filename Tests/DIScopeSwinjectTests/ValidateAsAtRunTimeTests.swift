import DIScope
import DIScopeSwinject
import TestSupport
import Testing

// `validate()` never stops a program that runs fine: its dry run hands each factory what a
// resolve would hand it at run time.

private final class Opt {}
private final class A {
  let opt: Opt?
  init(opt: Opt?) { self.opt = opt }
}
private final class B {
  let a: A
  init(a: A) { self.a = a }
}

struct ValidateAsAtRunTimeTests {
  /// `A` resolves `Opt`, which nobody registered, as optional; `B` force-unwraps its `A`. On
  /// Swinject and here, `resolve(B.self)` works. The dry run used to fail `A` for the `nil` it
  /// took, then hand `B` a `nil` for `A`, and the process stopped on `B`'s force-unwrap. Now `A`
  /// is built as at run time, `B` gets it, and the report says that `Opt` is missing and that
  /// `A`'s factory took `nil` for it. Both orders of registration (which is checked first).
  @Test(arguments: [false, true])
  func aDependencyResolvedAsOptionalIsReportedAndWhatIsOverItBuilds(registersBFirst: Bool) throws {
    let builtB = Locked(0)
    let c = DIScopeSwinject.Container()
    let registerA = { _ = c.register(A.self) { r in A(opt: r.resolve(Opt.self)) } }
    let registerB = {
      _ = c.register(B.self) { r in
        builtB.withLock { $0 += 1 }
        return B(a: r.resolve(A.self)!)
      }
    }
    if registersBFirst {
      registerB()
      registerA()
    } else {
      registerA()
      registerB()
    }
    #expect(c.resolve(B.self)?.a.opt == nil)
    builtB.withLock { $0 = 0 }

    let report = c.validate()
    #expect(builtB.withLock { $0 } == 1, "the dry run built B, with an A")
    #expect(report.isComplete, "\(report)")
    let finding = try #require(report.findings.only, "\(report)")
    #expect(finding.kind == .missing)
    #expect(finding.key == ServiceKey(Opt.self))
    // From the root of the check that met it: `B -> A -> Opt` when B is checked first.
    #expect(Array(finding.path.suffix(2)) == ["A", "Opt"], "\(finding)")
    #expect(finding.message.contains("no registration for 'Opt'"), "\(finding)")
    #expect(finding.message.contains("'A'") && finding.message.contains("nil"), "\(finding)")
    #expect(finding.hint?.contains("optional") == true, "\(finding)")
    // B's edge leads to A's registration: what B's factory got.
    let toA = try #require(report.edges.first { $0.from.key == ServiceKey(B.self) })
    #expect(toA.to?.key == ServiceKey(A.self))
  }
}

extension ValidateAsAtRunTimeTests {
  /// A cycle of initialisers that no `initCompleted` closes, each resolving the other as optional:
  /// it runs (the innermost resolve is `nil`), and the dry run reports the cycle once, with its
  /// members and the Swinject API's advice, and returns.
  @Test func aCycleOfInitialisersIsReportedOnce() throws {
    let c = DIScopeSwinject.Container()
    c.register(Egg.self) { r in Egg(chicken: r.resolve(Chicken.self)) }
    c.register(Chicken.self) { r in Chicken(egg: r.resolve(Egg.self)) }
    let report = c.validate()
    let finding = try #require(report.findings.only, "\(report)")
    #expect(finding.kind == .cycle)
    #expect(Set(finding.cycle) == ["Egg", "Chicken"], "\(finding)")
    #expect(finding.hint?.contains("initCompleted") == true, "\(finding)")
  }
}

extension Array {
  /// The one element, if there is exactly one.
  fileprivate var only: Element? { count == 1 ? first : nil }
}
