/// The registration graph as text other tools draw: Graphviz DOT and Mermaid, in a stable order.
extension ValidationReport {
  /// Graphviz DOT: one node per registration (`t3 Logger -> ConsoleLogger [singleton]`), one edge
  /// per dependency; missing dependencies are dashed red boxes, mocks are filled.
  ///
  /// ```swift
  /// try container.validate().dot.write(to: url, atomically: true, encoding: .utf8)   // dot -Tsvg
  /// ```
  public var dot: String {
    var lines = ["digraph DIScope {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
    for info in registrations {
      var attributes = ["label=\"\(Self.label(info))\""]
      if info.isMock { attributes.append("style=filled, fillcolor=\"#fde68a\"") }
      lines.append("  \(info.token) [\(attributes.joined(separator: ", "))];")
    }
    for key in missingKeys {
      lines.append("  \"missing \(Self.escaped(key.description))\" [label=\"\(Self.escaped(key.description)) (missing)\", style=dashed, color=red];")
    }
    for edge in edges {
      let target = edge.to.map(\.token.description) ?? "\"missing \(Self.escaped(edge.key.description))\""
      let style = edge.to == nil ? " [style=dashed, color=red]" : ""
      lines.append("  \(edge.from.token) -> \(target)\(style);")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Mermaid `graph LR`, for Markdown that renders it.
  public var mermaid: String {
    var lines = ["graph LR"]
    for info in registrations {
      lines.append("  \(info.token)[\"\(Self.label(info))\"]")
    }
    for (index, key) in missingKeys.enumerated() {
      lines.append("  missing\(index + 1)[\"\(Self.escaped(key.description)) (missing)\"]")
    }
    for edge in edges {
      if let to = edge.to {
        lines.append("  \(edge.from.token) --> \(to.token)")
      } else if let index = missingKeys.firstIndex(of: edge.key) {
        lines.append("  \(edge.from.token) -.-> missing\(index + 1)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private var missingKeys: [ServiceKey] {
    var seen: Set<ServiceKey> = []
    return edges.filter { $0.to == nil }.map(\.key).filter { seen.insert($0).inserted }
  }

  private static func label(_ info: RegistrationInfo) -> String {
    var text = "\(info.token) \(info.key)"
    if info.implementationName != info.key.serviceName { text += " -> \(info.implementationName)" }
    text += " [\(info.isCaching ? info.scope.description : "\(info.scope), cache off")\(info.isMock ? ", mock" : "")]"
    return escaped(text)
  }

  private static func escaped(_ text: String) -> String {
    String(text.flatMap { character -> [Character] in
      switch character {
      case "\\": ["\\", "\\"]
      case "\"": ["'"]
      default: [character]
      }
    })
  }
}
