# Degenerate: zeros of the right types.
def fusion_report(f, *args):
    return 0, 0.0
