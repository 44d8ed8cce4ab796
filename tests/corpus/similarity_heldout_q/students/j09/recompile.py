show_recompile_sequence("j09")
# Predicted number of compilations for my own call sequence.
predicted_compiles: int = 4
