# Sourced by Scripts/test, Scripts/play and Scripts/bench: makes sure this Debian machine has what the
# package needs, installing what is missing, or stops with a message that says what to do.
# Usage: source Scripts/lib/bootstrap.sh; discope_bootstrap

discope_say() { printf '==> %s\n' "$*" >&2; }
discope_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Runs a step with a deadline: a test run that hangs (a deadlock) fails this step with a message
# that names it, instead of holding CI until its own limit. The limits are several times what a
# green run takes on a 2-core machine. Usage: discope_within SECONDS what command...
discope_within() {
  local seconds="$1" what="$2"
  shift 2
  local status=0
  timeout --kill-after=30 "$seconds" "$@" || status=$?
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    discope_die "$what did not finish within $seconds s (a hang?); rerun it alone: $*"
  fi
  return "$status"
}

discope_bootstrap() {
  command -v swift >/dev/null 2>&1 ||
    discope_die "'swift' is not on PATH. Install Swift 6.1 or newer (https://swift.org/install) and try again."

  local missing=()
  command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
  if command -v pkg-config >/dev/null 2>&1; then
    pkg-config --exists ncursesw || missing+=(libncurses-dev)
    pkg-config --exists libedit || missing+=(libedit-dev)
  else
    missing+=(libncurses-dev libedit-dev)
  fi
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
  ((${#missing[@]})) || return 0

  discope_say "installing missing Debian packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 ||
      discope_die "missing packages (${missing[*]}) and not root without sudo. To fix, run as root: apt-get update && apt-get install -y ${missing[*]}"
    sudo=(sudo)
  fi
  command -v apt-get >/dev/null 2>&1 ||
    discope_die "missing packages (${missing[*]}) and no apt-get on this machine. To fix, install them with your system's package manager."
  "${sudo[@]}" apt-get update -qq >/dev/null ||
    discope_die "'apt-get update' failed (no network or no package mirror?). To fix, install by hand: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null ||
    discope_die "'apt-get install ${missing[*]}' failed. To fix, install them by hand and run this again."
  pkg-config --exists ncursesw && pkg-config --exists libedit ||
    discope_die "ncursesw or libedit still not visible to pkg-config after installing; check 'pkg-config --list-all'."
}
