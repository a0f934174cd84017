/// Where every benchmark loop puts what it resolved, so the optimiser can never prove a result
/// unused and delete the work that produced it.
///
/// `consume(_:)` is `@inline(never)` and lives in another module than the loops that call it, so
/// at the call site it is an opaque call that may read or write anything: the resolve that
/// produced its argument can be neither removed nor hoisted out of the loop. It folds the
/// object's address into `checksum`, which the report prints, so the sink is observable too.
/// Each thread uses its own sink, so W5's threads share no cache line through it.
///
/// ```swift
/// let sink = Sink()
/// for _ in 0..<iterations { sink.consume(try container.resolve(Logger.self)) }
/// print(sink.checksum)
/// ```
public final class Sink {
  /// A running sum of the addresses of everything consumed. Each sink belongs to one thread,
  /// so the runtime's exclusivity check (a few ns per write) is left out.
  @exclusivity(unchecked) public private(set) var checksum: UInt = 0

  public init() {}

  /// Takes `object` as a benchmark's result.
  @inline(never)
  public func consume(_ object: AnyObject) {
    checksum &+= UInt(bitPattern: ObjectIdentifier(object))
  }

  /// Takes `value` as a benchmark's result: a count standing for work that made no object (W11's
  /// transcript length).
  @inline(never)
  public func consume(_ value: Int) {
    checksum &+= UInt(bitPattern: value)
  }

  /// Retains and releases `object` once, as handing a shared instance to a caller does, and
  /// consumes it. Unoptimised on purpose, so the optimiser cannot pair the two away: W5's
  /// diagnostic rows use it to show what sharing one object's reference count between threads
  /// costs by itself.
  @inline(never) @_optimize(none)
  public func retainAndRelease(_ object: AnyObject) {
    let reference = Unmanaged.passRetained(object)
    checksum &+= UInt(bitPattern: reference.toOpaque())
    reference.release()
  }

  /// Folds in the checksum of another sink, such as one a W5 thread used.
  public func absorb(_ otherChecksum: UInt) {
    checksum &+= otherChecksum
  }
}
