"""Who may use the service: roster students and their tokens, TA tokens, page sessions, log-in
throttling, and the names anonymous grading shows instead of students'. Imports only `course`."""
