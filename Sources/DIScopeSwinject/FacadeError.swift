/// What a facade registration's factory throws, which DIScope reports as `factoryFailed`.
enum FacadeError: Error, CustomStringConvertible {
  case containerReleased
  case needsArguments(String)
  case typeMismatch(String, String)

  var description: String {
    switch self {
    case .containerReleased: "the Swinject container that registered it was released"
    case .needsArguments(let service):
      "\(service)'s factory takes runtime arguments: resolve it with them"
    case .typeMismatch(let made, let asked): "the factory made a \(made), not a \(asked)"
    }
  }
}
