"""The manifest: which participants, which files, which zone, window and prescription.

A CSV with the columns `participant`, `path`, `tz` and, optionally, `from`, `to`, `goal_ml`,
`limit_ml`. One row per file; a participant may have several rows, which must agree on
everything but `path`. Every problem is collected with its line number, so a data manager
fixes the whole file at once; nothing is run while any remains.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

REQUIRED = ("participant", "path", "tz")
OPTIONAL = ("from", "to", "goal_ml", "limit_ml")
COLUMNS = REQUIRED + OPTIONAL
ID_PATTERN = re.compile(r"[A-Za-z0-9._-]{1,64}")
#: Bounds that keep a typo from becoming a runaway run.
MAX_BYTES = 64 * 1024 * 1024
MAX_ROWS = 1_000_000
MAX_ML = 20_000.0


class ManifestError(Exception):
    """The manifest cannot be run; `problems` lists each one with its line."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__(self.message())

    def message(self) -> str:
        shown = self.problems[:200]
        more = len(self.problems) - len(shown)
        lines = [f"{self.path}: {len(self.problems)} problem(s); nothing was run:"]
        lines += [f"  {problem}" for problem in shown]
        if more:
            lines.append(f"  ... and {more} more")
        lines.append("Fix the manifest and run again (columns: " + ", ".join(COLUMNS) + ").")
        return "\n".join(lines)


@dataclass(frozen=True)
class Participant:
    """One participant's part of the manifest: their files and the settings they share."""

    id: str
    tz: str
    paths: tuple[str, ...]
    first_line: int
    start: dt.date | None = None
    end: dt.date | None = None
    goal_kind: str | None = None
    goal_ml: float | None = None

    def settings(self) -> dict[str, str | float | None]:
        """What the participant's rows share, for fingerprints and participants.parquet."""
        return {
            "tz": self.tz,
            "from": self.start.isoformat() if self.start else None,
            "to": self.end.isoformat() if self.end else None,
            "goal_kind": self.goal_kind,
            "goal_ml": self.goal_ml,
        }


@dataclass
class _Rows:
    first_line: int
    shared: tuple[str, ...]
    paths: list[str] = field(default_factory=list)


def load(manifest: Path) -> list[Participant]:
    """Reads and checks the manifest; raises ManifestError listing every problem."""
    problems: list[str] = []
    try:
        size = manifest.stat().st_size
    except OSError as error:
        raise ManifestError(manifest, [f"cannot read it: {error.strerror}"]) from None
    if size > MAX_BYTES:
        raise ManifestError(
            manifest, [f"it is {size} bytes; a manifest is at most {MAX_BYTES} (split the study)"]
        )
    try:
        text = manifest.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise ManifestError(
            manifest, [f"not UTF-8 text ({error.reason} at byte {error.start})"]
        ) from None
    reader = csv.reader(io.StringIO(text, newline=""))
    header = next(reader, None)
    if header is None:
        raise ManifestError(manifest, ["it is empty; line 1 must be the header"])
    header = [name.strip() for name in header]
    for name in header:
        if name not in COLUMNS:
            problems.append(f"line 1: unknown column '{name}' (known: {', '.join(COLUMNS)})")
    for name in REQUIRED:
        if name not in header:
            problems.append(f"line 1: the required column '{name}' is missing")
    duplicated = sorted({name for name in header if header.count(name) > 1})
    for name in duplicated:
        problems.append(f"line 1: the column '{name}' appears more than once")
    if problems:
        raise ManifestError(manifest, problems)

    base = manifest.parent
    groups: dict[str, _Rows] = {}
    folded: dict[str, str] = {}
    zones = available_timezones()
    rows = 0
    for cells in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in cells):
            continue
        rows += 1
        if rows > MAX_ROWS:
            problems.append(f"line {line}: more than {MAX_ROWS} rows; split the study")
            break
        if len(cells) != len(header):
            problems.append(f"line {line}: {len(cells)} cells, the header has {len(header)}")
            continue
        row = {name: cell.strip() for name, cell in zip(header, cells, strict=True)}
        _check_row(row, line, base, zones, problems)
        pid = row["participant"]
        shared = tuple(row.get(name, "") for name in ("tz", *OPTIONAL))
        group = groups.get(pid)
        if group is None:
            other = folded.setdefault(pid.casefold(), pid)
            if other != pid:
                problems.append(
                    f"line {line}: participant '{pid}' differs from '{other}' only in case; "
                    "their files would collide on a case-insensitive filesystem"
                )
            groups[pid] = _Rows(line, shared, [row["path"]])
            continue
        if shared != group.shared:
            differing = [
                name
                for name, mine, theirs in zip(("tz", *OPTIONAL), shared, group.shared, strict=True)
                if mine != theirs
            ]
            problems.append(
                f"line {line}: participant '{pid}' has {', '.join(differing)} different from "
                f"line {group.first_line}; a participant's rows must agree on everything but path"
            )
        if row["path"] in group.paths:
            problems.append(f"line {line}: participant '{pid}' lists '{row['path']}' twice")
        group.paths.append(row["path"])
    if not groups and not problems:
        problems.append("no participants: add one row per participant's file under the header")
    if problems:
        raise ManifestError(manifest, problems)
    return [_participant(pid, rows_, base) for pid, rows_ in groups.items()]


