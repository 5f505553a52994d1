#!/usr/bin/env python3
"""The explorer in a real browser: headless Chromium driven over WebDriver (selenium), against `switchyard-serve`.

    python3 Tests/Browser/explorer_test.py --serve .build/debug/switchyard-serve --tool .build/debug/switchyard \
        --file Examples/shop.json --artifacts .ci/artifacts

Checks, each a failure when it does not hold:
- the explorer matches a link as it is typed, with no page load, and keeps it in the page's address;
- a hostile link (markup, a script URL, a bidirectional override) runs no script and is shown escaped;
- every link on /links has the href `switchyard url` prints for the values on the page, also after an edit, and the
  command shown under it, pasted into bash, prints that href;
- /api/routes and /api/match answer with the bytes `switchyard routes --json` and `switchyard route --json` print;
- the match box's origin picker shows a route refuse a custom scheme and ask for confirmation;
- /screens draws, for a cold start and an app opened at earlier links, the stacks `switchyard navigate --json` gives
  (the selected tab, its stack, the sheets and covers over it), and /api/navigate answers with its bytes;
- both pages pass axe-core's checks (labels, contrast, landmarks and the rest of WCAG 2.1 A and AA), work by
  keyboard alone, and fit a phone's width without scrolling sideways.
Screenshots of the pages, wide and on a phone, go to --artifacts.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import time
import urllib.parse
import urllib.request

from axe_core_python.selenium import Axe
from checks import Checks, start_browser
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

check = Checks()


def start_server(serve, file):
    server = subprocess.Popen([serve, "--port", "0", file], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = server.stdout.readline().strip()
    if not address.startswith("http://"):
        server.kill()
        sys.exit(f"switchyard-serve did not start: {address!r}")
    return server, address


def wait_for(browser, condition, seconds=10):
    return WebDriverWait(browser, seconds).until(lambda _: condition())


def type_link(browser, text):
    box = browser.find_element(By.ID, "url")
    box.clear()
    box.send_keys(text)


def result_text(browser):
    return browser.find_element(By.ID, "result").text


def explorer(browser, address, artifacts):
    browser.get(address)
    # A marker on the page's window: a page load would clear it, so it shows the result came without one.
    browser.execute_script("window.__samePage = true")
    type_link(browser, "myapp://product/1988?coupon=XMAS")
    wait_for(browser, lambda: "Matched" in result_text(browser) and "XMAS" in result_text(browser))
    rows = browser.find_elements(By.CSS_SELECTOR, "#result tbody tr")
    values = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")] for row in rows]
    check(["id", "1988"] in values, f"the match shows the parameter id=1988 (rows {values})")
    check(["coupon", "XMAS"] in values, "the match shows the query item coupon=XMAS")
    check("ProductScreen" in result_text(browser), "the match shows the destination")
    check(browser.execute_script("return window.__samePage === true"), "the result came without a page load")
    query = urllib.parse.parse_qs(urllib.parse.urlparse(browser.current_url).query)
    check(query.get("url") == ["myapp://product/1988?coupon=XMAS"], f"the page's address keeps the link ({browser.current_url})")

    # The address, opened afresh, shows the same result: it can be shared.
    browser.get(browser.current_url)
    check("Matched" in result_text(browser) and "1988" in result_text(browser), "a shared address shows the result")
    screenshot(browser, artifacts, "explorer")

    type_link(browser, "myapp://prodcut/1988")
    wait_for(browser, lambda: "No route matched" in result_text(browser))
    check("nearest: [myapp] /promo/:code" in result_text(browser), "a miss shows the explain output: the nearest routes")

    type_link(browser, "myapp://product/%ZZ")
    wait_for(browser, lambda: "Rejected" in result_text(browser))
    caret = browser.find_element(By.CSS_SELECTOR, "#result pre.caret").text.split("\n")
    check("invalidPercentEncoding" in result_text(browser), "a rejection shows its code")
    check(len(caret) == 2 and caret[0][caret[1].index("^")] == "%", f"the caret stands under the byte at fault {caret}")

    hostile = [
        'myapp://product/"><img src=x onerror="window.__pwned=1">',
        "myapp://product/<script>window.__pwned=1</script>",
        "javascript:window.__pwned=1//",
        "myapp://product/%E2%80%AEgpj.exe",
    ]
    for link in hostile:
        type_link(browser, link)
        wait_for(browser, lambda: link[:12] in browser.current_url or "url=" in browser.current_url)
        time.sleep(0.4)
    check(browser.execute_script("return window.__pwned === undefined"), "no script in a hostile link ran")
    check(not browser.find_elements(By.CSS_SELECTOR, "#result img, #result script"), "no markup of a link became an element")
    wait_for(browser, lambda: "202E" in result_text(browser))
    check("\\u{202E}gpj.exe" in result_text(browser), "a bidirectional override is shown as its code point")
    check("invisible characters" in result_text(browser), "a value with an invisible character carries a warning")
    # Pasted as the character itself, the box keeps it, and the result shows the link in its true order.
    type_link(browser, "/product/\u202egpj.exe")
    wait_for(browser, lambda: "The link:" in result_text(browser))
    check(browser.find_element(By.ID, "url").get_attribute("value") == "/product/\u202egpj.exe", "the box keeps the character")
    check("The link: /product/\\u{202E}gpj.exe" in result_text(browser), "the result shows the pasted link's code point")
    screenshot(browser, artifacts, "explorer-hostile")


def links(browser, address, tool, file, artifacts):
    browser.get(address + "links")
    checked = 0
    for article in browser.find_elements(By.CSS_SELECTOR, "article.route"):
        checked += check_links(article, tool, file)
    check(checked >= 20, f"every route's links equal what `switchyard url` prints ({checked} links)")
    screenshot(browser, artifacts, "links")

    # An edit updates the links in place, and they still equal the tool's.
    article = browser.find_element(By.ID, "route-product")
    field = article.find_element(By.NAME, "p.id")
    field.clear()
    field.send_keys("42 & more")
    article.find_element(By.NAME, "query").send_keys("utm_source=mail&utm_campaign=xmas sale")
    wait_for(browser, lambda: "utm_campaign" in article.find_element(By.CSS_SELECTOR, ".link a").get_attribute("href"))
    check(check_links(article, tool, file) == 2, "edited values and query items give the tool's links")

    # A value with a bidirectional override, in a page the server rendered (a shared address, or a form sent without
    # the script): the field holds the value itself, the page shows its code point, and an edit keeps the value.
    browser.get(address + "links?route=product&p.id=" + urllib.parse.quote("\u202egpj.exe  x") + "#route-product")
    article = browser.find_element(By.ID, "route-product")
    field = article.find_element(By.NAME, "p.id")
    check(field.get_attribute("value") == "\u202egpj.exe  x", f"a field holds its value as given ({field.get_attribute('value')!r})")
    check("\\u{202E}gpj.exe  x" in article.get_attribute("textContent"), "the page shows the value's code point")
    field.send_keys("y")
    wait_for(browser, lambda: "xy" in article.find_element(By.CSS_SELECTOR, ".link a").get_attribute("href"))
    href = article.find_element(By.CSS_SELECTOR, ".link a").get_dom_attribute("href")
    check(href == "myapp://product/%E2%80%AEgpj.exe%20%20xy", f"an edit keeps the override in the link ({href!r})")
    check(check_links(article, tool, file) == 2, "a value with an override gives the tool's links, and its commands")


def check_links(article, tool, file):
    name = article.find_element(By.NAME, "route").get_attribute("value")
    arguments = [
        f"{field.get_attribute('name')[2:]}={field.get_attribute('value')}"
        for field in article.find_elements(By.CSS_SELECTOR, "input[name^='p.']")
        if field.get_attribute("value")
    ]
    for item in article.find_element(By.NAME, "query").get_attribute("value").split("&"):
        if item:
            arguments += ["--query", item]
    count = 0
    for form in article.find_elements(By.CSS_SELECTOR, ".form"):
        anchor = form.find_element(By.CSS_SELECTOR, ".link a")
        scheme = anchor.get_attribute("data-scheme")
        printed = subprocess.run([tool, "url", file, name, *arguments, "--scheme", scheme], capture_output=True, text=True)
        href = anchor.get_dom_attribute("href")
        check(printed.returncode == 0 and printed.stdout.strip() == href,
              f"{name} ({scheme}): href {href!r} is what `switchyard url` prints ({printed.stdout.strip()!r})")
        # The command under the link, pasted into bash as a person would copy it, prints that link too.
        command = form.find_element(By.CSS_SELECTOR, ".command code").get_attribute("textContent")
        pasted = subprocess.run(["bash", "-c", command.replace("switchyard ", shlex.quote(tool) + " ", 1)],
                                capture_output=True, text=True, env={**os.environ, "LC_ALL": "C.UTF-8"})
        check(pasted.returncode == 0 and pasted.stdout.strip() == href,
              f"{name} ({scheme}): the command shown prints the href ({pasted.stdout.strip()!r})")
        count += 1
    return count


def api(address, tool, file):
    """The API answers with what the tool prints, byte for byte: `routes --json`, and `route --json` for each link."""
    with urllib.request.urlopen(address + "api/routes") as answer:
        served = answer.read()
    printed = subprocess.run([tool, "routes", "--json", file], capture_output=True).stdout
    check(served == printed, f"/api/routes is what `switchyard routes --json` prints ({len(printed)} bytes)")
    for link in ["myapp://product/1988?coupon=XMAS&coupon=NY", "https://shop.example.com/p/7", "/nowhere",
                 "myapp://product/%ZZ", "myapp://product/\u202egpj.exe", "https://evil.example.com/product/1",
                 "myapp://help/a/b#top", "x" * 5000]:
        with urllib.request.urlopen(address + "api/match?url=" + urllib.parse.quote(link, safe="")) as answer:
            served = answer.read()
        printed = subprocess.run([tool, "route", "--json", file, link], capture_output=True).stdout
        check(served == printed, f"/api/match is what `switchyard route --json` prints for {link[:60]!r}")


def screens(browser, address, tool, file, artifacts):
    """/screens against `switchyard navigate --json`: the phones show the tool's trees, cold and warm."""
    def navigate(*links):
        printed = subprocess.run([tool, "navigate", "--json", file, *links], capture_output=True, text=True).stdout
        return [json.loads(line) for line in printed.splitlines()]

    def phones():
        shown = []
        for phone in browser.find_elements(By.CSS_SELECTOR, "#screens .phone-result"):
            layers = [[item.find_element(By.TAG_NAME, "code").text for item in layer.find_elements(By.TAG_NAME, "li")]
                      for layer in phone.find_elements(By.CSS_SELECTOR, ".layer")]
            selected = [tab.text.split(" ")[0] for tab in phone.find_elements(By.CSS_SELECTOR, ".tabbar .selected")]
            title = phone.find_element(By.TAG_NAME, "h2").text
            shown.append((title, selected, layers))
        return shown

    def expected(tree):
        tab = next(tab for tab in tree["tabs"] if tab["name"] == tree["selectedTab"])
        layers = [[screen["link"] for screen in [tab["root"]] + tab["path"]]]
        layers += [[screen["link"] for screen in [p["screen"]] + p["path"]] for p in tree["presentations"]]
        return [tree["selectedTab"]], layers

    # From the match box: a matched link offers its screens.
    browser.get(address + "?url=" + urllib.parse.quote("myapp://product/7/reviews", safe=""))
    browser.find_element(By.XPATH, "//button[text()='Where its screen goes']").click()
    wait_for(browser, lambda: "/screens" in browser.current_url and "Cold start" in browser.find_element(By.ID, "screens").text)
    cold = navigate("myapp://product/7/reviews")[0]["tree"]
    check(phones() == [("Cold start", *expected(cold))], f"the cold start shows the tool's tree ({phones()})")
    steps = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#screens .steps li")]
    check(steps == ["push /product/7 in tab home", "push /product/7/reviews in tab home"], f"the steps are the plan's ({steps})")

    # An open app the tester picks: a sheet was open, and the link dismisses it before it pushes.
    browser.find_element(By.ID, "opened").send_keys("myapp://promo/XMAS")
    wait_for(browser, lambda: "Open app, after" in browser.find_element(By.ID, "screens").text)
    warm = navigate("myapp://promo/XMAS", "myapp://product/7/reviews")
    check(phones() == [("Cold start", *expected(cold)), ("Open app, before", *expected(warm[0]["tree"])),
                       ("Open app, after", *expected(warm[1]["tree"]))], f"the open app shows the tool's trees ({phones()})")
    check(len(browser.find_elements(By.CSS_SELECTOR, "#screens .layer.sheet")) == 1, "the sheet is drawn before the link, gone after it")
    query = urllib.parse.parse_qs(urllib.parse.urlparse(browser.current_url).query)
    check(query.get("opened") == ["myapp://promo/XMAS"], f"the page's address keeps the opened links ({browser.current_url})")
    screenshot(browser, artifacts, "screens")

    # A hostile link is text, and a link that opens no screen says why.
    box = browser.find_element(By.ID, "url")
    box.clear()
    box.send_keys("myapp://x/<img src=x onerror=window.__pwned=1>")
    wait_for(browser, lambda: "unmatched" in browser.find_element(By.ID, "screens").text)
    check(browser.execute_script("return window.__pwned === undefined"), "no script in a hostile link ran on /screens")
    check(not browser.find_elements(By.CSS_SELECTOR, "#screens img"), "no markup of a link became an element on /screens")

    links = ["myapp://product/7/reviews", "https://shop.example.com/product/7/reviews", "myapp://promo/XMAS",
             "myapp://item/8", "/tab/cart", "myapp://orders/12", "/account/delete", "myapp://nowhere", "/"]
    with urllib.request.urlopen(address + "api/navigate?" + urllib.parse.urlencode([("url", link) for link in links])) as answer:
        served = answer.read()
    printed = subprocess.run([tool, "navigate", "--json", file, *links], capture_output=True).stdout
    check(served == printed, f"/api/navigate is what `switchyard navigate --json` prints ({len(printed)} bytes)")


