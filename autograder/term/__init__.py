"""Running a term: plain-Python rules of assignments, deadlines and late penalties.

No database, no web framework, no student code: the service's persistence and pages call these.
`course.py` reads the course file; `late.py` turns a lateness into a score factor.
"""
