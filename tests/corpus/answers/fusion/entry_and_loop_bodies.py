# Mistake: counts the fusions of the ENTRY computation and of every computation a while loop runs
# (its condition and body, and the calls wrapping it, followed transitively), but not of a conditional's branch computations.
# Wrong on `hlo.branch_fusions`: a lax.cond keeps each branch's fusions in a computation of its own.
import re


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    text = compiled.as_text()
    blocks = {}
    for block in text.split("\n\n"):
        header = re.match(r"(?:ENTRY )?%(\S+) ", block.strip())
        if header:
            blocks[header.group(1)] = ("ENTRY" if block.strip().startswith("ENTRY") else "", block)
    todo = [name for name, (tag, _) in blocks.items() if tag == "ENTRY"]
    seen, fusions = set(), 0
    while todo:
        name = todo.pop()
        if name in seen or name not in blocks:
            continue
        seen.add(name)
        body = blocks[name][1]
        fusions += len(re.findall(r"= \S+ fusion\(", body))
        todo += re.findall(r"(?:condition|body|to_apply)=%([\w.\-]+)", body)
    return fusions, compiled.cost_analysis()["bytes accessed"]
