"""Acronym definitions as shared context for the name fields (not written to records)."""
from __future__ import annotations

from extract.text.acronyms import find_definitions


def postprocess(doc, hits, context) -> list[dict]:
    return [
        {"name": d.short, "long_form": d.long, "start": d.short_start, "end": d.short_end,
         "long_start": d.long_start, "long_end": d.long_end, "kind": d.kind, "rule": f"acronyms.{d.kind}"}
        for d in find_definitions(context.text)
    ]
