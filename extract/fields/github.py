"""GitHub links: canonical https://github.com/OWNER/REPO, one entry per repository."""
from __future__ import annotations

import regex

from extract.text import rx

# First path segments of github.com that are site pages, not users or organisations.
SITE_PAGES = frozenset(
    "about apps collections contact customer-stories enterprise events explore features login "
    "marketplace new notifications orgs pricing pulls search security settings site sponsors "
    "topics trending issues join readme resources solutions team".split()
)
_WRAP = regex.compile(r"\s+")


def postprocess(doc, hits, context) -> list[dict]:
    out, seen = [], set()
    for h in hits:
        if "owner" not in h.groups or "repo" not in h.groups:
            continue
        owner = rx.sub(_WRAP, "", h.groups["owner"][2])
        repo = rx.sub(_WRAP, "", h.groups["repo"][2]).replace("\\_", "_").rstrip(".")
        if repo.lower().endswith(".git"):
            repo = repo[:-4]
        # Trailing sentence punctuation after the repository is not part of the link.
        end = _trim_end(context.text, h.start, h.end)
        if not repo or owner.lower() in SITE_PAGES or owner.endswith("-"):
            continue
        url = f"https://github.com/{owner}/{repo}"
        if url.lower() in seen:
            continue
        seen.add(url.lower())
        out.append({"url": url, "owner": owner, "repo": repo, "start": h.start, "end": end, "rule": h.rule})
    return out


def _trim_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in ".,;:!?":
        end -= 1
    return end
