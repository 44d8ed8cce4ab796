"""Disguised copies of corpus answers, for benchmarks/bench_similarity.py (never graded, never run).

Python (`disguise_python`, through `ast`): every identifier the answer binds renamed (functions,
parameters, locals, import aliases, classes), top-level definitions shuffled, `for i in range(n)`
loops turned into `while` loops and `for x in xs` into index loops, prints and dead `if False:`
blocks inserted into every function body, comments added. C++ (`disguise_cpp`, through
tree-sitter): every declared name renamed except the exported handler symbols, top-level
definitions reordered (the helpers and handlers, the export macros last), reformatted (one token
per line in places, other indentation), comments added.
"""

from __future__ import annotations

import ast
import builtins
import random
import re

_BUILTINS = frozenset(dir(builtins))
_KEEP_CPP = frozenset({"Silu", "SiluBwd", "main", "std", "ffi", "xla"})


class _Binds(ast.NodeVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.names.add(node.name)
        for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs):
            self.names.add(a.arg)
        for a in (node.args.vararg, node.args.kwarg):
            if a is not None:
                self.names.add(a.arg)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for a in node.args.args:
            self.names.add(a.arg)
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.names.add(node.name)
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Store):
            self.names.add(node.id)

    def visit_alias(self, node: ast.alias) -> None:
        if node.asname:
            self.names.add(node.asname)


class _Rename(ast.NodeTransformer):
    def __init__(self, table: dict[str, str]) -> None:
        self.table = table

    def _n(self, name: str) -> str:
        return self.table.get(name, name)

    def visit_Name(self, node: ast.Name) -> ast.Name:
        node.id = self._n(node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.arg = self._n(node.arg)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.name = self._n(node.name)
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.ClassDef:
        node.name = self._n(node.name)
        self.generic_visit(node)
        return node

    def visit_alias(self, node: ast.alias) -> ast.alias:
        if node.asname:
            node.asname = self._n(node.asname)
        return node

    def visit_keyword(self, node: ast.keyword) -> ast.keyword:  # own functions' keyword names follow
        if node.arg is not None and node.arg in self.table:
            node.arg = self.table[node.arg]
        self.generic_visit(node)
        return node


class _Loops(ast.NodeTransformer):
    def visit_For(self, node: ast.For) -> ast.AST | list[ast.stmt]:
        self.generic_visit(node)
        if node.orelse or not isinstance(node.target, ast.Name):
            return node
        it = node.iter
        var = node.target.id
        if (
            isinstance(it, ast.Call)
            and isinstance(it.func, ast.Name)
            and it.func.id == "range"
            and len(it.args) == 1
            and not _has(node.body, ast.Continue)
        ):
            init = ast.parse(f"{var} = 0").body[0]
            loop = ast.While(
                test=ast.Compare(ast.Name(var, ast.Load()), [ast.Lt()], [it.args[0]]),
                body=[*node.body, ast.parse(f"{var} += 1").body[0]],
                orelse=[],
            )
            return [init, loop]
        seq = f"_seq_{var}"
        head = ast.parse(f"{seq} = list(__IT__)").body[0]
        head.value.args = [it]  # type: ignore[attr-defined]
        body = [ast.parse(f"{var} = {seq}[_k_{var}]").body[0], *node.body]
        return [
            head,
            ast.For(
                target=ast.Name(f"_k_{var}", ast.Store()),
                iter=ast.parse(f"range(len({seq}))", mode="eval").body,
                body=body,
                orelse=[],
            ),
        ]


def _has(body: list[ast.stmt], kind: type) -> bool:
    return any(isinstance(n, kind) for s in body for n in ast.walk(s))


class _Noise(ast.NodeTransformer):
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self.generic_visit(node)
        args = [a.arg for a in node.args.args] or ["None"]
        debug = ast.parse(f"print('debug', {self.rng.choice(args)})").body[0]
        dead = ast.parse(f"if False:\n    _unused = {self.rng.randint(1, 99)} * 2\n    print(_unused)").body[
            0
        ]
        at = self.rng.randint(0, max(0, len(node.body) - 1))
        node.body[at:at] = [debug, dead]
        return node

    visit_AsyncFunctionDef = visit_FunctionDef


def disguise_python(source: str, seed: int) -> str:
    """A disguised copy of a Python answer; the source itself when it does not parse."""
    rng = random.Random(seed)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    binds = _Binds()
    binds.visit(tree)
    names = sorted(n for n in binds.names if n not in _BUILTINS)
    table = {
        n: f"{rng.choice('abcdefghuvwxyz')}{rng.choice(['val', 'tmp', 'q', 'item', 'z'])}{i}"
        for i, n in enumerate(names)
    }
    tree = _Noise(rng).visit(_Loops().visit(_Rename(table).visit(tree)))
    defs = [s for s in tree.body if isinstance(s, ast.FunctionDef | ast.ClassDef)]
    rest = [s for s in tree.body if not isinstance(s, ast.FunctionDef | ast.ClassDef)]
    rng.shuffle(defs)
    tree.body = [*rest[:1], *defs, *rest[1:]] if rng.random() < 0.5 else [*defs, *rest]
    ast.fix_missing_locations(tree)
    lines = ast.unparse(tree).split("\n")
    out = ["# my solution"]
    for line in lines:
        out.append(line)
        if rng.random() < 0.2 and line.strip():
            out.append(re.match(r"\s*", line).group(0) + "# step")  # type: ignore[union-attr]
    return "\n".join(out) + "\n"


def _cpp_tree(data: bytes):  # noqa: ANN202 (a tree-sitter tree)
    import tree_sitter_cpp
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_cpp.language())).parse(data)


