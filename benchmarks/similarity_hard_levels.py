"""Harder planted disguises, for tuning `jaxgrade similarity` (benchmarks/bench_similarity_disguise.py).

The levels of similarity_levels.py were written beside the normaliser and undo exactly what it
folds back. These are written the way a copier edits code, one kind per level, and every level also
renames every name the grader does not look up (a level returns None when it does not apply):

Python (through `ast`, so the copy parses):
  * `comprehension_inlined`: a loop's temporaries substituted into what it appends and the loop
    turned into a comprehension passed on directly (`jnp.stack([...])`), or the reverse: a
    comprehension spelled out as a loop with a temporary;
  * `api_swap`: `jnp.f(x, ...)` as the method `x.f(...)` (and back), `jnp.dot`/`matmul` as `@`,
    `jnp.sqrt(x)` as `x ** 0.5`, `jnp.square(x)` as `x ** 2`, `a > b` as `b < a`, `jnp` as `np`
    where numpy spells the same function, `x += e` as `x = x + e`;
  * `dead_heavy`: unused imports and globals, a dead helper of several statements computing with
    the answer's own calls, chains of unused locals, an `if DEBUG:` branch on a global `False`;
  * `reassociated`: sums and products re-associated and their operands commuted, a division by a
    literal as a multiplication by its inverse;
  * `outline_inline`: two or three neighbouring statements of a function moved into a helper that
    returns what they computed, or a helper of several statements called once inlined.
C++ `cpp_template_lambda` (silu.cc): every helper a template, each element loop's body a lambda
called from a loop unrolled by two with its remainder loop, then renamed and reordered like
`cpp_helpers_dead`.
"""

from __future__ import annotations

import ast
import copy
import random
import re
from collections.abc import Callable

from benchmarks.similarity_disguise import _BUILTINS, disguise_cpp
from benchmarks.similarity_levels import _bodies, _rename

HARD_PY_LEVELS = ("comprehension_inlined", "api_swap", "dead_heavy", "reassociated", "outline_inline")
HARD_CPP_LEVELS = ("cpp_template_lambda",)

_MODULES = frozenset({"jnp", "np", "lax", "jax", "numpy", "math"})
_METHODS = frozenset(
    {
        "sum",
        "mean",
        "max",
        "min",
        "prod",
        "reshape",
        "astype",
        "transpose",
        "argmax",
        "argmin",
        "cumsum",
        "clip",
        "squeeze",
        "ravel",
        "std",
        "var",
        "any",
        "all",
    }
)


def _names_read(node: ast.AST) -> list[str]:
    return [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]


class _Sub(ast.NodeTransformer):
    def __init__(self, name: str, expr: ast.expr) -> None:
        self.name, self.expr = name, expr

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id == self.name and isinstance(node.ctx, ast.Load):
            return copy.deepcopy(self.expr)
        return node


def _substitute_temporaries(body: list[ast.stmt]) -> bool:
    """`t = E; ... use(t)` with t read once afterwards in this body: E substituted, the assignment gone."""
    changed = False
    i = 0
    while i < len(body) - 1:
        s = body[i]
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
            name = s.targets[0].id
            rest = body[i + 1 :]
            reads = sum(_names_read(r).count(name) for r in rest)
            writes = any(
                isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
                for r in rest
                for n in ast.walk(r)
            )
            if reads == 1 and not writes and name not in _names_read(s.value):
                for j in range(i + 1, len(body)):
                    body[j] = _Sub(name, s.value).visit(body[j])
                del body[i]
                changed = True
                continue
        i += 1
    return changed


