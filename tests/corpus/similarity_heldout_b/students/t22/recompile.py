show_recompile_sequence("t22")
# new shape, dtype, weak type or static value -> new compile
predicted_compiles = 5
