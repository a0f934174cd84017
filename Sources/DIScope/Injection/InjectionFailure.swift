/// Where a property wrapper was declared: captured by its initialiser's default arguments, so it is
/// the line of `@Injected var ...` in the user's file, never a line of this library.
package struct DeclarationSite: Sendable, CustomStringConvertible {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `main.swift:5`: the file's name (the last part of `#fileID`) and the line.
  package var description: String {
    let fileID = "\(self.fileID)"
    let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
    return "\(file):\(line)"
  }
}

/// A property wrapper's property that could not resolve (`@Injected`, `@Dependency`,
/// `@OptionalDependency`): whose it is, where it is declared, and why.
///
/// Its description is what the program stops with:
///
/// ```text
/// CheckoutScreen.analytics (main.swift:5): no registration for 'Analytics'
///   path: CheckoutScreen -> Analytics
///   hint: to fix, register it: container.register(Analytics.self) { r in ... }
/// ```
package struct InjectionFailure: Error, Sendable, CustomStringConvertible {
  /// The wrapper's attribute: `@Injected`.
  package let wrapper: String
  /// The type of the object the property belongs to (`CheckoutScreen`), when it is known: it is
  /// not for a property of a struct or a local variable.
  package let owner: String?
  /// The property's name (`analytics`), when it is known.
  package let property: String?
  package let site: DeclarationSite
  /// The resolve's own error; its path starts at the owner when there is one.
  package let error: ResolutionError

  package init(
    wrapper: String = "@Injected", owner: String?, property: String?, site: DeclarationSite,
    error: ResolutionError
  ) {
    self.wrapper = wrapper
    self.owner = owner
    self.property = property
    self.site = site
    self.error = error
  }

  /// The failure of a resolve of `key` for the property `property` of `owner` (either may be
  /// unknown): the resolve's path is led by the owner's type.
  package init(
    wrapper: String, owner: AnyObject?, property: String?, site: DeclarationSite,
    key: ServiceKey, error: any Error
  ) {
    let ownerName = owner.map { String(describing: type(of: $0)) }
    let resolveError =
      error as? ResolutionError
      ?? ResolutionError(
        kind: .factoryFailed, key: key, path: [], message: "\(error)", underlyingError: error)
    self.init(
      wrapper: wrapper, owner: ownerName, property: property, site: site,
      error: resolveError.reached(along: (ownerName.map { [$0] } ?? []) + resolveError.path))
  }

  /// `CheckoutScreen.analytics`, `CheckoutScreen`, `analytics`, or the wrapper (`@Injected`).
  package var subject: String {
    switch (owner, property) {
    case let (owner?, property?): "\(owner).\(property)"
    case let (owner?, nil): owner
    case let (nil, property?): property
    case (nil, nil): wrapper
    }
  }

  /// `CheckoutScreen.analytics (main.swift:5): no registration for 'Analytics'`.
  package var headline: String { "\(subject) (\(site)): \(error.message)" }

  /// The headline, then the resolve's path and hint, as `ResolutionError` prints them under its
  /// own first line (`error: MESSAGE`), which the headline replaces.
  package var description: String {
    ([headline] + error.detailLines).joined(separator: "\n")
  }

  /// The property's name from its storage key path's description (`\CheckoutScreen._analytics`
  /// gives `analytics`), or `nil` if the description does not have that form (key paths print
  /// their components only where the runtime has the property names).
  package static func propertyName(fromStorageKeyPath description: String) -> String? {
    guard description.hasPrefix("\\"), let dot = description.lastIndex(of: ".") else { return nil }
    let component = description[description.index(after: dot)...]
    guard component.hasPrefix("_"), component.count > 1,
      component.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return nil }
    return String(component.dropFirst())
  }

  /// The property's name from its wrapper's stored label (`_analytics`: `analytics`).
  package static func propertyName(fromLabel label: String) -> String {
    label.hasPrefix("_") ? String(label.dropFirst()) : label
  }

  /// The name of the property of `owner` whose storage is `wrapper`, found among the stored
  /// properties of its class and superclasses (`_analytics` gives `analytics`).
  package static func propertyName(of wrapper: AnyObject, in owner: AnyObject) -> String? {
    var mirror: Mirror? = Mirror(reflecting: owner)
    while let current = mirror {
      for child in current.children {
        if let property = child.value as? InjectedProperty, property === wrapper,
          let label = child.label
        {
          return propertyName(fromLabel: label)
        }
      }
      mirror = current.superclassMirror
    }
    return nil
  }
}

/// Where an unresolvable `@Injected` (or `@Dependency`) read is reported before the program stops.
///
/// `DIScopeTesting` sets it for the length of a test (the `.isolatedDependencies` trait and
/// `ContainerTestCase`), so the failure is recorded as the test's, at the property's declaration,
/// before the read stops the program (a getter must return a value, and has none to return).
package enum InjectionFailureReporting {
  @TaskLocal package static var report: (@Sendable (InjectionFailure) -> Void)?
}

extension InjectionFailure {
  /// Reports the failure to the task's reporter, if any, writes it to standard error and stops the
  /// program, with the declaration's file and line as the runtime's own location.
  package func stop() -> Never {
    InjectionFailureReporting.report?(self)
    var text = description + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    fatalError(
      "\(wrapper) property '\(subject)' could not be resolved: \(error.message)",
      file: site.fileID, line: site.line)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
