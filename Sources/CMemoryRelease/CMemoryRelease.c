#define _GNU_SOURCE
#include "CMemoryRelease.h"

#if defined(__linux__)
#include <link.h>
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/// Runs as the executable is loaded, before `main` and before any thread exists: glibc makes an
/// arena for each of the first threads that allocate, and a limit set later leaves those there.
///
/// - Two arenas instead of up to eight per core: the threads' freed memory is reused instead of
///   spread over many heaps.
/// - Blocks of 256 KB and more (a catalog's arrays while it is decoded, a long answer while it
///   is made) come from their own mappings and go back to the system when freed. glibc otherwise
///   raises that threshold to the largest block ever freed (megabytes, after the first install)
///   and keeps every later one for reuse: at 10,000 drinks, the first `search.php` answer left
///   11.6 MiB resident that way, 4.3 MiB with this.
/// - At most 1 MB of free memory kept at the top of a heap.
__attribute__((constructor)) static void cb_configure_malloc(void) {
    mallopt(M_ARENA_MAX, 2);
    mallopt(M_MMAP_THRESHOLD, 256 << 10);
    mallopt(M_TRIM_THRESHOLD, 1 << 20);
}

struct drop_totals {
    size_t bytes;
    uintptr_t page;
};

static int drop_object_relocations(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct drop_totals *totals = data;
    const ElfW(Dyn) *dynamic = NULL;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        if (info->dlpi_phdr[i].p_type == PT_DYNAMIC) {
            dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
        }
    }
    if (dynamic == NULL) return 0;

    uintptr_t start = 0;
    size_t length = 0;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_RELA) start = entry->d_un.d_ptr;
        if (entry->d_tag == DT_RELASZ) length = entry->d_un.d_val;
    }
    if (start == 0 || length == 0) return 0;
    // glibc rewrites these addresses to absolute ones as it loads an object; a loader that
    // leaves them relative to the load address gives offsets far below it.
    if (start < info->dlpi_addr) start += info->dlpi_addr;

    // The table must lie inside one loaded segment that is not writable: dropping a written
    // page of a private mapping would lose what was written.
    int inside_read_only = 0;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD) continue;
        uintptr_t from = info->dlpi_addr + segment->p_vaddr, to = from + segment->p_filesz;
        if (start >= from && start + length <= to) inside_read_only = (segment->p_flags & PF_W) == 0;
    }
    if (!inside_read_only) return 0;

    // Whole pages only, so no neighbouring section is touched.
    uintptr_t first = (start + totals->page - 1) & ~(totals->page - 1);
    uintptr_t end = (start + length) & ~(totals->page - 1);
    if (end <= first) return 0;
    if (madvise((void *)first, end - first, MADV_DONTNEED) == 0) totals->bytes += end - first;
    return 0;
}

size_t cb_drop_relocation_tables(void) {
    struct drop_totals totals = {0, (uintptr_t)sysconf(_SC_PAGESIZE)};
    dl_iterate_phdr(drop_object_relocations, &totals);
    return totals.bytes;
}

#else

size_t cb_drop_relocation_tables(void) { return 0; }

#endif
