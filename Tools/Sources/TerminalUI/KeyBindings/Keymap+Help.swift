extension Keymap {
  /// Help text built from the table: one section per mode (its own bindings), then one for the
  /// bindings that work anywhere. Keys are padded to one column so descriptions line up.
  ///
  /// ```swift
  /// keymap.helpLines(modes: [(.command, "Command mode"), (.navigation, "Navigation mode")])
  /// // ["Command mode", "  Enter      run the command", …, "", "Anywhere", "  F1  help"]
  /// ```
  public func helpLines(modes: [(mode: Mode, title: String)], anywhereTitle: String = "Anywhere")
    -> [String]
  {
    var sections: [(title: String, rows: [KeyBinding<Mode, Action>])] = modes.map { entry in
      (entry.title, bindings.filter { $0.scope != .anywhere && $0.scope.includes(entry.mode) })
    }
    sections.append((anywhereTitle, bindings.filter { $0.scope == .anywhere }))
    sections.removeAll { $0.rows.isEmpty }
    let keyWidth = sections.flatMap(\.rows).map(\.label.displayWidth).max() ?? 0
    var lines: [String] = []
    for section in sections {
      if !lines.isEmpty { lines.append("") }
      lines.append(section.title)
      for row in section.rows {
        lines.append("  " + row.label.padded(toWidth: keyWidth) + "  " + row.description)
      }
    }
    return lines
  }
}
