#!/usr/bin/env python3
"""Scan a night of device logs with scenelog on a Dask cluster, then merge the parts.

Each Dask task runs one shard, `scenelog report --shard K/N --format json --fail-on never`,
on the inputs named here and returns its part (the JSON report of that shard). This driver
writes the parts to a folder and runs `scenelog merge` on them with the formats and outputs
asked for, and exits with merge's exit code (3 when a shard could not read an input, as one
`scenelog report` of everything would). A shard that fails otherwise (no part) is named with
scenelog's message, and nothing is merged.

By default it starts a LocalCluster of two worker processes (one thread each) on this machine.
With --scheduler it connects to a running cluster instead (dask-kubernetes, dask-jobqueue, a
`dask scheduler` of your own): the workers must then see the inputs under the same paths as
this machine (a shared file system), and run scenelog from --scenelog or their PATH. Relative
input paths are resolved from this driver's working folder on every worker, so the reports
name the inputs as they were named here.

Needs Python 3.9+ and `dask[distributed]`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence


@dataclass
class ShardResult:
    """What one shard's task sends back to the driver."""

    shard: int
    status: Optional[int]  # scenelog's exit code; None when it could not be started
    part: Optional[bytes]  # the part's JSON, when scenelog wrote one
    stderr: str
    worker: str


def scan_shard(
    shard: int,
    shards: int,
    scenelog: str,
    options: list[str],
    inputs: list[str],
    cwd: str,
) -> ShardResult:
    """Runs one shard on a worker: `scenelog report --shard K/N` into a temporary file there."""
    import socket

    worker = f"{socket.gethostname()} (pid {os.getpid()})"
    with tempfile.TemporaryDirectory(prefix="scenelog-part-") as folder:
        output = os.path.join(folder, f"part-{shard}.json")
        command = [
            scenelog, "report", "--shard", f"{shard}/{shards}", "--allow-empty", "--quiet",
            "--format", "json", "--output", output, "--fail-on", "never", *options, "--", *inputs,
        ]
        try:
            done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        except OSError as error:
            return ShardResult(shard, None, None, f"cannot run {scenelog!r}: {error}", worker)
        part = Path(output).read_bytes() if os.path.exists(output) else None
        return ShardResult(shard, done.returncode, part, done.stderr.decode("utf-8", "replace"), worker)


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(
            "Scan device logs with scenelog on a Dask cluster: one task per shard "
            "(scenelog report --shard K/N), then scenelog merge of the parts. "
            "Exits with merge's exit code: 0, 1 (findings or regressions at or above --fail-on), "
            "2 (usage error, refused parts), 3 (an input could not be read, or a shard failed)."
        ),
        epilog=(
            "example: dask_scan.py --baseline last-night.json --output json=night.json "
            "--output markdown=night.md device-logs/"
        ),
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="log files, folders and archives, as for scenelog report")
    cluster = parser.add_argument_group("cluster")
    cluster.add_argument(
        "--scheduler", metavar="ADDRESS",
        help="a running Dask scheduler (tcp://host:8786); default: a LocalCluster on this machine")
    cluster.add_argument(
        "--workers", type=int, default=2, metavar="N",
        help="worker processes of the LocalCluster, one thread each (default: 2)")
    cluster.add_argument(
        "--shards", type=int, metavar="N",
        help="parts to split the inputs into, one task each (default: the number of workers connected at the start)")
    cluster.add_argument(
        "--scenelog", metavar="PATH",
        help="the scenelog executable, on this machine and the workers (default: scenelog on PATH)")
    cluster.add_argument(
        "--parts", metavar="FOLDER",
        help="keep the parts in this folder as part-K.json (default: a temporary folder, removed at the end)")
    scan = parser.add_argument_group("scan options, given to every shard (and --rules, --config to merge)")
    scan.add_argument("--rules", metavar="FILE", help="add the rules of a YAML file")
    scan.add_argument("--config", metavar="FILE", help="settings file instead of ./.scenelog.yml")
    scan.add_argument("--include", action="append", default=[], metavar="GLOB", help="scan only matching files (repeatable)")
    scan.add_argument("--exclude", action="append", default=[], metavar="GLOB", help="skip matching files (repeatable)")
    merge = parser.add_argument_group("merge options, given to scenelog merge")
    merge.add_argument("--format", choices=["json", "ndjson", "sarif", "junit", "markdown", "html", "text", "github"])
    merge.add_argument(
        "--output", action="append", default=[], metavar="[FORMAT=]FILE",
        help="write the merged report there (repeatable with FORMAT=)")
    merge.add_argument("--baseline", metavar="FILE", help="compare with an earlier JSON report")
    merge.add_argument("--record", action="store_true", help="append the run to the history")
    merge.add_argument("--history", metavar="FILE", help="the history file")
    merge.add_argument("--fail-on", choices=["error", "warning", "note", "never"])
    arguments = parser.parse_args(argv)
    if arguments.workers < 1:
        parser.error("--workers must be at least 1")
    if arguments.shards is not None and arguments.shards < 1:
        parser.error("--shards must be at least 1")
    if "-" in arguments.inputs:
        parser.error("standard input (-) cannot be split into shards: save it to a file first")
    return arguments


