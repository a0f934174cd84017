import Glibc
import Synchronization

/// Catches SIGINT, SIGTERM and SIGHUP while the screen is open.
///
/// Choice: a signal flag polled by the input loop, not a self-pipe. The handler only stores the
/// signal number in a lock-free atomic (async-signal-safe); `Screen.readKey` waits at most its
/// timeout (and `wget_wch` returns early because the handler is installed without `SA_RESTART`),
/// sees the flag, and throws `TerminalSignal`; `withScreen` then calls `endwin` on the normal
/// path and re-raises the signal with its default action. A self-pipe would only help if we
/// polled descriptors ourselves, but ncurses owns the wait. A second signal before the first is
/// handled (e.g. the loop is stuck in a long command) gets the default action at once.
enum SignalTrap {
  static let trapped: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  /// The signal caught and not yet handled, or 0.
  static let pending = Atomic<Int32>(0)

  /// The dispositions before `install`, to put back in `uninstall`.
  struct SavedActions: @unchecked Sendable {
    // Safe: plain C structs copied by value; only the thread that opened the screen uses them.
    var actions: [Int32: sigaction] = [:]
  }

  static func install() -> SavedActions {
    _ = pending.load(ordering: .relaxed)  // Initialise the global before any handler can run.
    var saved = SavedActions()
    for signo in trapped {
      var old = sigaction()
      var action = sigaction()
      action.__sigaction_handler.sa_handler = recordSignal
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0  // No SA_RESTART: interrupt the blocking read so the flag is seen.
      sigaction(signo, nil, &old)
      if isIgnored(old) { continue }  // Ignored on purpose (nohup and friends): leave it so.
      sigaction(signo, &action, &old)
      saved.actions[signo] = old
    }
    return saved
  }

  /// Whether the disposition is `SIG_IGN` (the C constant `(sighandler_t)1`).
  private static func isIgnored(_ action: sigaction) -> Bool {
    guard let handler = action.__sigaction_handler.sa_handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == 1
  }

  static func uninstall(_ saved: SavedActions) {
    for (signo, old) in saved.actions {
      var old = old
      sigaction(signo, &old, nil)
    }
  }

  static func takePending() -> Int32? {
    let signo = pending.exchange(0, ordering: .acquiringAndReleasing)
    return signo == 0 ? nil : signo
  }

  /// Ends the process as `signo` would have: default action, re-raised; 128 + signo if it
  /// survives (blocked or ignored).
  static func reraise(_ signo: Int32) -> Never {
    signal(signo, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signo)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(signo)
    exit(128 + signo)
  }
}

/// The handler: async-signal-safe (an atomic compare-exchange, and `signal`/`raise` on a repeat).
private func recordSignal(_ signo: Int32) {
  let (stored, _) = SignalTrap.pending.compareExchange(
    expected: 0, desired: signo, ordering: .acquiringAndReleasing)
  if !stored {
    signal(signo, SIG_DFL)
    raise(signo)
  }
}
