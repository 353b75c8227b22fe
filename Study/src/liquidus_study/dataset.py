"""The dataset as a whole: withdrawal, participants.parquet, failures.csv, dataset.json, the
plan a status reads, and compaction into a few large files for sharing.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import duckdb

from . import SCHEMA_VERSION, __version__, pooling, schema, state


def known_participants(out: Path) -> set[str]:
    """Everyone with anything under OUT: a state file, a database or a partition."""
    found: set[str] = set()
    for path in (out / "state").glob("*.json"):
        found.add(path.stem)
    for path in (out / "db").glob("*.sqlite"):
        found.add(path.stem)
    for table in schema.PARTITIONED:
        for path in (out / table).glob("participant=*"):
            found.add(path.name.split("=", 1)[1])
    return found


def withdraw(out: Path, keep: set[str]) -> list[str]:
    """Removes every trace of participants no longer in the manifest; returns their ids."""
    gone = sorted(known_participants(out) - keep)
    for pid in gone:
        pooling.remove_partitions(out, pid)
        for path in (
            out / "db" / f"{pid}.sqlite",
            out / "db" / f"{pid}.sqlite-wal",
            out / "db" / f"{pid}.sqlite-shm",
            out / "logs" / f"{pid}.log",
            state.state_path(out, pid),
        ):
            path.unlink(missing_ok=True)
    return gone


def write_plan(out: Path, plan: dict[str, Any]) -> None:
    state.atomic_write(out / "plan.json", (json.dumps(plan, indent=1) + "\n").encode())


def read_plan(out: Path) -> dict[str, Any] | None:
    try:
        plan: dict[str, Any] = json.loads((out / "plan.json").read_text())
    except (OSError, ValueError):
        return None
    return plan


def write_participants(out: Path, order: list[str]) -> tuple[int, int]:
    """participants.parquet from the state files of ORDER; returns (ok, failed)."""
    rows = []
    for pid in order:
        current = state.read_state(out, pid)
        if current and current.get("row"):
            rows.append(current["row"])
    names = [c.name for c in schema.PARTICIPANTS]
    connection = duckdb.connect()
    try:
        columns = ", ".join(f"{c.name} {c.type}" for c in schema.PARTICIPANTS)
        connection.execute(f"CREATE TABLE participants ({columns})")
        if rows:
            marks = ", ".join("?" for _ in names)
            connection.executemany(
                f"INSERT INTO participants VALUES ({marks})",
                [[row.get(name) for name in names] for row in rows],
            )
        target = out / "participants.parquet"
        temp = state.temp_path(target)
        connection.execute(
            f"COPY (SELECT * FROM participants ORDER BY rowid) TO '{temp}' "
            "(FORMAT parquet, COMPRESSION zstd)"
        )
        temp.replace(target)
    finally:
        connection.close()
    ok = sum(1 for row in rows if row["status"] == "ok")
    return ok, len(rows) - ok


def write_failures(out: Path, order: list[str]) -> int:
    """failures.csv: participant, stage, reason for each failed participant (header only when
    none failed, so a script can always read it)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["participant", "stage", "reason"])
    count = 0
    for pid in order:
        current = state.read_state(out, pid)
        if current and current.get("status") == "failed":
            writer.writerow([pid, current.get("stage", ""), current.get("reason", "")])
            count += 1
    state.atomic_write(out / "failures.csv", buffer.getvalue().encode())
    return count


def write_description(out: Path, description: dict[str, Any]) -> None:
    """dataset.json: what the dataset is. Nothing in it depends on when the run happened, so an
    interrupted and resumed run writes the same file as an uninterrupted one."""
    body = {
        "schema_version": SCHEMA_VERSION,
        "runner": {"name": "liquidus-study", "version": __version__},
        **description,
        "layout": {
            "days": "days/participant=ID/data.parquet",
            "drinks_by_day": "drinks_by_day/participant=ID/data.parquet",
            "entries": "entries/participant=ID/data.parquet",
            "participants": "participants.parquet",
            "failures": "failures.csv",
        },
        "codebook": schema.codebook(bool(description.get("options", {}).get("keep_text"))),
    }
    text = json.dumps(body, indent=1, sort_keys=False) + "\n"
    state.atomic_write(out / "dataset.json", text.encode())


def compact(source: Path, target: Path, file_size: str = "1GB") -> dict[str, int]:
    """Writes SOURCE's dataset into TARGET as a few large files per table; returns row counts.

    TARGET is made under a temporary name and renamed at the end, so it is whole or absent.
    """
    if not (source / "dataset.json").is_file():
        raise FileNotFoundError(f"{source} holds no dataset.json: run `study run` into it first")
    if target.exists() and any(target.iterdir()):
        raise FileExistsError(f"{target} exists and is not empty: give a new folder")
    temp = target.parent / f"{state.TEMP_PREFIX}{target.name}"
    shutil.rmtree(temp, ignore_errors=True)
    temp.mkdir(parents=True)
    counts: dict[str, int] = {}
    connection = duckdb.connect()
    try:
        for table in schema.PARTITIONED:
            if not any((source / table).glob("participant=*/data.parquet")):
                continue
            pattern = str(source / table / "participant=*" / "data.parquet").replace("'", "''")
            order = (
                "participant, date"
                if table != "entries"
                else 'participant, at_utc, "at", drink, ml, entry_id'
            )
            connection.execute(
                f"COPY (SELECT * FROM read_parquet('{pattern}', hive_partitioning = false) "
                f"ORDER BY {order}) TO '{temp / table}' "
                f"(FORMAT parquet, COMPRESSION zstd, FILE_SIZE_BYTES '{file_size}', "
                "FILENAME_PATTERN 'part-{i}')"
            )
            result = connection.execute(
                f"SELECT count(*) FROM read_parquet('{temp / table}/*.parquet')"
            ).fetchone()
            counts[table] = result[0] if result else 0
        shutil.copy2(source / "participants.parquet", temp / "participants.parquet")
        description = json.loads((source / "dataset.json").read_text())
        description["layout"] = {
            table: f"{table}/part-N.parquet" for table in schema.PARTITIONED
        } | {"participants": "participants.parquet"}
        (temp / "dataset.json").write_text(json.dumps(description, indent=1) + "\n")
    finally:
        connection.close()
    if target.exists():
        target.rmdir()
    temp.rename(target)
    return counts
