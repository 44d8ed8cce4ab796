"""The quiz's own records: stored answers, rubric items and their application, item analysis of the
questions, and when model answers may be read. Points join a grade only through `gradebook`.
Imports only `course`."""
