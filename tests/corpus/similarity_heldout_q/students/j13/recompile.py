show_recompile_sequence("j13")
# 1. first call compiles; 2. value change only; 3. numpy float64 -> float32, same key;
# 4. mode="b" compiles; 5. zeros with mode b, same; 6. ones * 2, same
predicted_compiles = 2
