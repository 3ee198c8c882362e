#ifndef COCKTAILBOOK_CZLIB_H
#define COCKTAILBOOK_CZLIB_H
#include <zlib.h>

// deflateInit2 is a macro, which Swift cannot call.
static inline int cocktailbook_deflateInit2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

// …and so is inflateInit2 (the tests read our gzip back with it).
static inline int cocktailbook_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