def origins(browser, address, artifacts):
    """The match box's origin picker: the shop's account deletion is refused from a custom scheme, asks first from a
    notification, and the routes table says who may open it."""
    browser.get(address + "?url=" + urllib.parse.quote("myapp://account/delete", safe=""))
    browser.execute_script("window.__samePage = true")
    Select(browser.find_element(By.ID, "origin")).select_by_value("customScheme")
    wait_for(browser, lambda: "Refused" in result_text(browser))
    check("originRefused" in result_text(browser), "a custom-scheme link to the account deletion is refused")
    Select(browser.find_element(By.ID, "origin")).select_by_value("notification")
    wait_for(browser, lambda: "Asks first" in result_text(browser))
    check(browser.execute_script("return window.__samePage === true"), "the picker updates the result without a page load")
    query = urllib.parse.parse_qs(urllib.parse.urlparse(browser.current_url).query)
    check(query.get("origin") == ["notification"], f"the page's address keeps the origin ({browser.current_url})")
    check("opens from inApp, notification" in browser.find_element(By.ID, "table-global").find_element(By.XPATH, "..").text,
          "the routes table says who may open the account deletion")
    screenshot(browser, artifacts, "explorer-origins")


def accessibility(browser, address, artifacts):
    axe = Axe()
    for path in ["", "?url=myapp%3A%2F%2Fproduct%2F1988", "?url=myapp%3A%2F%2Fprodcut", "?url=%25ZZ", "links",
                 "screens?url=myapp%3A%2F%2Fitem%2F8&opened=myapp%3A%2F%2Fpromo%2FXMAS", "screens?url=myapp%3A%2F%2Faccount%2Fdelete&opened=%2Fproduct%2F7"]:
        browser.get(address + path)
        results = axe.run(browser, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]}})
        violations = [f"{v['id']}: {v['help']} ({len(v['nodes'])})" for v in results["violations"]]
        check(not violations, f"axe finds no violation on /{path}: {violations}")
        for color_scheme in ["dark"]:
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": color_scheme}]})
            results = axe.run(browser, options={"runOnly": {"type": "rule", "values": ["color-contrast"]}})
            check(not results["violations"], f"contrast holds in dark mode on /{path}")
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    # Keyboard alone: the skip link comes first and moves to the content; the box and the copy buttons are reached
    # by Tab, and Enter on a copy button reports it.
    browser.get(address)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    active = browser.switch_to.active_element
    check(active.get_attribute("class") == "skip", "Tab first reaches the skip link")
    active.send_keys(Keys.ENTER)
    check(browser.switch_to.active_element.get_attribute("id") == "content", "the skip link moves focus to the content")
    reached = tab_until(browser, lambda element: element.get_attribute("id") == "url")
    check(reached, "Tab reaches the match box")
    browser.switch_to.active_element.send_keys("/product/7")
    wait_for(browser, lambda: "Matched" in result_text(browser))
    browser.get(address + "links")
    reached = tab_until(browser, lambda element: element.get_attribute("class") == "copy")
    check(reached, "Tab reaches a copy button")
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.find_element(By.ID, "copy-status").get_attribute("textContent") != "")
    status = browser.find_element(By.ID, "copy-status").get_attribute("textContent")
    check(status.startswith("Copied") or status == "Copy failed", f"a copy button reports what it did ({status!r})")

    # A phone: 390 points wide. The pages do not scroll sideways (wide tables scroll inside their own region).
    browser.set_window_size(390, 844)
    for path, name in [("?url=myapp%3A%2F%2Fproduct%2F1988%3Fcoupon%3DXMAS", "explorer-phone"), ("links", "links-phone"),
                       ("screens?url=myapp%3A%2F%2Fproduct%2F7%2Freviews&opened=myapp%3A%2F%2Fpromo%2FXMAS", "screens-phone")]:
        browser.get(address + path)
        width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        check(width[0] <= width[1], f"/{path} fits a phone's width ({width[0]} ≤ {width[1]})")
        screenshot(browser, artifacts, name)
    browser.set_window_size(1280, 1000)


