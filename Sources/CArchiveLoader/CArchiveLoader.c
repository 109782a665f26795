#include "CArchiveLoader.h"

#include <errno.h>

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

/* libarchive's functions once loaded, whether all of them were, and why not if not. */
static struct {
#define CARCHIVE_POINTER(result, name, parameters, arguments) result(*name) parameters;
    CARCHIVE_FUNCTIONS(CARCHIVE_POINTER)
#undef CARCHIVE_POINTER
    void (*archive_set_error)(struct archive *, int, const char *, ...);
#define CZLIB_POINTER(result, name, parameters, arguments) result(*zlib_##name) parameters;
    CZLIB_FUNCTIONS(CZLIB_POINTER)
#undef CZLIB_POINTER
    int loaded;
    char failure[256];
} library;

static pthread_once_t loading = PTHREAD_ONCE_INIT;

/* Notes why the library `soname` cannot be used: the loader's reason, or the function it lacks. */
static void fail(const char *soname, const char *missing) {
    const char *reason = missing ? NULL : dlerror();
    if (reason && reason[0]) {
        strncpy(library.failure, reason, sizeof library.failure - 1);
        return;
    }
    strncpy(library.failure, soname, sizeof library.failure - 1);
    strncat(library.failure, missing ? " lacks " : " could not be loaded", sizeof library.failure - strlen(library.failure) - 1);
    if (missing) strncat(library.failure, missing, sizeof library.failure - strlen(library.failure) - 1);
}

static void load_library(void) {
    /* The sonames of libarchive 3 and zlib 1, found the way the dynamic linker finds a linked library. */
    void *handle = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        fail("libarchive.so.13", NULL);
        return;
    }
    const char *missing = NULL;
#define CARCHIVE_RESOLVE(result, name, parameters, arguments)                                                          \
    if (!(library.name = (result(*) parameters)dlsym(handle, #name)) && !missing) missing = #name;
    CARCHIVE_FUNCTIONS(CARCHIVE_RESOLVE)
#undef CARCHIVE_RESOLVE
    library.archive_set_error = (void (*)(struct archive *, int, const char *, ...))dlsym(handle, "archive_set_error");
    if (!library.archive_set_error && !missing) missing = "archive_set_error";
    if (missing) {
        fail("libarchive.so.13", missing);
        dlclose(handle);
        return;
    }
    void *zlib = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!zlib) {
        fail("libz.so.1", NULL);
        dlclose(handle);
        return;
    }
#define CZLIB_RESOLVE(result, name, parameters, arguments)                                                             \
    if (!(library.zlib_##name = (result(*) parameters)dlsym(zlib, #name)) && !missing) missing = #name;
    CZLIB_FUNCTIONS(CZLIB_RESOLVE)
#undef CZLIB_RESOLVE
    if (!missing) {
        library.loaded = 1;
        return;
    }
    fail("libz.so.1", missing);
    dlclose(zlib);
    dlclose(handle);
}

const char *carchive_load(void) {
    pthread_once(&loading, load_library);
    return library.loaded ? NULL : library.failure;
}

#define CARCHIVE_DEFINITION(result, name, parameters, arguments)                                                       \
    result c##name parameters { return library.name arguments; }
CARCHIVE_FUNCTIONS(CARCHIVE_DEFINITION)
#undef CARCHIVE_DEFINITION

#define CZLIB_DEFINITION(result, name, parameters, arguments)                                                          \
    result czlib_##name parameters { return library.zlib_##name arguments; }
CZLIB_FUNCTIONS(CZLIB_DEFINITION)
#undef CZLIB_DEFINITION

#define CARCHIVE_SET_ERROR library.archive_set_error
#else
const char *carchive_load(void) { return NULL; }

#define CARCHIVE_DEFINITION(result, name, parameters, arguments)                                                       \
    result c##name parameters { return name arguments; }
CARCHIVE_FUNCTIONS(CARCHIVE_DEFINITION)
#undef CARCHIVE_DEFINITION

#define CZLIB_DEFINITION(result, name, parameters, arguments)                                                          \
    result czlib_##name parameters { return name arguments; }
CZLIB_FUNCTIONS(CZLIB_DEFINITION)
#undef CZLIB_DEFINITION

#define CARCHIVE_SET_ERROR archive_set_error
#endif

void carchive_set_read_error(struct archive *archive, const char *message) {
    CARCHIVE_SET_ERROR(archive, EIO, "%s", message);
}

unsigned int carchive_regular_file_type(void) { return AE_IFREG; }

/* inflateInit2 is a macro: a window of 15 bits, + 16 for the gzip wrapper and its trailer's check. */
int czlib_inflate_init_gzip(z_streamp stream) { return czlib_inflateInit2_(stream, 15 + 16, ZLIB_VERSION, (int)sizeof(z_stream)); }
