# Mistake: measures the statement's example instead of the student's own sequence. It never calls
# show_recompile_sequence with the student's id, so selected_sequence() is the pool's first sequence
# (the example every notebook shows): the right number only for students of that variant.
from jaxcourse.variants import selected_sequence

with CompileCounter("g") as cc:
    exec(selected_sequence(), {"jax": jax, "jnp": jnp, "np": np})
predicted_compiles = cc.count
