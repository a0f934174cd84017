#ifndef CDISCOPE_SPIN_PAUSE_H
#define CDISCOPE_SPIN_PAUSE_H

/// Tells the processor that the thread is spinning on a word another thread will change (x86's
/// `pause`, ARM's `yield`): it eases the memory-order flush a spin loop's exit would otherwise
/// cost, and the power and the sibling hyperthread's share it takes meanwhile.
static inline __attribute__((always_inline)) void discope_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

#endif
