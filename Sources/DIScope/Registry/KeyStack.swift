/// One key's registrations, oldest first (the last one answers).
///
/// Most keys only ever have one registration, so the bottom one is held inline and an array is
/// allocated only when a second is pushed over it (a mock, an override): a registry entry costs a
/// list entry and no allocation of its own.
struct KeyStack: RandomAccessCollection {
  private var bottom: Registration?
  private var above: [Registration] = []

  init(bottom: Registration) {
    self.bottom = bottom
  }

  var startIndex: Int { 0 }
  var endIndex: Int { bottom == nil ? 0 : 1 + above.count }

  subscript(position: Int) -> Registration {
    position == 0 ? bottom! : above[position - 1]
  }

  mutating func append(_ registration: Registration) {
    if bottom == nil { bottom = registration } else { above.append(registration) }
  }

  /// Puts `registration` back at `index` (0 = bottom), or on top when the stack is shorter now:
  /// a registration a debugger removed and puts back (see `Container.reinstate(_:)`).
  mutating func insert(_ registration: Registration, at index: Int) {
    guard let current = bottom else { return bottom = registration }
    let index = Swift.min(Swift.max(index, 0), count)
    if index == 0 {
      bottom = registration
      above.insert(current, at: 0)
    } else {
      above.insert(registration, at: index - 1)
    }
  }

  /// Removes the registration numbered as `token`; returns it and its depth (0 = top).
  mutating func remove(_ token: RegistrationToken) -> (Registration, Int)? {
    // The usual removal, a mock or an override taken off the top: no search, no shifting.
    if !above.isEmpty && above[above.count - 1].number == token.number {
      return (above.removeLast(), 0)
    }
    guard let index = lastIndex(where: { $0.number == token.number }) else { return nil }
    let registration = self[index]
    if index > 0 {
      above.remove(at: index - 1)
    } else {
      bottom = above.isEmpty ? nil : above.removeFirst()
    }
    return (registration, count - index)
  }
}
