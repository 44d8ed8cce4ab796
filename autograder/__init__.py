"""jaxgrade: sandboxed grading of the advanced JAX course's exercises.

Trust levels show in the module path:
  autograder.sandboxed.*  runs inside the sandboxed child next to student code; it only observes.
  everything else         runs in the trusted grader process; it judges and never imports student code.
"""
