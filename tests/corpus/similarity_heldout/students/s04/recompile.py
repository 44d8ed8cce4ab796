# Exercise 2: predict before running.
show_recompile_sequence("s04")
# call 1 compiles (first time), call 2 same key,
# call 3 new static value -> compile, the others reuse one of the two entries.
predicted_compiles = 2
