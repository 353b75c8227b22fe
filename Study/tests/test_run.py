"""A study run end to end: the real binary, a real LocalCluster, the Parquet read back."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
from pathlib import Path

import duckdb
from conftest import (
    APPLE_DEVICE,
    AS_OF,
    PLANTED_DEVICE,
    PLANTED_NOTE,
    TABLES,
    copy_dataset,
    run_args,
    study,
    table,
)

from liquidus_study import schema


def test_each_participant_is_pooled_and_the_damaged_one_fails_alone(local_run: Path):
    rows = {row[0]: row for row in table(local_run, "participants")}
    assert {pid: row[1] for pid, row in rows.items()} == {
        "apple1": "ok",
        "007": "ok",
        "planted": "ok",
        "broken": "failed",
    }
    with (local_run / "failures.csv").open() as file:
        failures = list(csv.DictReader(file))
    assert [(f["participant"], f["stage"]) for f in failures] == [("broken", "import")]
    assert failures[0]["reason"]
    for name in TABLES:
        parts = sorted(p.name for p in (local_run / name).iterdir())
        assert parts == ["participant=007", "participant=apple1", "participant=planted"], name
    assert sorted(p.name for p in (local_run / "db").iterdir()) == [
        "007.sqlite",
        "apple1.sqlite",
        "planted.sqlite",
    ]
    assert not list(local_run.rglob(".tmp-*"))
    assert not (local_run / "work").exists()


def test_ids_stay_text_and_the_window_and_as_of_hold(local_run: Path):
    with duckdb.connect() as db:
        pattern = f"{local_run}/days/*/*.parquet"
        kinds = db.execute(
            f"SELECT DISTINCT typeof(participant) FROM read_parquet('{pattern}')"
        ).fetchall()
        assert kinds == [("VARCHAR",)]
        spans = dict(
            (pid, (str(first), str(last), n))
            for pid, first, last, n in db.execute(
                f"SELECT participant, min(date), max(date), count(*) FROM read_parquet('{pattern}')"
                " GROUP BY participant"
            ).fetchall()
        )
    assert spans["007"] == ("2015-12-20", "2016-01-10", 22)
    with duckdb.connect() as db:
        prescriptions = db.execute(
            f"SELECT DISTINCT participant, goal_kind, goal_ml FROM read_parquet('{pattern}') "
            "WHERE participant IN ('007', 'planted') ORDER BY ALL"
        ).fetchall()
    # The manifest's prescriptions reached each day (exercise adds nothing in these windows).
    assert prescriptions == [("007", "goal", 1500.0), ("planted", "limit", 1800.0)]
    assert spans["planted"] == ("2026-02-25", "2026-03-10", 14)
    assert spans["apple1"][1] == AS_OF
    participants = {r[0]: r for r in table(local_run, "participants")}
    names = [c.name for c in schema.PARTICIPANTS]
    planted = dict(zip(names, participants["planted"], strict=True))
    assert planted["days_in_window"] == 14 and planted["days_with_log"] == 3
    assert planted["entries"] == 5 and planted["goal_kind"] == "limit"
    assert str(planted["as_of"]) == AS_OF and planted["input_fingerprint"]


def _summary_days(db: Path, tz: str, start: str, end: str, binary: str) -> dict[str, float]:
    result = subprocess.run(
        [binary, "--db", str(db), "summary", "--from", start, "--to", end, "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={**os.environ, "TZ": tz, "LIQUIDUS_NOW": "2026-11-21T12:00:00Z"},
    )
    summary = json.loads(result.stdout)
    assert summary["unit"] in ("mL", "ml"), summary["unit"]
    return {bucket["start"][:10]: bucket["total"] for bucket in summary["buckets"]}


def test_day_totals_equal_liquidus_summary(local_run: Path, binary: str):
    windows = {
        "apple1": ("America/Los_Angeles", "2026-03-01", "2026-03-31"),
        "007": ("Europe/Berlin", "2015-12-28", "2016-01-05"),
        "planted": ("Asia/Kolkata", "2026-03-01", "2026-03-10"),
    }
    checked = 0
    for pid, (tz, start, end) in windows.items():
        expected = _summary_days(local_run / "db" / f"{pid}.sqlite", tz, start, end, binary)
        with duckdb.connect() as db:
            pooled = dict(
                (str(day), total)
                for day, total in db.execute(
                    f"SELECT date, total_ml FROM read_parquet('{local_run}/days/participant={pid}/"
                    f"*.parquet') WHERE date BETWEEN '{start}' AND '{end}'"
                ).fetchall()
            )
        assert set(pooled) == set(expected), pid
        for day, total in expected.items():
            assert abs(pooled[day] - total) <= 0.01, (pid, day, pooled[day], total)
        checked += sum(1 for v in expected.values() if v > 0)
    assert checked > 20  # the comparison saw real drinking days, not only empty ones


def _every_text(out: Path) -> str:
    """Every value of every pooled file as text, and the files' raw bytes."""
    texts = []
    with duckdb.connect() as db:
        for path in [*out.glob("*/*/*.parquet"), out / "participants.parquet"]:
            rows = db.execute(f"SELECT * FROM read_parquet('{path}')").fetchall()
            texts.append(repr(rows))
            texts.append(path.read_bytes().decode("latin-1"))
    return "\n".join(texts)


