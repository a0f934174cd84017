import DisScript
import Testing

@Suite("shutdown and release container in scripts")
struct ShutdownTests {
  @Test func shutdownDisposesNewestFirstLeavesMocksAndThenResolvesNothing() {
    let session = session(seedWorld + "\nresolve ControlContext\nmock Logger\nresolve Logger")
    expectOutput(session, "shutdown", [
      "- root: disposed ControlContext#4 (t4)",
      "- root: disposed RFZoneController#3 (t3)",
      "- root: disposed WebService#2 (t2)",
      "- root: disposed ConsoleLogger#1 (t1)",
      "root is shut down: it resolves nothing more",
    ])
    _ = expectError(session, "resolve WebService", "cannot resolve 'WebService': the container 'root' was shut down")
    _ = expectError(session, "shutdown", "'root' was shut down already")
    #expect(session.execute("reset").isFailure == false)
    #expect(session.execute("register Logger = ConsoleLogger").isFailure == false)
    #expect(session.execute("resolve Logger").isFailure == false, "a fresh root resolves again")
  }

  @Test func releasingAChildDisposesItAndItsChildrenDeepestFirstAndSwitchesToItsParent() {
    let session = session("""
      class A
      class B
      register A
      resolve A
      container child request
      register B
      resolve B
      container child inner
      register A
      resolve A
      """)
    expectOutput(session, "release container request", [
      "- inner: disposed A#3 (t3)",
      "- request: disposed B#2 (t2)",
      "released request, inner; root is current",
    ])
    _ = expectError(session, "container use inner", "no container named 'inner'")
    expectOutput(session, "expect A cached", [])
    _ = expectError(session, "release container root", "the root container cannot be released")
    _ = expectError(session, "release container nope", "no container named 'nope'")
  }

  /// Every registration of a shut-down container fails the dry run alike: said once.
  @Test func validateAfterShutdownSaysOnceThatThereIsNothingToValidate() {
    let root = session(seedWorld + "\nresolve ControlContext\nshutdown")
    expectOutput(root, "validate", [
      "error: 'root' is shut down: nothing to validate",
      "  hint: 'reset' starts a fresh root container",
    ], fails: true)
    let child = session("class A\nregister A\ncontainer child request\nregister A\nshutdown")
    expectOutput(child, "validate", [
      "error: 'request' is shut down: nothing to validate",
      "  hint: 'release container request' lets it go; for the next request, 'container use root', then 'container child NAME'",
    ], fails: true)
  }

  /// A child of a shut-down container would fail on its first resolve of what its parent
  /// registered: refused when asked for, with what to do instead.
  @Test func aChildOfAShutDownContainerIsRefused() {
    let root = session("class A\nregister A\ncontainer child early\ncontainer use root\nshutdown")
    expectOutput(root, "container child next", [
      "error: 'root' is shut down: a child made now would resolve nothing registered there",
      "  hint: 'reset' starts a fresh root container",
    ], fails: true)
    _ = expectError(root, "container use next", "no container named 'next'")
    #expect(root.execute("container use early").isFailure == false)
    _ = expectError(
      root, "container child next",
      "'root' is shut down, and 'early' resolves through it: a child made now would resolve nothing registered there")
    let request = session("class A\nregister A\ncontainer child request\nshutdown")
    _ = expectError(request, "container child next", "'request' is shut down: a child made now would resolve nothing registered there")
    #expect(request.execute("container use root").isFailure == false)
    #expect(request.execute("container child next").isFailure == false, "root still runs: the next request's child is fine")
  }

  /// The container's hint after a shutdown ("a new child for the next request") in commands
  /// that work: a fresh root after the root's shutdown.
  @Test func aResolveAfterShutdownSaysWhatToDoInCommands() {
    let session = session("class A\nregister A\nshutdown")
    expectOutput(session, "resolve A", [
      "error: cannot resolve 'A': the container 'root' was shut down",
      "  hint: a shut-down container resolves nothing more: 'reset' starts a fresh root container",
    ], fails: true)
  }

  @Test func aContainerThatBuiltNothingSaysSo() {
    let session = session("class A\nregister A\ncontainer child empty")
    expectOutput(session, "release container empty", ["empty: nothing to dispose", "released empty; root is current"])
  }
}
