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

  @Test func aContainerThatBuiltNothingSaysSo() {
    let session = session("class A\nregister A\ncontainer child empty")
    expectOutput(session, "release container empty", ["empty: nothing to dispose", "released empty; root is current"])
  }
}
