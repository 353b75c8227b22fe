"""A participant that runs out of time or memory fails alone, with the reason; the memory cap
is on the liquidus process itself (RLIMIT_AS through prlimit).

64 MiB is below what liquidus needs to map its libraries, so it fails at once, and
deterministically. (An import that reaches the cap later, at 96-112 MiB for these exports,
waits forever on a futex in the current binary instead of failing: --timeout ends it then.)"""

from __future__ import annotations

import csv
from pathlib import Path

from conftest import AS_OF, study


def _manifest(cohort: Path, tmp_path: Path) -> Path:
    manifest = tmp_path / "manifest.csv"
    manifest.write_text(
        "participant,path,tz\n"
        f"apple1,{cohort / 'apple' / 'export.zip'},America/Los_Angeles\n"
        f"planted,{cohort / 'planted' / 'drinks.csv'},Asia/Kolkata\n"
    )
    return manifest


def _failures(out: Path) -> dict[str, dict[str, str]]:
    with (out / "failures.csv").open() as file:
        return {row["participant"]: row for row in csv.DictReader(file)}


def test_a_timeout_fails_the_participant_with_its_reason(cohort, binary, tmp_path):
    out = tmp_path / "out"
    result = study(
        "run",
        str(_manifest(cohort, tmp_path)),
        "--out",
        str(out),
        "--liquidus",
        binary,
        "--as-of",
        AS_OF,
        "--workers",
        "1",
        "--timeout",
        "0.05s",
    )
    assert result.returncode == 1
    failures = _failures(out)
    assert set(failures) == {"apple1", "planted"}
    assert all("timed out after 0.05 s" in f["reason"] for f in failures.values()), failures


def test_the_memory_limit_stops_liquidus_and_says_so(cohort, binary, tmp_path):
    out = tmp_path / "out"
    result = study(
        "run",
        str(_manifest(cohort, tmp_path)),
        "--out",
        str(out),
        "--liquidus",
        binary,
        "--as-of",
        AS_OF,
        "--workers",
        "1",
        "--memory-limit",
        "64M",
    )
    assert result.returncode == 1, result.stderr
    failures = _failures(out)
    assert set(failures) == {"apple1", "planted"}
    for failure in failures.values():
        assert failure["stage"] == "import"
        assert "memory limit is 64 MiB" in failure["reason"], failure
    ok = tmp_path / "ok"
    study(
        "run",
        str(_manifest(cohort, tmp_path)),
        "--out",
        str(ok),
        "--liquidus",
        binary,
        "--as-of",
        AS_OF,
        "--workers",
        "1",
        "--memory-limit",
        "4G",
        check_status=0,
    )
