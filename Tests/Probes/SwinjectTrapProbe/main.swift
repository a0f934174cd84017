// Programs that force-unwrap a `nil` DIScopeSwinject's resolve hands them: `SwinjectTrapTests`
// runs each (named by the argument) and reads what was said before the program stopped.
import DIScopeSwinject

final class A {
  let b: B
  init(b: B) { self.b = b }
}
final class B {
  let a: A
  init(a: A) { self.a = a }
}
final class C {
  let d: D
  init(d: D) { self.d = d }
}
final class D {}

let container = Container()
switch CommandLine.arguments.dropFirst().first {
case "cycle":
  // A cycle of initialisers, which no `initCompleted` closes.
  container.register(A.self) { r in A(b: r.resolve(B.self)!) }
  container.register(B.self) { r in B(a: r.resolve(A.self)!) }
  _ = container.resolve(A.self)
case "validate":
  // A dependency that is not registered, force-unwrapped: as at run time, the dry run hands the
  // factory the nil a resolve answers.
  container.register(C.self) { r in C(d: r.resolve(D.self)!) }
  print(container.validate())
default:
  fatalError("usage: SwinjectTrapProbe cycle|validate")
}
