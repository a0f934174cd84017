import DIScope
import ExampleApp
import Foundation

/// The example app's container as the app builds it, with a mock logger on standby.
enum ExampleContainer {
  static func make() -> Container {
    let container = Container(name: "app")
    RFAssembly().assemble(into: container)
    container.registerMock(Logging.self) { MockLogger() }
    return container
  }

  /// `Tests/ExampleAppTests/Scripts/app.dis`.
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Scripts/app.dis")
}
