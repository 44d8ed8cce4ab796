"""The language students read: gettext catalogues of every student-facing text (docs/translations.md).

The msgids are the course's own Simplified Chinese sentences, so zh_CN needs no catalogue: gettext
returns the msgid itself, and a process that never selects a language prints exactly what the code
says. Another language is a catalogue `autograder/locale/<lang>/LC_MESSAGES/jaxgrade.mo` (compiled
from its `.po` with Babel and committed, so an installed package, the grader image and the grading
child read it with the standard library's `gettext` alone; tests/test_translations.py checks each
`.mo` equals a fresh compile of its `.po`).

The language is one per process: `use()` is called once where a course's setting is read (the CLI's
`--language`, the course file's `language`, the service's `JAXGRADE_LANGUAGE`), and it exports
`JAXGRADE_LANGUAGE` so the grading processes a command starts speak the same language. `_()` looks
the active catalogue up when it is called, never at import: a module-level text is marked with
`N_()` (which returns it unchanged, for the extractor) and translated with `_()` where it is used.
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "jaxgrade"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "zh_CN"  # the msgids' language: the course's, and the default
LANGUAGE_ENV = "JAXGRADE_LANGUAGE"

_active: _gettext.NullTranslations = _gettext.NullTranslations()
_active_language = SOURCE_LANGUAGE


class UnknownLanguage(ValueError):
    """A language with no catalogue under LOCALE_DIR (a typo in a course setting fails loudly)."""


def available() -> tuple[str, ...]:
    """The languages a course may select: the source language and every compiled catalogue."""
    compiled = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE_LANGUAGE, *(lang for lang in compiled if lang != SOURCE_LANGUAGE))


def catalogue(language: str) -> _gettext.NullTranslations:
    """The translations of `language` (the source language: the identity)."""
    if language == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    if language not in available():
        raise UnknownLanguage(f"no catalogue for language {language!r}; available: {', '.join(available())}")
    return _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[language])


def use(language: str | None) -> str:
    """Make `language` (None: the source language) the process's language, and its children's."""
    global _active, _active_language
    language = language or SOURCE_LANGUAGE
    _active = catalogue(language)
    _active_language = language
    os.environ[LANGUAGE_ENV] = language
    return language


def language() -> str:
    """The process's language."""
    return _active_language


def _(message: str) -> str:
    """`message` (a Simplified Chinese msgid) in the process's language."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active.ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 (gettext's conventional name)
    """Mark a module-level text for the catalogue; translate it with `_()` where it is used."""
    return message


# A process started by a command that selected a language (a grading child, `jaxgrade grade` under the
# service's worker) inherits it through the environment.
if os.environ.get(LANGUAGE_ENV):
    use(os.environ[LANGUAGE_ENV])
