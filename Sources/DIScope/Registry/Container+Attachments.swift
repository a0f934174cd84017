/// What a facade kept with the registrations it made, read back from the stacks.
///
/// A facade over the container (DIScopeSwinject) has its own view of each registration: Swinject's
/// entry, with its object scope, `initCompleted` handlers and key. It keeps that view in the
/// registration itself (`Registration.attachment`), so that the container's stacks are the one
/// registry: a registration removed by anyone (`discope attach`, a test, the facade) is gone for
/// the facade too, and one pushed over it by a mock shadows it as it does for every resolve.
/// The container never looks inside an attachment; it hands it back.
extension Container {
  /// The newest registration in this container's own stack of `key` (not a parent's) whose
  /// attachment `matches` says is the one, its attachment; `nil` if none. `matches` runs under the
  /// family lock: it must only read the attachment.
  package func firstAttachment(
    inStackOf key: ServiceKey, where matches: (AnyObject & Sendable) -> Bool
  ) -> (AnyObject & Sendable)? {
    family.withLock { _ in
      guard let stack = registry.stacks[key] else { return nil }
      for registration in stack.reversed() {
        if let attachment = registration.attachment, matches(attachment) { return attachment }
      }
      return nil
    }
  }

  /// Every registration of this container's own stacks (not a parent's) that has an attachment,
  /// with its token: in the order their keys were first registered, each stack oldest first; or,
  /// given `key`, those of its stack alone (a lookup, not a walk over every stack).
  package func attachedRegistrations(
    inStackOf key: ServiceKey? = nil
  ) -> [(token: RegistrationToken, attachment: AnyObject & Sendable)] {
    family.withLock { _ in
      var found: [(token: RegistrationToken, attachment: AnyObject & Sendable)] = []
      for key in key.map({ [$0] }) ?? registry.orderedKeys {
        guard let stack = registry.stacks[key] else { continue }
        for registration in stack {
          if let attachment = registration.attachment { found.append((registration.token, attachment)) }
        }
      }
      return found
    }
  }

  /// The attachment of the live registration `token` names in this container, if it has one.
  package func attachment(of token: RegistrationToken) -> (AnyObject & Sendable)? {
    liveRegistration(token)?.attachment
  }
}
