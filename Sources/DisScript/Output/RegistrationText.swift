import DIScope

/// Registrations as one line of text: `t3  Logger -> ConsoleLogger  [singleton, mock]`.
enum RegistrationText {
  /// `Logger -> ConsoleLogger`, or `WebService` when the implementation is the service.
  static func subject(_ info: RegistrationInfo) -> String {
    info.implementationName == info.key.serviceName
      ? info.key.description : "\(info.key) -> \(info.implementationName)"
  }

  /// `[singleton, cache off, mock]`.
  static func tags(_ info: RegistrationInfo, isInstance: Bool = false) -> String {
    var tags = [info.scope.description]
    if !info.isCaching { tags.append("cache off") }
    if info.isMock { tags.append("mock") }
    if isInstance { tags.append("instance") }
    if info.argumentTypes != nil { tags.append("takes arguments") }
    return "[" + tags.joined(separator: ", ") + "]"
  }

  /// `t3  Logger -> ConsoleLogger  [singleton]`.
  static func line(_ info: RegistrationInfo, isInstance: Bool = false) -> String {
    "\(info.token)  \(subject(info))  \(tags(info, isInstance: isInstance))"
  }
}

/// Instances as text: `ControlContext#4(webService: WebService#2, zoneController: RFZoneController#3)`.
enum InstanceText {
  static func line(_ instance: PlaygroundInstance) -> String {
    var text = instance.label
    if !instance.parameters.isEmpty {
      text += "(" + instance.parameters.map { "\($0.name): \($0.value.description)" }.joined(separator: ", ") + ")"
    }
    if !instance.properties.isEmpty {
      text += " { " + instance.properties.map { "\($0.name): \($0.value.description)" }.joined(separator: "; ") + " }"
    }
    return text
  }

  /// A resolved value of any kind: a playground instance, or a Swift value from another directory.
  static func line(_ value: Any, number: Int?) -> String {
    if let instance = value as? PlaygroundInstance { return line(instance) }
    return String(describing: type(of: value)) + (number.map { "#\($0)" } ?? "")
  }
}
