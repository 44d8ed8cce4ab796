show_recompile_sequence("t17")
# new shape, dtype, weak type or static value -> new compile
predicted_compiles = 5
