/// The playground's built-in world: the components of a small app (the seed's `RFAssembly`:
/// WebService, ControlContext, ZoneController, NoticeManager, ContentCache) declared and
/// registered by an active assembly, ready to resolve.
///
/// ```swift
/// let session = Session.demo()            // runs `DemoWorld.script`
/// session.execute("resolve ControlContext")
/// ```
public enum DemoWorld {
  /// The demo as a `.dis` script (commands only, no expected output).
  public static let script = """
    # The demo world: the components of a small app, wired by one assembly.
    protocol Logger
    class ConsoleLogger: Logger
    class WebService(logger: Logger)
    protocol ZoneController
    class RFZoneController(webService: WebService): ZoneController
    class ControlContext(webService: WebService, zoneController: ZoneController)
    class NoticeManager(webService: WebService, logger: Logger)
    class ContentCache(webService: WebService)
    assembly RFAssembly {
      register Logger = ConsoleLogger
      register WebService
      register ZoneController = RFZoneController
      register ControlContext
      register NoticeManager
      register ContentCache scope=weak
    }
    activate RFAssembly

    """
}
