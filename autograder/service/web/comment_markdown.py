"""A line comment's Markdown as HTML, safely: every character is escaped first, then only a tiny
subset is turned into tags this module writes itself: `code spans`, **strong**, *emphasis* and line
breaks. No raw HTML, no links, no images: a TA's text (or a pasted student's line) can never become
markup, an attribute or a URL on a student's page.
"""

from __future__ import annotations

import re
from html import escape

from markupsafe import Markup

_CODE = re.compile(r"`([^`\n]+)`")
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EM = re.compile(r"(?<![*\w])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![*\w])")


def _inline(text: str) -> str:
    """Escaped text with emphasis; `text` holds no code span."""
    out = escape(text, quote=True)
    out = _STRONG.sub(r"<strong>\1</strong>", out)
    out = _EM.sub(r"<em>\1</em>", out)
    return out


def render(body: str) -> Markup:
    """The comment's HTML: code spans verbatim (escaped), emphasis outside them, newlines as <br>."""
    parts: list[str] = []
    last = 0
    for m in _CODE.finditer(body):
        parts.append(_inline(body[last : m.start()]))
        parts.append(f"<code>{escape(m.group(1), quote=True)}</code>")
        last = m.end()
    parts.append(_inline(body[last:]))
    return Markup("".join(parts).replace("\n", "<br>\n"))
