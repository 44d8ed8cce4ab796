# Degenerate: returns None.
def safe_pairwise_distance(X, Y):
    return None
