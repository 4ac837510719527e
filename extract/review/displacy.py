"""Records as displaCy's manual input for the span style: `displacy.render(data, style="span",
manual=True)` draws them, overlaps included, in spaCy's own renderer.

The shape is the one `spacy.displacy.parse_spans` produces from a Doc: `text`, `tokens`,
`spans` with `start_token`/`end_token` (end exclusive) and the character `start`/`end`,
`label` and `title`. Tokens come from spaCy's English tokenizer on the raw text; a mention is
widened to the tokens it touches (`alignment_mode="expand"`), its characters kept as they are.
"""
from __future__ import annotations

from typing import Iterable, Iterator

from extract.review.marks import mention_fields


def displacy_docs(records: Iterable[dict], label: str = "field") -> Iterator[dict]:
    """One displaCy span-style dict per record. `label`: `field` (METHODS, ...), or `rule`."""
    from extract.engine.tokenizer import blank_english

    nlp = blank_english()
    for record in records:
        text = record.get("text") or ""
        doc = nlp.make_doc(text)
        spans = []
        for f in mention_fields(record):
            for m in record[f]:
                start, end = m.get("start"), m.get("end")
                if not (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(text)):
                    continue
                span = doc.char_span(start, end, alignment_mode="expand")
                if span is None:
                    continue
                spans.append({"start": start, "end": end, "start_token": span.start, "end_token": span.end,
                              "label": m.get("rule") if label == "rule" else f.upper()})
        spans.sort(key=lambda s: (s["start_token"], -s["end_token"]))
        yield {"text": text, "tokens": [t.text for t in doc], "spans": spans,
               "title": record.get("title") or record.get("id")}
