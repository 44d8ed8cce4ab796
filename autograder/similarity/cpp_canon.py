"""Canonical forms of C++ kernel code (trusted side, on tree-sitter nodes of hostile text).

A kernel moved into templates and lambdas, or its loop unrolled by hand, computes the same thing
with other tokens around the same expressions. Undone here (`rewrite(node)` returns what the
tokeniser walks instead of `node`, `[]` to drop it, or None to walk it as written):
  * `template <...>` heads and explicit template arguments of calls (`Sigmoid<float>(x)`) are
    dropped, and every built-in type (`float`, `double`, `int64_t` is a name already) and `auto`
    reads as a name, so `template <typename T> T f(T x)` reads as `float f(float x)`;
  * storage classes and qualifiers (`static`, `inline`, `const`, `constexpr`) are dropped, and so is a
    function's return type: a function reads as `name (params) { body }`;
  * a lambda bound to a name reads like a function of that name (`auto f = [&](float v) { ... };`
    is `f (float v) { ... }`), and a lambda passed on reads as `(params) { body }`;
  * `++i`, `i++` and `i += 1` are `i = i + L` (tokens.py reads every compound assignment that way);
  * a constant offset inside an index or a call argument is dropped (`x[i + 1]` is `x[i]`), and
    tokens.py reads neighbouring statements that are then the same as one: an unrolled loop's
    `f(i); f(i + 1);` is one `f(i);`.
"""

from __future__ import annotations

import re
from typing import Any

from autograder.similarity.deep_trees import repeatable
from autograder.similarity.spans import Token

Node = Any  # a tree_sitter.Node

_DROPPED = frozenset({"storage_class_specifier", "type_qualifier", "virtual", "explicit_function_specifier"})
_AS_NAME = frozenset({"primitive_type", "auto", "placeholder_type_specifier", "sized_type_specifier"})
_NUMBER = frozenset({"number_literal"})
_OFFSET_PARENTS = frozenset({"subscript_expression", "subscript_argument_list", "argument_list"})


def _name(node: Node) -> list[Any]:
    return [Token("N", node.start_byte, node.end_byte)]


def _lambda(node: Node) -> list[Any] | None:
    declarator = node.child_by_field_name("declarator")
    body = node.child_by_field_name("body")
    if body is None:
        return None
    params = declarator.child_by_field_name("parameters") if declarator is not None else None
    return [params, body] if params is not None else [body]


def _function(node: Node) -> list[Any] | None:
    declarator, body = node.child_by_field_name("declarator"), node.child_by_field_name("body")
    while declarator is not None and declarator.type in ("pointer_declarator", "reference_declarator"):
        declarator = declarator.child_by_field_name("declarator")
    if declarator is None or body is None or declarator.type != "function_declarator":
        return None
    return [declarator, body]


def _bound_lambda(node: Node) -> list[Any] | None:
    """`auto f = [..](params) { body };` -> `f (params) { body }`."""
    inits = [c for c in node.named_children if c.type == "init_declarator"]
    if len(inits) != 1:
        return None
    name, value = inits[0].child_by_field_name("declarator"), inits[0].child_by_field_name("value")
    if name is None or value is None or value.type != "lambda_expression":
        return None
    inner = _lambda(value)
    return [name, *inner] if inner is not None else None


def _offset(node: Node) -> list[Any] | None:
    """`i + 1` as an index or a call argument reads as `i`."""
    parent = node.parent
    op = node.child_by_field_name("operator")
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if parent is None or parent.type not in _OFFSET_PARENTS or op is None or left is None or right is None:
        return None
    if op.type in ("+", "-") and right.type in _NUMBER:
        return [left]
    return None


def rewrite(node: Node) -> list[Any] | None:  # noqa: PLR0911 (one return per node kind)
    kind = node.type
    if kind in _DROPPED:
        return []
    if kind in _AS_NAME:
        return _name(node)
    if kind == "template_declaration":
        return [c for c in node.named_children if c.type != "template_parameter_list"]
    if kind == "template_function":
        name = node.child_by_field_name("name")
        return [name] if name is not None else None
    if kind == "function_definition":
        return _function(node)
    if kind == "declaration":
        return _bound_lambda(node)
    if kind == "lambda_expression":
        return _lambda(node)
    if kind == "update_expression":
        arg = node.child_by_field_name("argument")
        op = node.child_by_field_name("operator")
        if arg is None or op is None or not repeatable(arg):  # `----x` would double per level
            return None
        at = (op.start_byte, op.end_byte)
        return [arg, Token("=", *at), arg, Token(op.type[0], *at), Token("L", *at)]
    if kind == "binary_expression":
        return _offset(node)
    return None


_OFFSET = re.compile(r" [+-] L(?= [\])),;])")


def unrolled_key(texts: list[str]) -> str:
    """A statement's tokens with constant offsets left out (`f(i)` and `f(i + 1)` are one)."""
    return _OFFSET.sub("", " ".join(texts))
