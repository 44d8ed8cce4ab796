show_recompile_sequence("z11")
_seen_calls = 6
predicted_compiles = 2
