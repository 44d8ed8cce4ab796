# Degenerate: None registered as every rule.
ad.primitive_jvps[custom_reduce_sum_p] = None
ad.primitive_transposes[custom_reduce_sum_p] = None
batching.primitive_batchers[custom_reduce_sum_p] = None
