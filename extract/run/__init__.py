"""Batch runs: worker processes, progress and the run loop behind `extract run`."""
