"""Running the `liquidus` binary: its identity, and one call under a time and memory limit.

The memory limit is set on the liquidus process itself with util-linux's `prlimit`, which sets
RLIMIT_AS and then execs liquidus: Dask's own memory limit watches the worker's Python process
and never sees a child, and a `preexec_fn` that calls `resource.setrlimit` runs Python between
fork and exec inside a threaded worker, which Python documents as unsafe (a lock held by another
thread at the fork can deadlock the child).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path


class LiquidusMissing(Exception):
    """The binary cannot be found or run."""


@dataclass(frozen=True)
class Binary:
    """The liquidus binary a study runs: its absolute path, version text and SHA-256."""

    path: str
    version: str
    sha256: str
    #: Whether `import` has `--report json` (TODO(lead): issue 38's binaries all will; then the
    #: text report's parsing in task.py can go).
    import_report: bool = False

    @staticmethod
    def find(given: str | None) -> Binary:
        name = given or "liquidus"
        found = shutil.which(name) if os.sep not in name else name
        if not found or not Path(found).is_file():
            raise LiquidusMissing(
                f"liquidus not found ({name}): install it with Scripts/install, or pass "
                "--liquidus PATH to the binary"
            )
        path = str(Path(found).resolve())
        try:
            result = subprocess.run(
                [path, "--version"], capture_output=True, text=True, timeout=60, check=False
            )
        except OSError as error:
            raise LiquidusMissing(f"{path} cannot be run: {error.strerror}") from None
        version = result.stdout.strip() if result.returncode == 0 else ""
        help_text = subprocess.run(
            [path, "import", "--help"], capture_output=True, text=True, timeout=60, check=False
        ).stdout
        digest = hashlib.sha256()
        with Path(path).open("rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                digest.update(block)
        return Binary(path, version or "unknown", digest.hexdigest(), "--report" in help_text)


@dataclass(frozen=True)
class Outcome:
    """What one call did: exit status (negative: the signal that ended it), output, time."""

    argv: tuple[str, ...]
    status: int
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool


class Limits:
    """The time left to a participant and the memory cap of each liquidus call."""

    def __init__(self, timeout: float, memory_bytes: int | None) -> None:
        self.deadline = time.monotonic() + timeout
        self.timeout = timeout
        self.memory_bytes = memory_bytes

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())


def prlimit_path() -> str:
    found = shutil.which("prlimit")
    if not found:
        raise LiquidusMissing(
            "prlimit (util-linux) not found: it caps each liquidus process's memory; install "
            "util-linux, or run with --memory-limit none"
        )
    return found


def run(
    binary: str, args: list[str], env: dict[str, str], limits: Limits, cwd: str | None = None
) -> Outcome:
    """Runs `liquidus ARGS` with ENV added to a minimal environment, within the limits."""
    argv = [binary, *args]
    if limits.memory_bytes is not None:
        argv = [prlimit_path(), f"--as={limits.memory_bytes}", "--", *argv]
    full_env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/tmp"),
        "LANG": "C.UTF-8",
        **env,
    }
    started = time.monotonic()
    process = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=full_env,
        cwd=cwd,
    )
    try:
        stdout, stderr = process.communicate(timeout=limits.remaining())
        timed_out = False
    except subprocess.TimeoutExpired:
        process.kill()  # prlimit execs liquidus, so this is liquidus itself
        stdout, stderr = process.communicate()
        timed_out = True
    return Outcome(
        tuple(argv), process.returncode, stdout, stderr, time.monotonic() - started, timed_out
    )
