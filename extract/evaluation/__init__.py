"""Scoring records against gold annotations, as FIELDS.md defines it."""
