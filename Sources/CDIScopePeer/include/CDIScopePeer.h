#ifndef CDISCOPE_PEER_H
#define CDISCOPE_PEER_H

#include <sys/types.h>

/// The user and process at the other end of a connected Unix domain socket (SO_PEERCRED on
/// Linux, getpeereid on the BSDs). Returns 0, or -1 with errno set.
///
/// In C because glibc only declares `struct ucred` under _GNU_SOURCE, which Swift's Glibc module
/// is not built with.
int discope_peer_credentials(int fd, uid_t *uid, pid_t *pid);

/// accept() with the new descriptor close-on-exec at once (accept4 on Linux; accept then fcntl
/// elsewhere). Returns the descriptor, or -1 with errno set.
int discope_accept_cloexec(int fd);

#endif
