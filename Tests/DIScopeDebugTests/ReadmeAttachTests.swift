import DIScope
import DIScopeDebug
import Foundation
import Testing

/// The README's `discope attach` example, run: a server at the default place, found by a client.
@Suite(.serialized) struct ReadmeAttachTests {
  @Test func theReadmesServerStartsWhereDiscopeAttachLooks() throws {
    let container = Container(name: "readme")
    container.register(Greeter.self) { _ in Hello() }
    unsetenv("DISCOPE_ATTACH")
    // --- README: attach-server ---
    // import DIScopeDebug
    let server = try DebugServer.start(container)            // $XDG_RUNTIME_DIR/discope/NAME-PID.sock
    // or ship it switched off, on only when DISCOPE_ATTACH=1 is set:
    let debugServer = try DebugServer.startIfRequested(container)
    // --- end ---
    defer { server.stop() }
    #expect(debugServer == nil, "off unless DISCOPE_ATTACH=1")
    #expect(server.socketPath == SocketDirectory.standard.socketPath(name: "readme", pid: getpid()))
    #expect(SocketDirectory.standard.attachableProcesses().contains { $0.socketPath == server.socketPath })
    let client = try DebugClient.connect(to: server.socketPath)
    #expect(try client.run("resolve Greeter").outcome.output.first?.hasPrefix("Hello#") == true)
    client.detach(keepChanges: false)
  }
}
