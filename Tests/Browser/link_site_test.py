#!/usr/bin/env python3
"""The link site's pages in a real browser: headless Chromium driven over WebDriver (selenium), against
`switchyard-link-site` on a fresh SQLite file.

    python3 Tests/Browser/link_site_test.py --site .build/debug/switchyard-link-site --file Examples/shop.json \
        --artifacts .ci/artifacts [--screenshot Documentation/images/stats-page.png]

Checks, each a failure when it does not hold:
- the stats page asks for the token with the browser's own prompt (401 with a Basic challenge), and shows, with it,
  a chart drawn in SVG (a bar for each day with clicks, stacked by platform), a table with the same counts, and the
  totals by platform, from clicks counted by the site and clicks of earlier days;
- the page runs no script, loads nothing from elsewhere, and shows a hostile title escaped;
- the stats page, a short link's landing page, its preview page and the 410 page pass axe-core's checks (WCAG 2.1 A
  and AA), in light and dark mode, and fit a phone's width without scrolling sideways;
- on an iPhone, the landing page's "Get the app" copies the page's claim link (read back through the clipboard
  permission granted to the test) and goes to the App Store through the site, which makes the claim; with scripts
  off, the claim link is on the page to copy by hand and the button still goes to the store.
"""
import argparse
import base64
import functools
import http.server
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from axe_core_python.selenium import Axe
from checks import Checks, start_browser
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

check = Checks()


