"""The grading engine (trusted parent): intake of submissions, per-student job orchestration, the C++
build cache, the gradebook and the reports. `jaxgrade grade`'s command line is autograder/commands/grade.py.
"""
