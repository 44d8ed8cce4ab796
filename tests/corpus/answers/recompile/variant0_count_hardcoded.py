# Mistake: copies the count of the statement's example (the pool's first sequence, 4 compilations)
# from a classmate or the example, whatever the student's own sequence is.
predicted_compiles = 4
