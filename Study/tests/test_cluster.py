"""A study through a real Dask scheduler and two workers on loopback, started by the test with
the venv's own `dask` command (as `Scripts/study dask` runs it), equals the local run."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from conftest import CLI, run_args, same_dataset


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for_port(port: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"the scheduler did not listen on {port} within {seconds} s")


@pytest.fixture
def loopback_cluster(tmp_path: Path):
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    processes = []
    logs = []

    def start(*args: str) -> None:
        log = (tmp_path / f"dask-{len(processes)}.log").open("w")
        logs.append(log)
        processes.append(
            subprocess.Popen(
                [str(CLI), "dask", *args],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                cwd=tmp_path,
            )
        )

    try:
        start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")
        _wait_for_port(port, 60)
        for _ in range(2):
            start(
                "worker",
                address,
                "--nworkers",
                "1",
                "--nthreads",
                "1",
                "--no-dashboard",
                "--memory-limit",
                "0",
                "--host",
                "127.0.0.1",
            )
        yield address, processes
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        for log in logs:
            log.close()


def _wait_for_workers(address: str, count: int, seconds: float) -> None:
    from distributed import Client

    with Client(address, timeout="30s") as client:
        client.wait_for_workers(count, timeout=seconds)


def test_a_loopback_scheduler_and_two_workers_give_the_local_dataset(
    loopback_cluster, local_run: Path, cohort: Path, binary: str, tmp_path: Path
):
    address, processes = loopback_cluster
    _wait_for_workers(address, 2, 90)
    out = tmp_path / "dataset"
    result = subprocess.run(
        [str(CLI), *run_args(cohort, out, binary, "--scheduler", address)],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert f"on Dask scheduler {address} (2 workers, 2 threads)" in result.stderr
    assert all(process.poll() is None for process in processes)  # still up: the run used them
    same_dataset(local_run, out)
