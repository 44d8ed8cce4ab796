# Correct, for any student: shows the student's own sequence (by their own id, as the notebook asks)
# and measures it under CompileCounter (the grader still measures on its own in a clean process).
from jaxcourse.variants import selected_sequence

show_recompile_sequence("@student_id@")
with CompileCounter("g") as cc:
    exec(selected_sequence(), {"jax": jax, "jnp": jnp, "np": np})
predicted_compiles = cc.count
