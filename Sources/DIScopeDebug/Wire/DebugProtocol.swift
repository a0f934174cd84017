/// The debug protocol's version and limits (see `Docs/DebugProtocol.md`).
///
/// A client and a server speak only the same version: each says its version in its hello and
/// each refuses the other's when it differs, with a message naming both.
public enum DebugProtocol {
  /// Bumped on any change a peer of the previous version would misread.
  public static let version = 3
  /// The largest frame either side accepts: a longer length prefix is a protocol error, and the
  /// peer that sent it is disconnected (a snapshot of 10,000 registrations is about 2 MB).
  public static let maximumFrameSize = 16 << 20
  /// How many events wait for one client before newer ones are dropped (and counted). The
  /// server sends a client's queue every 50 ms at most: about 1,300 events a second, more than
  /// a screen can show, and a bound on what encoding them costs the app.
  public static let eventQueueCapacity = 64
  /// The most events one frame carries.
  public static let eventsPerFrame = 512
}
