# Degenerate: hands back X.
def safe_pairwise_distance(X, Y):
    return X
