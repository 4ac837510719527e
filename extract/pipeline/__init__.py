"""The spaCy pipeline: one component per field, the `Extractor` and the record types."""
