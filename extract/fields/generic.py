"""Default post-processing for rule-file fields: overlaps resolved, one mention per name."""
from __future__ import annotations

from extract.engine.matching import resolve_overlaps
from extract.text.names import clean_name, name_key


def postprocess(doc, hits, context) -> list[dict]:
    out, seen = [], set()
    for h in resolve_overlaps(hits):
        g = h.groups
        start, end = h.start, h.end
        if "name" in g:
            name = clean_name(g["name"][2])
        else:
            name = h.name or clean_name(h.text)
        key = name_key(name)
        if key in seen:
            continue
        seen.add(key)
        extra = {k: v for k, v in h.attrs.items()}
        extra.update({k: v[2] for k, v in g.items() if k != "name"})
        out.append({"name": name, "start": start, "end": end, "rule": h.rule, **extra})
    return out
