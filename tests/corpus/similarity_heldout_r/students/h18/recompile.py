show_recompile_sequence("h18")
predicted_compiles = sum( 1 for new in ( True, False, True, True, False, True ) if new )
