import DisSyntax
import Foundation
import TerminalUI

/// `discope play --measure-redraw`: how long a command's redraw takes with 1,000 registrations
/// and a 50-deep resolution trace on screen. The command itself runs first; what is timed is
/// what the user waits for after it: the events applied, the panes rebuilt, the frame drawn.
public enum RedrawMeasurement {
  /// The set-up: 1,000 services, each registered, and a chain of 50 classes, each needing the one
  /// before (so resolving the last builds a 50-deep tree).
  public static func setUpScript(registrations: Int = 1000, depth: Int = 50) -> String {
    var lines: [String] = []
    for index in 0..<(registrations - depth) {
      lines += ["protocol Service\(index)", "class Impl\(index): Service\(index)", "register Service\(index) = Impl\(index)"]
    }
    lines.append("class Link0")
    for index in 1..<depth { lines.append("class Link\(index)(next: Link\(index - 1))") }
    for index in 0..<depth { lines.append("register Link\(index) scope=prototype") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs the measurement and prints one line per figure. On a terminal the frame is really
  /// drawn; elsewhere only the panes' content is built (and the output says so).
  public static func run(_ options: PlaygroundOptions, frames: Int = 40) -> Int32 {
    var options = options
    options.prelude = setUpScript()
    options.scriptPath = nil
    options.recordPath = nil
    let controller: PlaygroundController
    do {
      controller = try Playground.makeController(options, isSynchronous: true)
    } catch {
      Playground.printError("error: \(error)")
      return 1
    }
    var timings: [Duration] = []
    let measureOne: (() -> Void) -> Void = { draw in
      _ = controller.submitLine("resolve Link49")
      controller.worker.waitUntilIdle()
      let start = ContinuousClock.now
      controller.pump()
      draw()
      timings.append(.now - start)
    }
    var mode = "model only (not a terminal)"
    if Screen.isInteractive {
      mode = "drawn on the terminal"
      do {
        try Screen.withScreen(environment: options.environment) { screen in
          let renderer = PlaygroundRenderer(screen: screen)
          renderer.draw(controller.state)
          for _ in 0..<frames { measureOne { renderer.draw(controller.state) } }
        }
      } catch {
        mode = "model only (\(error))"
      }
    }
    if timings.isEmpty {
      for _ in 0..<frames {
        measureOne {
          for pane in PaneID.allCases {
            _ = PaneContent.rows(state: controller.state, pane: pane, height: 30, showsSelection: false)
          }
        }
      }
    }
    let registrations = controller.view.snapshot()?.lineage.first?.stacks.count ?? 0
    let milliseconds = timings.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }
      .sorted()
    let median = milliseconds[milliseconds.count / 2]
    print("redraw after a command, \(mode): \(registrations) registrations, "
      + "\(controller.state.trace.lines.count) trace lines, \(frames) frames")
    print(String(format: "median %.2f ms, max %.2f ms", median, milliseconds.last ?? 0)
      + " (budget 10 ms): " + (median < 10 ? "ok" : "over budget"))
    return median < 10 ? 0 : 1
  }
}
