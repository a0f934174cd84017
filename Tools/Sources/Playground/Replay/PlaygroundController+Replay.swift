import DIScope
import DisSyntax

/// Stepping through a script: forward runs the next command on the live session; back rebuilds
/// the state by replaying the script up to there on a fresh session.
extension PlaygroundController {
  /// `.`: runs the next command of the script.
  public func stepForward() {
    guard var replay = state.replay else { return notReplaying() }
    guard let step = replay.nextStep else {
      update {
        $0.replay?.isPlaying = false
        $0.notice = "end of \($0.replay!.script.path) — press i to carry on live"
      }
      return
    }
    replay.position += 1
    update { $0.replay = replay }
    submitEntry(step.entry, prose: step.prose, site: replay.script.site(of: step))
  }

  /// `,`: back one command, rebuilding the state from the start.
  public func stepBack() {
    guard var replay = state.replay else { return notReplaying() }
    guard replay.position > 0 else {
      update { $0.notice = "at the start of \(replay.script.path)" }
      return
    }
    guard recorder == nil else {
      update { $0.notice = "recording: :stop before stepping back (a recording cannot be unwritten)" }
      return
    }
    replay.position -= 1
    replay.isPlaying = false
    let steps = replay.script.steps[..<replay.position]
    restart(replaying: steps.map { ($0.entry, $0.prose, site: replay.script.site(of: $0)) })
    update { $0.replay = replay }
  }

  /// `]`: runs every command up to the start of the next section.
  public func jumpToNextSection() {
    guard let replay = state.replay else { return notReplaying() }
    let target = replay.script.nextSectionStart(after: replay.position)
    while (state.replay?.position ?? target) < target { stepForward() }
    if target >= replay.script.steps.count { update { $0.notice = "end of \(replay.script.path)" } }
  }

  /// Space: plays (one command every `playInterval`) or pauses.
  public func togglePlay() {
    guard state.replay != nil else { return notReplaying() }
    update { $0.replay?.isPlaying.toggle() }
    lastAutoStep = .now - playInterval
  }

  /// `i` during a replay: the replay ends and commands run live on the state reached so far.
  public func takeOverLive() {
    guard let replay = state.replay else { return }
    update {
      $0.replay = nil
      $0.notice = "live from \(replay.script.path) after \(replay.position) of \(replay.script.steps.count) commands"
    }
  }

  /// Called by the event loop on every turn: advances a playing replay. True if it stepped.
  @discardableResult
  public func tick(now: ContinuousClock.Instant = .now) -> Bool {
    guard let replay = state.replay, replay.isPlaying, state.pendingCommands == 0,
      now - lastAutoStep >= playInterval
    else { return false }
    lastAutoStep = now
    stepForward()
    return true
  }

  func submitEntry(_ entry: Entry, prose: [String], site: RegistrationSite?) {
    pending.append(PendingCommand(prose: prose))
    update { $0.pendingCommands += 1 }
    worker.submit(.runEntry(entry, site: site, epoch: state.epoch))
  }

  private func notReplaying() {
    update { $0.notice = "no script open: :open FILE.dis, or discope play FILE.dis" }
  }
}
