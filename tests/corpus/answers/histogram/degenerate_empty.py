# Degenerate: an empty mapping whatever the function.
def primitive_histogram(f, *args):
    return {}
