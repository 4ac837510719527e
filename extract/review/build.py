"""The review page of a records file and the eval page of gold against records."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable, Iterator

from extract.review.marks import eval_doc, review_doc
from extract.review.page import render_page


class ReviewError(Exception):
    """A records file that cannot be read or a page that cannot be written; one line."""


def read_records(source: str, report: Callable[[str], None]) -> Iterator[dict]:
    """Records of a JSONL file (or .gz, or -), as `extract export` reads them: a bad line is
    reported as PATH:LINE and skipped."""
    from extract.outputs.export import ExportError, ExportSummary, _read_records

    try:
        for _, record in _read_records(source, ExportSummary(), report):
            yield record
    except ExportError as exc:
        raise ReviewError(str(exc)) from exc


def review_html(records: Iterable[dict], title: str = "extract review") -> tuple[str, int]:
    """The page and the number of abstracts on it."""
    docs = [review_doc(r) for r in records]
    marks = sum(len(d["marks"]) for d in docs)
    summary = [f"{len(docs)} abstracts, {marks} mentions"]
    return render_page(docs, mode="review", title=title, summary=summary), len(docs)


def eval_html(pairs: Iterable[tuple[dict, dict]], scores: dict, long_forms=None,
              title: str = "extract eval") -> str:
    """The page of (gold, predicted) pairs with the `score_pairs` figures at the top."""
    docs = [eval_doc(g, p) for g, p in pairs]
    table = [{"view": view, **s.as_dict()} for view, s in scores.items()]
    errors = sum(any(m[4] in ("fp", "fn") for m in d["marks"]) for d in docs)
    summary = [f"{len(docs)} abstracts, {errors} with errors"]
    if long_forms is not None and long_forms.total:
        summary.append(f"long-form accuracy {long_forms.value:.3f} (n={long_forms.total})")
    return render_page(docs, mode="eval", title=title, scores=table, summary=summary)


def write_page(path: str, page: str) -> None:
    try:
        Path(path).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise ReviewError(f"{path}: cannot write: {exc.strerror or exc}") from exc
