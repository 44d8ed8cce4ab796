"""What the accessibility walk reads off each page beyond axe-core (which checks neither): text in a
language its `lang` does not say (WCAG 3.1.2), a status said by colour alone (1.4.1), and course
times not marked up as `<time>` (so the reader's own time zone cannot be shown on hover).

Each returns a list of short descriptions of what is wrong on the page the driver shows (empty: none).
"""

from __future__ import annotations

from typing import Any

# A text node (or a text-bearing attribute) with Chinese characters whose nearest `lang` is not zh*;
# and on a Chinese page, English prose (two or more English words) whose nearest `lang` is zh*.
# Code (code, pre, kbd, samp) is a language of its own and is not read as English; a textarea's text is
# its value (the field's label, in the page's language, says what it is).
WRONG_LANG = r"""
const han = /\p{Script=Han}/u;
const prose = /[A-Za-z]{3,}[,.]?\s+[A-Za-z]{2,}/;
const out = [];
const langOf = el => ((el.closest('[lang]') || {}).getAttribute?.('lang') || '').toLowerCase();
const where = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
  + (typeof el.className === 'string' && el.className
     ? '.' + el.className.trim().split(/\s+/).join('.') : '');
const check = (el, text, what) => {
  const t = text.trim();
  // a field's value is what someone typed, edited there, not read as the page's text
  if (!t || el.closest('script, style, template') || (el.tagName === 'TEXTAREA' && !what)) return;
  const lang = langOf(el);
  if (han.test(t) && !lang.startsWith('zh'))
    out.push(`zh under lang=${lang}: ${where(el)}${what} ${t.slice(0, 40)}`);
  else if (!han.test(t) && lang.startsWith('zh') && prose.test(t) && !el.closest('code, pre, kbd, samp'))
    out.push(`en under lang=${lang}: ${where(el)}${what} ${t.slice(0, 40)}`);
};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) check(n.parentElement, n.nodeValue, '');
for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]'))
  for (const a of ['title', 'aria-label', 'placeholder', 'alt'])
    if (el.hasAttribute(a)) check(el, el.getAttribute(a), `[${a}]`);
return out;
"""


def wrong_language_text(driver: Any) -> list[str]:
    return list(driver.execute_script(WRONG_LANG))


# The status markers the stylesheets colour, and the words (either language) one of which the marker's
# own text must hold, visible or for a screen reader: with the colours gone the status is still said.
STATUS_MARKERS: dict[str, str] = {
    ".override": r"overrid|adjust|调整",
    ".state-done": r"done|graded|finished|完成|已评分",
    ".state-pending": r"queue|pending|running|grading|received|排队|评分中|等待|批改|收到",
    ".state-error": r"error|fail|错误|出错|失败",
    ".notice.error": r"\S",  # the notice's own message says what went wrong
    ".notice.ok": r"\S",
    ".rubric-item button.applied": r"applied|given|已给",
    "tr.lc-commented": r"comment|评语|批注",
    ".flag": r"\S",
    ".late": r"late|迟交|逾期",
    "#grades-hidden": r"hidden|releas|公布|隐藏",
    "mark[class^=f]": r"fragment",  # the similarity report's matched fragments, paired by colour
    ".delta-up, .delta-down": r"[-+\u2212]\s*\d",  # a regrade's change of points, signed
}

# The marker's text as read without colour: the text of the cell (or list item) it sits in, visually
# hidden text included (which innerText would drop), and the aria-label / title of it and of its
# descendants: the status is said in words where the colour is.
COLOUR_ONLY = r"""
const markers = arguments[0];
const out = [];
for (const [selector, words] of Object.entries(markers)) {
  const re = new RegExp(words, 'i');
  for (const el of document.querySelectorAll(selector)) {
    const scope = el.closest('td, th, li') || el;
    const labels = [el, ...scope.querySelectorAll('[aria-label], [title]')]
      .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
    const said = scope.textContent + ' ' + labels.join(' ');
    if (!re.test(said))
      out.push(`${selector} says only ${JSON.stringify(el.textContent.trim().slice(0, 40))}`);
  }
}
return out;
"""


def colour_only_markers(driver: Any) -> list[str]:
    return list(driver.execute_script(COLOUR_ONLY, STATUS_MARKERS))


# A course time as the service shows it (course_clock.show): `2026-12-20T23:59 (Asia/Shanghai)`.
UNMARKED_TIMES = r"""
const shown = /\d{4}-\d\d-\d\dT\d\d:\d\d \((?:[A-Za-z_]+(?:\/[A-Za-z_+-]+)*|UTC(?:[+-]\d\d:\d\d)?)\)/;
const out = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const el = n.parentElement;
  if (el.closest('script, style, textarea, pre')) continue;
  const m = n.nodeValue.match(shown);
  if (m && !el.closest('time[datetime]')) out.push(`${el.tagName.toLowerCase()}: ${m[0]}`);
}
return out;
"""


def unmarked_times(driver: Any) -> list[str]:
    return list(driver.execute_script(UNMARKED_TIMES))
