import DIScope
import DisSyntax

// `DIScope` (the container) and `DisSyntax` (the language) both name a scope, a token, an assembly
// and a dependency. Inside this module the two meanings are always spelled apart.

/// A scope as a script writes it (`scope=graph`).
typealias SyntaxScope = DisSyntax.Scope
/// A scope as the container applies it.
typealias ContainerScope = DIScope.Scope
/// A token as a script writes it (`t3`).
typealias SyntaxToken = DisSyntax.RegistrationToken
/// A token as the container hands it out.
typealias ContainerToken = DIScope.RegistrationToken
/// What a declared parameter asks for (`Logger`, `Logger?`, `Provider<Logger>`, `arg String`).
typealias SyntaxDependency = DisSyntax.Dependency
/// An `assembly A { ... }` block as written.
typealias SyntaxAssembly = DisSyntax.Assembly

extension SyntaxScope {
  /// The container's scope of the same name.
  var containerScope: ContainerScope { ContainerScope(rawValue: rawValue)! }
}