def tab_until(browser, condition, limit=80):
    for _ in range(limit):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        if condition(browser.switch_to.active_element):
            return True
    return False


def screenshot(browser, artifacts, name):
    path = os.path.join(artifacts, name + ".png")
    height = browser.execute_script("return document.documentElement.scrollHeight")
    size = browser.get_window_size()
    browser.set_window_size(size["width"], min(max(height, 600), 4000))
    browser.save_screenshot(path)
    browser.set_window_size(size["width"], size["height"])
    print(f"      screenshot: {path}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", required=True)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--file", default="Examples/shop.json")
    parser.add_argument("--artifacts", default=".ci/artifacts")
    arguments = parser.parse_args()
    os.makedirs(arguments.artifacts, exist_ok=True)
    server, address = start_server(arguments.serve, arguments.file)
    browser = start_browser()
    try:
        explorer(browser, address, arguments.artifacts)
        links(browser, address, arguments.tool, arguments.file, arguments.artifacts)
        api(address, arguments.tool, arguments.file)
        screens(browser, address, arguments.tool, arguments.file, arguments.artifacts)
        origins(browser, address, arguments.artifacts)
        accessibility(browser, address, arguments.artifacts)
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=10)
    sys.exit(check.summary("browser"))


if __name__ == "__main__":
    main()
