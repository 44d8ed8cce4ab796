show_recompile_sequence('x15')
# 1, 2 (f16 x), 3 (f16 scale), 4 (len 6) compile; 6: explicit mode='a' also compiles; 5 = 1
predicted_compiles = 4 + 1