def request(address, method, path, token=None, body=None, user_agent="Mozilla/5.0 (X11; Linux x86_64)"):
    headers = {"User-Agent": user_agent}
    if token:
        headers["Authorization"] = "Bearer " + token
    if body is not None:
        headers["Content-Type"] = "application/json"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(address + path.lstrip("/"), data=data, method=method, headers=headers)

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--file", default="Examples/shop.json")
    parser.add_argument("--artifacts", default=".ci/artifacts")
    parser.add_argument("--screenshot", help="where to write the README's screenshot of the stats page")
    arguments = parser.parse_args()
    os.makedirs(arguments.artifacts, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="switchyard-link-site-browser-")
    database = os.path.join(folder, "links.sqlite")
    token = subprocess.run([arguments.site, "token", "create", "browser test", "--database", database],
                           check=True, capture_output=True, text=True).stdout.strip()
    # A second person's token, made before the site starts (a running site learns of a new token within 5 seconds).
    arguments.second_token = subprocess.run(
        [arguments.site, "token", "create", "second person", "--database", database],
        check=True, capture_output=True, text=True).stdout.strip()
    server = subprocess.Popen([arguments.site, "serve", arguments.file, "--database", database, "--port", "0",
                               "--click-window-milliseconds", "100"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = server.stdout.readline().strip()
    if not address.startswith("http://"):
        server.kill()
        sys.exit(f"switchyard-link-site did not start: {address!r}")
    browser = start_browser(1100, 1000, log_network=True)
    try:
        run(browser, address, token, database, arguments)
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=10)
    sys.exit(check.summary("link site in a browser"))


def run(browser, address, token, database, arguments):
    title = 'Winter sale <img src=x onerror="window.__pwned=1">'
    status, _, body = request(address, "POST", "/api/admin/links", token,
                              {"slug": "winter", "target": "myapp://product/1988", "title": title,
                               "description": "Coats & boots, 30 % off", "utm": {"source": "poster"}})
    check(status == 201, f"a link is created ({status} {body[:200]})")
    # Clicks counted by the site, today.
    for agent, times in [("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", 5),
                         ("Mozilla/5.0 (Linux; Android 14; Pixel 8)", 3), ("Mozilla/5.0 (X11; Linux x86_64)", 2),
                         ("Slackbot-LinkExpanding 1.0", 1)]:
        for _ in range(times):
            request(address, "GET", "/s/winter", user_agent=agent)
    time.sleep(0.5)
    # Clicks of the four weeks before, as the store keeps them: a second, a platform, a referrer host, a count.
    now = time.time()
    rows = []
    for day in range(1, 29):
        for platform, weight in [("ios", 9), ("android", 6), ("desktop", 4), ("bot", 1)]:
            count = max(0, int(weight * (1.5 + (day % 7 == 3) * 2 - day / 30)))
            at = now - day * 86400
            stamp = time.strftime("%Y-%m-%d", time.gmtime(at))
            if count:
                rows.append(("winter", int(at) * 1000, stamp, platform, "news.example.com", count))
    with sqlite3.connect(database) as connection:
        connection.executemany(
            "INSERT INTO clicks (slug, at, day, platform, referrer_host, clicks) VALUES (?, ?, ?, ?, ?, ?)", rows)
    earlier = sum(row[-1] for row in rows)

    status, headers, _ = request(address, "GET", "/admin/links/winter")
    check(status == 303 and headers.get("Location") == "/admin/sign-in",
          f"without a session the stats page sends a person to sign in ({status}, {headers.get('Location')})")

    # Signing in and out, as a person does: the form, the keyboard, the session's cookie.
    browser.get(address + "admin/links/winter")
    check(browser.current_url.endswith("/admin/sign-in"), f"the console sends a person to sign in ({browser.current_url})")
    field = browser.find_element(By.ID, "token")
    field.send_keys("sy_wrong")
    field.send_keys(Keys.ENTER)
    wait_until(browser, lambda b: b.find_elements(By.ID, "token-error"))
    error = browser.find_element(By.ID, "token-error")
    check(error.get_attribute("role") == "alert"
          and browser.find_element(By.ID, "token").get_attribute("aria-invalid") == "true",
          f"a wrong token is said at its field and announced ({error.text!r})")
    results = Axe().run(browser, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa"]}})
    check(not results["violations"], f"axe finds no violation on the sign-in page with its error: {results['violations']}")
    browser.save_screenshot(os.path.join(arguments.artifacts, "link-site-sign-in-error.png"))
    browser.find_element(By.ID, "token").send_keys(token)
    browser.find_element(By.ID, "token").send_keys(Keys.ENTER)
    wait_until(browser, lambda b: b.current_url.endswith("/admin/links"))
    check(browser.current_url.endswith("/admin/links") and browser.find_element(By.TAG_NAME, "h1").text == "Links",
          f"signing in opens the list of links ({browser.current_url})")
    cookie = browser.get_cookie("switchyard_session") or {}
    check(cookie.get("httpOnly") is True and cookie.get("sameSite") == "Strict" and cookie.get("path") == "/admin",
          f"the session's cookie is HttpOnly, SameSite=Strict, for /admin ({cookie.get('httpOnly')}, "
          f"{cookie.get('sameSite')}, {cookie.get('path')})")
    check(browser.execute_script("return document.cookie") == "", "no script can read the session's cookie")
    # Make a link from the form, with its preview, then change it.
    browser.find_element(By.LINK_TEXT, "Make a link").click()
    wait_until(browser, lambda b: b.current_url.endswith("/admin/create"))
    # As the target is typed, the site's own script previews it: a refused target at its field, then the route.
    target = browser.find_element(By.ID, "target")
    target.send_keys("https://evil.example.com/")
    wait_until(browser, lambda b: b.find_elements(By.ID, "target-error"))
    check(target.get_attribute("aria-invalid") == "true"
          and "target-error" in (target.get_attribute("aria-describedby") or "")
          and "evil.example.com" in browser.find_element(By.ID, "target-error").text
          and browser.current_url.endswith("/admin/create"),
          "as a refused target is typed, the API's message is said at its field, with no button pressed")
    target.send_keys(Keys.CONTROL, "a")
    target.send_keys(Keys.DELETE)
    target.send_keys("myapp://product/1988")
    wait_until(browser, lambda b: "ProductScreen" in b.find_element(By.ID, "preview-status").text)
    live = browser.find_element(By.ID, "preview-region").text
    check(browser.find_element(By.ID, "preview-status").text
          == "The target opens the screen ProductScreen (/product/:id)."
          and "sent on (302) to https://shop.example.com/products/1988" in live
          and not browser.find_elements(By.ID, "target-error") and target.get_attribute("aria-invalid") is None,
          f"as the target is typed, the preview says its screen and each answer, and the error is gone ({live[:120]!r})")
    browser.find_element(By.ID, "slug").send_keys("spring")
    browser.find_element(By.ID, "title").send_keys("Spring sale")
    browser.find_element(By.ID, "title").send_keys(Keys.ENTER)
    wait_until(browser, lambda b: b.find_elements(By.ID, "preview-title"))
    preview = browser.find_element(By.CSS_SELECTOR, ".preview").text
    check("screen ProductScreen" in preview and "sent on (302) to https://shop.example.com/products/1988" in preview
          and "Spring sale" in browser.find_element(By.CSS_SELECTOR, ".card-title").text,
          "Enter previews the link: its route and screen, each visitor's answer, the card")
    results = Axe().run(browser, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa"]}})
    check(not results["violations"], f"axe finds no violation on the form with its preview: {results['violations']}")
    browser.save_screenshot(os.path.join(arguments.artifacts, "link-site-make.png"))
    browser.find_element(By.XPATH, "//button[text()='Create the link']").click()
    wait_until(browser, lambda b: b.current_url.endswith("/admin/links/spring"))
    check(request(address, "GET", "/api/admin/links/spring", token)[0] == 200, "Create the link makes it")
    browser.find_element(By.LINK_TEXT, "Change the link").click()
    wait_until(browser, lambda b: b.current_url.endswith("/admin/links/spring/edit"))
    browser.find_element(By.ID, "target").clear()
    browser.find_element(By.ID, "target").send_keys("https://evil.example.com/")
    browser.find_element(By.XPATH, "//button[text()='Save the changes']").click()
    wait_until(browser, lambda b: b.find_elements(By.ID, "target-error"))
    check(browser.find_element(By.ID, "target").get_attribute("aria-invalid") == "true"
          and "evil.example.com" in browser.find_element(By.ID, "target-error").text,
          "a refused target is said at its field, and nothing is saved")
    browser.find_element(By.ID, "target").clear()
    browser.find_element(By.ID, "target").send_keys("myapp://cart")
    browser.find_element(By.XPATH, "//button[text()='Save the changes']").click()
    wait_until(browser, lambda b: b.current_url.endswith("/admin/links/spring"))
    status, _, body = request(address, "GET", "/api/admin/links/spring", token)
    check(status == 200 and json.loads(body)["target"] == "myapp://cart", "Save the changes changes the link")

    # Disable, enable and delete from a link's page, by keyboard and click, each a form of the session's.
    request(address, "POST", "/api/admin/links", token, {"slug": "doomed", "target": "myapp://cart"})
    browser.get(address + "admin/links/doomed")
    browser.find_element(By.XPATH, "//button[text()='Disable the link']").click()
    wait_until(browser, lambda b: b.find_elements(By.XPATH, "//button[text()='Enable the link']"))
    check("the link is disabled" in browser.find_element(By.CSS_SELECTOR, ".total").text,
          "Disable the link disables it, and the page says so")
    browser.find_element(By.XPATH, "//button[text()='Enable the link']").click()
    wait_until(browser, lambda b: b.find_elements(By.XPATH, "//button[text()='Disable the link']"))
    browser.find_element(By.LINK_TEXT, "Delete the link…").click()
    wait_until(browser, lambda b: b.current_url.endswith("/admin/links/doomed/delete"))
    check(browser.find_element(By.TAG_NAME, "h1").text == "Delete doomed?", "deleting asks first, naming the link")
    results = Axe().run(browser, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa"]}})
    check(not results["violations"], f"axe finds no violation on the confirmation: {results['violations']}")
    browser.save_screenshot(os.path.join(arguments.artifacts, "link-site-delete.png"))
    browser.find_element(By.XPATH, "//button[text()='Delete doomed']").click()
    wait_until(browser, lambda b: "deleted=doomed" in b.current_url)
    check(browser.find_element(By.CSS_SELECTOR, "[role=status]").text == "Deleted doomed.",
          "after the confirmation the link is deleted, and the list says so")
    check(request(address, "GET", "/api/admin/links/doomed", token)[0] == 404, "the deleted link is gone from the API")
    # Import a file with good and bad rows: check it, then write the good ones.
    csv_path = os.path.join(tempfile.mkdtemp(prefix="switchyard-import-"), "links.csv")
    with open(csv_path, "w") as file:
        file.write("slug,target,title\nimported-1,myapp://product/7,One\nimported-2,https://evil.example.com/,Two\n")
    browser.get(address + "admin/links")
    browser.find_element(By.LINK_TEXT, "Import links").click()
    wait_until(browser, lambda b: b.current_url.endswith("/admin/import"))
    browser.find_element(By.ID, "file").send_keys(csv_path)
    browser.find_element(By.XPATH, "//button[text()='Check the file']").click()
    wait_until(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "[role=status]"))
    outcome = browser.find_element(By.CSS_SELECTOR, "[role=status]").text
    rows = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "tbody tr")]
    check("1 row makes a link, 1 refused. Nothing is written yet." in outcome and "hostNotAllowed" in rows[-1],
          f"checking a file says each row's outcome and writes nothing ({outcome!r})")
    check(request(address, "GET", "/api/admin/links/imported-1", token)[0] == 404, "a checked file is not written")
    results = Axe().run(browser, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa"]}})
    check(not results["violations"], f"axe finds no violation on the import's outcome: {results['violations']}")
    browser.save_screenshot(os.path.join(arguments.artifacts, "link-site-import.png"))
    box = browser.find_element(By.ID, "skip_refused").rect
    label = browser.find_element(By.CSS_SELECTOR, "label[for=skip_refused]").rect
    check(box["x"] + box["width"] <= label["x"] and label["y"] <= box["y"] + box["height"] / 2 <= label["y"]
          + label["height"], f"the checkbox stands before its label, on its line (box {box}, label {label})")
    browser.find_element(By.ID, "skip_refused").click()
    browser.find_element(By.XPATH, "//button[text()='Write the links']").click()
    wait_until(browser, lambda b: "was written" in b.find_element(By.CSS_SELECTOR, "[role=status]").text)
    check(request(address, "GET", "/api/admin/links/imported-1", token)[0] == 200
          and request(address, "GET", "/api/admin/links/imported-2", token)[0] == 404,
          "writing with the refused rows left out makes the good row's link only")
    # A form another origin posts is refused, though the browser sends the session's cookie with it: the page is
    # served from another port of the same host, so SameSite does not stop the cookie and the Origin check must.
    forged = another_origin_page(address, "forged", '<form id="forged" method="post" action="' + address + 'admin/create">'
                                 '<input name="target" value="myapp://cart"><input name="slug" value="forged">'
                                 '<input name="intent" value="save"><input name="form_token" value="guessed">'
                                 '<button type="submit">Win a prize</button></form>')
    browser.get(forged)
    browser.find_element(By.ID, "forged").submit()
    wait_until(browser, lambda b: b.current_url.startswith(address))
    refusal = browser.find_element(By.CSS_SELECTOR, "[role=alert]").text
    check(refusal == "This form was sent from another site; nothing was done."
          and request(address, "GET", "/api/admin/links/forged", token)[0] == 404,
          f"a form posted from another origin, with the session's cookie, is refused and makes nothing ({refusal!r})")
    # A session unused for longer than the idle time ends: the store says it was last used two hours ago.
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE admin_sessions SET last_seen_at = ?", (int((time.time() - 7200) * 1000),))
    browser.get(address + "admin/links")
    wait_until(browser, lambda b: "/admin/sign-in" in b.current_url)
    notice = browser.find_element(By.CSS_SELECTOR, "[role=status]").text
    check(browser.current_url.endswith("/admin/sign-in?ended") and notice.startswith("Your session has ended"),
          f"a session unused for two hours ends, and the sign-in page says so ({browser.current_url}, {notice!r})")
    browser.save_screenshot(os.path.join(arguments.artifacts, "link-site-session-ended.png"))
    # A revoked token's session ends at its next request.
    second = arguments.second_token
    sign_in(browser, second)
    check(browser.find_element(By.TAG_NAME, "h1").text == "Links", "a second token signs in")
    subprocess.run([arguments.site, "token", "revoke", second[3:11], "--database", database], check=True,
                   capture_output=True)
    browser.get(address + "admin/links")
    wait_until(browser, lambda b: "/admin/sign-in" in b.current_url)
    check(browser.current_url.endswith("/admin/sign-in?ended"),
          f"revoking the token ends its session at once ({browser.current_url})")
    sign_in(browser, token)
    browser.get(address + "admin/links")
    browser.find_element(By.CSS_SELECTOR, ".sign-out button").click()
    wait_until(browser, lambda b: b.current_url.endswith("/admin/sign-in"))
    check(browser.current_url.endswith("/admin/sign-in"), f"signing out goes back to the sign-in page ({browser.current_url})")
    browser.get(address + "admin/links")
    check(browser.current_url.endswith("/admin/sign-in"), "after signing out, the console asks to sign in again")

    basic = base64.b64encode(f"admin:{token}".encode()).decode()
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Authorization": "Basic " + basic}})
    browser.get(address + "admin/links/winter")
    check(browser.find_element(By.TAG_NAME, "h1").text == "Clicks of winter", "the stats page opens with the token")
    total = browser.find_element(By.CSS_SELECTOR, ".total").text
    check(total.startswith(f"{earlier + 11} clicks"), f"the total counts every click ({total}, expected {earlier + 11})")
    bars = browser.find_elements(By.CSS_SELECTOR, "svg.chart rect")
    check(len(bars) >= 28 * 3, f"the chart has a bar for each platform of each day with clicks ({len(bars)})")
    legend = browser.find_element(By.CSS_SELECTOR, ".legend").text
    check("iOS: " in legend and "Android: " in legend and "Bots: " in legend, f"the legend gives totals ({legend!r})")
    today = time.strftime("%Y-%m-%d", time.gmtime(now))
    first_row = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, "tbody tr")[0].find_elements(By.CSS_SELECTOR, "th, td")]
    check(first_row == [today, "5", "3", "2", "1"], f"today's row counts the site's own clicks by platform ({first_row})")
    check(browser.execute_script("return document.scripts.length") == 0, "the page has no script")
    check(browser.execute_script("return window.__pwned === undefined"), "no markup of the link's title ran")
    resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    check(resources == [], f"the page loads nothing else ({resources})")
    if arguments.screenshot:
        os.makedirs(os.path.dirname(arguments.screenshot), exist_ok=True)
        browser.save_screenshot(arguments.screenshot)
        print(f"      screenshot: {arguments.screenshot}")
    browser.save_screenshot(os.path.join(arguments.artifacts, "link-site-stats.png"))
    # The link's QR code is drawn in the page; zbarimg (Debian's, not ours) reads it from the browser's pixels.
    qr_shot = os.path.join(arguments.artifacts, "link-site-stats-qr.png")
    with open(qr_shot, "wb") as file:
        file.write(browser.find_element(By.CSS_SELECTOR, ".qr svg").screenshot_as_png)
    read = subprocess.run(["zbarimg", "--quiet", "--raw", "--nodbus", qr_shot], capture_output=True).stdout.decode().strip()
    check(read == "https://go.shop.example.com/s/winter", f"the page's QR code reads as the link's address ({read!r})")

    # The console's list of links: a search typed and sent with the keyboard alone.
    browser.get(address + "admin/links")
    box = browser.find_element(By.ID, "q")
    box.send_keys("WINT")
    box.send_keys(Keys.ENTER)
    rows = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "tbody th a")]
    check(rows == ["winter"] and "q=WINT" in browser.current_url,
          f"the list's search finds the link by its slug, without regard to case ({rows})")
    browser.find_element(By.LINK_TEXT, "winter").click()
    check(browser.find_element(By.TAG_NAME, "h1").text == "Clicks of winter", "a slug in the list opens its page")
    browser.get(address + "admin/links")
    browser.save_screenshot(os.path.join(arguments.artifacts, "link-site-list.png"))

    # Pages a visitor sees: the landing page on a phone, the preview a crawler reads, the 410 page.
    status, _, _ = request(address, "POST", "/api/admin/links", token, {"slug": "gone", "target": "myapp://cart", "disabled": True})
    pages = [("admin/links/winter", None), ("s/winter", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"),
             ("s/winter", "facebookexternalhit/1.1"), ("s/gone", None)]
    # Every page of the console: signed out (the sign-in pages), then in a session.
    browser.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
    console = [("admin/sign-in", None), ("admin/sign-in?ended", None)]
    for path, agent in console:
        audit(browser, address, path, agent)
    sign_in(browser, token)
    for path in ["admin/links", "admin/links?q=nothing", "admin/create", "admin/links/winter/edit",
                 "admin/links/winter/delete", "admin/import"]:
        audit(browser, address, path, None)
    for path, agent in pages:
        audit(browser, address, path, agent)
    browser.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"})
    browser.get(address + "s/winter")
    browser.save_screenshot(os.path.join(arguments.artifacts, "link-site-landing.png"))
    get_the_app(browser, address, database)


def another_origin_page(address, name, body):
    """Serves a page with `body` from another port of the site's host, and gives its address."""
    folder = tempfile.mkdtemp(prefix="switchyard-other-origin-")
    with open(os.path.join(folder, name + ".html"), "w") as file:
        file.write(f"<!doctype html><html lang=en><title>{name}</title><body>{body}</body></html>")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/{name}.html"


def wait_until(browser, condition, seconds=10):
    """Waits for `condition`; an element read while the page it was on is replaced is read again, not an error."""
    return WebDriverWait(browser, seconds, ignored_exceptions=[StaleElementReferenceException]).until(condition)


def sign_in(browser, token):
    """Signs in on the sign-in page by keyboard, and waits for the list of links."""
    browser.get(browser.current_url.split("/admin/")[0] + "/admin/sign-in")
    field = browser.find_element(By.ID, "token")
    field.send_keys(token)
    field.send_keys(Keys.ENTER)
    wait_until(browser, lambda b: b.current_url.endswith("/admin/links"))


def audit(browser, address, path, agent):
    """axe-core's WCAG 2.1 A and AA rules and its best practices on a page, its contrast in dark mode, its width on a
    phone."""
    axe = Axe()
    browser.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": agent or "Mozilla/5.0 (X11; Linux x86_64)"})
    browser.get(address + path)
    results = axe.run(browser, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]}})
    violations = [f"{v['id']}: {v['help']} ({len(v['nodes'])})" for v in results["violations"]]
    check(not violations, f"axe finds no violation on /{path} ({agent or 'desktop'}): {violations}")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    results = axe.run(browser, options={"runOnly": {"type": "rule", "values": ["color-contrast"]}})
    check(not results["violations"], f"contrast holds in dark mode on /{path}")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    browser.set_window_size(390, 844)
    browser.get(address + path)
    width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(width[0] <= width[1], f"/{path} fits a phone's width ({width})")
    browser.set_window_size(1100, 1000)


