"""Size of a review page and its time to first render in headless Chromium.

    python bench/review_page.py review.html [--runs 3]

Prints the file size and, per run, the page's own time from navigation start to the end of
its first draw (`data-ready-ms`, set by the page script), plus the wall time of the load as
Selenium sees it. Needs chromium and chromium-driver (Debian) and selenium.
"""
from __future__ import annotations

import argparse
import os
import shutil
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("page")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(arg)
    print(f"{args.page}: {os.path.getsize(args.page) / 1e6:.1f} MB")
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        url = "file://" + os.path.abspath(args.page)
        for run in range(1, args.runs + 1):
            driver.get("about:blank")
            started = time.perf_counter()
            driver.get(url)
            while driver.execute_script("return document.body && document.body.dataset.ready") != "1":
                time.sleep(0.01)
            wall = time.perf_counter() - started
            ready = int(driver.execute_script("return document.body.dataset.readyMs"))
            drawn = driver.execute_script("return document.getElementById('status').textContent")
            # responsiveness: a search over every abstract, and a field filter, timed in the page
            search = driver.execute_script(
                "var t = performance.now(), s = document.querySelector('input[type=search]');"
                "s.value = 'transformer'; s.dispatchEvent(new Event('input'));"
                "return new Promise(function (r) { setTimeout(function () { r(performance.now() - t - 150); }, 160); });")
            print(f"run {run}: first render {ready} ms after navigation start (load seen by selenium {wall:.2f} s); "
                  f"{drawn}; search over all abstracts ~{search:.0f} ms")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
