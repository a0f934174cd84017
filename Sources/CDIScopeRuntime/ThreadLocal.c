#include "ThreadLocal.h"

__thread discope_thread_local_t discope_thread_local_storage DISCOPE_TLS_MODEL = {0, 0, 0, 0, 0, 0};
