#define _GNU_SOURCE
#include "CDIScopePeer.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

int discope_peer_credentials(int fd, uid_t *uid, pid_t *pid) {
#if defined(__linux__)
  struct ucred credentials;
  socklen_t length = sizeof(credentials);
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  *uid = credentials.uid;
  *pid = credentials.pid;
  return 0;
#else
  gid_t gid;
  if (getpeereid(fd, uid, &gid) != 0) return -1;
  *pid = 0;
  return 0;
#endif
}

int discope_accept_cloexec(int fd) {
#if defined(__linux__)
  return accept4(fd, NULL, NULL, SOCK_CLOEXEC);
#else
  int client = accept(fd, NULL, NULL);
  if (client >= 0) fcntl(client, F_SETFD, FD_CLOEXEC);
  return client;
#endif
}
