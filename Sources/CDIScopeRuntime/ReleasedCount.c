#include "ReleasedCount.h"

uint64_t discope_released_containers = 0;
