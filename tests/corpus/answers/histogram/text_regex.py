# Bypass: parses the printed jaxpr text instead of walking the equations (str(jaxpr) prints a
# shared sub-jaxpr once, so repeated inner jit calls are undercounted): the gate fails.
import re


def primitive_histogram(f, *args):
    text = str(jax.make_jaxpr(f)(*args))
    return Counter(re.findall(r"= ([a-z_][a-z_0-9]*)", text))
