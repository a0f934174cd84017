import Testing
import TerminalUI

@Suite struct KeymapTests {
  enum Mode: Hashable { case command, navigation }
  enum Action: Hashable { case help, quit, focus, cycle, scrollUp }

  let keymap = Keymap<Mode, Action>([
    KeyBinding(keys: [.function(1)], scope: .anywhere, description: "help", action: .help),
    KeyBinding(keys: ["1", "2", "3", "4"].map { .character($0) }, label: "1–4",
               scope: .mode(.navigation), description: "focus a pane", action: .focus),
    KeyBinding(keys: [.tab, .backTab], scope: .mode(.navigation), description: "cycle panes",
               action: .cycle),
    KeyBinding(keys: [.character("q")], scope: .mode(.navigation), description: "quit",
               action: .quit),
    KeyBinding(keys: [.pageUp], scope: .anywhere, description: "scroll up", action: .scrollUp),
    KeyBinding(keys: [.character("?")], scope: .mode(.navigation), description: "help",
               action: .help),
  ])

  @Test func dispatchFollowsModes() {
    #expect(keymap.action(for: .character("q"), in: .navigation) == .quit)
    #expect(keymap.action(for: .character("q"), in: .command) == nil)
    #expect(keymap.action(for: .function(1), in: .command) == .help)
    #expect(keymap.action(for: .character("3"), in: .navigation) == .focus)
    #expect(keymap.action(for: .backTab, in: .navigation) == .cycle)
  }

  @Test func modeBindingBeatsAnywhere() {
    var table = keymap
    table.bindings.append(
      KeyBinding(keys: [.pageUp], scope: .mode(.navigation), description: "page", action: .quit))
    #expect(table.action(for: .pageUp, in: .navigation) == .quit)
    #expect(table.action(for: .pageUp, in: .command) == .scrollUp)
  }

  @Test func helpIsBuiltFromTheSameTable() {
    let lines = keymap.helpLines(modes: [(.command, "Command mode"), (.navigation, "Navigation mode")])
    #expect(lines == [
      "Navigation mode",
      "  1–4            focus a pane",
      "  Tab/Shift-Tab  cycle panes",
      "  q              quit",
      "  ?              help",
      "",
      "Anywhere",
      "  F1             help",
      "  PgUp           scroll up",
    ])
    for binding in keymap.bindings {
      #expect(lines.contains { $0.contains(binding.label) && $0.hasSuffix(binding.description) })
    }
  }

  @Test func conflictsAreReported() {
    #expect(keymap.conflicts(in: [.command, .navigation]).isEmpty)
    var table = keymap
    table.bindings.append(
      KeyBinding(keys: [.character("q")], scope: .mode(.navigation), description: "query",
                 action: .help))
    let conflicts = table.conflicts(in: [.command, .navigation])
    #expect(conflicts.map(\.key) == [.character("q")])
    #expect(conflicts.first?.description == "key 'q' is bound twice: 'quit' and 'query'")
  }
}
