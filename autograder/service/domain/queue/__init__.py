"""The grading queue in the database and the lease protocol its workers (and the regrade queue) hold
attempts by. Finishing a grading is the command that records it (`attempt_queue.finish_graded`):
grade, audit, artefacts, quiz answers and the LMS score in one transaction, through `gradebook`."""
