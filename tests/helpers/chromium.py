"""Headless Chromium for the browser tests (Selenium with Debian's chromium-driver), and where their
screenshots go."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
MISSING = f"prerequisite missing: {CHROMIUM} and {CHROMEDRIVER} (run scripts/bootstrap.sh as root)"


def available() -> bool:
    return CHROMIUM.exists() and CHROMEDRIVER.exists()


def headless_chromium(window: str = "1100,1000", prefs: Mapping[str, Any] | None = None) -> Any:
    """A new headless Chromium WebDriver (the caller quits it)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service as DriverService

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    # --no-sandbox: the tests run as root; /dev/shm is small in containers.
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.add_argument(f"--window-size={window}")
    if prefs:
        options.add_experimental_option("prefs", dict(prefs))
    return webdriver.Chrome(service=DriverService(str(CHROMEDRIVER)), options=options)


def screenshot_folder(tmp_path: Path) -> Path:
    """docs/screenshots/ only when JAXGRADE_SCREENSHOTS names it, so a test run leaves the checkout
    as it was; else a folder of the test's own."""
    folder = Path(os.environ.get("JAXGRADE_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def page_wait(drv: Any, timeout: float) -> Any:
    """A WebDriverWait for conditions read while a click may be loading the next page: an element
    found on the old page can vanish (stale) or belong to neither document when Chromium asks about
    it mid-navigation ("Node with given id does not belong to the document", a bare
    WebDriverException), so those count as "not yet" and the condition is asked again."""
    from selenium.common.exceptions import (
        NoSuchElementException,
        StaleElementReferenceException,
        WebDriverException,
    )
    from selenium.webdriver.support.ui import WebDriverWait

    ignored = (StaleElementReferenceException, NoSuchElementException, WebDriverException)
    return WebDriverWait(drv, timeout, ignored_exceptions=ignored)
