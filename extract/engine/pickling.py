"""Pickling for the classes that the wheel build compiles with mypyc.

spaCy sends a pipeline to its worker processes (`nlp.pipe(n_process=2)`) by pickling it. A
compiled instance has no `__dict__`, and pickle would rebuild it by calling its class with no
arguments, which these classes do not take. Their `__reduce__` returns `rebuild` instead: a
cheap instance from a few constructor arguments, then every attribute set back as it was.
"""
from __future__ import annotations

from typing import Any, Callable


def state_of(obj: object, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every instance attribute of `obj` by name, compiled or not, except those in `skip`."""
    names = getattr(type(obj), "__mypyc_attrs__", None)  # what mypyc stores instead of __dict__
    if names is None:
        names = tuple(vars(obj))
    return {n: getattr(obj, n) for n in names if not n.startswith("__") and n not in skip and hasattr(obj, n)}


def rebuild(make: Callable[..., Any], args: tuple, state: dict[str, Any]) -> Any:
    obj = make(*args)
    for name, value in state.items():
        setattr(obj, name, value)
    return obj
