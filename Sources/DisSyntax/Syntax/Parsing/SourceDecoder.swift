/// Turns a file's bytes into text, or a diagnostic saying why it is not a script.
///
/// Rejects files that are too large, hold a NUL byte (a binary) or are not
/// valid UTF-8, pointing at the offending line and column. Skips a UTF-8 byte
/// order mark.
struct SourceDecoder {
  var path: String
  var limits: ParserLimits

  func decode(_ bytes: some Collection<UInt8>) -> Result<String, Diagnostic> {
    if bytes.count > limits.maximumFileSize {
      return .failure(limits.fileTooLarge(bytes: bytes.count, path: path))
    }
    var bytes = Array(bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var line = 1
    var column = 1
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var text = ""
    text.reserveCapacity(bytes.count)
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\0" {
          return .failure(
            .error(
              "file contains a NUL byte: it is binary, not a '.dis' script",
              at: SourceLocation(path: path, line: line, column: column)))
        }
        text.unicodeScalars.append(scalar)
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      case .error:
        return .failure(
          .error(
            "file is not valid UTF-8", at: SourceLocation(path: path, line: line, column: column),
            hint: "to fix, save the file as UTF-8"))
      case .emptyInput:
        return .success(text)
      }
    }
  }
}
