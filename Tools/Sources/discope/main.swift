import DIScopeCLI

DiscopeCommand.main()
