"""The pooled dataset's tables and columns: DuckDB types, units and meaning (the codebook).

One list per table, used three ways: to read `liquidus export` CSV with exact types (a header
that differs is refused, so a binary of another version cannot slip columns in), to write the
Parquet, and to write the codebook into dataset.json. docs/FORMATS.md documents the same columns
(a test holds them equal).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    unit: str
    meaning: str


def _c(name: str, type_: str, unit: str, meaning: str) -> Column:
    return Column(name, type_, unit, meaning)


PARTICIPANT = _c("participant", "VARCHAR", "", "the manifest's participant id, as text ('007')")

#: `liquidus export --daily` columns, in the binary's order (after `participant`).
DAYS = (
    _c("date", "DATE", "", "the local day in the participant's zone"),
    _c("complete", "BOOLEAN", "", "false for the as-of day while it had not ended"),
    _c("utc_offset", "VARCHAR", "", "the zone's offset at the day's start, e.g. +01:00"),
    _c("day_hours", "INTEGER", "h", "hours in the local day: 23, 24 or 25"),
    _c("total_ml", "DOUBLE", "mL", "every drink at full volume, to 0.01 mL"),
    _c("hydration_ml", "DOUBLE", "mL", "drinks weighted by their hydration factors"),
    _c("counted_ml", "DOUBLE", "mL", "what the day's goal or limit counts, as `status` does"),
    _c("water_ml", "DOUBLE", "mL", "water alone"),
    _c("drinks", "INTEGER", "entries", "drink entries of the day"),
    _c("first_drink", "VARCHAR", "HH:MM", "local time of the first drink; null when none"),
    _c("last_drink", "VARCHAR", "HH:MM", "local time of the last drink; null when none"),
    _c("longest_gap_min", "DOUBLE", "min", "longest gap between consecutive drinks; null under 2"),
    _c("night_ml", "DOUBLE", "mL", "drinks from 00:00 to 06:00 local wall clock"),
    _c("morning_ml", "DOUBLE", "mL", "drinks from 06:00 to 12:00"),
    _c("afternoon_ml", "DOUBLE", "mL", "drinks from 12:00 to 18:00"),
    _c("evening_ml", "DOUBLE", "mL", "drinks from 18:00 to 24:00"),
    _c("caffeine_mg", "DOUBLE", "mg", "caffeine of the day"),
    _c("caffeine_clear_at", "VARCHAR", "", "local time modelled caffeine falls below sleep level"),
    _c("goal_kind", "VARCHAR", "", "'goal' (a minimum) or 'limit' (a maximum)"),
    _c("goal_ml", "DOUBLE", "mL", "the day's goal or limit in force that day, exercise included"),
    _c("exercise_min", "DOUBLE", "min", "minutes of workouts that day"),
    _c("percent_of_goal", "DOUBLE", "%", "counted_ml / goal_ml x 100"),
    _c("goal_met", "BOOLEAN", "", "goal reached, or for a limit: stayed within it"),
    _c("hours_with_log", "INTEGER", "h", "local clock hours (0-24) holding an entry"),
    _c("sources", "INTEGER", "", "distinct sources of the day's entries"),
    _c("typed_entries", "INTEGER", "entries", "entries typed by the person"),
    _c("imported_entries", "INTEGER", "entries", "entries read from files"),
)

#: `liquidus export --daily --by-drink` columns.
DRINKS_BY_DAY = (
    _c("date", "DATE", "", "the local day"),
    _c("drink", "VARCHAR", "", "the drink type's name (Water, Coffee, ...)"),
    _c("ml", "DOUBLE", "mL", "that drink's volume that day"),
    _c("hydration_ml", "DOUBLE", "mL", "the same weighted by the drink's hydration factor"),
    _c("entries", "INTEGER", "entries", "entries of that drink that day"),
    _c("caffeine_mg", "DOUBLE", "mg", "that drink's caffeine that day"),
)

#: `liquidus export --format csv` columns as the binary writes them.
EXPORT_CSV = (
    "date",
    "drink",
    "amount",
    "unit",
    "note",
    "source",
    "caffeine_mg",
    "uid",
    "modified_at",
    "import_key",
)

#: The pooled entries table. Free text (note, source name, import key) only with --keep-text.
ENTRIES = (
    _c("at", "VARCHAR", "", "the instant, ISO 8601 with the participant's offset then"),
    _c("at_utc", "TIMESTAMP WITH TIME ZONE", "", "the same instant as a UTC timestamp"),
    _c("date", "DATE", "", "the local day of the instant (joins with days.date)"),
    _c("drink", "VARCHAR", "", "the drink type's name"),
    _c("ml", "DOUBLE", "mL", "the volume, to 0.01 mL"),
    _c("caffeine_mg", "DOUBLE", "mg", "the entry's caffeine"),
    _c("source_kind", "VARCHAR", "", "'typed', or the import format (apple-health, csv, ...)"),
    _c("source_hash", "VARCHAR", "", "HMAC-SHA256 of the source's name under --key-file (16 hex)"),
    _c("entry_id", "VARCHAR", "", "HMAC-SHA256 of the entry's uid under --key-file (32 hex)"),
)
KEPT_TEXT = (
    _c("uid", "VARCHAR", "", "the entry's uid, a hash of its import key (only with --keep-text)"),
    _c("note", "VARCHAR", "", "the entry's note (only with --keep-text)"),
    _c("source_name", "VARCHAR", "", "the app or device name (only with --keep-text)"),
    _c("import_key", "VARCHAR", "", "the import key, which holds the source name (--keep-text)"),
)

PARTICIPANTS = (
    PARTICIPANT,
    _c("status", "VARCHAR", "", "'ok' or 'failed' (the reason is in failures.csv)"),
    _c("tz", "VARCHAR", "", "the IANA zone from the manifest"),
    _c("window_from", "DATE", "", "the first day in the dataset (manifest from, else first entry)"),
    _c("window_to", "DATE", "", "the last day: the earlier of the manifest's to and the as-of day"),
    _c("as_of", "DATE", "", "the as-of day in the participant's zone"),
    _c("goal_kind", "VARCHAR", "", "the manifest's prescription: 'goal', 'limit' or null"),
    _c("goal_ml", "DOUBLE", "mL", "the prescribed goal or limit"),
    _c("days_in_window", "INTEGER", "days", "rows in days for this participant"),
    _c("days_with_log", "INTEGER", "days", "of those, days with at least one drink"),
    _c("entries", "BIGINT", "entries", "rows in entries for this participant"),
    _c("sources", "INTEGER", "", "distinct sources among the entries"),
    _c("rows_added", "BIGINT", "rows", "records the import added"),
    _c("rows_rejected", "BIGINT", "rows", "records the import rejected (bad values)"),
    _c("duplicates_skipped", "BIGINT", "rows", "records the import skipped as duplicates"),
    _c("input_files", "INTEGER", "", "manifest rows (files, folders, zips) of the participant"),
    _c("input_bytes", "BIGINT", "bytes", "their size"),
    _c("input_fingerprint", "VARCHAR", "", "SHA-256 over the inputs' names and contents"),
    _c("liquidus_version", "VARCHAR", "", "what `liquidus --version` printed"),
)

TABLES = {
    "days": (PARTICIPANT, *DAYS),
    "drinks_by_day": (PARTICIPANT, *DRINKS_BY_DAY),
    "entries": (PARTICIPANT, *ENTRIES),
}
PARTITIONED = ("days", "drinks_by_day", "entries")


def codebook(keep_text: bool) -> dict[str, list[dict[str, str]]]:
    """Every table's columns for dataset.json."""
    tables: dict[str, tuple[Column, ...]] = dict(TABLES)
    if keep_text:
        tables["entries"] = (*tables["entries"], *KEPT_TEXT)
    tables["participants"] = PARTICIPANTS
    return {
        name: [
            {"name": c.name, "type": c.type, "unit": c.unit, "meaning": c.meaning} for c in columns
        ]
        for name, columns in tables.items()
    }
