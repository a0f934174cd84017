// libFuzzer's driver, called from the Swift entry point. SwiftPM links an executable's `main` to
// `<Module>_main`, so the fuzz target provides that function and hands control to libFuzzer.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
