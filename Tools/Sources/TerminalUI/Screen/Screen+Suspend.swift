import CNCurses
import Glibc

extension Screen {
  /// Ctrl-Z in the full-screen program: the terminal goes back to the shell's modes (`endwin`)
  /// and the process stops as SIGTSTP stops it; after `fg`, the program's modes come back and
  /// the next frame repaints everything. In raw mode the terminal sends Ctrl-Z as a key rather
  /// than a signal, so the program stops itself.
  public func suspend() {
    endwin()
    var previous = sigaction()
    var stop = sigaction()
    stop.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&stop.sa_mask)
    sigaction(SIGTSTP, &stop, &previous)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    var blocked = sigset_t()
    sigprocmask(SIG_UNBLOCK, &set, &blocked)
    // The whole process group stops, as it would at the terminal's own Ctrl-Z.
    kill(0, SIGTSTP)  // Returns after SIGCONT (`fg`).
    sigprocmask(SIG_SETMASK, &blocked, nil)
    sigaction(SIGTSTP, &previous, nil)
    // Back in the program's modes (ncurses does so on the first refresh after endwin), with
    // everything repainted: the shell wrote over the screen meanwhile.
    doupdate()
    repaintEverythingNext()
  }
}
