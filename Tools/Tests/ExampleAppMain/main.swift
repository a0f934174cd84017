// The example app, run for real: it builds its container with `RFAssembly`, keeps a mock logger on
// standby, resolves a few services as it would at launch, then attaches the playground to the live
// container (the TUI on a terminal, plain lines otherwise). `--console` opens the line REPL instead.
import DIScope
import ExampleApp
import Foundation
import Playground

let container = Container(name: "app")
RFAssembly().assemble(into: container)
container.registerMock(Logging.self) { MockLogger() }

_ = try container.resolve(ControlContext.self)
_ = try container.resolve(NoticeManager.self)

let status =
  CommandLine.arguments.contains("--console")
  ? Playground.runConsole(on: container) : Playground.run(on: container)
exit(status)
