// Scans a file with Vectorscan (or Hyperscan) in block mode, 64 KiB at a time, for the patterns of
// a file (one per line: `scenelog rules --export-literals`), and prints the matches and the scan's
// own time: the rate a whole-buffer Vectorscan prefilter would reach inside scenelog.
//
//   cc -O2 Benchmarks/vectorscan_scan.c -o vectorscan_scan $(pkg-config --cflags --libs libhs)
//   ./vectorscan_scan literals.txt corpus.log
#include <hs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long matches;

static int onMatch(unsigned int id, unsigned long long from, unsigned long long to, unsigned int flags, void *context) {
    (void)id; (void)from; (void)to; (void)flags; (void)context;
    matches++;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s PATTERNS FILE\n", argv[0]);
        return 2;
    }
    FILE *patternFile = fopen(argv[1], "r");
    if (!patternFile) { perror(argv[1]); return 2; }
    char *patterns[1024];
    unsigned int ids[1024], flags[1024];
    unsigned int count = 0;
    char line[8192];
    while (count < 1024 && fgets(line, sizeof line, patternFile)) {
        line[strcspn(line, "\n")] = 0;
        patterns[count] = strdup(line);
        ids[count] = count;
        flags[count] = 0;
        count++;
    }
    fclose(patternFile);
    hs_database_t *database;
    hs_compile_error_t *error;
    if (hs_compile_multi((const char *const *)patterns, flags, ids, count, HS_MODE_BLOCK, NULL, &database, &error) != HS_SUCCESS) {
        fprintf(stderr, "pattern %d: %s\n", error->expression, error->message);
        return 2;
    }
    hs_scratch_t *scratch = NULL;
    hs_alloc_scratch(database, &scratch);
    FILE *input = fopen(argv[2], "rb");
    if (!input) { perror(argv[2]); return 2; }
    fseek(input, 0, SEEK_END);
    long size = ftell(input);
    fseek(input, 0, SEEK_SET);
    char *data = malloc(size);
    if (!data || fread(data, 1, size, input) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[2]); return 2; }
    fclose(input);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    const long block = 64 << 10;
    for (long offset = 0; offset < size; offset += block) {
        long length = size - offset < block ? size - offset : block;
        hs_scan(database, data + offset, (unsigned int)length, 0, scratch, onMatch, NULL);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%u patterns, %lld matches, %.3f s, %.0f MB/s\n", count, matches, seconds, size / seconds / 1e6);
    return 0;
}
