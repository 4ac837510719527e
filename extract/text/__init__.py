"""Text in, text out: the clean view of LaTeX and Markdown, sentences, numbers, name keys and acronym definitions. Knows nothing of rules or spaCy components."""
