"""Where the text holds a web address. A name seen only inside one ("github.com/a/DACESR",
"huggingface.co/datasets/x/MyBench") is not mentioned by the abstract (FIELDS.md: a
repository name seen only in its URL is not a method), so the name fields drop what lies in
a URL. The github field reads the URLs themselves."""
from __future__ import annotations

from bisect import bisect_right

import regex

from extract.text import rx

# A scheme (also as pasted from PDFs, "https: //"), "www." or a code host without either:
# every URL starts with one of _CUES.
_URL = regex.compile(r"(?:https?:[ ]?/|www\.|(?<![\w.-])(?:github\.com|gitlab\.com|huggingface\.co)/)[^\s)\]}>\"'`]+")
_CUES = ("http", "www.", "github.com/", "gitlab.com/", "huggingface.co/")


class Urls:
    """The URL spans of one text, for "is this offset inside a URL?"."""

    def __init__(self, text: str):
        found = [m.span() for m in rx.finditer_at(_URL, text, _CUES)]
        self.starts = [s for s, _ in found]
        self.ends = [e for _, e in found]

    def holds(self, offset: int) -> bool:
        i = bisect_right(self.starts, offset) - 1
        return i >= 0 and offset < self.ends[i]
