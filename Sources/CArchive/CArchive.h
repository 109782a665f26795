#ifndef CARCHIVE_H
#define CARCHIVE_H
#include <errno.h>
#include <archive.h>
#include <archive_entry.h>
/* Macros and variadic calls Swift cannot import, re-exposed as functions. */
static inline unsigned int carchive_regular_file_type(void) { return AE_IFREG; }
static inline void carchive_set_read_error(struct archive *archive, const char *message) {
    archive_set_error(archive, EIO, "%s", message);
}
#endif
