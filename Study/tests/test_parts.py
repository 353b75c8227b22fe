"""The small parts on their own: keyed hashes, atomic writes, sizes, the progress line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from liquidus_study import cli, privacy, progress, state


def test_a_source_hash_is_keyed_and_stable():
    key, other = b"k" * 32, b"o" * 32
    name = "Sam\u2019s iPhone"
    assert privacy.source_hash(key, name) == privacy.source_hash(key, name)
    assert privacy.source_hash(key, name) != privacy.source_hash(other, name)
    assert len(privacy.source_hash(key, name) or "") == 16
    assert privacy.source_hash(key, "typed") is None and privacy.source_hash(None, name) is None
    assert privacy.source_kind("typed", ["csv"]) == "typed"
    assert privacy.source_kind(name, ["apple-health", "apple-health"]) == "apple-health"
    assert privacy.source_kind(name, ["apple-health", "csv"]) == "imported"


def test_a_short_key_or_one_inside_the_data_is_refused(tmp_path: Path):
    (tmp_path / "short.key").write_text("abc")
    with pytest.raises(privacy.KeyError_, match="at least 16"):
        privacy.load_key(tmp_path / "short.key", tmp_path / "out")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "k").write_text("x" * 40)
    with pytest.raises(privacy.KeyError_, match="inside --out"):
        privacy.load_key(tmp_path / "out" / "k", tmp_path / "out")


def test_an_atomic_write_leaves_no_temporary_and_replaces_whole(tmp_path: Path):
    target = tmp_path / "a" / "file.json"
    state.atomic_write(target, b"one")
    state.atomic_write(target, b"two")
    assert target.read_bytes() == b"two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]
    (target.parent / f"{state.TEMP_PREFIX}half").write_bytes(b"x")
    assert state.remove_temporaries(tmp_path) == 1


def test_a_content_fingerprint_follows_contents_not_times(tmp_path: Path):
    file = tmp_path / "f.csv"
    file.write_text("a")
    first = state.content_fingerprint((str(file),))
    file.write_text("a")
    assert state.content_fingerprint((str(file),)) == first
    file.write_text("b")
    assert state.content_fingerprint((str(file),)) != first


@pytest.mark.parametrize(
    ("text", "size"), [("4G", 4 << 30), ("512M", 512 << 20), ("1.5g", 3 << 29), ("none", None)]
)
def test_memory_sizes_are_read(text, size):
    assert cli.parse_memory(text) == size


def test_the_progress_line_counts_and_summarises():
    stream = io.StringIO()
    bar = progress.Progress(4, stream=stream, width=8)
    bar.record("ok")
    bar.record("failed")
    assert "[####....] 2/4 participants: 1 done, 1 failed, 0 unchanged" in stream.getvalue()
    assert bar.summary(1, "out").startswith(
        "4 participants: 1 done, 0 unchanged, 1 failed, 1 withdrawn in "
    )


def test_every_installed_package_is_pinned_by_the_constraints():
    import importlib.metadata
    import re

    from conftest import REPO

    def norm(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    pins = {}
    for line in (REPO / "Study" / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            pins[norm(name)] = version
    installed = {
        norm(d.metadata["Name"]): d.version
        for d in importlib.metadata.distributions()
        if norm(d.metadata["Name"]) not in ("liquidus-study", "pip", "setuptools")
    }
    assert installed == pins


def test_the_wrapper_runs_the_venvs_commands():
    import subprocess

    from conftest import REPO

    study = REPO / "Scripts" / "study"
    version = subprocess.run([study, "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("liquidus-study ")
    dask = subprocess.run([study, "dask", "--version"], capture_output=True, text=True, check=True)
    assert "2026.8.0" in dask.stdout
