import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard output and error as the line modes write them: with `write(2)`, a
/// failure remembered rather than fatal. `FileHandle.write(_:)` traps when a write fails
/// (`> /dev/full`, a closed descriptor, a full disk), which ended `discope repl < a.dis > /dev/full`
/// with a crash; a session whose output is lost goes on (a recording it writes is completed) and
/// ends with status 74, its caller saying why (see ``Playground/outputError``). `discope`'s
/// commands write through it too, so that one record says whether any output was lost.
public enum StandardStreams {
  /// The first `errno` of a failed write to standard output or error; 0 while none failed.
  static let firstError = Atomic<Int32>(0)

  /// Writes `text` to standard output.
  static func print(_ text: String) { write(text, to: STDOUT_FILENO) }

  /// Writes `text` to standard error.
  static func printError(_ text: String) { write(text, to: STDERR_FILENO) }

  /// Writes all of `text` to `descriptor` (retrying what a signal interrupted); a failure is
  /// remembered (`Playground.outputError`), not fatal.
  public static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          _ = firstError.compareExchange(expected: 0, desired: count < 0 ? errno : EIO, ordering: .relaxed)
          return
        }
        offset += count
      }
    }
  }

  /// Puts `/dev/null`, opened for reading only, on standard input, output or error when it is
  /// closed (`>&-`). Otherwise the next file opened (a recording) would get its number, and the
  /// transcript would be written into that file; writes to a read-only descriptor fail (EBADF),
  /// so lost output is still found and reported.
  static func holdClosedDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let null = open("/dev/null", O_RDONLY)
      guard null >= 0 else { continue }
      if null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
    }
  }

  private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, pointer, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, pointer, count)
    #else
      Darwin.write(descriptor, pointer, count)
    #endif
  }
}

extension Playground {
  /// Why output of the line modes (`runREPL`, and `run` off a terminal) could not be written, as
  /// an `errno`; nil while none was lost. Those modes then return 74 (`EX_IOERR`), and the caller
  /// says so, as `discope` does: `discope: error: output was lost: No space left on device`.
  public static var outputError: Int32? {
    let error = StandardStreams.firstError.load(ordering: .relaxed)
    return error == 0 ? nil : error
  }

  /// The exit status for the line modes: 74 (`EX_IOERR`) when output was lost, else `status`.
  static func statusAfterWriting(_ status: Int32) -> Int32 {
    outputError == nil ? status : 74
  }
}
