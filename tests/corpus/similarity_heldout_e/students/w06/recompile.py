show_recompile_sequence('w06')
# calls 1, 3 (strong float32 scalar), 4 (mode='b') and 6 (int scale) compile;
# 2 only changes the value, 5 becomes float32 under x32 and hits call 1
predicted_compiles = 4
