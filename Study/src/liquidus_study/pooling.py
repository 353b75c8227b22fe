"""One participant's exports into their Parquet partitions, with DuckDB.

`liquidus export` writes CSV; here each CSV is read with the codebook's exact types (a header
that differs from it is refused), volumes are rounded to 0.01 mL, free text is replaced by its
kind and keyed hash, and each table is written as `TABLE/participant=ID/data.parquet` under a
temporary name, then renamed. Nothing is computed here that the binary computes.
"""

from __future__ import annotations

import csv
import shutil
from dataclasses import dataclass
from pathlib import Path

import duckdb

from . import privacy, schema
from .state import temp_path


class ExportMismatch(Exception):
    """The binary wrote a table this runner does not know (another version's columns)."""


@dataclass(frozen=True)
class Counts:
    days: int
    days_with_log: int
    first_day: str | None
    entries: int
    sources: int


def partition(out: Path, table: str, participant: str) -> Path:
    return out / table / f"participant={participant}"


def remove_partitions(out: Path, participant: str) -> None:
    for table in schema.PARTITIONED:
        shutil.rmtree(partition(out, table, participant), ignore_errors=True)


def _check_header(path: Path, expected: list[str], what: str) -> None:
    with path.open(encoding="utf-8") as file:
        header = file.readline().strip().lstrip("\ufeff").split(",")
    if header != expected:
        raise ExportMismatch(
            f"`liquidus {what}` wrote the columns {','.join(header)}; this runner expects "
            f"{','.join(expected)}. Use a liquidus and a liquidus-study from the same checkout."
        )


_database: duckdb.DuckDBPyConnection | None = None


def _connect() -> duckdb.DuckDBPyConnection:
    """A connection of its own (its temporary tables are its own) to one in-memory database per
    process: opening a database costs 30 ms, a tenth of a small participant's pooling."""
    global _database
    if _database is None:
        _database = duckdb.connect()
        # One task per core already: DuckDB's own threads would only contend with the next
        # import.
        _database.execute("SET threads = 1")
        _database.execute("SET preserve_insertion_order = true")
    return _database.cursor()


def _read_typed(columns: tuple[schema.Column, ...], path: Path) -> str:
    spec = ", ".join(f"'{c.name}': '{c.type}'" for c in columns)
    return (
        f"read_csv('{_quote(path)}', header = true, auto_detect = false, columns = {{{spec}}}, "
        "nullstr = '', quote = '\"', escape = '\"')"
    )


def _quote(path: Path) -> str:
    return str(path).replace("'", "''")


def _select(columns: tuple[schema.Column, ...]) -> str:
    parts = []
    for c in columns:
        parts.append(f"round({c.name}, 2) AS {c.name}" if c.unit == "mL" else c.name)
    return ", ".join(parts)


