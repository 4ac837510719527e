"""Pieces of generated abstracts for fuzzing the whole pipeline, and the checks every record
must pass. Shared by tests/test_fuzz.py (hypothesis, in the suite) and bench/fuzz.py (100,000
abstracts, outside it).

Abstracts are random mixes of real text (sentences of the gold abstracts), LaTeX and
Markdown, numbers with units, brackets, URLs, odd Unicode (other scripts' digits, lone
surrogates, zero-width and combining chars) and a few hostile runs (long punctuation,
deep nesting).
"""
from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

LATEX = [
    "$\\times$", "$", "$$", "\\textbf{", "\\emph{", "\\texttt{", "}", "{", "{\\bf ", "{\\it ", "^{", "_{", "^2",
    "\\%", "\\&", "\\_", "\\alpha", "\\le ", "$\\sim$", "\\cite{x}", "\\href{https://github.com/a/b}{code}",
    "\\href{", "}{", "\\url{https://github.com/o/r}", "\\url{", "\\unicode{x2014}", "\\unicode{xD800}",
    "\\unicode{", "~", "``", "''", "`", "'", "**", "*", "__", "[code](https://github.com/x/y)", "](", "[", "\\\\",
    "<https://github.com/p/q>", "<", ">",
]
NUMBERS = [
    "95.1%", "+14.1 pp", "3.5x", "12.2×", "1,234.5", "4.45-5.64", "2--4", "10^{3}", "\u2212 0.2", "95.1\\%",
    "0.5 BLEU", "7B", "-7B", "1.3B parameters", "2x faster", "two-fold", "an order of magnitude", "3 ms",
    "45.2 mAP", "+0.20 to +0.23", "±0.3", "1e-4", ".5", "76.", "9\u0663%", "\u0663x", "\U000116D6x",
    "\U000116D6.5%", "1\U000116D6-2", "٩٥.١%", "²", "½", "Ⅻ", "١٬٢٣٤",
]
BRACKETS = ["(", ")", "((", "))", "[", "]", "(ours)", "(GAD)", "(see Sec. 3)", "(", ")", "{", "}"]
URLS = ["https://github.com/owner/repo", "github.com/a/b.git", "https://github.com/a/b/tree/main/x",
        "https://x.org/p?q=(1)&r=[2]", "www.example.com/", "http://", "https://github.com/", "git@github.com:a/b"]
UNICODE = ["\ud800", "\udfff", "\u200b", "\u200d", "\ufeff", "\u00ad", "\u0301", "e\u0301", "\u202e", "\u00a0",
           "\u2009", "\u2011", "\u2212", "“", "”", "’", "–", "—", "…", "😀", "\U0001f9ea", "中文", "한국어", "العربية",
           "\x00", "\x0b", "\r", "\t", "\n\n", "\U0010ffff", "\ufffd"]
HOSTILE = ["=" * 3000, "(" * 2000, ")" * 2000, "\\textbf{" * 300, "}" * 300, "-" * 1000, "." * 500, "$" * 301,
           "**" * 200, "a" * 2000, "ab-" * 300, "1." * 400, "[" * 300 + "]" * 300, "~" * 500, "%" * 200]
SEPARATORS = [" ", " ", " ", "", ", ", ". ", "\n", "-", "/"]


@cache
def real_fragments() -> tuple[str, ...]:
    """Sentences and clauses of the gold abstracts: the real text the mixes start from."""
    pieces = []
    for path in sorted((REPO / "data" / "gold").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            text = json.loads(line).get("text") or ""
            for sentence in text.split(". "):
                pieces.append(sentence)
                pieces.extend(sentence.split(", ")[:2])
    return tuple(p for p in pieces if p.strip())


def random_text(rng: random.Random, length: int) -> str:
    """Random code points from the whole range, surrogates included."""
    return "".join(chr(rng.choice((rng.randrange(32, 127), rng.randrange(0x80, 0x800), rng.randrange(0x800, 0x10000),
                                   rng.randrange(0x10000, 0x110000)))) for _ in range(length))


def abstract(rng: random.Random, hostile: bool = False) -> str:
    """One generated abstract: 3 to 40 pieces, mostly real text; `hostile` adds one long run."""
    kinds = [(real_fragments(), 10), (LATEX, 3), (NUMBERS, 3), (BRACKETS, 2), (URLS, 1), (UNICODE, 2)]
    pieces = []
    for _ in range(rng.randint(3, 40)):
        pool = rng.choices([k for k, _ in kinds] + [None], weights=[w for _, w in kinds] + [1])[0]
        pieces.append(random_text(rng, rng.randint(1, 12)) if pool is None else rng.choice(pool))
        pieces.append(rng.choice(SEPARATORS))
    if hostile:
        pieces.insert(rng.randrange(len(pieces) + 1), rng.choice(HOSTILE))
    return "".join(pieces)


def problems(record) -> list[str]:
    """What is wrong with a record: spans that are not `text[start:end]`, lists out of
    order by `start`, a record that does not serialise to JSON and back."""
    from extract.run.parallel import record_line

    found = []
    data = record.model_dump()
    text = data["text"]
    for field, items in data.items():
        if not isinstance(items, list):
            continue
        starts = [m["start"] for m in items]
        if starts != sorted(starts):
            found.append(f"{field}: not ordered by start {starts}")
        for m in items:
            if text[m["start"]:m["end"]] != m["text"]:
                found.append(f"{field}: {m['text']!r} != text[{m['start']}:{m['end']}]")
    line = record_line(record)
    if json.loads(line) != json.loads(json.dumps(data)):
        found.append("JSON line does not read back to the record")
    return found
