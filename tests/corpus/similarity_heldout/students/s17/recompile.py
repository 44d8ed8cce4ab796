show_recompile_sequence("s17")
# 1: new entry
# 2: only the value of a weak float changed, hit
# 4: static argument changed -> new
# 3: strongly typed float32 scalar -> new
# 6: weak int scalar -> new
# 5: float64 becomes float32 under x32, but the shape differs -> new
predicted_compiles = 1 + 1 + 1 + 1 + 1
