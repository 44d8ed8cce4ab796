show_recompile_sequence("w16")
# only call 5 reuses an executable (same as call 2)
predicted_compiles = 5