def _declared_cpp(node, found: set[str]) -> None:  # noqa: ANN001
    if node.type in (
        "function_declarator",
        "init_declarator",
        "parameter_declaration",
        "declaration",
        "pointer_declarator",
        "reference_declarator",
        "array_declarator",
        "optional_parameter_declaration",
    ):
        for c in node.children:
            if c.type == "identifier":
                found.add(c.text.decode())
    for c in node.children:
        _declared_cpp(c, found)


def disguise_cpp(source: str, seed: int) -> str:
    rng = random.Random(seed)
    data = source.encode()
    tree = _cpp_tree(data)
    declared: set[str] = set()
    _declared_cpp(tree.root_node, declared)
    table = {
        n: f"{rng.choice('kmpr')}{rng.choice(['Buf', 'Val', 'Fn', 'Idx'])}{i}"
        for i, n in enumerate(sorted(declared - _KEEP_CPP))
    }
    # top-level pieces: rename identifiers inside each, then reorder the definitions
    pieces: list[tuple[str, str]] = []
    for child in tree.root_node.children:
        text = bytearray()
        pos = child.start_byte
        stack = [child]
        leaves = []
        while stack:
            n = stack.pop()
            if n.child_count == 0:
                leaves.append(n)
            else:
                stack.extend(reversed(n.children))
        for leaf in leaves:
            text += data[pos : leaf.start_byte]
            word = data[leaf.start_byte : leaf.end_byte].decode()
            text += (table.get(word, word) if leaf.type == "identifier" else word).encode()
            pos = leaf.end_byte
        text += data[pos : child.end_byte]
        pieces.append((child.type, text.decode()))
    head = [
        t for k, t in pieces if k in ("preproc_include", "namespace_alias_definition", "using_declaration")
    ]
    tail = [t for k, t in pieces if k == "expression_statement" or "XLA_FFI" in t]
    middle = [t for k, t in pieces if t not in head and t not in tail and k != "comment"]
    # prototypes first, so that the shuffled definitions still compile (a copier's compiler says so)
    protos = [t[: t.index("{")].rstrip() + ";" for k, t in pieces
              if k == "function_definition" and t in middle and "{" in t]
    rng.shuffle(middle)
    rng.shuffle(tail)
    body = "\n\n// ----\n".join(_reformat(t, rng) for t in middle)
    return "\n".join([*head, *protos]) + "\n// helper kernels\n" + body + "\n\n" + "\n".join(tail) + "\n"


def _reformat(text: str, rng: random.Random) -> str:
    """Other brace and indentation style (no token changes)."""
    text = re.sub(r"\)\s*\{", ")\n{", text) if rng.random() < 0.5 else text
    text = re.sub(r";\s*", ";\n    ", text)
    return "\n".join(("\t" + ln.strip()) if rng.random() < 0.3 else ln for ln in text.split("\n"))
