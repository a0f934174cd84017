import Foundation

/// The state and key handling of `TerminalSelfTest.run()`.
struct SelfTestSession {
  enum Mode: Hashable, Sendable { case command, navigation }
  enum Action: Hashable, Sendable { case focus, cycle, cycleBack, zoom, command, quit, help }

  static let titles = ["1 Keys", "2 Screen", "3 Help", "4 Log"]
  static let keymap = Keymap<Mode, Action>([
    KeyBinding(keys: (1...4).map { .character(Character(String($0))) }, label: "1–4",
               scope: .mode(.navigation), description: "focus a pane", action: .focus),
    KeyBinding(keys: [.tab], scope: .mode(.navigation), description: "next pane", action: .cycle),
    KeyBinding(keys: [.backTab], scope: .mode(.navigation), description: "previous pane",
               action: .cycleBack),
    KeyBinding(keys: [.character("+")], scope: .mode(.navigation), description: "zoom the pane",
               action: .zoom),
    KeyBinding(keys: [.character("i"), .character(":")], scope: .mode(.navigation),
               description: "back to the command line", action: .command),
    KeyBinding(keys: [.character("q")], scope: .mode(.navigation), description: "quit",
               action: .quit),
    KeyBinding(keys: [.function(1)], scope: .anywhere, description: "help", action: .help),
  ])

  var mode = Mode.command
  var focused = 0
  var isZoomed = false
  var editor = LineEditor()
  var log: [String] = []
  var recentKeys: [Key] = []
  let policy = LayoutPolicy()

  init() {
    editor.completer = { request in
      ["hello", "help", "history", ":quit"].filter { $0.hasPrefix(request.word) }
    }
  }

  mutating func run(on screen: Screen) throws -> Int32 {
    var frame = SelfTestFrame(screen: screen, layout: layout(for: screen.size))
    frame.draw(self)
    while true {
      let key = try screen.readKey(timeout: .milliseconds(200))
      if key == .timeout { continue }
      recentKeys = Array((recentKeys + [key]).suffix(8))
      if let status = handle(key) { return status }
      if key == .resize || frame.layout != layout(for: screen.size) {
        frame = SelfTestFrame(screen: screen, layout: layout(for: screen.size))
      }
      frame.draw(self)
    }
  }

  func layout(for size: TerminalSize) -> ScreenLayout {
    policy.layout(size: size, paneCount: 4, focusedPane: focused, isZoomed: isZoomed)
  }

  /// Applies a key; returns an exit status when the session ends.
  mutating func handle(_ key: Key) -> Int32? {
    if key == .control("c") { return 130 }
    if key == .resize { return nil }
    if mode == .navigation || Self.keymap.binding(for: key, in: mode) != nil {
      if let binding = Self.keymap.binding(for: key, in: mode) {
        return perform(binding.action, key: key)
      }
      return nil
    }
    switch editor.handle(key) {
    case .submitted(let line):
      if line == ":quit" { return 0 }
      log.append("> \(line)")
    case .completions(let candidates):
      log.append("completions: \(candidates.joined(separator: " "))")
    case .endOfInput: return 0
    case .ignored where key == .escape: mode = .navigation
    case .edited, .ignored: break
    }
    return nil
  }

  private mutating func perform(_ action: Action, key: Key) -> Int32? {
    switch action {
    case .focus:
      if case .character(let c) = key, let n = Int(String(c)) { focused = n - 1 }
    case .cycle: focused = (focused + 1) % 4
    case .cycleBack: focused = (focused + 3) % 4
    case .zoom: isZoomed.toggle()
    case .command: mode = .command
    case .quit: return 0
    case .help: log.append("help: see pane 3")
    }
    return nil
  }
}
