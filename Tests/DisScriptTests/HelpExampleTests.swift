import DisScript
import DisSyntax
import Testing

/// Every `help COMMAND` example is a script: after the commands that make its world, a session
/// prints exactly what the example shows. A reader copies an example and compares; an example
/// that leaves a line out, or shows a line the command no longer prints, teaches the wrong thing.
@Suite("help examples print what they show")
struct HelpExampleTests {
  static let logger = "protocol Logger\nclass ConsoleLogger: Logger\nclass WebService(logger: Logger)\n"
  static let offline = seedWorld + """

    class OfflineWebService: WebService
    class A
    class B
    register A
    register B
    assembly Offline {
      register WebService = OfflineWebService
    }

    """

  /// The world each example runs in: the commands that number its tokens and instances as
  /// the example shows them.
  static let worlds: [String: String] = [
    "protocol": "",
    "class": "protocol Logger\n",
    "register": logger,
    "resolve": logger + "register Logger = ConsoleLogger\nregister WebService scope=prototype\n",
    "resolve?": "class Analytics\n",
    "remove": """
      protocol Logger
      class ConsoleLogger: Logger
      class FileLogger: Logger
      class WebService
      register Logger = ConsoleLogger
      register WebService
      register Logger = FileLogger

      """,
    "scope": logger + "register Logger = ConsoleLogger\nregister WebService\nresolve WebService\n",
    "cache": "protocol Logger\nclass ConsoleLogger: Logger\nregister Logger = ConsoleLogger\nresolve Logger\n",
    "mock": seedWorld + "\n",
    "unmock": seedWorld + "\nmock WebService\n",
    "call": """
      class Logger
      class Cache
      class UserDetails(user: arg String)
      class Profile(logger: Logger, cache: Cache, details: Provider<UserDetails, String>)
      register Logger
      register UserDetails
      register Cache
      register Profile
      resolve Profile

      """,
    "assembly": "class WebService\nclass OfflineWebService: WebService\n",
    "activate": offline,
    "deactivate": offline + "activate Offline\n",
    "container": "",
    "show": "protocol Logger\nclass ConsoleLogger: Logger\nregister Logger = ConsoleLogger\nresolve Logger\n",
    "validate": seedWorld + "\n",
    "why": """
      protocol Logger
      class ConsoleLogger: Logger
      class WebService
      protocol ZoneController
      class RFZoneController(webService: WebService): ZoneController
      class ControlContext
      register Logger = ConsoleLogger
      register WebService
      register ZoneController = RFZoneController
      register ControlContext
      resolve ZoneController
      mock WebService

      """,
    "expect": seedWorld + "\nclass FileLogger: Logger\nresolve WebService\n",
    "release": """
      class A
      class B
      class ContentCache
      class Handler
      register A
      register B
      register ContentCache scope=weak
      resolve A
      resolve B
      resolve ContentCache
      container child request
      register Handler
      resolve Handler

      """,
    "shutdown": logger + "register Logger = ConsoleLogger\nregister WebService\nresolve WebService\n",
    "reset": logger,
    "help": "",
  ]

  /// The example's lines under `example:`, as a script: commands, and their output indented.
  static func example(of name: String) throws -> [String] {
    let help = try #require(CommandTable.help(for: name)).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(help.firstIndex(of: "  example:"), "\(name) has no example")
    return help[(start + 1)...].prefix { $0.hasPrefix("    ") }.map { String($0.dropFirst(4)) }
  }

  @Test(arguments: CommandTable.names.filter { !$0.hasPrefix(":") })
  func theExamplePrintsWhatItShows(name: String) throws {
    let world = try #require(Self.worlds[name], "no world for the example of '\(name)': add one here")
    let example = try Self.example(of: name)
    #expect(!example.isEmpty)
    let parsed = ScriptParser().parse(world + example.joined(separator: "\n") + "\n", path: "help-\(name).dis")
    #expect(!parsed.hasErrors, "\(parsed.renderedDiagnostics)")
    let result = ScriptReplay().replay(parsed.script)
    #expect(result.passed, "\(result.mismatches.map { $0.rendered() }.joined(separator: "\n"))")
  }

  /// `help release` explains both forms, since the course's request exercise points there.
  @Test func releaseExplainsReleasingAContainer() throws {
    let text = try #require(CommandTable.help(for: "release"))
    #expect(text.contains("release container request\n      - request: disposed Handler#4 (t4)"))
    #expect(text.contains("'release container NAME': the end of a request."))
  }
}