def _check_row(
    row: dict[str, str], line: int, base: Path, zones: set[str], problems: list[str]
) -> None:
    pid = row["participant"]
    if not ID_PATTERN.fullmatch(pid) or set(pid) == {"."}:
        problems.append(
            f"line {line}: participant '{pid}' is not an id of 1-64 letters, digits, '.', '_' "
            "or '-' (and not only dots)"
        )
    path = row["path"]
    if not path:
        problems.append(f"line {line}: path is empty")
    elif not (base / path).exists():
        problems.append(f"line {line}: path '{path}' does not exist (relative to the manifest)")
    tz = row["tz"]
    if not tz:
        problems.append(f"line {line}: tz is empty; give an IANA zone such as Europe/Berlin")
    elif tz not in zones:
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            problems.append(f"line {line}: tz '{tz}' is not an IANA zone (e.g. America/New_York)")
    days = {}
    for name in ("from", "to"):
        text = row.get(name, "")
        if text:
            try:
                days[name] = dt.date.fromisoformat(text)
                if len(text) != 10:
                    raise ValueError
            except ValueError:
                problems.append(f"line {line}: {name} '{text}' is not a day (YYYY-MM-DD)")
    if "from" in days and "to" in days and days["from"] > days["to"]:
        problems.append(f"line {line}: from {days['from']} is after to {days['to']}")
    goal, limit = row.get("goal_ml", ""), row.get("limit_ml", "")
    if goal and limit:
        problems.append(f"line {line}: both goal_ml and limit_ml; a prescription is one of them")
    for name, text in (("goal_ml", goal), ("limit_ml", limit)):
        if not text:
            continue
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if not 1 <= value <= MAX_ML:
            problems.append(f"line {line}: {name} '{text}' is not millilitres from 1 to {MAX_ML:g}")
        elif not row.get("from"):
            problems.append(
                f"line {line}: {name} needs a from day: the prescription is in force from it"
            )


def _participant(pid: str, rows: _Rows, base: Path) -> Participant:
    tz, start, end, goal, limit = rows.shared
    kind, amount = (None, None)
    if goal:
        kind, amount = "goal", float(goal)
    elif limit:
        kind, amount = "limit", float(limit)
    return Participant(
        id=pid,
        tz=tz,
        paths=tuple(str((base / path).resolve()) for path in rows.paths),
        first_line=rows.first_line,
        start=dt.date.fromisoformat(start) if start else None,
        end=dt.date.fromisoformat(end) if end else None,
        goal_kind=kind,
        goal_ml=amount,
    )
