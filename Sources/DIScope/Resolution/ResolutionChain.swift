/// The registrations a thread is building, outermost first: for cycle detection and error paths.
///
/// A stack of unretained references, so pushing and popping on the resolve path costs no reference
/// counting. Safe because every registration on it is kept alive while it is built: the general
/// path holds it, and a routed build's comes from this thread's cache entry, whose hold outlasts
/// the root resolve (see `Container.RoutedBuild`).
///
/// Every build is entered through one guard, `Container.enterBuild`, which pushes here.
struct ResolutionChain: RandomAccessCollection {
  private var storage: UnsafeMutablePointer<Unmanaged<Registration>>
  /// For each build on the chain while `isTimed`: when it started, and how long the builds
  /// finished under it took (see `BuildTimes`). Untouched otherwise.
  private var times: UnsafeMutablePointer<BuildTimes>
  private var capacity: Int
  private(set) var count = 0
  /// Whether the builds of the current root resolve are timed: decided when its root build is
  /// entered on the general path (`Container.build`), from whether an observer of the family
  /// asked for times. (While one does, nothing is routed: every build is the general path's.)
  var isTimed = false

  init() {
    capacity = 32
    storage = .allocate(capacity: capacity)
    times = .allocate(capacity: capacity)
    times.initialize(repeating: BuildTimes(start: 0, underneath: 0), count: capacity)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> Registration {
    precondition(position >= 0 && position < count, "resolution chain index out of range")
    return storage[position].takeUnretainedValue()
  }

  @inline(__always)
  mutating func push(_ registration: Registration) {
    push(.passUnretained(registration))
  }

  @inline(__always)
  mutating func push(_ registration: Unmanaged<Registration>) {
    if count == capacity { grow() }
    (storage + count).initialize(to: registration)
    count += 1
  }

  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<Unmanaged<Registration>>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    let largerTimes = UnsafeMutablePointer<BuildTimes>.allocate(capacity: capacity * 2)
    largerTimes.moveInitialize(from: times, count: count)
    (largerTimes + count).initialize(repeating: BuildTimes(start: 0, underneath: 0), count: capacity * 2 - count)
    times.deallocate()
    times = largerTimes
    capacity *= 2
  }

  /// Starts timing the build just pushed (the top of the chain).
  @inline(never)
  mutating func startTimingTop() {
    (times + (count - 1)).initialize(to: BuildTimes(start: MonotonicClock.nanoseconds(), underneath: 0))
  }

  /// The time of the build that was at `depth` (popped since: `depth` is the chain's count now),
  /// its own and with the builds under it; adds it to what its parent's builds under it took.
  mutating func finishTiming(at depth: Int) -> BuildTime {
    let times = self.times[depth]
    let total = MonotonicClock.nanoseconds() &- times.start
    if depth > 0 { self.times[depth - 1].underneath &+= total }
    return BuildTime(startNanoseconds: times.start, nanoseconds: total, ownNanoseconds: total &- Swift.min(total, times.underneath))
  }

  @inline(__always)
  mutating func pop() {
    count -= 1
  }

  /// Where `registration` is on the chain, compared by identity without touching reference counts.
  @inline(__always)
  func position(of registration: Registration) -> Int? {
    position(of: .passUnretained(registration))
  }

  @inline(__always)
  func position(of registration: Unmanaged<Registration>) -> Int? {
    let target = registration.toOpaque()
    for index in 0..<count where storage[index].toOpaque() == target { return index }
    return nil
  }

  /// Whether `registration` may be entered: not on the chain already (that would close a cycle)
  /// and the chain not `Container.maximumDepth` deep (a runaway). The one rule of the guard (see
  /// `Container.enterBuild`).
  @inline(__always)
  func admits(_ registration: Unmanaged<Registration>) -> Bool {
    count < Container.maximumDepth && position(of: registration) == nil
  }

  /// Why `registration` may not be entered (`nil`: it may): the guard's rule as `BuildGuard`
  /// words it for every path of builds, asked once `admits` said no.
  func refusal(of registration: Unmanaged<Registration>) -> BuildGuard.Refusal? {
    BuildGuard.refusal(position: position(of: registration), depth: count)
  }

  /// Frees the storage; the owning thread state calls it once, when the thread exits.
  func deallocate() {
    storage.deallocate()
    times.deallocate()
  }
}

/// The guard every build is entered through, on the general and the routed path alike.
extension Container {
  /// Puts `registration` on the chain, or throws the cycle or runaway depth entering it would make
  /// (`ResolutionChain.admits`). The caller pops it when the build ends.
  @inline(__always)
  func enterBuild(_ registration: Unmanaged<Registration>, thread: ThreadState) throws {
    guard thread.chain.admits(registration) else { throw refusedBuild(registration, thread: thread) }
    thread.chain.push(registration)
  }

  /// The error of a build the guard refuses: a cycle if the registration is on the chain, else a
  /// runaway depth. Made out of line, so that the paths that enter builds keep a small frame (a
  /// `ResolutionError` is a large value).
  @inline(never)
  func refusedBuild(_ registration: Unmanaged<Registration>, thread: ThreadState) -> any Error {
    switch thread.chain.refusal(of: registration) {
    case .cycle(let start):
      return cycle(through: registration.takeUnretainedValue(), startingAt: start, thread: thread)
    case .tooDeep, nil:
      return tooDeep(registration.takeUnretainedValue(), thread: thread)
    }
  }
}

/// The guard's one rule, over any path of builds — a thread's `ResolutionChain`, a task's
/// `AsyncStep`s: entering a registration already on the path closes a cycle (from where it is
/// on it); entering one `Container.maximumDepth` deep is a runaway. The chain's `admits` is the
/// same rule, inlined for the resolve path.
enum BuildGuard {
  enum Refusal: Equatable {
    /// The registration is on the path at this position.
    case cycle(at: Int)
    case tooDeep
  }

  /// The refusal of entering a registration found at `position` on a path `depth` long.
  @inline(__always)
  static func refusal(position: Int?, depth: Int) -> Refusal? {
    if let position { return .cycle(at: position) }
    return depth >= Container.maximumDepth ? .tooDeep : nil
  }
}

/// When a timed build started, and how long the builds finished under it took so far.
struct BuildTimes {
  var start: UInt64
  var underneath: UInt64
}
