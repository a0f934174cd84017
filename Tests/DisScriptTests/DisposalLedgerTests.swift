import DIScope
@testable import DisScript
import Synchronization
import Testing

/// The disposal family's state as a value (`DisposalLedger`): what `shutdown` lists once, what
/// `expect #N disposed` holds for good.
@Suite struct DisposalLedgerTests {
  final class Connection: Disposable, Sendable {
    func dispose() {}
  }

  /// Real disposals, as a container reports them: a child with `count` connections, shut down.
  private func disposals(count: Int) throws -> [Disposal] {
    let root = Container(name: "app")
    let seen = Mutex<[Disposal]>([])
    let observation = root.observe { event in
      if case .disposed(let disposal) = event { seen.withLock { $0.append(disposal) } }
    }
    defer { observation.cancel() }
    let request = root.makeChild(named: "request")
    for index in 0..<count {
      request.register(Connection.self, name: "c\(index)") { _ in Connection() }
      _ = try request.resolve(Connection.self, name: "c\(index)")
    }
    try request.shutdownSynchronously()
    return seen.withLock { $0 }
  }

  @Test func unreadDisposalsAreTakenOnceAndTheirNumbersKept() throws {
    let taken = try disposals(count: 2)
    try #require(taken.count == 2)
    var ledger = DisposalLedger()
    for disposal in taken { ledger.note(disposal) }
    #expect(ledger.unreadCount == 2)
    #expect(ledger.takeUnread().map(\.instanceNumber) == taken.map(\.instanceNumber))
    #expect(ledger.takeUnread().isEmpty)
    #expect(taken.allSatisfy { ledger.wasDisposed($0.instanceNumber) })
  }

  /// Between commands the unread are let go (the app's own disposals are no command's output),
  /// never what was disposed.
  @Test func forgettingTheUnreadKeepsWhatWasDisposed() throws {
    let taken = try disposals(count: 1)
    let disposal = try #require(taken.first)
    var ledger = DisposalLedger()
    #expect(!ledger.wasDisposed(disposal.instanceNumber))
    ledger.note(disposal)
    ledger.forgetUnread()
    #expect(ledger.unreadCount == 0)
    #expect(ledger.wasDisposed(disposal.instanceNumber))
  }
}