def test_notes_and_device_names_never_reach_the_pooled_files(local_run: Path):
    text = _every_text(local_run)
    for secret in (PLANTED_NOTE, PLANTED_DEVICE, "PLANTED-iPhone", "Zelda", APPLE_DEVICE, "Sam"):
        assert secret not in text, secret
    with duckdb.connect() as db:
        kinds = db.execute(
            f"SELECT participant, source_kind, count(DISTINCT source_hash) FROM read_parquet("
            f"'{local_run}/entries/*/*.parquet') GROUP BY ALL ORDER BY ALL"
        ).fetchall()
    assert ("planted", "csv", 0) in kinds  # no key given: the kind only
    assert ("apple1", "apple-health", 0) in kinds


def test_keep_text_and_a_key_are_what_let_text_or_hashes_through(
    local_run: Path, cohort: Path, binary: str, tmp_path: Path
):
    """The privacy test above can see planted text: with --keep-text it is there."""
    manifest = tmp_path / "manifest.csv"
    manifest.write_text(
        f"participant,path,tz\nplanted,{cohort / 'planted' / 'drinks.csv'},Asia/Kolkata\n"
    )
    key = tmp_path / "study.key"
    key.write_bytes(os.urandom(32).hex().encode())
    out = tmp_path / "kept"
    study(
        "run",
        str(manifest),
        "--out",
        str(out),
        "--liquidus",
        binary,
        "--as-of",
        AS_OF,
        "--workers",
        "1",
        "--keep-text",
        "--key-file",
        str(key),
        check_status=0,
    )
    text = _every_text(out)
    assert PLANTED_NOTE in text and PLANTED_DEVICE in text
    with duckdb.connect() as db:
        hashes = db.execute(
            "SELECT DISTINCT source_kind, source_hash FROM "
            f"read_parquet('{out}/entries/*/*.parquet')"
            f" WHERE source_name = '{PLANTED_DEVICE.replace(chr(39), chr(39) * 2)}'"
        ).fetchall()
    assert len(hashes) == 1 and len(hashes[0][1]) == 16
    with duckdb.connect() as db:
        ids = db.execute(
            f"SELECT uid, entry_id FROM read_parquet('{out}/entries/*/*.parquet')"
        ).fetchall()
    assert len(ids) == 5 and all(len(uid) == 36 and len(entry) == 32 for uid, entry in ids)
    # The uids (a SHA-256 of the import key, which holds the device name) stay out by default.
    default = _every_text(local_run)
    assert not [uid for uid, _ in ids if uid in default]
    inside = study(
        "run", str(manifest), "--out", str(out), "--liquidus", binary, "--key-file", str(out / "k")
    )
    assert inside.returncode == 64 and "inside --out" in inside.stderr


def test_dataset_json_describes_every_column(local_run: Path):
    description = json.loads((local_run / "dataset.json").read_text())
    assert description["as_of"] == AS_OF and description["schema_version"] == 1
    assert description["liquidus"]["sha256"] and description["participants"] == {
        "ok": 3,
        "failed": 1,
    }
    with duckdb.connect() as db:
        for name in (*TABLES, "participants"):
            path = (
                local_run / "participants.parquet"
                if name == "participants"
                else f"{local_run}/{name}/*/*.parquet"
            )
            columns = db.execute(f"DESCRIBE SELECT * FROM read_parquet('{path}')").fetchall()
            book = description["codebook"][name]
            assert [(c[0], c[1]) for c in columns] == [(c["name"], c["type"]) for c in book], name


