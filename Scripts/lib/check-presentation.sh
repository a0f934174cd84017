#!/usr/bin/env bash
# Presentation crosses modules as data, never as English: no code finds out what happened by
# reading the words another module wrote (issue 44). Greps the sources for the forms that did:
# testing an error's or an explanation's wording, splitting a description, comparing outcomes and
# scopes as strings, an elision sentinel tested in a path, a glyph table of its own. Exits 1 and
# names each line found. A form that is the language's own (the `...` of expected output, in
# DisSyntax) or the one place that writes a thing (the glyph table, the shortened path) is left out.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
sources=(Sources Tools/Sources)
found=0

# check NAME REGEX SAMPLE [FILE TO LEAVE OUT...]: fails on every code line (not a `//` comment)
# matching. SAMPLE is a line the check must catch (the form it was written for), so that a regex
# that catches nothing fails here rather than passing forever.
check() {
  local name="$1" pattern="$2" sample="$3"
  shift 3
  if ! grep -qE "$pattern" <<<"$sample"; then
    echo "error: the check \"$name\" does not catch its own sample: $sample" >&2
    found=1
  fi
  local hits
  hits="$(grep -rnE --include='*.swift' "$pattern" "${sources[@]}" | grep -vE '^[^:]+:[0-9]+:\s*//' || true)"
  for skip in "$@"; do hits="$(grep -v "^$skip:" <<<"$hits" || true)"; done
  if [ -n "$hits" ]; then
    echo "error: $name:" >&2
    sed 's/^/  /' <<<"$hits" >&2
    found=1
  fi
}

check "a failure found by the words it starts with" '(hasPrefix|contains)\("(error|warning|note)' \
  'cause = output.drop { !$0.hasPrefix("error:") }'
check "an error's message read for what it says" '\bmessage\.(hasPrefix|hasSuffix|contains)\(' \
  'if !message.hasSuffix(": " + shown) {'
check "a description split or searched for its parts" \
  '([Ee]rror|[Ff]ailure|[Ee]xplanation|ended)\.description\.(split|components|hasPrefix|hasSuffix|contains)' \
  'let lines = error.description.split(separator: "\n")'
check "a rendered line searched for its label" '(hasPrefix|contains)\("  (held by|stale|path|hint|holds|cached|unknown):' \
  'lines.firstIndex { $0.hasPrefix("  held by: ") }'
check "an outcome or a scope compared as a string" '\b(outcome|scope) == "|contains\((step\.)?(outcome|scope)\b' \
  'step.outcome == "cached" || ["singleton"].contains(step.scope ?? "")'
check "how a connection ended found by its words" 'hasPrefix\("(app ended|the app)' \
  'ended.hasPrefix("app ended")'
check "an elision found by its sentinel" '"\.\.\."' 'guard !path.contains("...")' \
  Sources/DIScope/Errors/Container+Diagnostics.swift Sources/DisSyntax/Matching/ExpectedPattern.swift
check "a tree's glyphs outside the one table" '"(├─ |└─ |│  |\|- |`- )"' 'let (branch, last) = ("├─ ", "└─ ")' \
  Sources/DIScope/Diagnostics/ResolutionTree.swift

if [ "$found" = 0 ]; then echo "presentation: no code reads another module's words"; fi
exit "$found"
