#ifndef CARCHIVE_H
#define CARCHIVE_H
#include <archive.h>
#include <archive_entry.h>
#endif
