"""What a run remembers, so a re-run does only what changed: fingerprints and state files.

Each participant that finishes leaves `DIR/state/ID.json`, written last and atomically after its
Parquet files: its inputs (name, size, modification time, and a SHA-256 over their contents),
the options that shape its data, the as-of day and the Liquidus binary. A re-run skips it when
all of these are unchanged; sizes and times are checked first and the contents only when those
changed, so an untouched study costs a `stat` per file. Every file here appears whole or not
at all: written to a hidden temporary name in the same folder, flushed, then renamed.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

TEMP_PREFIX = ".tmp-"


def atomic_write(path: Path, data: bytes) -> None:
    """Writes DATA to PATH so that a reader sees the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        Path(temp).replace(path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def temp_path(path: Path) -> Path:
    """A hidden temporary name beside PATH (for a file another program writes, then renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return path.parent / f"{TEMP_PREFIX}{os.getpid()}-{os.urandom(4).hex()}-{path.name}"


def remove_temporaries(root: Path) -> int:
    """Removes what a killed run left half-written under ROOT; returns how many."""
    count = 0
    if not root.exists():
        return 0
    for folder, _dirs, files in os.walk(root):
        for name in files:
            if name.startswith(TEMP_PREFIX):
                (Path(folder) / name).unlink(missing_ok=True)
                count += 1
    return count


@dataclass(frozen=True)
class FileStamp:
    path: str
    size: int
    mtime_ns: int


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.is_file())
    return [path]


def stamps(paths: tuple[str, ...]) -> list[FileStamp]:
    """Size and modification time of every input file (folders walked in name order)."""
    result = []
    for given in paths:
        for file in _files(Path(given)):
            info = file.stat()
            result.append(FileStamp(str(file), info.st_size, info.st_mtime_ns))
    return result


def content_fingerprint(paths: tuple[str, ...]) -> str:
    """SHA-256 over each input file's name (relative to its manifest path) and contents."""
    digest = hashlib.sha256()
    for given in paths:
        root = Path(given)
        for file in _files(root):
            name = file.name if file == root else str(file.relative_to(root))
            digest.update(f"{name}\0".encode())
            with file.open("rb") as handle:
                while block := handle.read(1 << 20):
                    digest.update(block)
            digest.update(b"\0")
    return digest.hexdigest()


def state_path(out: Path, participant: str) -> Path:
    return out / "state" / f"{participant}.json"


def read_state(out: Path, participant: str) -> dict[str, Any] | None:
    try:
        state: dict[str, Any] = json.loads(state_path(out, participant).read_text())
    except (OSError, ValueError):
        return None
    return state


def write_state(out: Path, participant: str, state: dict[str, Any]) -> None:
    text = json.dumps(state, indent=1, sort_keys=True) + "\n"
    atomic_write(state_path(out, participant), text.encode())


def stamps_json(items: list[FileStamp]) -> list[dict[str, Any]]:
    return [asdict(item) for item in items]


def is_done(state: dict[str, Any] | None, key: dict[str, Any]) -> bool:
    """True when the last run of this participant succeeded with this key."""
    return state is not None and state.get("status") == "ok" and state.get("key") == key
