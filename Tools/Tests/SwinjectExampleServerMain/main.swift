// An app wired through Swinject's API (`import DIScopeSwinject`, one import changed from
// `import Swinject`), serving its container to `discope attach`: the attached playground shows
// its registrations, the resolutions its thread makes, and mocks pushed into it. Its thread
// resolves the screen every 50 ms and prints, on every tenth tick, which logger the screen got
// and which store (numbered as built: one, while the `.container` store stays cached).
//
//   swinject-example-server [--socket PATH]
//
// SIGTERM or SIGINT stops the server and exits 0.
import DIScope
import DIScopeDebug
import DIScopeSwinject
import Dispatch
import Foundation
import Synchronization

protocol Logger: AnyObject, Sendable { func log(_ line: String) }
final class ConsoleLogger: Logger { func log(_ line: String) {} }
final class MockLogger: Logger { func log(_ line: String) {} }

/// How many stores were built: the number of the newest. Atomic: the app's thread builds them,
/// and so may an attached session's `resolve`, on the debug server's thread.
let storesBuilt = Atomic<Int>(0)

final class OrderStore {
  let logger: Logger
  let number: Int
  init(logger: Logger) {
    self.logger = logger
    number = storesBuilt.add(1, ordering: .relaxed).newValue
  }
}

final class OrderScreen {
  let store: OrderStore
  let logger: Logger
  init(store: OrderStore, logger: Logger) {
    self.store = store
    self.logger = logger
  }
}

/// The app's wiring, as it was on Swinject.
struct OrdersAssembly: DIScopeSwinject.Assembly {
  func assemble(container: DIScopeSwinject.Container) {
    container.register(Logger.self) { _ in ConsoleLogger() }.inObjectScope(.container)
    container.register(OrderStore.self) { r in OrderStore(logger: r.resolve(Logger.self)!) }
      .inObjectScope(.container)
    container.register(OrderScreen.self) { r in
      OrderScreen(store: r.resolve(OrderStore.self)!, logger: r.resolve(Logger.self)!)
    }.inObjectScope(.transient)
  }
}

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

/// A line on standard output, written at once (a test reads it while the app runs).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let assembler = Assembler([OrdersAssembly()])
let container = assembler.resolver as! DIScopeSwinject.Container
// A mock on standby, for `mock Logger` in the attached playground (DIScope's API, on the
// container behind the Swinject one, which asks a shared mock to be `Sendable`: `Logger` is).
container.discope.registerMock(Logger.self) { MockLogger() }

let server: DebugServer
do {
  server = try DebugServer.start(container.discope, socketPath: option("--socket"))
} catch {
  FileHandle.standardError.write(Data("swinject-example-server: error: \(error)\n".utf8))
  exit(1)
}
say("serving \(server.socketPath)")

Thread.detachNewThread {
  var tick = 0
  while true {
    tick += 1
    let screen = container.resolve(OrderScreen.self)
    let logger = screen.map { String(describing: type(of: $0.logger)) } ?? "none"
    let store = screen.map { String($0.store.number) } ?? "none"
    if tick % 10 == 0 { say("tick \(tick) logger=\(logger) store=\(store)") }
    usleep(50_000)
  }
}

let signals = [SIGTERM, SIGINT].map { number in
  signal(number, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
  source.setEventHandler {
    server.stop()
    exit(0)
  }
  source.resume()
  return source
}
withExtendedLifetime(signals) { dispatchMain() }
