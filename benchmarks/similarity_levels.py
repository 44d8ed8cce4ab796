"""Planted copies at named levels of disguise, for benchmarks/bench_similarity_disguise.py (never run).

Each level is what one kind of copier does to an answer; every level after `verbatim` also renames
every name the answer binds (a copier who restructures code renames it too). A level returns None
when it does not apply to an answer (no loop to rewrite, no statement to split off), and the
benchmark counts it as "not applicable" instead of as a copy that changed nothing.

Python levels (through `ast`, so the copy always parses):
  * `verbatim`: the answer itself;
  * `renamed`: every bound name renamed;
  * `comments`: comments dropped, other comments and docstrings added;
  * `reordered`: top-level definitions shuffled, independent neighbouring statements swapped;
  * `split_inline`: one assignment's right side moved into a new helper function, or a helper
    called once inlined at its call;
  * `loops_comprehensions`: an append loop turned into a comprehension (or the reverse), a `+=`
    loop into `sum(...)` over a generator;
  * `lax_jnp`: `jnp.where` and `lax.select`, `jnp.maximum` and `lax.max`, `a * b` and
    `jnp.multiply(a, b)`, `numpy` and `jnp` ... swapped, commutative operands swapped;
  * `dead_code`: unused assignments, an unused helper, statements after `return` and an
    `if False:` block added.
C++ level `cpp_helpers_dead` (on silu.cc): renamed, reformatted and reordered
(`similarity_disguise.disguise_cpp`), a single-use helper split off, an unused helper and unused
locals added.
"""

from __future__ import annotations

import ast
import copy
import random
import re
from collections.abc import Callable

from benchmarks.similarity_disguise import _BUILTINS, _Binds, _Rename, disguise_cpp

PY_LEVELS = (
    "verbatim",
    "renamed",
    "comments",
    "reordered",
    "split_inline",
    "loops_comprehensions",
    "lax_jnp",
    "dead_code",
)
CPP_LEVELS = ("cpp_helpers_dead",)


def _rename(tree: ast.Module, rng: random.Random, keep: frozenset[str]) -> ast.Module:
    binds = _Binds()
    binds.visit(tree)
    names = sorted(n for n in binds.names if n not in _BUILTINS and n not in keep)
    words = ["acc", "buf", "res", "tmp", "val", "arr", "out", "cur", "w", "z"]
    table = {n: f"{rng.choice(words)}_{rng.choice('abcdefghk')}{i}" for i, n in enumerate(names)}
    return _Rename(table).visit(tree)


