"""The shared kernel every feature reads: the instance's settings, the term's assignments and which
one a request means, the course clock, a student's deadlines with their extensions, the audit log,
attempts and their graded artefacts as stored (`graded_artefacts.py`, the blob store's copies of what
the grade host handed back), and visibility that never moves backwards. Imports no other feature."""
