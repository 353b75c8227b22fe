#ifndef LIQUIDUS_SYSTEM_ZLIB_H
#define LIQUIDUS_SYSTEM_ZLIB_H

#include <zlib.h>

#endif
