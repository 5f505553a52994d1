"""What the browser tests share: checks that are counted and reported, and a headless Chromium."""
import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


class Checks:
    """Each check prints ok or FAIL; the run fails at the end when one failed, after every other has run."""

    def __init__(self):
        self.failures = []
        self.passed = 0

    def __call__(self, condition, message):
        print(("ok    " if condition else "FAIL  ") + message, flush=True)
        if condition:
            self.passed += 1
        else:
            self.failures.append(message)

    def summary(self, name):
        print(f"{name}: {self.passed} passed, {len(self.failures)} failed")
        return 1 if self.failures else 0


def start_browser(width=1280, height=1000, log_network=False):
    """Debian's chromium and chromedriver (or CHROMIUM and CHROMEDRIVER), headless; with `log_network`, every request
    the browser makes is in `browser.get_log("performance")`, those it could not complete too."""
    options = webdriver.ChromeOptions()
    if log_network:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    return webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