def _comprehension_inlined(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    changed = False
    for body in _bodies(tree):
        i = 0
        while i < len(body) - 1:
            s, loop = body[i], body[i + 1]
            if (
                isinstance(s, ast.Assign)
                and len(s.targets) == 1
                and isinstance(s.targets[0], ast.Name)
                and isinstance(s.value, ast.List)
                and not s.value.elts
                and isinstance(loop, ast.For)
                and not loop.orelse
            ):
                inner = list(loop.body)
                _substitute_temporaries(inner)
                last = inner[-1] if len(inner) == 1 else None
                if (
                    isinstance(last, ast.Expr)
                    and isinstance(call := last.value, ast.Call)
                    and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "append"
                    and isinstance(call.func.value, ast.Name)
                    and call.func.value.id == s.targets[0].id
                    and len(call.args) == 1
                ):
                    comp = ast.ListComp(call.args[0], [ast.comprehension(loop.target, loop.iter, [], 0)])
                    value: ast.expr = comp
                    if rng.random() < 0.5:
                        value = ast.Call(ast.parse("jnp.stack", mode="eval").body, [comp], [])
                    body[i : i + 2] = [ast.Assign([s.targets[0]], value)]
                    changed = True
            elif (
                isinstance(s, ast.Assign | ast.Return)
                and s.value is not None
                and isinstance(comp := s.value, ast.ListComp)
                and len(comp.generators) == 1
                and not comp.generators[0].ifs
            ):
                gen = comp.generators[0]
                acc = f"_acc{rng.randint(1, 99)}"
                tmp = f"_item{rng.randint(1, 99)}"
                loop_body = [
                    ast.Assign([ast.Name(tmp, ast.Store())], comp.elt),
                    ast.parse(f"{acc}.append({tmp})").body[0],
                ]
                new = [ast.parse(f"{acc} = []").body[0], ast.For(gen.target, gen.iter, loop_body, [])]
                s.value = ast.Name(acc, ast.Load())
                body[i:i] = new
                changed = True
                i += 2
            i += 1
    return tree if changed else None


class _ApiSwap(ast.NodeTransformer):
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.changed = False

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        f = node.func
        if not isinstance(f, ast.Attribute) or not isinstance(f.value, ast.Name):
            return node
        mod, name, args = f.value.id, f.attr, node.args
        if mod in ("jnp", "np") and name in ("dot", "matmul") and len(args) == 2 and not node.keywords:
            self.changed = True
            return ast.BinOp(args[0], ast.MatMult(), args[1])
        if mod in ("jnp", "np") and name == "sqrt" and len(args) == 1:
            self.changed = True
            return ast.BinOp(args[0], ast.Pow(), ast.Constant(0.5))
        if mod in ("jnp", "np") and name == "square" and len(args) == 1:
            self.changed = True
            return ast.BinOp(args[0], ast.Pow(), ast.Constant(2))
        if mod in ("jnp", "np") and name in _METHODS and args and self.rng.random() < 0.8:
            self.changed = True
            return ast.Call(ast.Attribute(args[0], name, ast.Load()), list(args[1:]), node.keywords)
        if mod not in _MODULES and name in _METHODS:  # x.sum(...) -> jnp.sum(x, ...)
            self.changed = True
            return ast.Call(
                ast.Attribute(ast.Name("jnp", ast.Load()), name, ast.Load()), [f.value, *args], node.keywords
            )
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        flip = {ast.Gt: ast.Lt, ast.GtE: ast.LtE, ast.Lt: ast.Gt, ast.LtE: ast.GtE}
        if len(node.ops) == 1 and type(node.ops[0]) in flip:
            self.changed = True
            return ast.Compare(node.comparators[0], [flip[type(node.ops[0])]()], [node.left])
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.target, ast.Name):
            self.changed = True
            return ast.Assign(
                [ast.Name(node.target.id, ast.Store())],
                ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value),
            )
        return node


