import DIScopeCLI
