import DIScope
import TerminalUI

/// The four panes, in the order their number keys select them.
public enum PaneID: Int, CaseIterable, Hashable, Sendable {
  case registrations, trace, mocks, transcript

  /// The title drawn in the pane's border: `1 Registrations`.
  public var title: String {
    switch self {
    case .registrations: "1 Registrations"
    case .trace: "2 Resolution trace"
    case .mocks: "3 Mocks and disposals"
    case .transcript: "4 Transcript"
    }
  }
}

/// What a line of a pane shows, for colour and emphasis (always doubled by words on the line).
public enum LineKind: Hashable, Sendable {
  case plain
  /// A heading: a service name, a resolution's command, a section.
  case heading
  /// A mock entry or a mock push.
  case mock
  /// Something served from a cache.
  case cached
  /// An error or a failed command.
  case error
  /// Secondary text: shadowed entries, comments, hints.
  case secondary
  /// The command line of a transcript entry.
  case command
}

/// One line of a pane: its text, its kind, and the group it belongs to (a service's stack, one
/// resolution), so a filter can keep headings and Enter can fold a group.
public struct PaneLine: Hashable, Sendable {
  public var text: String
  public var kind: LineKind
  /// Lines of one group share a number; the group's first line is its heading.
  public var group: Int
  public var isGroupHeading: Bool
  /// The service a row of pane 1 stands for: Enter on it explains it.
  /// As the container names it: `Logger`, `Logger named "audit"`.
  public var service: String?

  public init(
    _ text: String, kind: LineKind = .plain, group: Int = 0, isGroupHeading: Bool = false,
    service: String? = nil
  ) {
    self.text = text
    self.kind = kind
    self.group = group
    self.isGroupHeading = isGroupHeading
    self.service = service
  }

  /// The style the line is drawn in.
  public var style: TextStyle {
    switch kind {
    case .plain: .plain
    case .heading: .bold
    case .mock: TextStyle(color: .accent)
    case .cached: TextStyle(color: .positive)
    case .error: TextStyle(isBold: true, color: .negative)
    case .secondary: TextStyle(isDim: true)
    case .command: TextStyle(isBold: true, color: .info)
    }
  }
}
