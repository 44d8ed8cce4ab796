# Degenerate: the same pair for every function.
def fusion_report(f, *args):
    return 1, 1000.0
