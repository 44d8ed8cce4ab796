show_recompile_sequence("t10")
# new shape, dtype, weak type or static value -> new compile
predicted_compiles = 5
