"""What the extract components of one spaCy pipeline share (the phrase index, the number-start
scans, the state of the document in hand): made by the first component that asks, kept as an
attribute of the pipeline object."""
from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


def per_pipeline(nlp, attribute: str, make: Callable[[], T], fits: Callable[[T], bool] = lambda _: True) -> T:
    """The object `nlp` keeps under `attribute`, made with `make()` when there is none (or the
    one there does not `fit` this pipeline any more)."""
    found = getattr(nlp, attribute, None)
    if found is None or not fits(found):
        found = make()
        setattr(nlp, attribute, found)
    return found
