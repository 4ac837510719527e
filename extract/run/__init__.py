"""Batch runs: worker processes, progress and the run loop behind `extract run`."""
from __future__ import annotations

from typing import Self


class ClosedOnExit:
    """`with thing:` gives the thing and calls its `close()` at the end, however the block
    ends: what the progress bar and the cluster client both need."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
