"""Post-processing for fields whose rules alone are not enough.

A rule file names its post-processor with `postprocess: NAME`:
- a built-in one, `extract.fields.NAME.postprocess`;
- a user's own, `package.module:function` (importable: installed, or on PYTHONPATH);
- a function registered in spaCy's `misc` registry under NAME
  (`@spacy.registry.misc("my_postprocess")`).
Each is called as `postprocess(doc, hits, context) -> list[dict]`. Fields without one use
`generic`: overlaps resolved by priority, one mention per distinct name.
"""
from __future__ import annotations

import importlib
from typing import Callable

Postprocessor = Callable[..., list]


def postprocessor(name: str | None) -> Postprocessor:
    """The post-processor a rule file names; ImportError or AttributeError when there is none."""
    name = name or "generic"
    if ":" in name:
        module_name, _, function = name.partition(":")
        found = getattr(importlib.import_module(module_name), function)
    else:
        try:
            found = importlib.import_module(f"{__name__}.{name}").postprocess
        except ImportError:
            found = _registered(name)
            if found is None:
                raise
    if not callable(found):
        raise AttributeError(f"{name} is not a function")
    return found


def _registered(name: str) -> Postprocessor | None:
    from spacy import registry

    try:
        return registry.misc.get(name)
    except Exception:  # catalogue.RegistryError: not registered
        return None
