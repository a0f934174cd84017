// DIScopeCLI — work in progress; see Package.swift for its place in the layers.
