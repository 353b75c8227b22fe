"""One participant, isolated: a database of their own, the import, the prescription, the
exports, their Parquet partitions. Runs on a Dask worker (or alone, for a Slurm job array).

Whatever goes wrong (a damaged file, a crash, the time or memory limit, a bug here) becomes a
failed `Result` with the stage and the reason; it never raises into the scheduler, so one
participant cannot stop the others. The steps of a run are logged to `DIR/logs/ID.log`.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import signal
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import liquidus, pooling, privacy, schema, state
from .manifest import Participant


@dataclass(frozen=True)
class Spec:
    """Everything a task needs, decided once by the runner so every node agrees."""

    participant: Participant
    out: str
    binary: str
    liquidus_version: str
    import_report: bool
    as_of: dt.date
    now: str
    key_file: str | None
    keep_text: bool
    timeout: float
    memory_bytes: int | None
    run_key: dict[str, Any]
    stamps: list[dict[str, Any]]


@dataclass
class Result:
    participant: str
    status: str  # ok, unchanged, failed
    seconds: float = 0.0
    stage: str = ""
    reason: str = ""
    row: dict[str, Any] = field(default_factory=dict)


class StepFailed(Exception):
    def __init__(self, stage: str, reason: str) -> None:
        super().__init__(reason)
        self.stage = stage
        self.reason = reason


def run(spec: Spec) -> Result:
    """Does one participant; returns its result, never raises."""
    started = time.monotonic()
    out = Path(spec.out)
    pid = spec.participant.id
    log: list[str] = []
    try:
        previous = state.read_state(out, pid)
        if state.is_done(previous, spec.run_key):
            assert previous is not None
            content = state.content_fingerprint(spec.participant.paths)
            if previous.get("content") == content:
                previous["stamps"] = spec.stamps
                state.write_state(out, pid, previous)
                return Result(pid, "unchanged", time.monotonic() - started, row=previous["row"])
        result = _build(spec, out, log)
    except StepFailed as failure:
        result = Result(pid, "failed", stage=failure.stage, reason=failure.reason)
    except Exception as error:  # a bug or an OS error: this participant fails, not the run
        log.append(traceback.format_exc())
        result = Result(pid, "failed", stage="runner", reason=f"{type(error).__name__}: {error}")
    result.seconds = time.monotonic() - started
    if result.status == "failed":
        # What an earlier run made from other inputs must not stand beside this failure.
        pooling.remove_partitions(out, pid)
        for suffix in ("", "-wal", "-shm"):
            (out / "db" / f"{pid}.sqlite{suffix}").unlink(missing_ok=True)
        state.write_state(
            out,
            pid,
            {
                "status": "failed",
                "key": spec.run_key,
                "stage": result.stage,
                "reason": result.reason,
                "row": _failed_row(spec),
            },
        )
        result.row = _failed_row(spec)
    _write_log(out, pid, log)
    return result


def _build(spec: Spec, out: Path, log: list[str]) -> Result:
    started = time.monotonic()
    participant = spec.participant
    pid = participant.id
    limits = liquidus.Limits(spec.timeout, spec.memory_bytes)
    content = state.content_fingerprint(participant.paths)
    work = out / "work" / f"{pid}-{time.time_ns()}"
    work.mkdir(parents=True)
    try:
        database = work / "liquidus.sqlite"
        env = {
            "TZ": participant.tz,
            "LIQUIDUS_NOW": spec.now,
            "HOME": str(work),
            "XDG_DATA_HOME": str(work / "data"),
            "XDG_CONFIG_HOME": str(work / "config"),
        }

        def call(stage: str, args: list[str]) -> liquidus.Outcome:
            outcome = liquidus.run(spec.binary, ["--db", str(database), *args], env, limits)
            log.append(
                f"$ {' '.join(outcome.argv)}\nexit {outcome.status} in {outcome.seconds:.2f} s\n"
                f"{outcome.stderr.strip()}\n"
            )
            if outcome.timed_out:
                raise StepFailed(stage, f"timed out after {spec.timeout:g} s (raise --timeout)")
            memory = _memory_hint(outcome, spec.memory_bytes)
            if outcome.status < 0:
                name = signal.Signals(-outcome.status).name
                raise StepFailed(stage, f"liquidus was stopped by {name}{memory}")
            if memory and outcome.status != 0:
                raise StepFailed(stage, _last_lines(outcome.stderr) + memory)
            return outcome

        report_flags = ["--report", "json"] if spec.import_report else []
        imported = call("import", ["import", *participant.paths, "--quiet", *report_flags])
        report = _import_report(imported, participant.paths)
        if report["failed_files"]:
            reason = "; ".join(report.get("errors", [])) or _last_lines(imported.stderr)
            raise StepFailed("import", reason or f"exit {imported.status}")
        if participant.goal_kind and participant.goal_ml and participant.start:
            amount = f"{participant.goal_ml:f}".rstrip("0").rstrip(".") + "ml"
            args = (
                ["goal", amount] if participant.goal_kind == "goal" else ["goal", "--limit", amount]
            )
            prescribed = call("goal", [*args, "--from", participant.start.isoformat()])
            if prescribed.status != 0:
                raise StepFailed("goal", _last_lines(prescribed.stderr))
        to = min(participant.end, spec.as_of) if participant.end else spec.as_of
        window = ["--to", to.isoformat()]
        if participant.start:
            window = ["--from", participant.start.isoformat(), *window]
        days_csv, by_drink_csv, entries_csv = (
            work / "days.csv",
            work / "by-drink.csv",
            work / "entries.csv",
        )
        if participant.start and participant.start > to:
            # The window starts after the as-of day: no days yet, which is not a failure.
            days_csv.write_text(",".join(c.name for c in schema.DAYS) + "\n")
            by_drink_csv.write_text(",".join(c.name for c in schema.DRINKS_BY_DAY) + "\n")
            entries_csv.write_text(",".join(schema.EXPORT_CSV) + "\n")
        else:
            for stage, args, target in (
                ("export --daily", ["export", "--daily", *window], days_csv),
                (
                    "export --daily --by-drink",
                    ["export", "--daily", "--by-drink", *window],
                    by_drink_csv,
                ),
            ):
                exported = call(stage, [*args, "--format", "csv", "--out", str(target)])
                if exported.status != 0:
                    raise StepFailed(stage, _last_lines(exported.stderr))
            entries_window = window
            if not participant.start:
                first = _first_day(days_csv)
                entries_window = ["--from", first, *window] if first else window
            exported = call(
                "export", ["export", *entries_window, "--format", "csv", "--out", str(entries_csv)]
            )
            if exported.status != 0:
                raise StepFailed("export", _last_lines(exported.stderr))
        try:
            counts = pooling.write_participant(
                out,
                pid,
                days_csv,
                by_drink_csv,
                entries_csv,
                report["formats"],
                privacy.read_key(spec.key_file),
                spec.keep_text,
            )
        except pooling.ExportMismatch as mismatch:
            raise StepFailed("pooling", str(mismatch)) from None
        db_dir = out / "db"
        db_dir.mkdir(parents=True, exist_ok=True)
        final = db_dir / f"{pid}.sqlite"
        for suffix in ("-wal", "-shm"):
            Path(f"{final}{suffix}").unlink(missing_ok=True)
        database.replace(final)
        row = _row(spec, content, counts, report, to)
        state.write_state(
            out,
            pid,
            {
                "status": "ok",
                "key": spec.run_key,
                "stamps": spec.stamps,
                "content": content,
                "row": row,
                # For Scripts/bench-study's account of where time goes; not in the dataset.
                "seconds": round(time.monotonic() - started, 3),
            },
        )
        return Result(pid, "ok", row=row)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _import_report(outcome: liquidus.Outcome, paths: tuple[str, ...]) -> dict[str, Any]:
    """Counts, formats and failed files from `import --report json`, or from the text report
    where the binary has no `--report` yet (TODO(lead): drop the text once every binary has it).

    Exit 65 with rows rejected is not a failure: the participant's other rows are in, and
    participants.parquet counts the rejected ones. A file that could not be read is.
    """
    if outcome.status not in (0, 65):
        return {
            "failed_files": list(paths),
            "formats": [],
            "added": 0,
            "duplicates": 0,
            "rejected": 0,
        }
    try:
        data = json.loads(outcome.stdout)
        files = data["files"]
        return {
            "added": int(data["added"]),
            "duplicates": int(data["duplicatesSkipped"]),
            "rejected": int(data["rejected"]),
            "failed_files": [f.get("path") for f in files if f.get("error")],
            "errors": [
                f"{Path(f['path']).name}: {f['error'].splitlines()[0]}"
                for f in files
                if f.get("error")
            ],
            "formats": [f["format"] for f in files if f.get("format")],
        }
    except (ValueError, AttributeError, TypeError, KeyError):
        pass
    text = outcome.stdout

    def total(pattern: str) -> int:
        return sum(int(n.replace(",", "")) for n in re.findall(pattern, text, re.MULTILINE))

    formats = re.findall(r"^\S.*: ([a-z-]+) \((?:detected|given)\)$", text, re.MULTILINE)
    rejected = total(r"^\s+Rows rejected: ([\d,]+)")
    errors = [
        line
        for line in outcome.stderr.splitlines()
        if line.startswith("error:") and " rejected in " not in line
    ]
    failed = outcome.status != 0 and (bool(errors) or not formats or rejected == 0)
    return {
        "added": total(r"^\s+Added ([\d,]+) entr"),
        "duplicates": total(r"^\s+Duplicates skipped: ([\d,]+)"),
        "rejected": rejected,
        "failed_files": list(paths) if failed else [],
        "formats": formats,
    }


MEMORY_WORDS = ("out of memory", "cannot allocate memory", "failed to map segment")


def _memory_hint(outcome: liquidus.Outcome, memory_bytes: int | None) -> str:
    """Words that say the memory limit is the likely cause, for a crash or an allocation
    failure under one; empty otherwise."""
    if memory_bytes is None:
        return ""
    text = outcome.stderr.lower()
    if outcome.status < 0 or any(word in text for word in MEMORY_WORDS):
        return (
            f" (the memory limit is {memory_bytes // (1 << 20)} MiB: raise --memory-limit if "
            "the export is large)"
        )
    return ""


def _first_day(days_csv: Path) -> str | None:
    with days_csv.open(encoding="utf-8") as file:
        file.readline()
        line = file.readline()
    return line.split(",", 1)[0] if line.strip() else None


def _last_lines(text: str, count: int = 3) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " / ".join(lines[-count:])


def _row(
    spec: Spec, content: str, counts: pooling.Counts, report: dict[str, Any], to: dt.date
) -> dict[str, Any]:
    p = spec.participant
    return {
        **_failed_row(spec),
        "status": "ok",
        "window_from": p.start.isoformat() if p.start else counts.first_day,
        "window_to": to.isoformat(),
        "days_in_window": counts.days,
        "days_with_log": counts.days_with_log,
        "entries": counts.entries,
        "sources": counts.sources,
        "rows_added": report["added"],
        "rows_rejected": report["rejected"],
        "duplicates_skipped": report["duplicates"],
        "input_fingerprint": content,
    }


def _failed_row(spec: Spec) -> dict[str, Any]:
    p = spec.participant
    return {
        "participant": p.id,
        "status": "failed",
        "tz": p.tz,
        "window_from": None,
        "window_to": None,
        "as_of": spec.as_of.isoformat(),
        "goal_kind": p.goal_kind,
        "goal_ml": p.goal_ml,
        "days_in_window": None,
        "days_with_log": None,
        "entries": None,
        "sources": None,
        "rows_added": None,
        "rows_rejected": None,
        "duplicates_skipped": None,
        "input_files": len(p.paths),
        "input_bytes": sum(s["size"] for s in spec.stamps),
        "input_fingerprint": None,
        "liquidus_version": spec.liquidus_version,
    }


def _write_log(out: Path, pid: str, log: list[str]) -> None:
    state.atomic_write(out / "logs" / f"{pid}.log", "\n".join(log).encode())
