"""Code that runs inside the sandboxed child, next to untrusted student code.

It only observes: it calls the student's functions and writes plain data (JSON and .npy
files) for the trusted parent to judge. It never sees an expected value or an assertion.
Only relative imports and third-party libraries (jax, numpy, IPython) are allowed here,
because the child gets this subpackage without the rest of `autograder`.
"""
