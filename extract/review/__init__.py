"""Views of records for people: a self-contained HTML review page (optionally against gold),
a rule concordance, and a displaCy export. A layer above `evaluation`; only the CLI imports it."""
