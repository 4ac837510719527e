"""What a long run shows on the terminal: a progress bar (done/total, rate, ETA) while it
works, and a summary when it ends.

The bar is tqdm's, drawn only when stderr is a terminal. The total is counted in a
background thread (a line count for JSONL, a block count for seeds-style text), so the
run starts at once and the bar gains its total and ETA when the count is in; stdin has
no total.
"""
from __future__ import annotations

import gzip
import sys
import threading
from pathlib import Path
from typing import IO, Iterable

from extract.inputs.readers import _format_of
from extract.run import ClosedOnExit


class Progress(ClosedOnExit):
    """Counts abstracts done; draws a bar only when asked to (`enabled`)."""

    def __init__(self, enabled: bool, inputs: Iterable[str] = (), stream: IO[str] | None = None):
        self.stream = stream or sys.stderr
        self._bar = None
        if enabled:
            from tqdm import tqdm

            self._bar = tqdm(total=None, unit=" abstracts", file=self.stream, dynamic_ncols=True,
                             smoothing=0.1, mininterval=0.5)
            thread = threading.Thread(target=self._count, args=(tuple(inputs),), daemon=True)
            thread.start()

    def _count(self, inputs: tuple[str, ...]) -> None:
        total = count_items(inputs)
        bar = self._bar  # the run may end (and close the bar) while this thread counts
        if total is not None and bar is not None:
            bar.total = total
            bar.refresh()  # a no-op once the bar is closed

    def update(self, n: int = 1) -> None:
        if self._bar is not None and n:
            self._bar.update(n)

    def write(self, message: str) -> None:
        """Print one line to the stream without tearing the bar."""
        if self._bar is not None:
            self._bar.write(message, file=self.stream)
        else:
            print(message, file=self.stream, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def count_items(inputs: Iterable[str]) -> int | None:
    """How many rows (abstracts and bad rows) `inputs` hold; None when unknown (stdin)."""
    total = 0
    for given in inputs:
        if given == "-":
            return None
        path = Path(given)
        files = sorted(p for p in path.iterdir() if p.is_file() and _format_of(p)) if path.is_dir() else [path]
        for file in files:
            try:
                total += _count_file(file)
            except (OSError, EOFError, ValueError):
                pass  # the reader reports it
    return total


def _count_file(path: Path) -> int:
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rb") as fh:
        if _format_of(path) == "jsonl":
            return sum(1 for line in fh if not line.isspace())
        blocks, in_block, header = 0, False, False
        for line in fh:
            blank = line.isspace()
            if not header:
                header = not blank  # the collection name, not an abstract
                continue
            if not blank and not in_block:
                blocks += 1
            in_block = not blank
        return blocks


def format_summary(summary, elapsed: float) -> list[str]:
    """The closing lines of a run, for stderr."""
    rate = summary.written / elapsed if elapsed > 0 else 0.0
    lines = [f"extract: {summary.written} records written, {summary.rejected} rows rejected, "
             f"{elapsed:.1f}s ({rate:,.0f} abstracts/s)"]
    if summary.resumed:
        lines.append(f"extract: resumed: {summary.resumed} records were already in the output")
    if summary.failed:
        lines.append(f"extract: {summary.failed} abstracts failed to extract (records with an `error` key)")
    if getattr(summary, "cut_cells", 0):
        lines.append(f"extract: {summary.cut_cells} table cells were too long for the format and cut "
                     "(marked with [cut]); the JSONL records hold them whole")
    if summary.mentions:
        lines.append("extract: mentions: " + ", ".join(f"{k} {v}" for k, v in summary.mentions.items()))
    return lines