def _copy(connection: duckdb.DuckDBPyConnection, query: str, target: Path) -> None:
    temp = temp_path(target)
    try:
        connection.execute(f"COPY ({query}) TO '{_quote(temp)}' (FORMAT parquet, COMPRESSION zstd)")
        temp.replace(target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_participant(
    out: Path,
    participant: str,
    days_csv: Path,
    by_drink_csv: Path,
    entries_csv: Path,
    formats: list[str],
    key: bytes | None,
    keep_text: bool,
) -> Counts:
    """Writes the three partitions of PARTICIPANT; returns what participants.parquet needs."""
    _check_header(days_csv, [c.name for c in schema.DAYS], "export --daily")
    _check_header(by_drink_csv, [c.name for c in schema.DRINKS_BY_DAY], "export --daily --by-drink")
    _check_header(entries_csv, list(schema.EXPORT_CSV), "export --format csv")
    connection = _connect()
    pid = participant.replace("'", "''")
    try:
        days = f"SELECT '{pid}' AS participant, {_select(schema.DAYS)} FROM " + _read_typed(
            schema.DAYS, days_csv
        )
        by_drink = (
            f"SELECT '{pid}' AS participant, {_select(schema.DRINKS_BY_DAY)} FROM "
            + _read_typed(schema.DRINKS_BY_DAY, by_drink_csv)
        )
        raw = tuple(schema.Column(name, "VARCHAR", "", "") for name in schema.EXPORT_CSV)
        connection.execute(
            f"CREATE TEMP TABLE raw AS SELECT * FROM {_read_typed(raw, entries_csv)}"
        )
        units = connection.execute(
            "SELECT DISTINCT unit FROM raw WHERE unit IS DISTINCT FROM 'mL'"
        ).fetchall()
        if units:
            raise ExportMismatch(f"`liquidus export` wrote amounts in {units[0][0]}, not mL")
        names = [
            row[0] or "" for row in connection.execute("SELECT DISTINCT source FROM raw").fetchall()
        ]
        connection.execute(
            "CREATE TEMP TABLE source_map (source VARCHAR, kind VARCHAR, hash VARCHAR)"
        )
        if names:
            connection.executemany(
                "INSERT INTO source_map VALUES (?, ?, ?)",
                [
                    (name, privacy.source_kind(name, formats), privacy.source_hash(key, name))
                    for name in names
                ],
            )
        if key is None:
            id_join, id_column = "", "CAST(NULL AS VARCHAR)"
        else:
            # Through a CSV file: an Arrow table (register, from_arrow, even pa.array) imports
            # pandas, which costs each worker most of a second.
            uids = [row[0] for row in connection.execute("SELECT DISTINCT uid FROM raw").fetchall()]
            id_file = entries_csv.parent / "entry-ids.csv"
            with id_file.open("w", encoding="utf-8", newline="") as file:
                writer = csv.writer(file)
                writer.writerow(["uid", "entry_id"])
                writer.writerows(zip(uids, privacy.entry_ids(key, uids), strict=True))
            id_join = (
                f" LEFT JOIN read_csv('{_quote(id_file)}', header = true, auto_detect = false, "
                "columns = {'uid': 'VARCHAR', 'entry_id': 'VARCHAR'}) AS id_map "
                "ON id_map.uid IS NOT DISTINCT FROM raw.uid"
            )
            id_column = "id_map.entry_id"
        kept = (
            ", raw.uid AS uid, raw.note AS note, raw.source AS source_name, "
            "raw.import_key AS import_key"
            if keep_text
            else ""
        )
        entries = (
            f"SELECT '{pid}' AS participant, raw.date AS at, "
            "CAST(raw.date AS TIMESTAMP WITH TIME ZONE) AS at_utc, "
            "CAST(substr(raw.date, 1, 10) AS DATE) AS date, raw.drink AS drink, "
            "round(CAST(raw.amount AS DOUBLE), 2) AS ml, "
            "CAST(raw.caffeine_mg AS DOUBLE) AS caffeine_mg, "
            "source_map.kind AS source_kind, source_map.hash AS source_hash, "
            f"{id_column} AS entry_id{kept} FROM raw LEFT JOIN source_map "
            f"ON source_map.source IS NOT DISTINCT FROM coalesce(raw.source, ''){id_join} "
            "ORDER BY raw.rowid"
        )
        targets = {
            "days": days,
            "drinks_by_day": by_drink,
            "entries": entries,
        }
        for table, query in targets.items():
            folder = partition(out, table, participant)
            folder.mkdir(parents=True, exist_ok=True)
            for stale in folder.iterdir():
                if stale.name != "data.parquet":
                    stale.unlink()
            _copy(connection, query, folder / "data.parquet")
        day_counts = connection.execute(
            f"SELECT count(*), count(*) FILTER (WHERE drinks > 0), min(date)::VARCHAR FROM "
            f"read_parquet('{_quote(partition(out, 'days', participant) / 'data.parquet')}')"
        ).fetchone()
        entry_counts = connection.execute(
            "SELECT count(*), count(DISTINCT source) FROM raw"
        ).fetchone()
        assert day_counts is not None and entry_counts is not None
        return Counts(
            days=day_counts[0],
            days_with_log=day_counts[1],
            first_day=day_counts[2],
            entries=entry_counts[0],
            sources=entry_counts[1],
        )
    finally:
        connection.close()
