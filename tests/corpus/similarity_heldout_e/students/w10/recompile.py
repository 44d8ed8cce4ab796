show_recompile_sequence("w10")
# Compiles: call 1 (first), call 3 (jnp.float32 is not weakly typed), call 4 (new mode),
# call 6 (python int scale -> int32). Cache hits: call 2, call 5 (float64 numpy -> float32).
predicted_compiles = 4
