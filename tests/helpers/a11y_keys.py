"""Keyboard-only steps in Chromium for the accessibility tests: Tab until an element has the focus,
checking on the way that the focus is drawn (WCAG 2.4.7) and that Tab gets there (no trap, 2.1.2)."""

from __future__ import annotations

from typing import Any

TAB_LIMIT = 80  # more presses than any page has focusable elements: past it, focus is trapped or lost

# The focused element's drawn focus: an outline (the stylesheet's or the browser's own ring) or a shadow.
FOCUS_DRAWN = """
const el = document.activeElement;
if (!el || el === document.body) return 'nothing focused';
if (el.tagName === 'IFRAME') return 'in a frame';
const s = getComputedStyle(el);
const drawn = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
return drawn ? '' : (el.tagName + '#' + el.id + ' ' + s.outlineStyle + ' ' + s.outlineWidth);
"""


def focused_id(driver: Any) -> str:
    return str(driver.execute_script("return document.activeElement ? document.activeElement.id : ''"))


def focus_problem(driver: Any) -> str:
    """FOCUS_DRAWN of the focused element; when the focus is in a frame, of the element focused in the
    frame's document (its frame element draws nothing: Chromium matches neither :focus nor
    :focus-within on it)."""
    problem = str(driver.execute_script(FOCUS_DRAWN) or "")
    if problem != "in a frame":
        return problem
    driver.switch_to.frame(driver.switch_to.active_element)
    try:
        inner = str(driver.execute_script(FOCUS_DRAWN) or "")
    finally:
        driver.switch_to.default_content()
    return f"in a frame: {inner}" if inner else ""


def tab_to(driver: Any, selector: str) -> list[str]:
    """Press Tab until the element matching this CSS selector has the focus; returns the focused
    elements whose focus was not drawn (empty: every one was). Fails when Tab does not reach it."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    undrawn: list[str] = []
    for _ in range(TAB_LIMIT):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        problem = focus_problem(driver)
        if problem and problem != "nothing focused":
            undrawn.append(problem)
        if driver.execute_script("return !!document.activeElement?.matches(arguments[0])", selector):
            return undrawn
    raise AssertionError(f"Tab did not reach {selector} in {TAB_LIMIT} presses on {driver.current_url}")


def type_keys(driver: Any, *keys: str) -> None:
    """Keys into whatever has the focus (a field, a select, a button)."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(*keys).perform()
