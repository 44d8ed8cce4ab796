"""A TA's review of one student's work: the attempt page's data, grade review with overrides and
regrade requests, line comments, and the rubric commands on written quiz answers."""
