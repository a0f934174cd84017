import DisSyntax
import Testing

@Suite("Canonical printer")
struct FormatterTests {
  /// A realistic script, written untidily on purpose.
  static let messy = """
    %dis 1   # header comment\r
    # Learners read this.\r
    ##   Mock swaps   \r
    \r
    protocol   Logger
    protocol ZoneController
    class ConsoleLogger :Logger
    class WebService( logger:Logger )
    class ControlContext(webService: WebService,zoneController: ZoneController)
    class Sender(commands: Provider< SendCommand >)
    class Screen(analytics: Analytics ?)
    class Channel {var webService: HttpWebService}
    class UserDetails(photos: PhotoService, user: arg String)
    register Logger=ConsoleLogger   scope=weak  named console    #  trailing
      + t1  Logger -> ConsoleLogger  [weak]   
    resolve UserDetails with user="alice b" n=3
      UserDetails#[..]
    
      ...
    ! resolve Payments
      error: no registration for 'Payments'
    assembly Net {register WebService = LiveWebService;register Logger}   # net
    assembly Db {
    register Store scope=graph # store
        # comment inside
    }
      + assembly Db
    expect stack Logger =   t2    t1
    expect #3.logger=#1
    expect #4.name = "say \\"hi\\""
    mock  *
    show graph   Logger
    :record   out.dis
    container child  feature

    """

  static let canonical = """
    %dis 1 # header comment
    # Learners read this.
    ## Mock swaps

    protocol Logger
    protocol ZoneController
    class ConsoleLogger: Logger
    class WebService(logger: Logger)
    class ControlContext(webService: WebService, zoneController: ZoneController)
    class Sender(commands: Provider<SendCommand>)
    class Screen(analytics: Analytics?)
    class Channel { var webService: HttpWebService }
    class UserDetails(photos: PhotoService, user: arg String)
    register Logger = ConsoleLogger named console scope=weak #  trailing
      + t1  Logger -> ConsoleLogger  [weak]
    resolve UserDetails with user="alice b" n=3
      UserDetails#[..]

      ...
    ! resolve Payments
      error: no registration for 'Payments'
    assembly Net {
      register WebService = LiveWebService
      register Logger
    } # net
    assembly Db {
      register Store scope=graph # store
      # comment inside
    }
      + assembly Db
    expect stack Logger = t2 t1
    expect #3.logger = #1
    expect #4.name = "say \\"hi\\""
    mock *
    show graph Logger
    :record out.dis
    container child feature

    """

  @Test func printsCanonicalText() throws {
    let formatted = try ScriptFormatter.format(Self.messy, path: "messy.dis").get()
    #expect(formatted == Self.canonical)
  }

  @Test func isIdempotent() throws {
    let once = try ScriptFormatter.format(Self.messy, path: "messy.dis").get()
    let twice = try ScriptFormatter.format(once, path: "messy.dis").get()
    #expect(twice == once)
  }

  @Test func roundTripsTheStructure() throws {
    let original = ScriptParser().parse(Self.messy, path: "messy.dis")
    #expect(original.diagnostics == [])
    let reparsed = ScriptParser().parse(ScriptFormatter.format(original.script), path: "messy.dis")
    #expect(reparsed.diagnostics == [])
    #expect(reparsed.script.structure == original.script.structure)
    #expect(reparsed.script.version == 1)
  }

  /// An empty file is canonical as it is: nothing, not a blank line.
  @Test func anEmptyFileStaysEmpty() throws {
    #expect(try ScriptFormatter.format("", path: "empty.dis").get() == "")
    #expect(SourceText(path: "empty.dis", text: "").lines.isEmpty)
    #expect(SourceText(path: "one.dis", text: "\n").lines == [""])
  }

  @Test func refusesAFileWithErrors() {
    guard case .failure(let failure) = ScriptFormatter.format("reset\nbogus\n", path: "x.dis") else {
      Issue.record("expected the formatter to refuse")
      return
    }
    #expect(failure.diagnostics.map(\.description) == ["x.dis:2:1: error: unknown command 'bogus'"])
  }

  @Test func headerAddedForAVersionWithoutItsLine() {
    #expect(ScriptFormatter.format(Script(path: "a.dis", version: 1, items: [])) == "%dis 1\n")
  }
}

@Suite("Recording")
struct RecorderTests {
  @Test func appendsCommandsAndOutput() {
    var file = ScriptRecorder.header
    file += ScriptRecorder.text(
      for: Entry(.register(Registration(service: "Logger", implementation: .type("ConsoleLogger")))),
      output: ["+ t1  Logger -> ConsoleLogger", "", "note [..] literal", ""])
    file += ScriptRecorder.text(for: Entry(.resolve(Resolution(service: "Payments")), isExpectedToFail: true), output: [])
    #expect(file == """
      %dis 1
      register Logger = ConsoleLogger
        + t1  Logger -> ConsoleLogger

        note \\[..] literal
      ! resolve Payments

      """)
    let parsed = ScriptParser().parse(file, path: "rec.dis")
    #expect(parsed.diagnostics == [])
    let block = parsed.script.entries[0].expectedOutput
    #expect(block?.lines == ["+ t1  Logger -> ConsoleLogger", "", "note \\[..] literal"])
    #expect(OutputMatcher.matches(expected: block?.lines ?? [], actual: ["+ t1  Logger -> ConsoleLogger", "", "note [..] literal"]))
  }
}

/// `fmt` rewrote a comment holding a tab, a BEL and U+202E as the text `\u{9}`, `\u{7}`,
/// `\u{202E}`: a comment's bytes are the author's, whatever escaping a terminal needs.
@Suite("Canonical printer keeps comments")
struct FormatterCommentBytesTests {
  static let raw = "%dis 1 # head\u{9}er\n# a\u{9}b\u{7}c\u{202E}d\n## Sec\u{9}tion \u{202E}x\nclass A # t\u{9}r\u{7}ail\u{202E}\n"

  @Test func commentsAndSectionsKeepTheirBytes() throws {
    guard case .success(let formatted) = ScriptFormatter.format(Self.raw, path: "c.dis") else {
      Issue.record("does not parse")
      return
    }
    #expect(Array(formatted.utf8) == Array(Self.raw.utf8), "\(formatted.debugDescription)")
    #expect(!formatted.contains("\\u{"))
  }

  @Test func aRecordedCommandsCommentIsEscapedAsTheTerminalShowsIt() throws {
    let entry = try #require(ScriptParser().parse("class A # x\u{1B}]0;t\u{7}\n", path: "r.dis").script.entries.first)
    #expect(ScriptRecorder.commandText(entry) == "class A # x\\u{1B}]0;t\\u{7}\n")
  }
}
