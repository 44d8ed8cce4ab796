"""Regrade runs: an assignment's attempts graded again under another release, reviewed, published
through the gradebook; and the queue their candidate results are graded through."""
