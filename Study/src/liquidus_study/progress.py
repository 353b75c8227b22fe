"""Progress on the terminal: a bar with participants done and failed and an estimate, and the
one-line summary at the end. Not a terminal (a batch job's log): a line every 10 %.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


def _duration(time_: float) -> str:
    seconds = round(time_)
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


class Progress:
    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.width = width
        self.started = time.monotonic()
        self.done = self.failed = self.unchanged = 0
        self.tty = self.stream.isatty()
        self._last_tenth = -1

    @property
    def finished(self) -> int:
        return self.done + self.failed + self.unchanged

    def record(self, status: str) -> None:
        if status == "ok":
            self.done += 1
        elif status == "unchanged":
            self.unchanged += 1
        else:
            self.failed += 1
        self.draw()

    def line(self) -> str:
        total = max(self.total, 1)
        filled = int(self.width * self.finished / total)
        bar = "#" * filled + "." * (self.width - filled)
        elapsed = time.monotonic() - self.started
        worked = self.done + self.failed
        left = self.total - self.finished
        eta = f", about {_duration(elapsed / worked * left)} left" if worked and left else ""
        return (
            f"[{bar}] {self.finished}/{self.total} participants: {self.done} done, "
            f"{self.failed} failed, {self.unchanged} unchanged{eta}"
        )

    def draw(self) -> None:
        if self.tty:
            self.stream.write("\r\033[K" + self.line())
            self.stream.flush()
            return
        tenth = 10 * self.finished // max(self.total, 1)
        if tenth != self._last_tenth:
            self._last_tenth = tenth
            self.stream.write(self.line() + "\n")
            self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def summary(self, withdrawn: int, out: str) -> str:
        elapsed = _duration(time.monotonic() - self.started)
        parts = [f"{self.done} done", f"{self.unchanged} unchanged", f"{self.failed} failed"]
        if withdrawn:
            parts.append(f"{withdrawn} withdrawn")
        text = f"{self.total} participants: {', '.join(parts)} in {elapsed}; dataset in {out}"
        if self.failed:
            text += f" (reasons in {out}/failures.csv)"
        return text
