"""Counts the lines of a file that hold a match of any pattern of a pattern file (one per line),
as `rg -c -f` does, with Hyperscan (Vectorscan's upstream) in block mode over the whole file.

    python3 hyperscan_count.py PATTERNS FILE
"""
import sys

import hyperscan


def main(patterns_path, path):
    patterns = [line.rstrip("\n").encode() for line in open(patterns_path, encoding="utf-8") if line.strip()]
    database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
    database.compile(expressions=patterns, ids=list(range(len(patterns))), elements=len(patterns))
    data = open(path, "rb").read()
    line_starts = set()

    def on_match(pattern, start, end, flags, context):
        line_starts.add(data.rfind(b"\n", 0, end) + 1)

    database.scan(data, match_event_handler=on_match)
    print(len(line_starts))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
