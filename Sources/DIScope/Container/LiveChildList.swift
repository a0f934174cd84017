import CDIScopeRuntime

/// A family's live children, oldest listed first: what a debugger lists as the app's containers
/// (each request's child, a session's) and what it can step into, whenever it attaches.
///
/// A list threaded through the children themselves (`Container.liveLink`), under the family
/// lock, holding none of them: a child is listed by its first change (a value or a registration
/// pushed into it: the lock section it takes anyway), or as it is made while the family is
/// observed; it leaves the list as it shuts down (in that lock section too), or in its deinit.
/// So a request's child costs the list no atomic operation, and no allocation: before, children
/// were listed only while observed, in a table of weak references (a side table allocated per
/// child), and one made before the debugger attached was never seen. A child that never changes
/// and is made while nothing observes (it only resolves its parent's services) is not listed.
///
/// Listing retains each child with `discope_try_retain`, which refuses one whose deinit has
/// begun: such a child waits, in its deinit, for the lock the listing holds, to take itself out.
///
/// `@unchecked Sendable`: `oldest` and `newest`, and every child's `liveLink`, are read and
/// written only under the family lock.
final class LiveChildList: @unchecked Sendable {
  // unchecked: under the family lock, and never `inout` across a call that reaches the list again.
  @exclusivity(unchecked) private var oldest: Unmanaged<Container>?  // unchecked: see above
  @exclusivity(unchecked) private var newest: Unmanaged<Container>?  // unchecked: see above

  /// Lists `child` last. Call only under the family lock, with `child` not listed.
  func append(_ child: Container) {
    let link = Unmanaged.passUnretained(child)
    child.liveLink = Container.LiveLink(older: newest, newer: nil, isListed: true)
    if let newest {
      newest._withUnsafeGuaranteedRef { $0.liveLink.newer = link }
    } else {
      oldest = link
    }
    newest = link
  }

  /// Takes `child` out. Call only under the family lock, with `child` listed.
  func remove(_ child: Container) {
    let link = child.liveLink
    if let older = link.older {
      older._withUnsafeGuaranteedRef { $0.liveLink.newer = link.newer }
    } else {
      oldest = link.newer
    }
    if let newer = link.newer {
      newer._withUnsafeGuaranteedRef { $0.liveLink.older = link.older }
    } else {
      newest = link.older
    }
    child.liveLink = Container.LiveLink()
  }

  /// The children listed, oldest first, each retained unless its deinit has begun. Call only
  /// under the family lock; let go of the array out of it (the last release of a child runs its
  /// deinit, which takes the lock).
  func retainedChildren() -> [Container] {
    var children: [Container] = []
    var next = oldest
    while let child = next {
      if discope_try_retain(child.toOpaque()) { children.append(child.takeRetainedValue()) }
      next = child._withUnsafeGuaranteedRef { $0.liveLink.newer }
    }
    return children
  }
}
