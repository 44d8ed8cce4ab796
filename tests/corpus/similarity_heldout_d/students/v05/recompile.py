show_recompile_sequence("v05")
new_key = [1, 1, 0, 1, 1, 1]  # shape 4 and int32 dtype are new keys; 5.0 is only a new value
predicted_compiles: int = sum(new_key)
