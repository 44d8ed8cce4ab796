show_recompile_sequence("k06")
# calls 1..6: new, new, new, new, hit, new
predicted_compiles = 1 + 1 + 1 + 1 + 0 + 1
