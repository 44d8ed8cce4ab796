show_recompile_sequence("s07")
# cache key = (shapes, dtypes, weak_type, static args)
predicted_compiles = 5
