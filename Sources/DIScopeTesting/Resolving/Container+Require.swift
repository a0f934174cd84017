import DIScope
import Testing

extension Container {
  /// Resolves `Service` in a Swift Testing test; a failure is an issue at this call.
  ///
  /// `resolve` throws a `ResolutionError`, which carries no source location, so Swift Testing
  /// reports it at the `@Test` line. `require` records the resolve's full diagnostic as an issue
  /// at its own call, then ends the test by throwing. Under `.isolatedDependencies` that issue is
  /// the only one; elsewhere Swift Testing reports the thrown error too, at the `@Test` line.
  ///
  /// ```swift
  /// @Test(.isolatedDependencies(base: ShopAssembly()))
  /// func buyingIsTracked() throws {
  ///   let checkout = try Container.shared.require(Checkout.self)  // the issue is on this line
  ///   checkout.buy()
  /// }
  /// ```
  public func require<Service>(
    _ type: Service.Type, name: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Service {
    do {
      return try resolve(type, name: name)
    } catch let error as ResolutionError {
      Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
      throw RecordedResolutionFailure(error: error, sourceLocation: sourceLocation)
    }
  }
}

/// What `require` throws once it has recorded its issue: `.isolatedDependencies` lets it end the
/// test without a second issue, since the first says it all and at the right line.
struct RecordedResolutionFailure: Error, CustomStringConvertible {
  let error: ResolutionError
  let sourceLocation: SourceLocation

  var description: String { "\(error.description)\n  (recorded at \(sourceLocation))" }
}
