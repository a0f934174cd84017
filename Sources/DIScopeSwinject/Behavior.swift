/// Told of every registration made in a container after it was added (`addBehavior`), and of
/// every type forwarded to one.
public protocol Behavior {
  /// Called after `entry` was registered (or forwarded) for `type` under `name`.
  func container<Type, Service>(
    _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
    withName name: String?)
}
