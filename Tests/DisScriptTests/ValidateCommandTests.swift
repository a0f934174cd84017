import DisScript
import Testing

/// `validate` in a script says what it did not check, builds each registration once, and leaves
/// the session as it found it.
@Suite("validate in scripts: the truth, once a registration")
struct ValidateCommandTests {
  @Test func anArgumentClassIsListedAsNotCheckedNeverAsOk() {
    let session = session("""
      class PhotoService
      class UserDetails(photos: PhotoService, user: arg String)
      register PhotoService
      register UserDetails
      """)
    expectOutput(session, "validate", [
      "checked 1 of 2 registrations, nothing found; 1 not checked",
      "not checked: t2 UserDetails: it takes runtime arguments, which a dry run cannot give",
    ])
  }

  @Test func aFindingAndAnUncheckedRegistrationAreBothSaid() {
    let session = session("""
      class Missing
      class Needs(m: Missing)
      class UserDetails(user: arg String)
      register Needs
      register UserDetails
      """)
    let outcome = session.execute("validate")
    #expect(outcome.isFailure)
    #expect(outcome.output.first == "error: no registration for 'Missing'")
    #expect(outcome.output.suffix(2) == [
      "not checked: t2 UserDetails: it takes runtime arguments, which a dry run cannot give",
      "validate found 1 problem in 2 registrations; 1 not checked",
    ])
  }

  /// A prototype diamond fifteen levels deep: 2^15 paths, but each registration is built once,
  /// well inside the session's limit; nothing built takes a number or stays in the session.
  @Test func aFifteenLevelDiamondValidatesAndTakesNoNumbers() {
    var text = "class A0\nregister A0 scope=prototype\n"
    for level in 1...15 {
      text += "class A\(level)(x: A\(level - 1), y: A\(level - 1))\nregister A\(level) scope=prototype\n"
    }
    let session = session(text)
    expectOutput(session, "validate", ["ok: 16 registrations checked, no findings"])
    expectOutput(session, "validate", ["ok: 16 registrations checked, no findings"])
    #expect(session.execute("resolve A0").output.first == "A0#1", "validation took no instance number")
  }
}
