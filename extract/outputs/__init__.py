"""Writing records: JSONL sinks, spreadsheet exports, and resuming an interrupted run."""
