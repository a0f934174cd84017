import DisSyntax
import Testing

/// Which commands change the container is a property of the command: the read-only debug
/// server, `discope attach --script` and an attached session's journal all read this one list.
@Suite struct ContainerChangeTests {
  func change(_ source: String) throws -> ContainerChange? {
    guard case .success(let entry) = ScriptParser().parseCommand(source) else {
      Issue.record("'\(source)' does not parse")
      return nil
    }
    return entry.command.containerChange
  }

  @Test func commandsThatChangeRegistrationsAreUndoable() throws {
    for source in [
      "register Logger = ConsoleLogger", "remove t1", "scope t1 prototype", "cache t1 off", "mock Logger", "mock *",
      "unmock Logger", "activate A", "deactivate A",
    ] {
      #expect(try change(source) == .registrations, "\(source)")
    }
    #expect(ContainerChange.registrations.isUndoable && ContainerChange.family.isUndoable)
  }

  @Test func aChildReleaseAndShutdownAreTheirOwnKinds() throws {
    #expect(try change("container child request") == .family)
    #expect(try change("release #3") == .releasesInstance)
    #expect(try change("release container request") == .shutsDown)
    #expect(try change("shutdown") == .shutsDown)
    #expect(!ContainerChange.releasesInstance.isUndoable && !ContainerChange.shutsDown.isUndoable)
  }

  @Test func commandsThatOnlyLookOrDeclareChangeNothing() throws {
    for source in [
      "protocol Logger", "class ConsoleLogger: Logger", "resolve Logger", "show stacks", "why Logger", "expect Logger new",
      "container use root", "validate", "reset", "help", ":quit",
    ] {
      #expect(try change(source) == nil, "\(source)")
    }
  }

  @Test func theTypedNameIsWhatAUserTypes() throws {
    guard case .success(let entry) = ScriptParser().parseCommand("container child request") else {
      Issue.record("does not parse")
      return
    }
    #expect(entry.command.typedName == "container child")
  }
}
