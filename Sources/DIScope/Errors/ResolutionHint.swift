/// One piece of advice a ``ResolutionError`` gives, as data: a tool words it in its own terms (a
/// `.dis` script names commands where the container names Swift calls) from these fields, never by
/// reading the English of ``description``.
///
/// ```swift
/// for hint in error.hints {
///   if case .register(let key) = hint { print("register \(key.serviceName)") }
/// }
/// ```
public enum ResolutionHint: Sendable, Hashable, CustomStringConvertible {
  /// Every registration of the key was removed: its stack is empty.
  case stackEmptied(ServiceKey)
  /// The service is registered under other names (`nil`: without one), each listed once, in
  /// the order they were first registered; `registrations` are those that answer them, where known.
  case registeredUnderAnotherName(service: String, names: [String?], registrations: [RegistrationInfo])
  /// A type of the same name from another module is registered (by `registration`, where known).
  case sameNameInAnotherModule(registered: String, asked: String, registration: RegistrationInfo?)
  /// A registered service whose name is close to the one asked for, and the registration that
  /// answers it, where known.
  case didYouMean(String, registration: RegistrationInfo?)
  /// What is registered, when nothing is close (the first few, and whether there are more).
  case registeredHere([String], more: Bool)
  /// Register the service: the fix for a missing registration.
  case register(ServiceKey)
  /// Break a dependency cycle by resolving `service` later (a provider or a property).
  case breakCycle(service: String)
  /// The container was shut down: a new one (`parent == nil`) or a new child of `parent`.
  case afterShutdown(parent: String?)
  /// A graph too deep to be meant.
  case tooDeep
  /// A resolve by key asked for another type: resolve it as the key's type.
  case resolveAsKeyType(String)
  /// The registration takes no runtime arguments: resolve it without.
  case resolveWithoutArguments(service: String, registration: RegistrationInfo?)
  /// A dependency cannot be given runtime arguments: inject a provider and call it with them.
  case injectProvider(service: String, arguments: String, registration: RegistrationInfo?)
  /// Pass the arguments the registration takes, in order.
  case passArguments(String, registration: RegistrationInfo?)
  /// Advice with no fields of its own (a caller's).
  case note(String)

  public var description: String { text(namingSites: \.location) }

  /// The hint's text, naming each registration it mentions at the site `site` gives (none for
  /// `nil`): a tool whose output must read the same wherever its commands came from (a script
  /// replayed, the same commands typed) names only the sites that are code.
  ///
  /// ```swift
  /// hint.text { $0.isLocationInCode ? $0.location : nil }
  /// ```
  public func text(namingSites site: (RegistrationInfo) -> RegistrationSite?) -> String {
    func made(_ registration: RegistrationInfo?) -> String {
      registration.map { " (\(Self.mention($0, at: site($0))))" } ?? ""
    }
    func made(_ registrations: [RegistrationInfo]) -> String {
      registrations.isEmpty ? "" : " (" + registrations.map { Self.mention($0, at: site($0)) }.joined(separator: "; ") + ")"
    }
    return switch self {
    case .stackEmptied(let key):
      "the stack of '\(key)' is empty: every registration of it was removed"
    case .registeredUnderAnotherName(let service, let names, let registrations):
      "'\(service)' is registered " + Self.whereRegistered(names) + made(registrations)
    case .sameNameInAnotherModule(let registered, let asked, let registration):
      "'\(registered)' is registered" + made(registration) + ", but this resolve asked for '\(asked)': "
        + "a type of the same name from another module"
    case .didYouMean(let name, let registration): "did you mean '\(name)'" + made(registration) + "?"
    case .registeredHere(let names, let more):
      "registered here: \(names.map { "'\($0)'" }.joined(separator: ", "))\(more ? ", ..." : "")"
    case .register(let key):
      "to fix, register it: container.register(\(key.serviceName).self"
        + (key.name.map { ", name: \(String(reflecting: $0))" } ?? "") + ") { r in ... }"
    case .breakCycle(let service):
      "break the cycle: inject a Provider<\(service)> or an @Injected property in one of these "
        + "services, so it is resolved after construction"
    case .afterShutdown(let parent):
      parent.map {
        "a shut-down container resolves nothing more: make a new child of '\($0)' for the next request"
      }
        ?? "a shut-down container resolves nothing more, and nothing resolves through it: make a new container"
    case .tooDeep:
      "a graph this deep is almost always a mistake; check the path for a service that builds a "
        + "new copy of itself under another name"
    case .resolveAsKeyType(let type): "resolve it as its key's type: resolve(key: key, as: \(type).self)"
    case .resolveWithoutArguments(let service, let registration):
      "resolve it without arguments: resolve(\(service).self)" + made(registration)
    case .injectProvider(let service, let arguments, let registration):
      "a dependency is resolved without arguments: inject a Provider<\(service), ...> and call it "
        + "with \(arguments)" + made(registration)
    case .passArguments(let arguments, let registration):
      "pass \(arguments) in that order: resolve(_:arguments:)" + made(registration)
    case .note(let text): text
    }
  }

  /// `t4 WebService [singleton] made at AppAssembly.swift:42`: a registration a hint refers to,
  /// with where it was made when known. The one place a hint names a registration.
  public static func mention(_ registration: RegistrationInfo) -> String {
    mention(registration, at: registration.location)
  }

  /// `mention(_:)`, naming `site` (or no site).
  static func mention(_ registration: RegistrationInfo, at site: RegistrationSite?) -> String {
    "\(registration.token) \(registration.key) [\(registration.scope)]"
      + (site.map { " made at \($0)" } ?? "")
  }

  /// `without a name and under the names "a", "b"`: each name quoted as Swift writes a string
  /// (`"x\"y"`), so that a name with a quote reads back whole.
  private static func whereRegistered(_ names: [String?]) -> String {
    let named = names.compactMap { $0 }.map { String(reflecting: $0) }
    var parts: [String] = []
    if names.contains(nil) { parts.append("without a name") }
    if !named.isEmpty {
      parts.append((named.count == 1 ? "under the name " : "under the names ") + named.joined(separator: ", "))
    }
    return parts.joined(separator: " and ")
  }
}
