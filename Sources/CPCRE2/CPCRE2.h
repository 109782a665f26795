#ifndef CPCRE2_H
#define CPCRE2_H
#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#elif PCRE2_CODE_UNIT_WIDTH != 8
#error "CPCRE2 is the 8-bit (UTF-8) binding: PCRE2_CODE_UNIT_WIDTH must be 8"
#endif
#include <stddef.h>
#include <pcre2.h>
/* Macros Swift cannot import (casts), re-exposed as functions. */
static inline size_t cpcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }
static inline size_t cpcre2_unset(void) { return PCRE2_UNSET; }
#endif
