# Degenerate: None.
gammaln_cb = None
