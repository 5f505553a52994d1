#!/usr/bin/env python3
"""The link site's metrics, scraped and read by prometheus_client's own parser (not ours).

    python3 Tests/Metrics/scrape_test.py --site .build/debug/switchyard-link-site --file Examples/shop.json

The site runs with `--metrics-port 0` on an SQLite file. The test makes a link, visits it, asks for links that do
not exist, is refused by a rate limit, makes a claim from a phone's landing page and redeems it, then scrapes
`/metrics` and checks each count against what it did, and that the histograms are whole (cumulative buckets, a
`+Inf` bucket equal to the count). Also: the metrics are on their own port only, and the probes are not counted.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
from site_checks import DESKTOP, call, check, finish  # noqa: E402

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15"
HOST = "go.shop.example.com"


def call_site(address, method, path, token=None, body=None, agent=DESKTOP):
    """A call to the site as the short-link host."""
    return call(address, method, path, token, body, agent, host=HOST)


def scrape(metrics_address):
    with urllib.request.urlopen(metrics_address, timeout=15) as response:
        content_type = response.headers["Content-Type"]
        text = response.read().decode()
    samples = {}
    families = {}
    for family in text_string_to_metric_families(text):
        families[family.name] = family
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return content_type, families, samples


def value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))))


def scenario(site, metrics, token):
    made = call_site(site, "POST", "/api/admin/links", token, {"slug": "counted", "target": "myapp://product/1988"})
    check(made[0] == 201, "a link is made (%s)" % made[0])
    redirects = [call_site(site, "GET", "/s/counted")[0] for _ in range(3)]
    check(redirects == [302] * 3, "three desktop visits redirect (%s)" % redirects)
    missing = [call_site(site, "GET", "/s/nothing-here")[0] for _ in range(2)]
    check(missing == [404] * 2, "two visits of no link (%s)" % missing)
    check(call_site(site, "GET", "/healthz")[0] == 200 and call_site(site, "GET", "/readyz")[0] == 200, "the probes answer")
    landing = call_site(site, "GET", "/s/counted", agent=IPHONE)
    claim_path = re.search(rb'id="get-the-app" href="([^"]+)"', landing[2])
    check(landing[0] == 200 and claim_path is not None, "a phone's landing page offers the app")
    store = call_site(site, "GET", claim_path.group(1).decode().replace("&amp;", "&"), agent=IPHONE)
    check(store[0] == 302, "its store redirect makes a claim (%s)" % store[0])
    claim_token = re.match(r"/c/([A-Za-z0-9_-]{32})/", claim_path.group(1).decode()).group(1)
    redeemed = call_site(site, "POST", "/api/claims/redeem", body={"token": claim_token})
    check(redeemed[0] == 200, "the claim is redeemed (%s)" % redeemed[0])
    # Guessing tokens until the address limit refuses: every 401 before, then one 429.
    refused = []
    while len(refused) < 20 and 429 not in refused:
        refused.append(call_site(site, "GET", "/api/admin/links", "sy_wrong")[0])
    check(refused[-1] == 429 and set(refused[:-1]) <= {401}, "guessing tokens ends in 429 (%s)" % refused)
    time.sleep(2.5)  # the click window is 1 s: the batches are written

    content_type, families, samples = scrape(metrics)
    check(content_type.startswith("text/plain; version=0.0.4"), "Prometheus' text format: %s" % content_type)
    requests = lambda cls, status: value(samples, "switchyard_requests_total", **{"class": cls, "status": status})
    check(requests("short_link", "302") == 3, "3 short-link redirects counted")
    check(requests("short_link", "404") == 2, "2 short-link 404s counted")
    check(requests("short_link", "200") == 1, "1 landing page counted")
    check(requests("admin_api", "201") == 1, "1 link made counted")
    check(requests("admin_api", "429") == 1, "the 429 counted")
    check(requests("admin_api", "401") == len(refused) - 1, "the 401s counted")
    check(requests("claim_link", "302") == 1 and requests("redemption", "200") == 1, "claim link and redemption")
    check(not any(name == "switchyard_requests_total" and dict(labels).get("class") in ("healthz", "readyz")
                  for name, labels in samples), "the probes are not counted")
    total = sum(v for (name, _), v in samples.items() if name == "switchyard_requests_total")
    expected = 1 + 3 + 2 + 3 + len(refused)
    check(total == expected, "every request but the probes is counted once (%s of %s)" % (total, expected))
    # The link made through this process is cached at once: only the unknown slug's first visit reads the store.
    check(value(samples, "switchyard_link_cache_lookups_total", result="miss") == 1,
          "cache: 1 miss (%s)" % value(samples, "switchyard_link_cache_lookups_total", result="miss"))
    check(value(samples, "switchyard_link_cache_lookups_total", result="hit") == 7,
          "cache: 7 hits: 3 visits, 1 unknown slug again, landing, claim, redemption (%s)"
          % value(samples, "switchyard_link_cache_lookups_total", result="hit"))
    check(value(samples, "switchyard_rate_limited_total", limit="address") == 1, "one refusal by the address limit")
    check(value(samples, "switchyard_rate_limited_total", limit="token") == 0, "the token limit at 0, listed")
    check(value(samples, "switchyard_claims_made_total") == 1, "one claim made")
    check(value(samples, "switchyard_claims_redeemed_total") == 1, "one claim redeemed")
    check(value(samples, "switchyard_batch_records_sum", records="clicks") == 4, "the 4 clicks were written")
    check(value(samples, "switchyard_store_errors_total", operation="read_links") == 0, "no store errors")
    check(value(samples, "switchyard_link_read_slugs_sum") == 1, "the store read one slug: the unknown one, once")
    check(value(samples, "switchyard_store_duration_seconds_count", operation="read_links") == 1,
          "one read timed: the one the store made")
    lag = value(samples, "switchyard_batch_lag_seconds_count", records="clicks")
    check(lag is not None and lag >= 1, "the clicks' lag is timed")
    for family in families.values():
        if family.type != "histogram":
            continue
        series = {}
        for sample in family.samples:
            key = tuple(sorted((k, v) for k, v in sample.labels.items() if k != "le"))
            series.setdefault(key, {})[sample.name[len(family.name):] + sample.labels.get("le", "")] = sample.value
        for key, parts in series.items():
            buckets = sorted(((float(k[len("_bucket"):]), v) for k, v in parts.items() if k.startswith("_bucket")))
            counts = [v for _, v in buckets]
            check(counts == sorted(counts) and buckets[-1][0] == float("inf") and buckets[-1][1] == parts["_count"],
                  "%s%s: cumulative buckets ending at +Inf = count" % (family.name, dict(key)))
    on_site = call_site(site, "GET", "/metrics")[0]
    check(on_site == 404, "the site's own port does not serve the metrics (%s)" % on_site)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--file", required=True)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="switchyard-metrics-")
    database = os.path.join(folder, "links.sqlite")
    token = subprocess.run([arguments.site, "token", "create", "metrics test", "--database", database],
                           check=True, capture_output=True, text=True).stdout.strip()
    site = subprocess.Popen([arguments.site, "serve", arguments.file, "--database", database, "--port", "0",
                             "--metrics-port", "0", "--requests-per-address", "2", "--log-level", "error"],
                            stdout=subprocess.PIPE, text=True)
    try:
        address = site.stdout.readline().strip().rstrip("/")
        metrics = site.stdout.readline().strip()
        check(metrics.endswith("/metrics"), "serve prints the metrics' address second: %r" % metrics)
        scenario(address, metrics, token)
    finally:
        site.terminate()
        site.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
