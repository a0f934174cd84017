#!/usr/bin/env python3
"""Fails when a public symbol of a module has no documentation comment.

Usage: check-docs-coverage.py ROOT SYMBOL_GRAPH_DIR MODULE...

Reads the symbol graphs `swift-symbolgraph-extract` wrote for each MODULE (MODULE.symbols.json and
MODULE@Other.symbols.json, the latter holding its extensions of other modules' types) and prints
`file:line: error: SYMBOL is public and undocumented` for every public or open symbol that has no
doc comment, then exits 1. What counts as documented, and what is skipped:

- a symbol with a `///` (or `/** */`) comment of its own;
- a symbol whose doc comment the extractor inherited (its `docComment.module` names another
  module, or the same one through a protocol): a member that implements a documented requirement
  (`description` of `CustomStringConvertible`, `==` of `Equatable`, `assemble(into:)` of an
  `Assembly`) shows that requirement's documentation in DocC, so it is documented;
- skipped: symbols with no source location or a `::SYNTHESIZED::` identifier, which the compiler
  made (a property wrapper's `$projection`, members inherited from a protocol extension in another
  module): there is no line of ours to document.
"""
import json
import os
import sys
from urllib.parse import unquote, urlparse


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    root, graphs, modules = os.path.realpath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    missing = []
    for module in modules:
        files = [f for f in os.listdir(graphs)
                 if f == f"{module}.symbols.json" or f.startswith(f"{module}@")]
        if f"{module}.symbols.json" not in files:
            print(f"error: no symbol graph for '{module}' in {graphs}", file=sys.stderr)
            return 2
        for name in sorted(files):
            with open(os.path.join(graphs, name), encoding="utf-8") as handle:
                graph = json.load(handle)
            for symbol in graph["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                    continue
                location = symbol.get("location")
                if not location:
                    continue
                lines = (symbol.get("docComment") or {}).get("lines") or []
                if any(line.get("text", "").strip() for line in lines):
                    continue
                path = unquote(urlparse(location["uri"]).path)
                path = os.path.relpath(os.path.realpath(path), root)
                line = location.get("position", {}).get("line", 0) + 1
                title = ".".join(symbol["pathComponents"])
                missing.append(f"{path}:{line}: error: '{module}.{title}' is public and undocumented")
    for message in sorted(set(missing)):
        print(message, file=sys.stderr)
    if missing:
        print(f"error: {len(set(missing))} public symbol(s) of {', '.join(modules)} undocumented; "
              "to fix, add a /// comment (a summary, and an example on an entry point)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
