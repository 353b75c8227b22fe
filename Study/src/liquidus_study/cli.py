"""`liquidus-study`: run, status, compact, task, pool, count, and `dask` (the venv's own dask).

Exit status: 0 success; 1 when any participant failed (reasons in DIR/failures.csv) or another
failure; 64 for a usage error or a manifest with problems (nothing is run).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import sys
from pathlib import Path

from . import __version__, dataset, liquidus, privacy, runner, state, task
from .manifest import ManifestError, Participant, load

USAGE = 64


class UsageError(Exception):
    pass


def parse_memory(text: str) -> int | None:
    if text.lower() in ("none", "0", "off"):
        return None
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?", text.strip(), re.IGNORECASE)
    if not match:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size such as 4G, 512M or none")
    scale = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
    return int(float(match[1]) * scale[match[2].lower()])


def parse_day(text: str) -> dt.date:
    try:
        if len(text) != 10:
            raise ValueError
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a day (YYYY-MM-DD)") from None


def parse_duration(text: str) -> float:
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(s|m|h)?", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"'{text}' is not a duration such as 90s, 30m or 2h")
    return float(match[1]) * {"s": 1, "m": 60, "h": 3600, None: 1}[match[2]]


def _study_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("manifest", type=Path, help="the manifest CSV")
    parser.add_argument("--out", type=Path, required=True, help="the dataset folder")
    parser.add_argument("--liquidus", help="the liquidus binary (default: liquidus on PATH)")
    parser.add_argument(
        "--as-of", type=parse_day, help="last day of data, YYYY-MM-DD (default: today in each zone)"
    )
    parser.add_argument(
        "--key-file", type=Path, help="key for hashing source names; keep it outside --out"
    )
    parser.add_argument(
        "--keep-text",
        action="store_true",
        help="keep notes, source names and import keys in the entries table",
    )
    parser.add_argument(
        "--timeout",
        type=parse_duration,
        default=1800.0,
        help="per participant, e.g. 90s, 30m (default 30m)",
    )
    parser.add_argument(
        "--memory-limit",
        type=parse_memory,
        default=parse_memory("8G"),
        dest="memory_bytes",
        help="address space of each liquidus process, e.g. 4G, or none (default 8G)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="liquidus-study",
        description="A whole study's health exports into one pooled Parquet dataset.",
    )
    parser.add_argument("--version", action="version", version=f"liquidus-study {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="run (or resume) a study")
    _study_options(run)
    run.add_argument("--workers", type=int, help="local Dask workers (default: one per core)")
    run.add_argument("--scheduler", help="a running Dask scheduler, e.g. tcp://host:8786")

    one = commands.add_parser("task", help="one participant without Dask (a job-array task)")
    _study_options(one)
    one.add_argument(
        "--index",
        type=int,
        required=True,
        help="the participant's position in the manifest, from 0",
    )

    pool = commands.add_parser(
        "pool",
        help="after a job array: withdraw and write the pooled "
        "files (participants.parquet, failures.csv, dataset.json)",
    )
    _study_options(pool)

    count = commands.add_parser("count", help="check a manifest and print its participants")
    count.add_argument("manifest", type=Path, help="the manifest CSV")

    status = commands.add_parser("status", help="what is done, failed and pending")
    status.add_argument("out", type=Path, help="the dataset folder")

    compact = commands.add_parser("compact", help="the dataset in a few large files")
    compact.add_argument("source", type=Path, help="the dataset folder")
    compact.add_argument("--out", type=Path, required=True, help="a new folder")
    compact.add_argument("--file-size", default="1GB", help="target size per file (1GB)")

    commands.add_parser(
        "dask", help="the venv's own dask command (scheduler, worker)", add_help=False
    )
    return parser


def _options(args: argparse.Namespace) -> runner.Options:
    if args.key_file is not None:
        privacy.load_key(args.key_file, args.out)
    return runner.Options(
        manifest=args.manifest,
        out=args.out,
        workers=getattr(args, "workers", None),
        scheduler=getattr(args, "scheduler", None),
        liquidus=args.liquidus,
        as_of=args.as_of,
        key_file=args.key_file,
        keep_text=args.keep_text,
        timeout=args.timeout,
        memory_bytes=args.memory_bytes,
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["dask"]:
        dask = Path(sys.executable).parent / "dask"
        os.execv(dask, [str(dask), *argv[1:]])
    args = build_parser().parse_args(argv)
    try:
        if args.command == "status":
            return status(args.out)
        if args.command == "count":
            print(len(load(args.manifest)))
            return 0
        if args.command == "compact":
            counts = dataset.compact(args.source, args.out, args.file_size)
            rows = ", ".join(f"{table} {count} rows" for table, count in counts.items())
            print(f"Compacted {args.source} into {args.out}: {rows}", file=sys.stderr)
            return 0
        if getattr(args, "workers", None) is not None and args.workers < 1:
            raise UsageError("--workers must be 1 or more")
        if getattr(args, "workers", None) and getattr(args, "scheduler", None):
            raise UsageError(
                "--workers sizes the local cluster; with --scheduler the cluster's own workers "
                "run the tasks: leave out one of them"
            )
        options = _options(args)
        participants = load(args.manifest)
        if args.command == "run":
            return runner.run(options, participants)
        if args.command == "task":
            return run_one(options, participants, args.index)
        return pool(options, participants)
    except ManifestError as error:
        print(error.message(), file=sys.stderr)
        return USAGE
    except (UsageError, privacy.KeyError_) as error:
        print(f"liquidus-study: {error}", file=sys.stderr)
        return USAGE
    except (liquidus.LiquidusMissing, FileNotFoundError, FileExistsError) as error:
        print(f"liquidus-study: {error}", file=sys.stderr)
        return 1


def run_one(options: runner.Options, participants: list[Participant], index: int) -> int:
    if options.as_of is None:
        raise UsageError(
            "task needs --as-of: the array's tasks start at different moments and "
            "must agree on where each participant's days end"
        )
    if not 0 <= index < len(participants):
        raise UsageError(f"--index {index} is outside the manifest's 0-{len(participants) - 1}")
    binary = liquidus.Binary.find(options.liquidus)
    key = privacy.load_key(options.key_file, options.out)
    started = dt.datetime.now(dt.UTC)
    spec = runner.make_specs([participants[index]], options, binary, key, started)[0]
    result = task.run(spec)
    print(
        f"{result.participant}: {result.status}"
        + (f" at {result.stage}: {result.reason}" if result.reason else "")
        + f" ({result.seconds:.1f} s)",
        file=sys.stderr,
    )
    return 1 if result.status == "failed" else 0


def pool(options: runner.Options, participants: list[Participant]) -> int:
    binary = liquidus.Binary.find(options.liquidus)
    key = privacy.load_key(options.key_file, options.out)
    out = options.out
    order = [p.id for p in participants]
    withdrawn = dataset.withdraw(out, set(order))
    if withdrawn:
        print(f"Withdrawn: {', '.join(withdrawn)}", file=sys.stderr)
    missing = [pid for pid in order if state.read_state(out, pid) is None]
    if missing:
        print(
            f"{len(missing)} participant(s) have not run yet ({', '.join(missing[:10])}"
            f"{' ...' if len(missing) > 10 else ''}): run their tasks first",
            file=sys.stderr,
        )
        return 1
    ok, failed = dataset.write_participants(out, order)
    dataset.write_failures(out, order)
    dataset.write_description(
        out, {**runner.describe(options, binary, key), "participants": {"ok": ok, "failed": failed}}
    )
    print(f"{len(order)} participants: {ok} ok, {failed} failed; dataset in {out}", file=sys.stderr)
    return 1 if failed else 0


def status(out: Path) -> int:
    plan = dataset.read_plan(out)
    if plan is None:
        print(f"liquidus-study: {out} holds no study run (no plan.json)", file=sys.stderr)
        return 1
    done, failed, pending = [], [], []
    for pid in plan["participants"]:
        current = state.read_state(out, pid)
        if current is None:
            pending.append(pid)
        elif current.get("status") == "ok":
            done.append(pid)
        else:
            failed.append((pid, current.get("stage", ""), current.get("reason", "")))
    print(
        f"{out}: {len(plan['participants'])} participants: {len(done)} done, "
        f"{len(failed)} failed, {len(pending)} pending"
    )
    for pid, stage, reason in failed:
        print(f"  failed  {pid} at {stage}: {reason}")
    for pid in pending[:50]:
        print(f"  pending {pid}")
    if len(pending) > 50:
        print(f"  ... and {len(pending) - 50} more pending")
    return 0


if __name__ == "__main__":
    sys.exit(main())
