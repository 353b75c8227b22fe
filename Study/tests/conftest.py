"""A small cohort made by the repository's seeded generators, the liquidus binary, and helpers
that run liquidus-study as people do (its console script) and read what it wrote.

The binary comes from LIQUIDUS_STUDY_BINARY (Scripts/test sets it to the debug build). Without
it these tests fail rather than skip: what they check would otherwise go unchecked.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "Scripts"
CLI = Path(sys.executable).parent / "liquidus-study"
AS_OF = "2026-11-20"
PLANTED_NOTE = "PLANTED-NOTE-zebra-7731"
PLANTED_DEVICE = "Zelda Quux's PLANTED-iPhone"
APPLE_DEVICE = "Sam\u2019s iPhone"  # as the generator names it
TABLES = ("days", "drinks_by_day", "entries")


@pytest.fixture(scope="session")
def binary() -> str:
    path = os.environ.get("LIQUIDUS_STUDY_BINARY")
    if not path or not Path(path).is_file():
        pytest.fail(
            "Set LIQUIDUS_STUDY_BINARY to a built liquidus (Scripts/test sets it to "
            ".build/debug/liquidus after `swift build`)."
        )
    return str(Path(path).resolve())


def _generate(script: str, out: Path, *args: str) -> None:
    subprocess.run(
        [sys.executable, str(SCRIPTS / script), "--out", str(out), *args],
        check=True,
        capture_output=True,
        timeout=120,
    )


PLANTED_CSV = (
    "date,drink,amount,unit,note,source\n"
    f"2026-03-01T08:00:00+05:30,Water,250,mL,{PLANTED_NOTE},{PLANTED_DEVICE}\n"
    "2026-03-01T12:30:00+05:30,Coffee,200,mL,,\n"
    f"2026-03-02T09:15:00+05:30,Water,500,mL,,{PLANTED_DEVICE}\n"
    "2026-03-02T23:59:00+05:30,Tea,300,mL,,\n"
    "2026-03-05T07:00:00+05:30,Water,330,mL,,\n"
)


@pytest.fixture(scope="session")
def cohort(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four participants: an Apple Health zip, a Health Connect database, a CSV with a planted
    note and device name (and a limit), and a damaged zip that must fail alone."""
    root = tmp_path_factory.mktemp("cohort")
    _generate(
        "generate-health-data", root / "apple", "--records", "3000", "--years", "1", "--seed", "7"
    )
    _generate("generate-android-data", root / "android", "--records", "400", "--seed", "3")
    (root / "planted").mkdir()
    (root / "planted" / "drinks.csv").write_text(PLANTED_CSV)
    (root / "broken").mkdir()
    (root / "broken" / "export.zip").write_bytes(b"PK\x03\x04" + os.urandom(4000))
    (root / "manifest.csv").write_text(
        "participant,path,tz,from,to,goal_ml,limit_ml\n"
        "apple1,apple/export.zip,America/Los_Angeles,,,,\n"
        "007,android/health_connect_export.db,Europe/Berlin,2015-12-20,2016-01-10,1500,\n"
        "planted,planted/drinks.csv,Asia/Kolkata,2026-02-25,2026-03-10,,1800\n"
        "broken,broken/export.zip,UTC,,,,\n"
    )
    return root


def study(
    *args: str,
    timeout: float = 240,
    check_status: int | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(CLI), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        check=False,
    )
    if check_status is not None:
        assert result.returncode == check_status, result.stderr
    return result


def run_args(cohort: Path, out: Path, binary: str, *extra: str) -> list[str]:
    return [
        "run",
        str(cohort / "manifest.csv"),
        "--out",
        str(out),
        "--liquidus",
        binary,
        "--as-of",
        AS_OF,
        *extra,
    ]


def table(out: Path, name: str) -> list[tuple]:
    """A pooled table's rows in a fixed order, read from its partitions."""
    if name == "participants":
        source = f"read_parquet('{out / 'participants.parquet'}')"
    else:
        source = f"read_parquet('{out / name}/*/*.parquet', hive_partitioning = false)"
    with duckdb.connect() as connection:
        return connection.execute(f"SELECT * FROM {source} ORDER BY ALL").fetchall()


def same_dataset(first: Path, second: Path) -> None:
    for name in (*TABLES, "participants"):
        assert table(first, name) == table(second, name), name
    assert (first / "dataset.json").read_text() == (second / "dataset.json").read_text()
    assert (first / "failures.csv").read_text() == (second / "failures.csv").read_text()
    partitions = {str(p.relative_to(first)) for t in TABLES for p in (first / t).glob("*/*")}
    assert partitions == {
        str(p.relative_to(second)) for t in TABLES for p in (second / t).glob("*/*")
    }


@pytest.fixture(scope="session")
def local_run(cohort: Path, binary: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The reference: the cohort run on a LocalCluster of two workers."""
    out = tmp_path_factory.mktemp("local") / "dataset"
    result = study(*run_args(cohort, out, binary, "--workers", "2"))
    assert result.returncode == 1, result.stderr  # the damaged zip fails, alone
    return out


def copy_dataset(source: Path, target: Path) -> Path:
    shutil.copytree(source, target, symlinks=True)
    return target
