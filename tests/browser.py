"""A headless Chromium for the page tests, driven by Selenium through Debian's chromedriver.

Without a browser the tests skip with the package to install; under CI (CI=true) a missing
browser fails them, so that `.ci/run` cannot pass without running them.
"""
import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

INSTALL = "apt-get install chromium chromium-driver, and pip install '.[test]' (selenium)"


def _missing(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests must run under CI: {reason}; {INSTALL}")
    pytest.skip(f"{reason}: {INSTALL}")


def start_browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed")
    binary = next((shutil.which(n) for n in ("chromium", "chromium-browser") if shutil.which(n)), None)
    driver = shutil.which("chromedriver")
    if not binary or not driver:
        _missing("no chromium or chromedriver on PATH")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--allow-file-access-from-files"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # Selenium Manager would look for a driver on the web; the path given here means it never runs.
    return webdriver.Chrome(service=Service(driver), options=options)


def open_page(browser, path: Path, timeout: float = 60.0) -> float:
    """Load a page and wait for its script to finish the first screenful; seconds taken."""
    started = time.perf_counter()
    browser.get(path.resolve().as_uri())
    while browser.execute_script("return document.body && document.body.dataset.ready") != "1":
        if time.perf_counter() - started > timeout:
            raise AssertionError(f"{path}: page script did not finish; console: {browser.get_log('browser')}")
        time.sleep(0.02)
    return time.perf_counter() - started


def draw_all(browser, timeout: float = 60.0) -> int:
    """Scroll to the end until every matching abstract is drawn; the number drawn."""
    started = time.perf_counter()
    while True:
        drawn, matching = browser.execute_script(
            "var s = document.getElementById('status'); window.scrollTo(0, document.body.scrollHeight);"
            "return [+s.dataset.drawn, +s.dataset.matching];")
        if drawn >= matching:
            return drawn
        if time.perf_counter() - started > timeout:
            raise AssertionError(f"only {drawn} of {matching} abstracts drawn after scrolling")
        time.sleep(0.05)


def screenshot_dir() -> Path:
    """Where the test run leaves its screenshots: $EXTRACT_SCREENSHOTS, else a temp folder."""
    path = Path(os.environ.get("EXTRACT_SCREENSHOTS") or Path(tempfile.gettempdir()) / "extract-screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
