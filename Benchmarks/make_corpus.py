#!/usr/bin/env python3
"""Writes a large device log for throughput measurements, from one of Samples/.

The sample's lines are split into the app's own lines (those naming the app) and everything else
(SpringBoard, runningboardd, kernel and daemon noise). The corpus repeats the noise, and one block
in --every is the whole sample, app lines and findings included: a realistic mix in which most
lines match no rule. The number of planted findings (one per whole-sample block) is written to
OUT.planted, for checking a scan's count.

Usage: Benchmarks/make_corpus.py --size-mib 1024 corpus.log
"""
import argparse

SAMPLE = "Samples/idevicesyslog-1.2-device-name-uikit-not-adopted.log"
APP_WORDS = ["bepxanh", "BepXanh", "1873", "vn.bepxanh"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("output")
    parser.add_argument("--size-mib", type=int, default=1024)
    parser.add_argument("--sample", default=SAMPLE)
    parser.add_argument("--every", type=int, default=200, help="one whole-sample block in this many")
    options = parser.parse_args()

    with open(options.sample, encoding="utf-8", errors="replace") as sample:
        lines = [line for line in sample.read().split("\n") if line and not line.startswith("[")]
    noise = [line for line in lines if not any(word in line for word in APP_WORDS) and not line.startswith(" ")]
    target = options.size_mib << 20
    size = 0
    block = 0
    with open(options.output, "w", encoding="utf-8") as output:
        while size < target:
            text = "\n".join(lines if block % options.every == 0 else noise) + "\n"
            output.write(text)
            size += len(text.encode())
            block += 1
    # Whole-sample blocks are 0, every, 2×every…; each holds the sample's one finding.
    planted = (block + options.every - 1) // options.every
    with open(options.output + ".planted", "w", encoding="utf-8") as sidecar:
        sidecar.write(f"{planted}\n")
    print(f"{options.output}: {size} bytes, {block} blocks, {planted} planted findings")


if __name__ == "__main__":
    main()
