"""Post-processing for fields whose rules alone are not enough.

A rule file names its post-processor with `postprocess: NAME`; the function is
`extract.fields.NAME.postprocess(doc, hits, context) -> list[dict]`. Fields without one
use `generic`: overlaps resolved by priority, one mention per distinct name.
"""
from __future__ import annotations

import importlib
from typing import Callable

Postprocessor = Callable[..., list]


def postprocessor(name: str | None) -> Postprocessor:
    module = importlib.import_module(f"{__name__}.{name or 'generic'}")
    return module.postprocess
