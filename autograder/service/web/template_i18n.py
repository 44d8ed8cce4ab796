"""The pages' words come from the gettext catalogue (autograder/i18n.py, docs/translations.md).

Templates mark text with `{{ _("...") }}` or `{% trans name=value %}...{{ name }}...{% endtrans %}`
(Jinja2's i18n extension, "newstyle": values are escaped, the message itself is the template's own
markup). The callables look the language up at render time, so one Environment serves whatever
language the process selected.
"""

from __future__ import annotations

from jinja2 import Environment

from autograder import i18n


def html_lang() -> str:
    """The `lang` attribute of a student page: zh_CN -> zh-CN (BCP 47)."""
    return i18n.language().replace("_", "-")


def with_gettext(env: Environment) -> Environment:
    """`env` with the i18n extension and the process's catalogue installed."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the extension
        gettext=lambda message: i18n._(message),
        ngettext=lambda singular, plural, n: i18n.ngettext(singular, plural, n),
        newstyle=True,
    )
    env.globals["html_lang"] = html_lang
    return env
