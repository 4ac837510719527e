"""One self-contained HTML file: the page's CSS and JavaScript inline, the records as a JSON
block that the script reads and draws a screenful at a time (20,000 abstracts of DOM would
not load). Nothing is fetched: the file opens offline, from disk, in any browser.

Safety: the only markup written here is the fixed shell; every abstract, title and key goes in
the JSON block, where `<`, `>` and `&` are written as `\\u003c`-style escapes, so no text can
close the block (`</script>`) or open a tag; the script puts text in with `textContent`.
"""
from __future__ import annotations

import html
import json
from importlib import resources
from typing import Iterable

from extract.review.marks import field_order

# Colour-blind-safe first (Okabe-Ito), then further distinct hues for rule-file fields.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#7A5195", "#4D9221",
           "#B8860B", "#8C510A", "#2F4B7C", "#A05195")


def _asset(name: str) -> str:
    return resources.files("extract.review").joinpath("assets", name).read_text(encoding="utf-8")


def embed_json(data) -> str:
    """JSON that is safe inside a <script> element: no `<`, `>`, `&` or line separators."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escape)
    return text


def render_page(docs: list[dict], *, mode: str = "review", title: str = "extract review", scores=None,
                summary: Iterable[str] = (), kwic=None, labels: dict | None = None,
                fields: list[str] | None = None) -> str:
    """The HTML of a page. `docs` come from `marks.review_doc` / `marks.eval_doc`; `scores`
    is a list of {view, precision, recall, f1, tp, fp, fn}; `kwic` lists (doc, mark) indices."""
    fields = fields or field_order(docs)
    data = {
        "mode": mode,
        "title": title,
        "fields": fields,
        "colors": {f: PALETTE[i % len(PALETTE)] for i, f in enumerate(fields)},
        "labels": labels or {},
        "summary": list(summary),
        "scores": scores,
        "kwic": kwic,
        "docs": docs,
    }
    script = _asset("review.js")
    if "</script" in script.lower():  # the shell must stay one script element
        raise ValueError("review.js contains a closing script tag")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        # no network at all: the page loads nothing, and says so to the browser
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        f"<title>{html.escape(title)}</title>\n<style>\n{_asset('review.css')}</style>\n</head>\n<body>\n"
        f"<script type=\"application/json\" id=\"extract-data\">{embed_json(data)}</script>\n"
        f"<script>\n{script}</script>\n</body>\n</html>\n"
    )
