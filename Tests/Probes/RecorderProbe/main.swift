// Records a container while it resolves without end, for `RecorderKillTests`:
//   RecorderProbe FILE RINGBYTES   records to FILE (`container.record(to:)`), says `ready` once
//                                  the ring has wrapped, then resolves until it is killed;
//   RecorderProbe --environment    records only if DISCOPE_RECORD asks, resolves 100 times,
//                                  says `done` and exits.
import DIScope
import DIScopeRecording

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class Clock: Sendable {}
final class Job: Sendable {
  let clock: Clock
  init(clock: Clock) { self.clock = clock }
}

func say(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

let container = Container(name: "probe")
container.register(Clock.self) { _ in Clock() }
container.register(Job.self, scope: .prototype) { r in Job(clock: try r.resolve(Clock.self)) }
let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "--environment" {
  let recorder = Recorder.startIfRequested(container)
  for _ in 0..<100 { _ = try container.resolve(Job.self) }
  recorder?.stop()
  say("done")
  exit(0)
}
let recorder = try container.record(to: arguments[1], ringBytes: Int(arguments[2])!)
// Two steps a resolve, about 112 bytes each: past the ring's size, it has wrapped.
let resolvesToWrap = Int(arguments[2])! / 200 + 1
for _ in 0..<resolvesToWrap { _ = try container.resolve(Job.self) }
say("ready")
while true { _ = try container.resolve(Job.self) }
