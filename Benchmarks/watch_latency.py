#!/usr/bin/env python3
"""Live `scenelog watch` benchmark: line-to-finding latency and memory over a long stream.

Plays an idevicesyslog-style stream into `scenelog watch --format ndjson`, through its standard
input (--source pipe) or through the idevicesyslog that scenelog starts itself (--source
idevicesyslog: a stand-in on PATH that relays a FIFO the benchmark writes to):

1. paced like a busy device (--rate lines per second, one write per line), with a UIScene
   warning every --every lines: each warning's latency is the time from writing its line to
   reading its `finding` event; p50, p99 and max are reported against the target (every finding
   within 200 ms of its line);
2. then as fast as the pipe takes it, to 100 k and to 2 M lines, reading the process's resident
   memory (VmRSS) at each mark once scenelog has caught up.

Usage: Benchmarks/watch_latency.py [--binary .build/release/scenelog] [--source pipe|idevicesyslog]
                                   [--rate 2000] [--seconds 10]
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

TARGET_MS = 200

NOISE = [
    "Oct  7 21:14:03.{us:06d} SpringBoard(FrontBoard)[52] <Notice>: [app<com.apple.mobilemail>:341] Setting process visibility to: Background",
    "Oct  7 21:14:03.{us:06d} locationd[88] <Notice>: Client com.apple.springboard (0x16e416c00) is subscribing to notification kCLConnectionMessageGyroBiasEstimation",
    "Oct  7 21:14:03.{us:06d} runningboardd(RunningBoard)[33] <Info>: Acquiring assertion targeting [app<com.apple.mobilemail>:341] from originator [osservice<com.apple.SpringBoard>:52]",
    "Oct  7 21:14:03.{us:06d} backboardd(BackBoardServices)[66] <Debug>: Sending event to hit-test contextID 0x7a3b1c2d",
    "Oct  7 21:14:03.{us:06d} kernel[0] <Notice>: memorystatus: set assertion priority(3) target mobilemail:341",
]
FINDING = ("Oct  7 21:14:03.{us:06d} BepXanh(UIKitCore)[1873] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: "
           "This process does not adopt UIScene lifecycle. This will become an assert in a future version.")


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def start_watch(binary, source, folder):
    """Starts `scenelog watch`; returns the process and the descriptor to write the stream to."""
    command = [binary, "watch", "--format", "ndjson", "--fail-on", "never"]
    if source == "pipe":
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        return process, process.stdin.fileno()
    fifo = os.path.join(folder, "stream")
    os.mkfifo(fifo)
    stand_in = os.path.join(folder, "idevicesyslog")
    with open(stand_in, "w") as script:
        script.write(f"#!/bin/sh\nexec cat '{fifo}'\n")
    os.chmod(stand_in, 0o755)
    environment = dict(os.environ, PATH=folder + os.pathsep + os.environ.get("PATH", ""))
    # Standard input is not a stream, so scenelog starts the idevicesyslog on PATH: the stand-in.
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, bufsize=0, env=environment)
    return process, os.open(fifo, os.O_WRONLY)  # opens once the stand-in reads


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/scenelog")
    parser.add_argument("--source", choices=["pipe", "idevicesyslog"], default="pipe",
                        help="standard input, or the idevicesyslog scenelog starts")
    parser.add_argument("--rate", type=int, default=2000, help="paced lines per second")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--every", type=int, default=20, help="a finding line every N paced lines")
    parser.add_argument("--total", type=int, default=2_000_000)
    options = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="scenelog-watch-latency-")
    process, stdin = start_watch(options.binary, options.source, folder)
    written = {}
    arrivals = {}
    last_line_seen = [0]
    lock = threading.Lock()

    def read_events():
        for raw in process.stdout:
            now = time.perf_counter()
            event = json.loads(raw)
            if event.get("type") == "finding":
                with lock:
                    arrivals[event["line"]] = now
                    last_line_seen[0] = event["line"]

    reader = threading.Thread(target=read_events, daemon=True)
    reader.start()
    line_number = 0

    def write_line(text):
        nonlocal line_number
        line_number += 1
        os.write(stdin, (text.format(us=line_number % 1_000_000) + "\n").encode())

    # 1. Paced: one write per line, like idevicesyslog.
    paced = int(options.rate * options.seconds)
    start = time.perf_counter()
    for index in range(paced):
        due = start + index / options.rate
        delay = due - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        if index % options.every == options.every - 1:
            write_line(FINDING)
            written[line_number] = time.perf_counter()
        else:
            write_line(NOISE[index % len(NOISE)])
    time.sleep(0.5)
    with lock:
        latencies = sorted((arrivals[n] - t) * 1000 for n, t in written.items() if n in arrivals)
    missing = len(written) - len(latencies)

    # 2. Bulk, with a finding every 1000 lines as a marker of progress.
    def bulk_to(target):
        nonlocal line_number
        chunk = []
        while line_number < target:
            line_number += 1
            chunk.append((FINDING if line_number % 1000 == 0 else NOISE[line_number % len(NOISE)]).format(us=7))
            if len(chunk) == 512 or line_number == target:
                os.write(stdin, ("\n".join(chunk) + "\n").encode())
                chunk.clear()
        last_marker = target - target % 1000
        while True:  # until scenelog has read up to the last marker
            with lock:
                if last_line_seen[0] >= last_marker:
                    break
            time.sleep(0.05)
        time.sleep(0.2)
        return resident_kib(process.pid)

    bulk_start = time.perf_counter()
    rss_100k = bulk_to(100_000)
    rss_total = bulk_to(options.total)
    bulk_seconds = time.perf_counter() - bulk_start
    os.close(stdin)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGINT)
        process.wait()
    reader.join(timeout=5)
    shutil.rmtree(folder)

    def percentile(values, fraction):
        return values[min(len(values) - 1, int(len(values) * fraction))] if values else float("nan")

    print(f"source: {options.source}")
    print(f"paced: {paced} lines at {options.rate}/s, {len(written)} findings, {missing} missing")
    print(f"latency ms: p50 {percentile(latencies, 0.50):.2f}  p99 {percentile(latencies, 0.99):.2f}  "
          f"max {latencies[-1] if latencies else float('nan'):.2f}")
    late = sum(1 for latency in latencies if latency >= TARGET_MS)
    print(f"target: every finding within {TARGET_MS} ms of its line: "
          + ("met" if latencies and late == 0 else f"missed ({late} later, {missing} missing)"))
    print(f"bulk: {options.total - paced} lines in {bulk_seconds:.2f} s")
    print(f"RSS: {rss_100k} KiB after 100k lines, {rss_total} KiB after {options.total} lines "
          f"({(rss_total - rss_100k) * 100 / rss_100k:+.1f} %)")
    return 0 if missing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
