"""A study run: check everything, withdraw who left, submit one Dask task per participant that
changed, show progress, then write the dataset's pooled files.

Dask runs on a `LocalCluster` (one single-threaded worker process per core: each task's work is
the liquidus child process, which runs its own reader and writer threads) unless `--scheduler`
names a running scheduler, which is how the study reaches Slurm, PBS, Kubernetes or a cloud.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from . import SCHEMA_VERSION, __version__, dataset, liquidus, privacy, state, task
from .manifest import Participant
from .progress import Progress


@dataclass(frozen=True)
class Options:
    manifest: Path
    out: Path
    workers: int | None
    scheduler: str | None
    liquidus: str | None
    as_of: dt.date | None
    key_file: Path | None
    keep_text: bool
    timeout: float
    memory_bytes: int | None


def as_of_day(participant: Participant, given: dt.date | None, started: dt.datetime) -> dt.date:
    """The as-of day: --as-of, else the run's start day in the participant's zone. Their data
    runs to it, or to the manifest's `to` when that is earlier (task.py)."""
    return given or started.astimezone(ZoneInfo(participant.tz)).date()


def pinned_now(participant: Participant, as_of: dt.date, started: dt.datetime) -> str:
    """LIQUIDUS_NOW for the participant: the end of the as-of day, or the run's start while that
    day is still running, so every node and every re-run sees the same 'now'."""
    zone = ZoneInfo(participant.tz)
    end = dt.datetime.combine(as_of + dt.timedelta(days=1), dt.time(), tzinfo=zone)
    instant = min(end.astimezone(dt.UTC), started)
    return instant.strftime("%Y-%m-%dT%H:%M:%SZ")


def options_key(options: Options, key: bytes | None) -> dict[str, Any]:
    """The options that shape the data (not the time or memory limits, which do not)."""
    return {
        "keep_text": options.keep_text,
        "key_id": privacy.key_id(key),
        "schema_version": SCHEMA_VERSION,
        "runner_version": __version__,
    }


def make_specs(
    participants: list[Participant],
    options: Options,
    binary: liquidus.Binary,
    key: bytes | None,
    started: dt.datetime,
) -> list[task.Spec]:
    shared = options_key(options, key)
    specs = []
    for p in participants:
        as_of = as_of_day(p, options.as_of, started)
        run_key = {
            "settings": p.settings(),
            "paths": list(p.paths),
            "as_of": as_of.isoformat(),
            "options": shared,
            "liquidus_sha256": binary.sha256,
        }
        specs.append(
            task.Spec(
                participant=p,
                out=str(options.out.resolve()),
                binary=binary.path,
                liquidus_version=binary.version,
                import_report=binary.import_report,
                as_of=as_of,
                now=pinned_now(p, as_of, started),
                key_file=str(options.key_file.resolve()) if options.key_file else None,
                keep_text=options.keep_text,
                timeout=options.timeout,
                memory_bytes=options.memory_bytes,
                run_key=run_key,
                stamps=state.stamps_json(state.stamps(p.paths)),
            )
        )
    return specs


@contextmanager
def dask_client(workers: int | None, scheduler: str | None) -> Iterator[Any]:
    from distributed import Client, LocalCluster

    if scheduler:
        with Client(scheduler, timeout="30s") as client:
            yield client
        return
    with (
        LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # The limit that matters is on the liquidus child (--memory-limit); Dask's own
            # would pause a worker for what its children use, which it cannot see anyway.
            memory_limit=0,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def run_tasks(specs: list[task.Spec], client: Any, progress: Progress) -> list[task.Result]:
    from distributed import as_completed

    futures = client.map(
        task.run,
        specs,
        key=[f"participant-{s.participant.id}" for s in specs],
        pure=False,
        retries=0,
    )
    by_key = {future.key: spec for future, spec in zip(futures, specs, strict=True)}
    results = []
    for future in as_completed(futures):
        try:
            result: task.Result = future.result()
        except Exception as error:  # the worker itself died (e.g. killed by the kernel)
            spec = by_key[future.key]
            result = task.Result(
                spec.participant.id,
                "failed",
                stage="worker",
                reason=f"the Dask worker failed: {type(error).__name__}: {error}",
            )
            state.write_state(
                Path(spec.out),
                spec.participant.id,
                {
                    "status": "failed",
                    "key": spec.run_key,
                    "stage": "worker",
                    "reason": result.reason,
                    "row": task._failed_row(spec),
                },
            )
        progress.record(result.status)
        results.append(result)
    return results


def describe(options: Options, binary: liquidus.Binary, key: bytes | None) -> dict[str, Any]:
    return {
        "as_of": options.as_of.isoformat()
        if options.as_of
        else "the run's start day in each participant's zone (see participants.parquet as_of)",
        "liquidus": {"version": binary.version, "sha256": binary.sha256},
        "options": {
            "keep_text": options.keep_text,
            "source_hash": "HMAC-SHA256 of the source name, 16 hex digits" if key else None,
            "key_id": privacy.key_id(key),
        },
        "manifest": options.manifest.name,
    }


def run(options: Options, participants: list[Participant]) -> int:
    binary = liquidus.Binary.find(options.liquidus)
    key = privacy.load_key(options.key_file, options.out)
    if options.memory_bytes is not None:
        liquidus.prlimit_path()
    out = options.out
    out.mkdir(parents=True, exist_ok=True)
    state.remove_temporaries(out)
    shutil.rmtree(out / "work", ignore_errors=True)
    started = dt.datetime.now(dt.UTC)
    specs = make_specs(participants, options, binary, key, started)
    order = [p.id for p in participants]
    withdrawn = dataset.withdraw(out, set(order))
    if withdrawn:
        print(
            f"Withdrawn: {len(withdrawn)} participant(s) no longer in the manifest, removed from "
            f"the dataset and {out}/db/: {', '.join(withdrawn)}",
            file=sys.stderr,
        )
    dataset.write_plan(out, {"manifest": str(options.manifest.resolve()), "participants": order})
    pending = []
    for spec in specs:
        previous = state.read_state(out, spec.participant.id)
        if not (
            state.is_done(previous, spec.run_key)
            and previous
            and previous.get("stamps") == spec.stamps
        ):
            pending.append(spec)
    pooled = (out / "dataset.json").is_file() and (out / "participants.parquet").is_file()
    if not pending and not withdrawn and pooled:
        print(
            f"Nothing to do: all {len(specs)} participants are unchanged since the last run "
            f"of {out}.",
            file=sys.stderr,
        )
        return 0
    progress = Progress(len(specs))
    progress.unchanged = len(specs) - len(pending)
    if pending:
        with dask_client(options.workers, options.scheduler) as client:
            workers = client.scheduler_info(n_workers=-1)["workers"].values()
            threads = sum(worker["nthreads"] for worker in workers)
            print(
                f"{len(pending)} of {len(specs)} participants to do, on Dask scheduler "
                f"{client.scheduler.address} ({len(workers)} workers, {threads} threads)",
                file=sys.stderr,
            )
            progress.draw()
            run_tasks(pending, client, progress)
        progress.close()
    shutil.rmtree(out / "work", ignore_errors=True)
    ok, failed = dataset.write_participants(out, order)
    dataset.write_failures(out, order)
    dataset.write_description(
        out, {**describe(options, binary, key), "participants": {"ok": ok, "failed": failed}}
    )
    print(progress.summary(len(withdrawn), str(out)), file=sys.stderr)
    return 1 if failed else 0
