import operator
show_recompile_sequence("j16")
predicted_compiles=operator.add( 4,1 )
