"""SIGKILL of the whole run at any moment, then a re-run, gives the uninterrupted run's dataset."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from conftest import CLI, run_args, same_dataset


def _kill_when(out: Path, cohort: Path, binary: str, ready) -> None:
    process = subprocess.Popen(
        [str(CLI), *run_args(cohort, out, binary, "--workers", "1")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    try:
        while not ready(out) and process.poll() is None:
            assert time.monotonic() < deadline, "the run never reached the moment to kill it"
            time.sleep(0.05)
    finally:
        # The whole process group: the runner, its Dask workers and their liquidus children.
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


def _some_done(out: Path) -> bool:
    return len(list((out / "state").glob("*.json"))) >= 1


def _importing(out: Path) -> bool:
    return any((out / "work").glob("*/liquidus.sqlite*"))


def test_sigkill_then_rerun_equals_an_uninterrupted_run(
    local_run: Path, cohort: Path, binary: str, tmp_path: Path
):
    for name, moment in (("after-one", _some_done), ("mid-import", _importing)):
        out = tmp_path / name
        _kill_when(out, cohort, binary, moment)
        assert not (out / "dataset.json").exists()  # killed before pooling: no half dataset
        rerun = subprocess.run(
            [str(CLI), *run_args(cohort, out, binary, "--workers", "2")],
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
        )
        assert rerun.returncode == 1, rerun.stderr
        same_dataset(local_run, out)
        assert not list(out.rglob(".tmp-*"))
