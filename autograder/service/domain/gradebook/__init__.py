"""The gradebook of record (`ledger.py`) and every command that changes what a student has earned or
may see: overrides, extensions, grade release, quiz reads; each one transaction that also queues the
counted score in the LMS outbox (`lti_outbox.py`). Also the views built on it: score parts, the
student's attempts, exports and item analysis."""