def _reads(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _writes(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}


def _bodies(tree: ast.AST) -> list[list[ast.stmt]]:
    out = []
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            body = getattr(node, field, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                out.append(body)
    return out


def _comments(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            doc = ast.Expr(ast.Constant(rng.choice(["Compute it.", "Helper.", "My version."])))
            if (
                node.body
                and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)
            ):
                node.body[0] = doc
            else:
                node.body.insert(0, doc)
    return tree


def _reorder(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    changed = False
    defs = [i for i, s in enumerate(tree.body) if isinstance(s, ast.FunctionDef | ast.ClassDef)]
    if len(defs) > 1:
        moved = [tree.body[i] for i in defs]
        rng.shuffle(moved)
        for i, s in zip(defs, moved, strict=True):
            changed |= tree.body[i] is not s
            tree.body[i] = s
    for body in _bodies(tree):
        for i in range(len(body) - 1):
            a, b = body[i], body[i + 1]
            if not all(isinstance(s, ast.Assign | ast.AugAssign | ast.Expr) for s in (a, b)):
                continue
            if _writes(a) & (_reads(b) | _writes(b)) or _writes(b) & _reads(a):
                continue
            body[i], body[i + 1] = b, a
            changed = True
    return tree if changed else None


_MODULE_NAMES = frozenset({"jnp", "np", "lax", "jax", "numpy", "math"})


def _free_names(expr: ast.expr) -> list[str]:
    """The names a split-off helper takes as parameters (modules stay globals, as a copier's helper
    that runs reads them)."""
    return sorted({n for n in _reads(expr) if n not in _BUILTINS and n not in _MODULE_NAMES})


class _Substitute(ast.NodeTransformer):
    def __init__(self, params: dict[str, ast.expr]) -> None:
        self.params = params

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return copy.deepcopy(self.params[node.id]) if node.id in self.params else node


class _Replace(ast.NodeTransformer):
    def __init__(self, old: ast.AST, new: ast.AST) -> None:
        self.old, self.new = old, new

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        return self.new if node is self.old else node


def _split(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    """Inline a top-level helper whose body is `return E` and that is called once; else split the
    right side of the longest assignment inside a function into a new helper."""
    helpers = {
        s.name: s
        for s in tree.body
        if isinstance(s, ast.FunctionDef)
        and len(s.body) == 1
        and isinstance(s.body[0], ast.Return)
        and s.body[0].value is not None
        and not s.decorator_list
        and not s.args.vararg
        and not s.args.kwonlyargs
        and not s.args.defaults
    }
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    for name, helper in helpers.items():
        uses = [c for c in calls if c.func.id == name]  # type: ignore[attr-defined]
        named = sum(isinstance(n, ast.Name) and n.id == name for n in ast.walk(tree))
        if (
            len(uses) == 1
            and named == 1
            and len(uses[0].args) == len(helper.args.args)
            and not uses[0].keywords
        ):
            params = {a.arg: arg for a, arg in zip(helper.args.args, uses[0].args, strict=True)}

            body = _Substitute(params).visit(copy.deepcopy(helper.body[0].value))  # type: ignore[arg-type]
            tree = _Replace(uses[0], body).visit(tree)
            tree.body.remove(helper)
            return tree
    best: tuple[int, ast.FunctionDef, int] | None = None
    for fn in [s for s in tree.body if isinstance(s, ast.FunctionDef)]:
        for i, stmt in enumerate(fn.body):
            if isinstance(stmt, ast.Assign | ast.Return) and stmt.value is not None:
                size = sum(1 for _ in ast.walk(stmt.value))
                if size >= 6 and (best is None or size > best[0]):
                    best = (size, fn, i)
    if best is None:
        return None
    _, fn, i = best
    stmt = fn.body[i]
    free = _free_names(stmt.value)  # type: ignore[arg-type]
    name = f"_part{rng.randint(1, 99)}"
    helper = ast.FunctionDef(
        name=name,
        args=ast.arguments(
            posonlyargs=[], args=[ast.arg(n) for n in free], kwonlyargs=[], kw_defaults=[], defaults=[]
        ),
        body=[ast.Return(stmt.value)],
        decorator_list=[],
        returns=None,
        type_params=[],
    )
    stmt.value = ast.Call(ast.Name(name, ast.Load()), [ast.Name(n, ast.Load()) for n in free], [])  # type: ignore[union-attr]
    tree.body.insert(tree.body.index(fn), helper)
    return tree


def _loops(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    changed = False
    for body in _bodies(tree):
        i = 0
        while i < len(body):
            s = body[i]
            nxt = body[i + 1] if i + 1 < len(body) else None
            # acc = []; for x in it: acc.append(E)   ->   acc = [E for x in it]
            if (
                isinstance(s, ast.Assign)
                and len(s.targets) == 1
                and isinstance(s.targets[0], ast.Name)
                and isinstance(s.value, ast.List)
                and not s.value.elts
                and isinstance(nxt, ast.For)
                and not nxt.orelse
                and len(nxt.body) == 1
                and isinstance(nxt.body[0], ast.Expr)
                and isinstance(call := nxt.body[0].value, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "append"
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == s.targets[0].id
                and len(call.args) == 1
            ):
                comp = ast.ListComp(call.args[0], [ast.comprehension(nxt.target, nxt.iter, [], 0)])
                body[i : i + 2] = [ast.Assign([s.targets[0]], comp)]
                changed = True
            # acc = 0; for x in it: acc += E   ->   acc = sum(E for x in it)
            elif (
                isinstance(s, ast.Assign)
                and len(s.targets) == 1
                and isinstance(s.targets[0], ast.Name)
                and isinstance(s.value, ast.Constant)
                and s.value.value == 0
                and isinstance(nxt, ast.For)
                and not nxt.orelse
                and len(nxt.body) == 1
                and isinstance(aug := nxt.body[0], ast.AugAssign)
                and isinstance(aug.op, ast.Add)
                and isinstance(aug.target, ast.Name)
                and aug.target.id == s.targets[0].id
            ):
                gen = ast.GeneratorExp(aug.value, [ast.comprehension(nxt.target, nxt.iter, [], 0)])
                body[i : i + 2] = [
                    ast.Assign([s.targets[0]], ast.Call(ast.Name("sum", ast.Load()), [gen], []))
                ]
                changed = True
            # x = [E for t in it]   ->   x = []; for t in it: x.append(E)
            elif (
                isinstance(s, ast.Assign)
                and len(s.targets) == 1
                and isinstance(s.targets[0], ast.Name)
                and isinstance(s.value, ast.ListComp)
                and len(s.value.generators) == 1
                and not s.value.generators[0].ifs
            ):
                gen = s.value.generators[0]
                name = s.targets[0].id
                append = ast.parse(f"{name}.append(__E__)").body[0]
                append.value.args = [s.value.elt]  # type: ignore[attr-defined]
                body[i : i + 1] = [
                    ast.parse(f"{name} = []").body[0],
                    ast.For(gen.target, gen.iter, [append], []),
                ]
                changed = True
            # tuple(E for t in it) / sum(E for t in it) / [E for ...] as an argument: an explicit loop
            i += 1
    for node in ast.walk(tree):  # comprehensions passed on directly: a loop into a named list
        if (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.GeneratorExp)
            and not changed
        ):
            node.args[0] = ast.ListComp(node.args[0].elt, node.args[0].generators)
            changed = True
    return tree if changed else None


# (jnp name, lax name) of one operation; `numpy` spells most of the jnp names the same
_SWAPS = {
    "where": "select",
    "maximum": "max",
    "minimum": "min",
    "exp": "exp",
    "sqrt": "sqrt",
    "log": "log",
    "tanh": "tanh",
    "abs": "abs",
    "negative": "neg",
    "square": "square",
}
_OPS = {ast.Add: "add", ast.Mult: "multiply", ast.Sub: "subtract", ast.Div: "divide"}


def _lax_jnp(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    changed = False

    class Swap(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            nonlocal changed
            self.generic_visit(node)
            if isinstance(node.value, ast.Name) and node.value.id in ("jnp", "np") and node.attr in _SWAPS:
                node.value.id, node.attr = "lax", _SWAPS[node.attr]
                changed = True
            elif isinstance(node.value, ast.Name) and node.value.id == "np":
                node.value.id = "jnp"
                changed = True
            return node

        def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
            nonlocal changed
            self.generic_visit(node)
            op = _OPS.get(type(node.op))
            if op is None or rng.random() < 0.5:
                return node
            changed = True
            if isinstance(node.op, ast.Add | ast.Mult) and rng.random() < 0.5:
                node.left, node.right = node.right, node.left  # commutative operands swapped
                return node
            return ast.Call(
                ast.Attribute(ast.Name("jnp", ast.Load()), op, ast.Load()), [node.left, node.right], []
            )

    tree = Swap().visit(tree)
    return tree if changed else None


def _dead(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    fns = [s for s in ast.walk(tree) if isinstance(s, ast.FunctionDef)]
    for fn in fns:
        params = [a.arg for a in fn.args.args] or ["0"]
        unused = ast.parse(f"_scratch = {rng.choice(params)} * {rng.randint(2, 9)}").body[0]
        fn.body.insert(rng.randint(0, max(0, len(fn.body) - 1)), unused)
        if isinstance(fn.body[-1], ast.Return):
            fn.body.append(ast.parse("_never = None").body[0])  # unreachable
    tree.body.insert(0, ast.parse(f"def _unused_helper(v):\n    return v + {rng.randint(1, 9)}").body[0])
    tree.body.append(ast.parse("if False:\n    _debug = True").body[0])
    return tree


_PY_TRANSFORMS: dict[str, Callable[[ast.Module, random.Random], ast.Module | None]] = {
    "comments": _comments,
    "reordered": _reorder,
    "split_inline": _split,
    "loops_comprehensions": _loops,
    "lax_jnp": _lax_jnp,
    "dead_code": _dead,
}


def python_copy(source: str, level: str, seed: int, keep: frozenset[str] = frozenset()) -> str | None:
    """A copy of a Python answer at `level`, or None when the level does not apply to it. `keep`:
    names the grader looks up (those of the release's starter code), which a copier cannot rename."""
    if level == "verbatim":
        return source
    rng = random.Random(seed)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    transform = _PY_TRANSFORMS.get(level)
    if transform is not None:
        done = transform(tree, rng)
        if done is None:
            return None
        tree = done
    tree = _rename(tree, rng, keep)
    ast.fix_missing_locations(tree)
    lines = ast.unparse(tree).split("\n")
    if level == "comments":
        out = []
        for line in lines:
            if rng.random() < 0.3 and line.strip():
                out.append(
                    re.match(r"\s*", line).group(0) + rng.choice(["# next step", "# see notes", "# TODO"])
                )  # type: ignore[union-attr]
            out.append(line)
        lines = out
    return "\n".join(lines) + "\n"


def cpp_copy(source: str, level: str, seed: int) -> str | None:
    """silu.cc renamed, reordered and reformatted, with a split-off helper and dead code."""
    if level != "cpp_helpers_dead":
        raise ValueError(level)
    rng = random.Random(seed)
    text = disguise_cpp(source, seed)
    # an unused static helper after the includes, and an unused local in every function body
    dead = (
        f"static inline float Unused{rng.randint(1, 99)}(float q) {{ return q * {rng.randint(2, 9)}.0f; }}\n"
    )
    at = text.find("// helper kernels")
    text = text[:at] + dead + text[at:]
    text = re.sub(
        r"(\)\s*\{)", lambda m: m.group(1) + f" int dead{rng.randint(1, 99)} = 0; (void)0;", text, count=3
    )
    # a single-use helper: the first `1.0f + ` sum becomes a call
    m = re.search(r"1\.0f \+ ([^;()]+?\([^;()]*\))", text)
    if m:
        text = text[: m.start()] + f"OnePlus({m.group(1)})" + text[m.end() :]
        text = text.replace(
            "// helper kernels",
            "static inline float OnePlus(float v) { return 1.0f + v; }\n// helper kernels",
            1,
        )
    return text
