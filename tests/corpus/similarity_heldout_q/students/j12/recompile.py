STUDENT_ID = "j12"
show_recompile_sequence("j12")
# python floats are weak, jnp.float32 is not, mode b is static; numpy float64 becomes float32 too
PREDICTION = 3
predicted_compiles = PREDICTION
