#ifndef CMEMORYRELEASE_H
#define CMEMORYRELEASE_H

#include <stddef.h>

/// Drops this process's mapping of every loaded object's relocation table (`.rela.dyn`), which
/// the dynamic loader reads once, before `main`, and never again. Only whole pages inside a
/// read-only segment are dropped: they are clean pages of the file, so a later read (there is
/// none) would simply map them again. Returns the bytes dropped; 0 where this does not apply.
size_t cb_drop_relocation_tables(void);

#endif
