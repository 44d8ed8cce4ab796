"""Building a release (instructor tool): assignments/<version>/ from the master notebooks with the real
otter assign, its verification, per-student copies and the compile cache fill. The command is
autograder/commands/release.py.
"""
