#ifndef CARCHIVE_LOADER_H
#define CARCHIVE_LOADER_H
#include <stddef.h>
#if !__has_include(<archive.h>)
#error "libarchive's headers are missing: install libarchive-dev (Debian, Ubuntu) or libarchive (Homebrew), or run .ci/install-dependencies"
#endif
#include <archive.h>
#include <archive_entry.h>

/*
 * The libarchive functions scenelog calls, each as `c` + its name (carchive_read_new for
 * archive_read_new): return type, name, parameters, arguments.
 *
 * On Linux, libarchive is loaded the first time an archive is opened (carchive_load), not when
 * scenelog starts: with the libraries it needs in turn (libxml2, ICU, the compressors), loading
 * it took 1.2 to 1.7 ms of every run, where a small capture's whole scan takes about 8 ms. On other
 * systems they are linked as usual. Swift code calls these wrappers only, after carchive_load said
 * libarchive is ready: a direct call of an archive_ function would build everywhere but fail to
 * link on Linux.
 */
#define CARCHIVE_FUNCTIONS(X)                                                                                          \
    X(struct archive *, archive_read_new, (void), ())                                                                  \
    X(int, archive_read_free, (struct archive * a), (a))                                                               \
    X(int, archive_read_support_filter_gzip, (struct archive * a), (a))                                                \
    X(int, archive_read_support_filter_bzip2, (struct archive * a), (a))                                               \
    X(int, archive_read_support_filter_xz, (struct archive * a), (a))                                                  \
    X(int, archive_read_support_filter_lzma, (struct archive * a), (a))                                                \
    X(int, archive_read_support_filter_lzip, (struct archive * a), (a))                                                \
    X(int, archive_read_support_filter_zstd, (struct archive * a), (a))                                                \
    X(int, archive_read_support_filter_lz4, (struct archive * a), (a))                                                 \
    X(int, archive_read_support_filter_compress, (struct archive * a), (a))                                            \
    X(int, archive_read_support_format_all, (struct archive * a), (a))                                                 \
    X(int, archive_read_support_format_raw, (struct archive * a), (a))                                                 \
    X(int, archive_read_open_filename, (struct archive * a, const char *name, size_t block), (a, name, block))          \
    X(int, archive_read_open2,                                                                                         \
      (struct archive * a, void *client, archive_open_callback *open, archive_read_callback *read,                    \
       archive_skip_callback *skip, archive_close_callback *close),                                                    \
      (a, client, open, read, skip, close))                                                                            \
    X(int, archive_read_next_header, (struct archive * a, struct archive_entry * *entry), (a, entry))                  \
    X(la_ssize_t, archive_read_data, (struct archive * a, void *buffer, size_t size), (a, buffer, size))               \
    X(int, archive_format, (struct archive * a), (a))                                                                  \
    X(int, archive_filter_count, (struct archive * a), (a))                                                            \
    X(la_int64_t, archive_filter_bytes, (struct archive * a, int filter), (a, filter))                                 \
    X(int, archive_errno, (struct archive * a), (a))                                                                   \
    X(const char *, archive_error_string, (struct archive * a), (a))                                                   \
    X(const char *, archive_entry_pathname, (struct archive_entry * entry), (entry))                                   \
    X(const char *, archive_entry_pathname_utf8, (struct archive_entry * entry), (entry))                              \
    X(__LA_MODE_T, archive_entry_filetype, (struct archive_entry * entry), (entry))                                    \
    X(const char *, archive_entry_hardlink, (struct archive_entry * entry), (entry))                                   \
    X(const char *, archive_entry_symlink, (struct archive_entry * entry), (entry))                                    \
    X(la_int64_t, archive_entry_size, (struct archive_entry * entry), (entry))                                         \
    X(int, archive_entry_size_is_set, (struct archive_entry * entry), (entry))

/*
 * The zlib functions scenelog calls, each as `czlib_` + its name, loaded with libarchive (which
 * needs zlib itself): libarchive does not check a gzip stream's CRC-32 and length, zlib does.
 */
#if !__has_include(<zlib.h>)
#error "zlib's header is missing: install zlib1g-dev (Debian, Ubuntu), or run .ci/install-dependencies"
#endif
#include <zlib.h>
#define CZLIB_FUNCTIONS(X)                                                                                             \
    X(uLong, crc32, (uLong crc, const Bytef *buffer, uInt length), (crc, buffer, length))                              \
    X(int, inflateInit2_, (z_streamp stream, int window, const char *version, int size), (stream, window, version, size)) \
    X(int, inflate, (z_streamp stream, int flush), (stream, flush))                                                    \
    X(int, inflateReset, (z_streamp stream), (stream))                                                                 \
    X(int, inflateEnd, (z_streamp stream), (stream))

/* Loads libarchive and zlib once (later calls wait for the first): NULL when they are ready, else why not. */
const char *carchive_load(void);

/* Each function, called only after carchive_load said libarchive is ready. */
#define CARCHIVE_DECLARATION(result, name, parameters, arguments) result c##name parameters;
CARCHIVE_FUNCTIONS(CARCHIVE_DECLARATION)
#undef CARCHIVE_DECLARATION

#define CZLIB_DECLARATION(result, name, parameters, arguments) result czlib_##name parameters;
CZLIB_FUNCTIONS(CZLIB_DECLARATION)
#undef CZLIB_DECLARATION

/* Macros and variadic calls Swift cannot import, re-exposed as functions. */
int czlib_inflate_init_gzip(z_streamp stream);
unsigned int carchive_regular_file_type(void);
void carchive_set_read_error(struct archive *archive, const char *message);
#endif
