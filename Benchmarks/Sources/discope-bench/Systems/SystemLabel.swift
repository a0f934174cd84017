/// The names rows carry in the report; the targets look rows up by them.
enum SystemLabel {
  static let baseline = "baseline: typed box in [ObjectIdentifier: AnyObject]"
  static let lockedBaseline = "baseline: typed-box dictionary in a Mutex"
  static let handWritten = "baseline: hand-written construction"
  static let dictionarySwap = "baseline: swap the box in the dictionary"
  static let discope = "DIScope"
  static let swinject = "Swinject"
  static let swinjectSynchronized = "Swinject, synchronize()"
  static let swinjectReRegister = "Swinject, register mock + re-register"
  static let swinjectChild = "Swinject, child container"
  static let dependencies = "swift-dependencies"
  static let discopeNeverObserved = "DIScope, never observed"
  static let discopeObserverCancelled = "DIScope, observer attached then cancelled"
  static let discopeSilentObserver = "DIScope, no-op observer attached"
  static let discopeTraced = "DIScope, trace observer attached"
}
