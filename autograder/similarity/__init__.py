"""The similarity report (trusted, reads hostile text, never runs it): answer units, tokens, winnowing
fingerprints, the HTML/CSV report. The command is autograder/commands/similarity.py."""