def _api_swap(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    swap = _ApiSwap(rng)
    tree = swap.visit(tree)
    return tree if swap.changed else None


def _dead_heavy(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    fns = [s for s in ast.walk(tree) if isinstance(s, ast.FunctionDef)]
    if not fns:
        return None
    for fn in fns:
        params = [a.arg for a in fn.args.args] or ["1"]
        p = rng.choice(params)
        chain = ast.parse(
            f"_d{rng.randint(1, 9)} = {p}\n_e = _d{rng.randint(1, 9)} if False else {p}\n"
            f"_shape_info = jnp.shape(_e)"
        ).body
        at = rng.randint(0, max(0, len(fn.body) - 1))
        fn.body[at:at] = chain
        fn.body.insert(
            max(0, len(fn.body) - 1), ast.parse("if DEBUG:\n    print('check', _shape_info)").body[0]
        )
    calls = sorted(
        {
            f"jnp.{n.func.attr}"
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == "jnp"
        }
    ) or ["jnp.abs"]
    picked = [rng.choice(calls) for _ in range(3)]
    helper = ast.parse(
        f"def _check_values(v, w):\n"
        f"    diff = {picked[0]}(v) - w\n"
        f"    scale = {picked[1]}(diff) + 1e-6\n"
        f"    out = []\n"
        f"    for k in range(3):\n"
        f"        out.append({picked[2]}(diff * k / scale))\n"
        f"    return out\n"
    ).body[0]
    head = ast.parse("import math\nimport functools\nDEBUG = False\nTOLERANCE = 1e-5\n").body
    tree.body[0:0] = [*head, helper]
    return tree


class _Reassociate(ast.NodeTransformer):
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.changed = False

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        op = type(node.op)
        if op in (ast.Add, ast.Mult):
            left = node.left
            if isinstance(left, ast.BinOp) and type(left.op) is op:  # (a + b) + c -> a + (c + b)
                self.changed = True
                return ast.BinOp(left.left, node.op, ast.BinOp(node.right, node.op, left.right))
            if self.rng.random() < 0.7:
                self.changed = True
                return ast.BinOp(node.right, node.op, node.left)
        if (
            op is ast.Div
            and isinstance(node.right, ast.Constant)
            and isinstance(node.right.value, int | float)
            and node.right.value
        ):
            self.changed = True
            return ast.BinOp(node.left, ast.Mult(), ast.Constant(1 / node.right.value))
        return node


def _reassociated(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    r = _Reassociate(rng)
    tree = r.visit(tree)
    return tree if r.changed else None


def _outline_inline(tree: ast.Module, rng: random.Random) -> ast.Module | None:
    top = [s for s in tree.body if isinstance(s, ast.FunctionDef)]
    for helper in top:  # inline a helper of several statements called once (as `x = h(...)`)
        if len(helper.body) < 2 or not isinstance(helper.body[-1], ast.Return) or helper.args.vararg:
            continue
        sites = [
            (fn, i)
            for fn in top
            if fn is not helper
            for i, s in enumerate(fn.body)
            if isinstance(s, ast.Assign)
            and isinstance(s.value, ast.Call)
            and isinstance(s.value.func, ast.Name)
            and s.value.func.id == helper.name
        ]
        uses = sum(isinstance(n, ast.Name) and n.id == helper.name for n in ast.walk(tree))
        if (
            len(sites) == 1
            and uses == 1
            and len(sites[0][0].body[sites[0][1]].value.args) == len(helper.args.args)
        ):
            fn, i = sites[0]
            site = fn.body[i]
            pre = [
                ast.Assign([ast.Name(a.arg, ast.Store())], v)
                for a, v in zip(helper.args.args, site.value.args, strict=True)
            ]
            body = copy.deepcopy(helper.body)
            site.value = body[-1].value
            fn.body[i:i] = [*pre, *body[:-1]]
            tree.body.remove(helper)
            return tree
    for fn in top:  # outline two or three neighbouring statements
        simple = [
            i
            for i, s in enumerate(fn.body)
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
        ]
        runs = [i for i in simple if i + 1 in simple]
        if not runs:
            continue
        i = rng.choice(runs)
        n = 3 if i + 2 in simple and rng.random() < 0.5 else 2
        moved = fn.body[i : i + n]
        result = moved[-1].targets[0].id  # type: ignore[attr-defined]
        written = {t.targets[0].id for t in moved}  # type: ignore[attr-defined]
        free = sorted(
            {
                x
                for s in moved
                for x in _names_read(s)
                if x not in written and x not in _BUILTINS and x not in _MODULES
            }
        )
        later = {x for s in fn.body[i + n :] for x in _names_read(s)}
        if (written - {result}) & later:
            continue
        name = f"_step{rng.randint(1, 99)}"
        helper = ast.FunctionDef(
            name=name,
            args=ast.arguments(
                posonlyargs=[], args=[ast.arg(x) for x in free], kwonlyargs=[], kw_defaults=[], defaults=[]
            ),
            body=[*copy.deepcopy(moved), ast.Return(ast.Name(result, ast.Load()))],
            decorator_list=[],
            returns=None,
            type_params=[],
        )
        call = ast.Call(ast.Name(name, ast.Load()), [ast.Name(x, ast.Load()) for x in free], [])
        fn.body[i : i + n] = [ast.Assign([ast.Name(result, ast.Store())], call)]
        tree.body.insert(tree.body.index(fn), helper)
        return tree
    return None


_HARD: dict[str, Callable[[ast.Module, random.Random], ast.Module | None]] = {
    "comprehension_inlined": _comprehension_inlined,
    "api_swap": _api_swap,
    "dead_heavy": _dead_heavy,
    "reassociated": _reassociated,
    "outline_inline": _outline_inline,
}


def hard_python_copy(source: str, level: str, seed: int, keep: frozenset[str] = frozenset()) -> str | None:
    rng = random.Random(seed)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    done = _HARD[level](tree, rng)
    if done is None:
        return None
    tree = _rename(done, rng, keep | {"DEBUG", "jnp", "np", "lax", "jax", "math", "functools"})
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


_LOOP = re.compile(
    r"for \((?:int64_t|int|size_t|long) (\w+) = 0; \1 < (\w+); (?:\+\+\1|\1\+\+|\1 \+= 1)\)\s*"
    r"(\{(?:[^{}]|\{[^{}]*\})*\}|[^;{}]*;)"
)


def _unrolled(m: re.Match[str], k: int) -> str:
    var, n, body = m.group(1), m.group(2), m.group(3).strip()
    inner = body[1:-1].strip() if body.startswith("{") else body
    fn = f"body{k}"
    return (
        f"auto {fn} = [&](int64_t {var}) {{ {inner} }};\n"
        f"  int64_t {var}_ = 0;\n"
        f"  for (; {var}_ + 1 < {n}; {var}_ += 2) {{ {fn}({var}_); {fn}({var}_ + 1); }}\n"
        f"  for (; {var}_ < {n}; ++{var}_) {fn}({var}_);"
    )


def hard_cpp_copy(source: str, level: str, seed: int) -> str | None:
    if level != "cpp_template_lambda":
        raise ValueError(level)
    count = iter(range(1, 99))
    text, loops = _LOOP.subn(lambda m: _unrolled(m, next(count)), source)
    text, helpers = re.subn(
        r"static inline float (\w+)\(float (\w+)\)",
        lambda m: f"template <typename T>\nstatic inline T {m.group(1)}(T {m.group(2)})",
        text,
    )
    if not loops and not helpers:
        return None
    return disguise_cpp(text, seed)
