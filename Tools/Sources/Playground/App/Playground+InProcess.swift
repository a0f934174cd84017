import DIScope
import DisScript

/// The playground in the app's own process, over one of its containers: the app's real
/// registrations, resolutions and mock swaps, live. ("Attach" is the other way in: `discope
/// attach` reaches an app's container from another process, through `DIScopeDebug`.)
extension Playground {
  /// Opens the full-screen playground over `container`, a container the running app built in
  /// Swift. Its panes follow the container's own events, so registrations, resolutions and mock
  /// swaps the app makes on other threads show as they happen; commands typed act on the same
  /// container (``Session/init(container:options:)``). Plain lines when not on a terminal.
  ///
  /// ```swift
  /// let container = Container()
  /// RFAssembly().assemble(into: container)
  /// container.registerMock(Logging.self) { MockLogger() }
  /// exit(Playground.run(on: container))
  /// ```
  public static func run(on container: Container, glyphs: ResolutionTree.Glyphs = .unicode) -> Int32 {
    run(.inProcess(on: container, glyphs: glyphs))
  }

  /// A debug console over `container` on the program's standard input: the `discope repl`
  /// engine, with libedit on a terminal and plain lines otherwise (a pipe, a socket).
  ///
  /// ```swift
  /// Thread.detachNewThread { _ = Playground.runConsole(on: container) }
  /// ```
  public static func runConsole(on container: Container, glyphs: ResolutionTree.Glyphs = .unicode) -> Int32 {
    runREPL(.inProcess(on: container, glyphs: glyphs))
  }
}

extension PlaygroundOptions {
  /// The playground on `container`, a container built in Swift; `reset` and `:open` start a
  /// new session over the same container.
  ///
  /// ```swift
  /// exit(Playground.run(.inProcess(on: container)))
  /// ```
  public static func inProcess(on container: Container, glyphs: ResolutionTree.Glyphs = .unicode) -> PlaygroundOptions {
    var options = PlaygroundOptions(engineFactory: {
      // In the app's process: `validate` runs none of its factories, which may act on the world
      // or trap (and a trap would end the app), and checks what its resolves showed instead.
      Session(container: container, options: SessionOptions(glyphs: glyphs, validation: .withoutRunningFactories))
    })
    options.isASCII = glyphs == .ascii
    return options
  }
}
