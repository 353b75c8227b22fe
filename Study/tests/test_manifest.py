"""A bad manifest is refused before any work, with every problem listed by its line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from liquidus_study.manifest import ManifestError, load

HEADER = "participant,path,tz,from,to,goal_ml,limit_ml\n"


def write(folder: Path, text: str) -> Path:
    (folder / "a.csv").write_text("date,drink,amount,unit\n")
    (folder / "b.csv").write_text("date,drink,amount,unit\n")
    manifest = folder / "manifest.csv"
    manifest.write_text(text)
    return manifest


def problems(folder: Path, text: str) -> list[str]:
    with pytest.raises(ManifestError) as caught:
        load(write(folder, text))
    return caught.value.problems


def test_a_good_manifest_groups_rows_by_participant(tmp_path):
    manifest = write(
        tmp_path,
        HEADER + "007,a.csv,Europe/Berlin,2026-01-01,2026-06-30,1500,\n"
        "007,b.csv,Europe/Berlin,2026-01-01,2026-06-30,1500,\n"
        "p2,b.csv,America/Los_Angeles,,,,\n",
    )
    participants = load(manifest)
    assert [p.id for p in participants] == ["007", "p2"]
    assert participants[0].paths == (str(tmp_path / "a.csv"), str(tmp_path / "b.csv"))
    assert participants[0].goal_kind == "goal" and participants[0].goal_ml == 1500
    assert participants[1].start is None and participants[1].goal_kind is None


def test_every_problem_is_listed_with_its_line(tmp_path):
    found = problems(
        tmp_path,
        HEADER + "007,a.csv,Europe/Berlin,2026-01-01,,1500,\n"
        "bad id,missing.zip,Mars/Base,2026-13-01,,1500,1200\n"
        "007,b.csv,Europe/Paris,2026-01-01,,1500,\n"
        "x,a.csv,UTC,,,900,\n"
        "..,a.csv,,,,,\n"
        "X,a.csv,UTC,,,,\n"
        "y,a.csv,UTC,2026-02-01,2026-01-01,,\n",
    )
    expected = [
        ("line 3", "'bad id' is not an id"),
        ("line 3", "'missing.zip' does not exist"),
        ("line 3", "'Mars/Base' is not an IANA zone"),
        ("line 3", "'2026-13-01' is not a day"),
        ("line 3", "both goal_ml and limit_ml"),
        ("line 4", "has tz different from line 2"),
        ("line 5", "goal_ml needs a from day"),
        ("line 6", "'..' is not an id"),
        ("line 6", "tz is empty"),
        ("line 7", "differs from 'x' only in case"),
        ("line 8", "is after to"),
    ]
    for line, text in expected:
        assert any(p.startswith(line + ":") and text in p for p in found), (line, text, found)
    assert len(found) == len(expected), found


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("participant,path,tz,colour\n", "unknown column 'colour'"),
        ("participant,path\n", "the required column 'tz' is missing"),
        ("participant,path,tz,tz\n", "the column 'tz' appears more than once"),
    ],
)
def test_a_bad_header_is_named(tmp_path, header, message):
    found = problems(tmp_path, header)
    assert any(p.startswith("line 1:") and message in p for p in found), found


def test_an_empty_manifest_and_a_short_row_are_refused(tmp_path):
    assert any("no participants" in p for p in problems(tmp_path, HEADER))
    assert any("line 2: 2 cells" in p for p in problems(tmp_path, HEADER + "007,a.csv\n"))
    assert any("is empty" in p for p in problems(tmp_path, ""))


def test_the_command_refuses_before_any_work_with_exit_64(tmp_path):
    manifest = write(tmp_path, HEADER + "007,missing.zip,Europe/Berlin,,,,\n")
    out = tmp_path / "out"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "liquidus_study.cli",
            "run",
            str(manifest),
            "--out",
            str(out),
            "--liquidus",
            "/nonexistent/liquidus",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 64, result.stderr
    assert "line 2: path 'missing.zip' does not exist" in result.stderr
    assert "nothing was run" in result.stderr
    assert not out.exists()
