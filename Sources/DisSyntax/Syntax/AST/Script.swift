/// A parsed `.dis` file: its lines in order, each a ``ScriptItem``.
///
/// Comments, sections and blank lines are kept so the formatter can print the
/// file back and learners see the prose. ``entries`` is what an interpreter runs.
///
/// ```swift
/// let result = ScriptParser().parse("protocol Logger\nregister Logger = ConsoleLogger\n", path: "a.dis")
/// for entry in result.script.entries {
///   run(entry.command, expectingFailure: entry.isExpectedToFail)
/// }
/// ```
public struct Script: Sendable, Hashable {
  /// The path the script was read from.
  public var path: String
  /// The version in the `%dis N` header, or `nil` when the file has none.
  public var version: Int?
  /// Every line-level element, in file order.
  public var items: [ScriptItem]

  /// Creates a script.
  public init(path: String, version: Int? = nil, items: [ScriptItem] = []) {
    self.path = path
    self.version = version
    self.items = items
  }

  /// The commands, in order, with their expected output.
  public var entries: [Entry] {
    items.compactMap { item in
      if case .entry(let entry) = item.kind { entry } else { nil }
    }
  }

  /// The commands with where each starts, for `path:line:` in reports and
  /// ``OutputDiff``'s `commandLine`.
  ///
  /// ```swift
  /// for (entry, location) in script.locatedEntries { ... location.line ... }
  /// ```
  public var locatedEntries: [(entry: Entry, location: SourceLocation)] {
    items.compactMap { item in
      if case .entry(let entry) = item.kind { (entry, item.location) } else { nil }
    }
  }

  /// The items without anything that says where they are (item locations,
  /// expected blocks' first lines, the lines of an assembly's members): what
  /// stays the same when a file is reformatted.
  public var structure: [ScriptItem.Kind] {
    items.map { item in
      guard case .entry(var entry) = item.kind else { return item.kind }
      entry.expectedOutput?.firstLine = 0
      if case .assembly(let assembly) = entry.command { entry.command = .assembly(assembly.structure) }
      return .entry(entry)
    }
  }
}

/// One element of a script, with where it starts.
public struct ScriptItem: Sendable, Hashable {
  /// What an item is.
  public enum Kind: Sendable, Hashable {
    /// The `%dis N` header; `comment` is a trailing `# ...`, without the `#`.
    case versionHeader(version: Int, comment: String?)
    /// An empty (or white-space-only) line.
    case blank
    /// A `# ...` line; the text after `#`, trailing white space removed.
    case comment(String)
    /// A `## Title` line; the title, trimmed.
    case section(String)
    /// A command, with its `!` prefix and expected block.
    case entry(Entry)
  }

  /// What the item is.
  public var kind: Kind
  /// Where it starts (column 1 of its first line).
  public var location: SourceLocation

  /// Creates an item.
  public init(_ kind: Kind, at location: SourceLocation) {
    self.kind = kind
    self.location = location
  }
}

/// A command as written in a script: the command, whether it must fail,
/// its trailing comment and the output it is expected to print.
public struct Entry: Sendable, Hashable {
  /// The command.
  public var command: Command
  /// `true` when the line starts with `!`: the command must fail.
  public var isExpectedToFail: Bool
  /// A trailing `# ...` comment on the command's last line, without the `#`.
  public var comment: String?
  /// The expected output, or `nil` when the command has no block (then only
  /// success, or failure with `!`, is checked).
  public var expectedOutput: ExpectedBlock?

  /// The playground command this entry is (`:record FILE`, `:quit`…), which no engine runs: the
  /// playground or the tool reading the script carries it out. `nil` for every other command.
  /// The one place that tells them apart.
  public var playgroundCommand: PlaygroundCommand? {
    if case .playground(let command) = command { command } else { nil }
  }

  /// Creates an entry.
  public init(
    _ command: Command, isExpectedToFail: Bool = false, comment: String? = nil,
    expectedOutput: ExpectedBlock? = nil
  ) {
    self.command = command
    self.isExpectedToFail = isExpectedToFail
    self.comment = comment
    self.expectedOutput = expectedOutput
  }
}

/// The lines indented by two spaces under a command, with the two spaces removed.
///
/// Lines are consecutive in the file: ``firstLine`` is the file line of
/// `lines[0]`, so `lines[i]` is on line `firstLine + i`. An empty string is an
/// empty line inside the block.
public struct ExpectedBlock: Sendable, Hashable {
  /// The expected lines, without their two-space indent.
  public var lines: [String]
  /// The file line number of the first expected line.
  public var firstLine: Int

  /// Creates a block.
  public init(lines: [String], firstLine: Int) {
    self.lines = lines
    self.firstLine = firstLine
  }

  /// The file line number of each expected line.
  public var lineNumbers: Range<Int> { firstLine..<(firstLine + lines.count) }
}
