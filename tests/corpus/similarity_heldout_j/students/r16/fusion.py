def _optimised(f, *args):
    '''The compiled executable of jit(f) for args.'''
    return jax.jit(f).lower(*args).compile()


def fusion_report(f, *args):
    exe = _optimised(f, *args)
    return count_fusions(exe.as_text()), exe.cost_analysis()['bytes accessed']
