// The example app as a server would run it: it builds its container with `RFAssembly`, keeps a
// mock logger on standby, serves the container to `discope attach` with `DebugServer`, and goes on
// with its own work: two threads resolve what a request needs every 50 ms and the app prints, on
// each tick, which logger its web service got. It links DIScopeDebug, never the terminal modules.
//
//   example-server [--socket PATH] [--read-only] [--ticks-file PATH] [--requests] [--nightly-report]
//                  [--serve-late]
//
// It starts its debug server before it builds anything, so that holders are tracked from the
// start: `why` and `show stale` know what each instance holds. With `--serve-late` it builds its
// ControlContext (and what it holds) first, as an app that starts the server late does: what
// those instances hold is then unknown, and an attached session says so.
//
// With `--requests` it also serves requests as a server app does: each in a child container named
// `request` (its `RequestID` registered there), which lives about 300 ms, two at a time.
//
// With `--nightly-report` it registers a `NightlyReport` it never resolves, whose factory
// force-unwraps what only the nightly job's environment supplies: run in this process, it traps
// (exit 132), as a factory of a real app may. An attached `validate` must never run it.
//
// With `DISCOPE_RECORD=FILE` in its environment it records its container from the start, its
// registrations included (`Recorder.startIfRequested`), for `discope open`, `profile` and
// `export dis` to read later.
//
// SIGTERM stops the server (clients hear `bye`) and exits 0; SIGINT exits 0 without stopping it.
// Either way the socket is removed.
import DIScope
import DIScopeDebug
import DIScopeRecording
import Dispatch
import ExampleApp
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

/// A line on standard output, written at once (a test reads it while the app runs).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let container = Container(name: "shop")
// Before anything is registered, so that the recording has the registrations too.
let recorder = Recorder.startIfRequested(container)
RFAssembly().assemble(into: container)
container.registerMock(Logging.self) { MockLogger() }
let servesLate = arguments.contains("--serve-late")
if servesLate { _ = try container.resolve(ControlContext.self) }

/// What the nightly job builds: never resolved by this app while it serves.
final class NightlyReport: Sendable {
  let outputPath: String
  init(outputPath: String) { self.outputPath = outputPath }
}
if arguments.contains("--nightly-report") {
  container.register(NightlyReport.self) { _ in
    NightlyReport(outputPath: ProcessInfo.processInfo.environment["EXAMPLE_NIGHTLY_REPORT_PATH"]!)
  }
}

let server: DebugServer
do {
  server = try DebugServer.start(container, socketPath: option("--socket"), readOnly: arguments.contains("--read-only"))
} catch {
  FileHandle.standardError.write(Data("example-server: error: \(error)\n".utf8))
  exit(1)
}
if !servesLate { _ = try container.resolve(ControlContext.self) }
say("serving \(server.socketPath)")

// The app's own work, on its own threads: what it resolves changes when an attached user swaps a
// mock or removes a registration, and the tick line says so.
for worker in 1...2 {
  Thread.detachNewThread {
    var tick = 0
    while true {
      tick += 1
      let notices = try? container.resolve(NoticeManager.self)
      let logger = notices.map { String(describing: type(of: $0.webService.logger)) } ?? "none"
      let direct = (try? container.resolve(Logging.self)).map { String(describing: type(of: $0)) } ?? "none"
      if worker == 1 && tick % 10 == 0 {
        say("tick \(tick) logger=\(direct) webService.logger=\(logger)")
      }
      usleep(50_000)
    }
  }
}

if arguments.contains("--requests") {
  container.register(RequestHandler.self, scope: .prototype) { r in
    RequestHandler(webService: try r.resolve(WebService.self), requestID: try r.resolve(RequestID.self))
  }
  for worker in 0..<2 {
    Thread.detachNewThread {
      var served = 0
      while true {
        served += 1
        // One request, in a function of its own: nothing of it outlives its shutdown.
        func serve() {
          let request = container.makeChild(named: "request")
          request.register(RequestID.self, value: RequestID(value: served * 2 + worker))
          _ = try? request.resolve(RequestHandler.self)
          usleep(300_000)
          try? request.shutdownSynchronously()
        }
        serve()
        usleep(20_000)
      }
    }
  }
}

// With `DISCOPE_RECORD=FILE` in its environment it records its container from the start, its
// registrations included (`Recorder.startIfRequested`), for `discope open`, `profile` and
// `export dis` to read later.
//
// SIGTERM stops the server first (clients hear why); SIGINT just exits, as an app that never
// calls stop() would: the exit removes the socket all the same.
let signals = [SIGTERM, SIGINT].map { number in
  signal(number, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
  source.setEventHandler {
    if number == SIGTERM { server.stop() }
    recorder?.stop()
    say("stopped")
    exit(0)
  }
  source.resume()
  return source
}
withExtendedLifetime(signals) { dispatchMain() }
