# Degenerate: None.
rms_norm_prim_p = None
