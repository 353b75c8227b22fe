"""What a person or a phone wrote stays out of the pooled data unless the study asks for it.

A source's name ("Sam's iPhone") becomes its kind (`typed`, or the import format) and a keyed
hash of the name: HMAC-SHA256 under the study's key, first 16 hex digits. With the key kept
away from the data, a reader of the dataset cannot hash guessed names to find whose phone a row
came from; within the study, the same source still has the same hash for every participant.
"""

from __future__ import annotations

import hashlib
import hmac
from pathlib import Path

MIN_KEY_BYTES = 16
#: `liquidus export` writes these for entries whose file named no source.
UNNAMED = ("typed", "imported")


class KeyError_(Exception):
    """The key file cannot be used."""


def load_key(key_file: Path | None, out: Path) -> bytes | None:
    """The study's hashing key, or None when the study gave none (then no hash is written)."""
    if key_file is None:
        return None
    resolved, data_dir = key_file.resolve(), out.resolve()
    if resolved.is_relative_to(data_dir):
        raise KeyError_(
            f"--key-file {key_file} is inside --out {out}: keep the key away from the data, or "
            "anyone with the dataset can hash guessed device names and match them"
        )
    key = read_key(str(resolved))
    assert key is not None
    if len(key) < MIN_KEY_BYTES:
        raise KeyError_(
            f"--key-file {key_file} holds {len(key)} bytes; use at least {MIN_KEY_BYTES} random "
            "ones, e.g. `head -c 32 /dev/urandom | base64 > study.key`"
        )
    return key


def read_key(key_file: str | None) -> bytes | None:
    """The key's bytes (surrounding whitespace removed); each worker reads the file itself, so
    the key never travels over the scheduler's network."""
    if key_file is None:
        return None
    try:
        return Path(key_file).read_bytes().strip()
    except OSError as error:
        raise KeyError_(f"--key-file {key_file}: {error.strerror}") from None


def key_id(key: bytes | None) -> str | None:
    """A name for the key that does not reveal it, so dataset.json says which key hashed."""
    if key is None:
        return None
    return hmac.new(key, b"liquidus-study key id", hashlib.sha256).hexdigest()[:16]


def source_hash(key: bytes | None, name: str) -> str | None:
    """The keyed hash of a named source; None for an unnamed one or without a key."""
    if key is None or name in UNNAMED or not name:
        return None
    return hmac.new(key, name.encode(), hashlib.sha256).hexdigest()[:16]


def entry_ids(key: bytes | None, uids: list[str]) -> list[str | None]:
    """Keyed ids for entries. An imported entry's uid is the SHA-256 of its import key, which
    holds the source's name, so a reader could confirm a guessed device name by hashing a
    guessed key; under the study's key it cannot. None without a key."""
    if key is None:
        return [None] * len(uids)
    return [hmac.new(key, uid.encode(), hashlib.sha256).hexdigest()[:32] for uid in uids]


def source_kind(name: str, formats: list[str]) -> str:
    """`typed` for a typed entry; else the import format when the files had one format.

    `liquidus export` names the source app but not the format of the file an entry came from,
    so a participant whose files are of several formats gets `imported` (TODO: a per-entry
    format column in the export would make this exact).
    """
    if name == "typed":
        return "typed"
    distinct = sorted(set(formats))
    return distinct[0] if len(distinct) == 1 else "imported"
