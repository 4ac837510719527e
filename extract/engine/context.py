"""What a field's post-processor may look at besides its own hits: the text, its sentences,
the title, and what earlier fields found (all kept in the document's DocState)."""
from __future__ import annotations

from extract.engine.docstate import DocState


class Context:
    def __init__(self, state: DocState, matcher=None, reads: frozenset[str] | None = None):
        self.state = state
        self.reads = reads  # the fields this field declares it reads (None: any)
        self.doc = state.doc
        self.text = state.text
        self.matcher = matcher

    @property
    def params(self):
        """The field's `params:` by name (`context.params.extension`): a regex param is its
        compiled regex, a phrase param a rule for `hits` and `phrase_spans`. The post-processor
        module lists the names it uses in `PARAMS`; `extract rules check` checks them."""
        return self.matcher.params

    def hits(self, helper, start: int = 0, end: int | None = None, anchored: bool = False) -> list:
        """Hits of a param within [start, end), with its `before:` and `after:` applied;
        `anchored`: only one that starts at `start` (regex params). For a phrase param, the
        phrases found in that range by the document's one phrase pass."""
        return self.matcher.helper_hits(helper, self.state, start, end, anchored)

    def phrase_spans(self, helper) -> list[tuple[int, int]]:
        """Where a phrase param's phrases are, as (start, end) in text order: the document's one
        phrase pass, without making hits (nor applying `before:`/`after:`)."""
        return self.matcher.phrase_spans(helper, self.state)

    def check_time(self) -> None:
        """Stop (BudgetSpent) when the abstract's time budget is spent. The engine checks it at
        every rule and match; a post-processor that loops over many candidates of its own
        (every number of a sentence) calls this once per candidate, so that a hostile text
        stops within the budget there too (extract/engine/budget.py)."""
        self.state.deadline.check()

    @property
    def sentences(self) -> list[tuple[int, int]]:
        """The (start, end) of every sentence, in order."""
        return self.state.sentences

    def sentence_of(self, offset: int) -> tuple[int, int]:
        """The (start, end) of the sentence holding `offset` (the whole text if none)."""
        return self.state.sentence_of(offset)

    def mentions(self, field: str) -> list[dict]:
        """Mentions an earlier component stored for `field` (empty if it did not run). A
        built-in field reads only the fields its registry entry names (so that they run first:
        extract/pipeline/registry.py)."""
        if self.reads is not None and field not in self.reads:
            raise ValueError(f"this field does not declare that it reads {field!r}; "
                             "add it to the field's `reads` in extract/pipeline/registry.py")
        return self.state.mentions.get(field, [])

    @property
    def title(self) -> str | None:
        """The paper's title, when the input carried one."""
        return self.state.title

    @property
    def doc_id(self) -> str | None:
        return self.state.id
