"""Code shared by several test modules (and by benchmarks/), one module per job.

Test modules import from here (`from helpers.served import serve`: pytest puts tests/ on sys.path
for the rootdir conftest), never from another test module and never through a `sys.path` edit;
tests/test_suite_rules.py checks both. Benchmarks, run as scripts with the repository on their path,
import the same modules as `tests.helpers.<module>`, so modules here import each other relatively.
"""
