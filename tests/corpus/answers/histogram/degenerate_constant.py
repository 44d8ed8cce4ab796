# Degenerate: the same plausible histogram for every function.
def primitive_histogram(f, *args):
    return {"sin": 1, "cos": 1, "cond": 1, "jit": 1}
