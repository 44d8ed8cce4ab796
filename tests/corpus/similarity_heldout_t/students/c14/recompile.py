# [INFO] print my own call sequence
show_recompile_sequence("c14")
# [INFO] (1) compiles: f32[2,3] with a weak float scale, mode "a"
# [INFO] (2) cache hit: only the value of scale changed
# [INFO] (3) cache hit: the float64 NumPy array becomes f32 in x32 mode
# [INFO] (4) compiles: static mode "b" is a new key
# [INFO] (5) cache hit: same key as (4)
# [INFO] (6) cache hit: jnp.ones * 2 is still f32[2,3]
predicted_compiles = 2
