/// The journals of the sessions attached to one server now, by client number.
///
/// `@unchecked Sendable`: `journals` is read and written only on the server's command queue
/// (`ServerCore.commands`), where every session's commands and leaving run one at a time.
final class LiveJournals: @unchecked Sendable {
  private var journals: [Int: SessionJournal] = [:]

  /// Lists `journal` as client `client`'s. On the command queue.
  func add(_ journal: SessionJournal, client: Int) { journals[client] = journal }

  /// Takes client `client`'s journal off the list, and returns the others, by client number.
  /// On the command queue.
  func remove(client: Int) -> [(client: Int, journal: SessionJournal)] {
    journals[client] = nil
    return others(than: client)
  }

  /// The journals of the clients other than `client`, by client number. On the command queue.
  func others(than client: Int) -> [(client: Int, journal: SessionJournal)] {
    journals.filter { $0.key != client }.sorted { $0.key < $1.key }.map { (client: $0.key, journal: $0.value) }
  }
}