def test_a_rerun_does_only_what_changed_and_withdraws_who_left(
    local_run: Path, cohort: Path, binary: str, tmp_path: Path
):
    out = copy_dataset(local_run, tmp_path / "dataset")
    again = study(*run_args(cohort, out, binary, "--workers", "1"))
    assert again.returncode == 1  # the damaged zip is retried, and fails again
    assert "3 unchanged" in again.stderr and "1 failed" in again.stderr
    manifest = tmp_path / "manifest.csv"
    lines = (cohort / "manifest.csv").read_text().splitlines()
    rows = [lines[0]] + [
        line.replace("apple/", f"{cohort}/apple/")
        .replace("android/", f"{cohort}/android/")
        .replace("planted/", f"{cohort}/planted/")
        for line in lines[1:]
        if not line.startswith("broken")
    ]
    manifest.write_text("\n".join(rows) + "\n")
    args = [
        "run",
        str(manifest),
        "--out",
        str(out),
        "--liquidus",
        binary,
        "--as-of",
        AS_OF,
        "--workers",
        "1",
    ]
    withdrawn = study(*args, check_status=0)
    assert "Withdrawn: 1 participant(s)" in withdrawn.stderr and "broken" in withdrawn.stderr
    assert "broken" not in {r[0] for r in table(out, "participants")}
    assert not (out / "state" / "broken.json").exists()
    nothing = study(*args, check_status=0)
    assert "Nothing to do" in nothing.stderr
    # A touched file (same bytes) is checked by content and left alone.
    planted = cohort / "planted" / "drinks.csv"
    os.utime(planted)
    touched = study(*args, check_status=0)
    assert "3 unchanged" in touched.stderr and "0 done" in touched.stderr
    # A changed file re-does that participant alone.
    original = planted.read_bytes()
    try:
        planted.write_bytes(original + b"2026-03-06T10:00:00+05:30,Water,111,mL,,\n")
        changed = study(*args, check_status=0)
    finally:
        planted.write_bytes(original)
    assert "1 done" in changed.stderr and "2 unchanged" in changed.stderr
    rows = {r[0]: r for r in table(out, "participants")}
    names = [c.name for c in schema.PARTICIPANTS]
    assert dict(zip(names, rows["planted"], strict=True))["entries"] == 6
    # Another as-of day re-does everyone, to the new day.
    earlier = study(*args[:-4], "--as-of", "2026-11-19", "--workers", "1", check_status=0)
    assert "3 done" in earlier.stderr and "0 unchanged" in earlier.stderr
    with duckdb.connect() as db:
        last = db.execute(
            "SELECT max(date)::VARCHAR FROM "
            f"read_parquet('{out}/days/participant=apple1/*.parquet')"
        ).fetchone()
    assert last == ("2026-11-19",)


def test_status_says_what_is_done_and_failed(local_run: Path):
    result = study("status", str(local_run), check_status=0)
    assert "4 participants: 3 done, 1 failed, 0 pending" in result.stdout
    assert "failed  broken at import" in result.stdout


def test_compact_writes_the_same_rows_in_few_files(local_run: Path, tmp_path: Path):
    target = tmp_path / "compact"
    study("compact", str(local_run), "--out", str(target), check_status=0)
    with duckdb.connect() as db:
        for name in TABLES:
            files = list((target / name).glob("*.parquet"))
            assert len(files) == 1, name
            compacted = db.execute(
                f"SELECT * FROM read_parquet('{target}/{name}/*.parquet') ORDER BY ALL"
            ).fetchall()
            assert compacted == table(local_run, name), name
    again = study("compact", str(local_run), "--out", str(target))
    assert again.returncode == 1 and "not empty" in again.stderr


def test_rejected_rows_a_late_window_and_a_folder_of_files(
    cohort: Path, binary: str, tmp_path: Path
):
    bad_row = tmp_path / "bad-row.csv"
    bad_row.write_text(
        "date,drink,amount,unit\n2026-03-01T08:00:00Z,Water,250,mL\n"
        "2026-03-01T09:00:00Z,Water,-5,mL\n"
    )
    # A folder: Health Connect's database and Samsung Health's CSV of the same drinks.
    folder = shutil.copytree(cohort / "android", tmp_path / "folder")
    manifest = tmp_path / "manifest.csv"
    manifest.write_text(
        "participant,path,tz,from\n"
        f"rejects,{bad_row},UTC,\n"
        f"later,{cohort / 'planted' / 'drinks.csv'},Asia/Kolkata,2026-12-01\n"
        f"folder,{folder},UTC,\n"
    )
    out = tmp_path / "out"
    study(
        "run",
        str(manifest),
        "--out",
        str(out),
        "--liquidus",
        binary,
        "--as-of",
        AS_OF,
        "--workers",
        "1",
        check_status=0,
    )
    names = [c.name for c in schema.PARTICIPANTS]
    rows = {r[0]: dict(zip(names, r, strict=True)) for r in table(out, "participants")}
    assert rows["rejects"]["status"] == "ok" and rows["rejects"]["rows_rejected"] == 1
    assert rows["rejects"]["rows_added"] == 1 and rows["rejects"]["entries"] == 1
    assert rows["later"]["status"] == "ok" and rows["later"]["days_in_window"] == 0
    assert not [r for r in table(out, "days") if r[0] == "later"]
    folder_row = rows["folder"]
    assert folder_row["input_files"] == 1 and folder_row["entries"] == folder_row["rows_added"]
    assert folder_row["duplicates_skipped"] == folder_row["rows_added"]  # each drink once
    # A file removed from the folder is a change of that participant alone.
    next(folder.glob("com.samsung.health.water_intake.*.csv")).unlink()
    again = study(
        "run",
        str(manifest),
        "--out",
        str(out),
        "--liquidus",
        binary,
        "--as-of",
        AS_OF,
        "--workers",
        "1",
        check_status=0,
    )
    assert "1 done, 2 unchanged" in again.stderr
