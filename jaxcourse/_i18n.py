"""The language of what jaxcourse prints in a notebook (docs/translations.md), standard library only.

jaxcourse ships inside every release and runs in the student's kernel and in the grading child,
where autograder/ and Babel are absent, so it has its own catalogue: `jaxcourse/locale/<lang>/
LC_MESSAGES/jaxcourse.mo`, compiled from its `.po` and copied with the release. The msgids are the
course's Simplified Chinese sentences (zh_CN needs no catalogue). The language is
$JAXGRADE_LANGUAGE (set by `jaxgrade grade/serve --language` for the processes they start, or by the
student: `%env JAXGRADE_LANGUAGE=en`), read when a text is made.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

DOMAIN = "jaxcourse"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGE_ENV = "JAXGRADE_LANGUAGE"  # the same variable as autograder.i18n's


def _(message: str) -> str:
    """`message` (a Simplified Chinese msgid) in $JAXGRADE_LANGUAGE (gettext caches the catalogue)."""
    language = os.environ.get(LANGUAGE_ENV)
    if not language or language == "zh_CN":
        return message
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True).gettext(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's conventional name)
    """Mark a module-level text for the catalogue; translate it with `_()` where it is used."""
    return message