def scan_options(arguments: argparse.Namespace) -> list[str]:
    options: list[str] = []
    for name in ("rules", "config"):
        value = getattr(arguments, name)
        if value is not None:
            options += [f"--{name}", value]
    for name in ("include", "exclude"):
        for glob in getattr(arguments, name):
            options += [f"--{name}", glob]
    return options


def merge_command(scenelog: str, arguments: argparse.Namespace, parts: list[Path]) -> list[str]:
    command = [scenelog, "merge"]
    for name in ("format", "baseline", "history", "fail_on", "rules", "config"):
        value = getattr(arguments, name)
        if value is not None:
            command += ["--" + name.replace("_", "-"), value]
    for output in arguments.output:
        command += ["--output", output]
    if arguments.record:
        command.append("--record")
    return command + [str(part) for part in parts]


def run(arguments: argparse.Namespace) -> int:
    from dask.distributed import Client, LocalCluster

    scenelog_here = arguments.scenelog or shutil.which("scenelog")
    if scenelog_here is None:
        print("dask_scan: error: scenelog is not on PATH; name it with --scenelog PATH", file=sys.stderr)
        return 2
    if shutil.which(scenelog_here) is None:
        print(f"dask_scan: error: --scenelog {scenelog_here!r} is not an executable file", file=sys.stderr)
        return 2
    # A LocalCluster's workers run here: they get the same absolute path. Remote workers run the
    # path given with --scenelog, or scenelog from their own PATH.
    if arguments.scheduler is None:
        scenelog_workers = os.path.abspath(shutil.which(scenelog_here) or scenelog_here)
    else:
        scenelog_workers = arguments.scenelog or "scenelog"

    if arguments.scheduler is None:
        cluster = LocalCluster(
            n_workers=arguments.workers, processes=True, threads_per_worker=1, dashboard_address=None)
        client = Client(cluster)
    else:
        cluster = None
        client = Client(arguments.scheduler)
    try:
        shards = arguments.shards or max(1, len(client.nthreads()))
        options = scan_options(arguments)
        futures = [
            client.submit(
                scan_shard, shard, shards, scenelog_workers, options, arguments.inputs, os.getcwd(),
                key=f"scenelog-shard-{shard}-of-{shards}-{os.getpid()}", pure=False)
            for shard in range(1, shards + 1)
        ]
        try:
            results: list[ShardResult] = client.gather(futures)
        except Exception as error:  # a worker lost for good (KilledWorker), a task that raised
            print(f"dask_scan: error: the cluster could not run every shard: {type(error).__name__}: {error}",
                  file=sys.stderr)
            return 3
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    parts_folder = Path(arguments.parts) if arguments.parts else Path(tempfile.mkdtemp(prefix="scenelog-parts-"))
    try:
        parts_folder.mkdir(parents=True, exist_ok=True)
        parts: list[Path] = []
        failed: list[ShardResult] = []
        for result in sorted(results, key=lambda result: result.shard):
            label = f"shard {result.shard}/{shards} on {result.worker}"
            if result.part is None or result.status not in (0, 3):
                failed.append(result)
                status = "could not start scenelog" if result.status is None else f"scenelog exited with {result.status}"
                print(f"dask_scan: error: {label} failed ({status}): {result.stderr.strip()}", file=sys.stderr)
                continue
            if result.status == 3:
                print(f"dask_scan: warning: {label} could not read every input: {result.stderr.strip()}", file=sys.stderr)
            part = parts_folder / f"part-{result.shard}.json"
            part.write_bytes(result.part)
            parts.append(part)
        if failed:
            print(
                f"dask_scan: error: {len(failed)} of {shards} shards failed; nothing was merged",
                file=sys.stderr)
            # Usage errors are everyone's (a bad rules file): 2; anything else is an input error.
            return 2 if all(result.status == 2 for result in failed) else 3
        # merge exits with 3 itself when a part could not read an input, as one report would.
        merged = subprocess.run(merge_command(scenelog_here, arguments, parts))
        return 128 - merged.returncode if merged.returncode < 0 else merged.returncode
    finally:
        if not arguments.parts:
            shutil.rmtree(parts_folder, ignore_errors=True)


def main(argv: Optional[Sequence[str]] = None) -> int:
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        print("dask_scan: error: the dask.distributed module is missing: python3 -m pip install 'dask[distributed]'",
              file=sys.stderr)
        return 2
    return run(arguments)


if __name__ == "__main__":
    sys.exit(main())