def store_requests(browser):
    """The App Store addresses the browser asked for since the last call (offline in CI: asked, never answered)."""
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if url.startswith("https://apps.apple.com/"):
                urls.append(url)
    return urls


def wait_for_store_requests(browser, seconds=10):
    """The App Store addresses asked for, once there are any, or none after `seconds`."""
    deadline = time.time() + seconds
    asked = []
    while time.time() < deadline and not asked:
        asked = store_requests(browser)
        time.sleep(0.1)
    return asked


def get_the_app(browser, address, database):
    origin = address.rstrip("/")
    browser.execute_cdp_cmd("Browser.grantPermissions",
                            {"origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    browser.get(address + "s/winter")
    store_requests(browser)
    button = browser.find_element(By.ID, "get-the-app")
    claim_link = button.get_attribute("data-claim-link")
    shown = browser.find_element(By.ID, "claim-link").text
    check(claim_link == shown and claim_link.startswith("https://go.shop.example.com/c/") and len(claim_link) == 62,
          f"the page shows the claim link its button copies ({claim_link})")
    token = claim_link.rsplit("/", 1)[-1]
    policy = browser.execute_script("return document.scripts[0] && document.scripts[0].src")
    check(policy == address + "c/copy-claim.js", f"the page's one script is the site's own ({policy})")
    button.click()
    asked = wait_for_store_requests(browser)
    check(asked == ["https://apps.apple.com/app/id1234567890"], f"the tap goes on to the App Store ({asked})")
    # Back on the site's origin, where the test may read the clipboard.
    browser.get(address + "c/" + token)
    copied = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, e => done('error: ' + e));")
    check(copied == claim_link, f"the tap copied the claim link ({copied!r})")
    check("Paste this link in Shop" in browser.find_element(By.TAG_NAME, "h1").text,
          "the claim link opened in a browser says to paste it in the app")
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT slug, redeemed_at FROM claims WHERE token = ?", (token,)).fetchall()
    check(rows == [("winter", None)], f"the site made an open claim of the token ({rows})")

    # Without scripts: nothing is copied, but the link is there to copy, and the button still goes to the store.
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    browser.get(address + "s/winter")
    store_requests(browser)
    shown = browser.find_element(By.ID, "claim-link").text
    check(shown.startswith("https://go.shop.example.com/c/") and shown != claim_link,
          f"without scripts the page shows a claim link of its own to copy ({shown})")
    browser.find_element(By.ID, "get-the-app").click()
    asked = wait_for_store_requests(browser)
    check(asked == ["https://apps.apple.com/app/id1234567890"], f"without scripts the button still opens the store ({asked})")
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


if __name__ == "__main__":
    main()
