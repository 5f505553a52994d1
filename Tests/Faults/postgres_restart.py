#!/usr/bin/env python3
"""A link site on PostgreSQL whose database goes away under load and comes back.

    python3 Tests/Faults/postgres_restart.py --site .build/debug/switchyard-link-site \
        --postgres postgres://switchyard@127.0.0.1:PORT/switchyard --cluster DIR --port PORT

While four clients open short links (half of them read before, so cached; half never read) and create links, the
cluster is stopped for OUTAGE seconds (.ci/postgres halt), then started again (.ci/postgres resume). Checks, each a
failure when it does not hold:
- during the outage, cached links are still served (302) and the others answer 503 with Retry-After, never 5xx
  other than 503, never a dropped connection; a create answers 503, and is not acknowledged;
- after the restart, without the site being restarted, a create succeeds within RECOVERY seconds, and then every
  create and every read of a link never read before does;
- every link acknowledged (201) before, during and after is in the database at the end;
- the clicks answered during the outage were kept and written once the database was back.
"""
import argparse
import json
import os
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
from site_checks import call, check, finish  # noqa: E402

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--postgres", required=True)
    parser.add_argument("--cluster", required=True, help="the cluster's folder, for .ci/postgres halt and resume")
    parser.add_argument("--port", required=True, help="the cluster's port")
    parser.add_argument("--outage", type=float, default=6)
    parser.add_argument("--recovery", type=float, default=15)
    arguments = parser.parse_args()

    token = subprocess.run([arguments.site, "token", "create", "fault test", "--database", arguments.postgres],
                           check=True, capture_output=True, text=True).stdout.strip()
    # Links stay fresh for 2 s; a deadline of 5 s a statement.
    site = subprocess.Popen([arguments.site, "serve", "Examples/shop.json", "--database", arguments.postgres,
                             "--port", "0", "--cache-seconds", "2", "--log-level", "critical",
                             "--requests-per-token", "100000", "--requests-per-address", "100000"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = site.stdout.readline().strip()
    run_id = str(int(time.time() * 1000) % 10_000_000)
    try:
        scenario(address, token, arguments, run_id)
    finally:
        site.terminate()
        site.wait(timeout=10)
    finish()


def scenario(address, token, arguments, run_id):  # noqa: C901 (one story, told in order)
    slugs = [f"pg{run_id}-{n}" for n in range(60)]
    # The site caches a link it creates; links meant to be read first during or after the outage are created
    # through a second site process on the same database, so that this one has never seen them.
    other = subprocess.Popen([arguments.site, "serve", "Examples/shop.json", "--database", arguments.postgres,
                              "--port", "0", "--log-level", "critical", "--requests-per-address", "100000"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    other_address = other.stdout.readline().strip()
    for index, slug in enumerate(slugs):
        status, _, body = call(address if index < 20 else other_address, "POST", "api/admin/links", token,
                               {"slug": slug, "target": f"myapp://product/{index}"})
        if status != 201:
            sys.exit(f"setup: {status} {body[:200]}")
    other.terminate()
    other.wait(timeout=10)
    # Cached: read before the outage. Cold: first read during it. Fresh: first read after it.
    cached, cold, fresh = slugs[:20], slugs[20:40], slugs[40:]
    for slug in cached:
        call(address, "GET", "s/" + slug)
    time.sleep(2.5)  # two click windows: the warm-up's clicks are written
    clicks_before = total_clicks(address, token, cached)

    phase = {"name": "before"}
    log = []  # (phase, kind, status)
    acknowledged = []
    lock = threading.Lock()
    stop = threading.Event()

    def client(number):
        n = 0
        while not stop.is_set():
            n += 1
            kind = "cached" if n % 3 == 0 else ("cold" if n % 3 == 1 else "create")
            # Before the outage, those turns open cached links; after it, links never read before.
            if kind == "cold" and phase["name"] == "before":
                kind = "cached"
            if kind == "cold" and phase["name"] == "after":
                kind = "fresh"
            if kind == "create":
                slug = f"pg{run_id}-c{number}-{n}"
                status, headers, _ = call(address, "POST", "api/admin/links", token, {"slug": slug, "target": "myapp://cart"})
                if status == 201:
                    with lock:
                        acknowledged.append(slug)
            else:
                slug = {"cached": cached, "cold": cold, "fresh": fresh}[kind][n % 20]
                status, headers, _ = call(address, "GET", "s/" + slug)
            with lock:
                log.append((phase["name"], kind, status, headers.get("Retry-After")))
            time.sleep(0.01)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    # The outage starts once the server has stopped (pg_ctl waits for it).
    subprocess.run([".ci/postgres", "halt", arguments.cluster], check=True)
    phase["name"] = "outage"
    time.sleep(arguments.outage)
    phase["name"] = "restarted"
    subprocess.run([".ci/postgres", "resume", arguments.cluster, arguments.port], check=True)
    restarted_at = time.time()
    recovered_at = None
    # Recovered when a write goes through: reads may come from the cache.
    probe = 0
    while time.time() - restarted_at < arguments.recovery:
        probe += 1
        if call(address, "POST", "api/admin/links", token, {"slug": f"pg{run_id}-probe{probe}", "target": "myapp://cart"})[0] == 201:
            recovered_at = time.time()
            break
        time.sleep(0.1)
    phase["name"] = "after"
    time.sleep(3)
    stop.set()
    for thread in threads:
        thread.join()

    def statuses(name, kind):
        return sorted({str(status) for phase_name, k, status, _ in log if phase_name == name and k == kind})

    def count(name, kind, status):
        return sum(1 for phase_name, k, s, _ in log if phase_name == name and k == kind and s == status)

    print("      answers by phase and kind:", {f"{p}/{k}": statuses(p, k) for p in ["before", "outage", "restarted", "after"] for k in ["cached", "cold", "fresh", "create"]})
    check(statuses("before", "cached") == ["302"], "before: the links are served")
    check(statuses("outage", "cached") == ["302"], f"outage: cached links are still served ({count('outage', 'cached', 302)} answers)")
    cold_outage = statuses("outage", "cold")
    check(cold_outage == ["503"], f"outage: links never read answer 503 ({cold_outage})")
    check(all(retry == "5" for p, k, s, retry in log if s == 503 and k != "create"), "every 503 page says Retry-After: 5")
    check(set(statuses("outage", "create")) <= {"201", "503"}, f"outage: a create answers 503 ({statuses('outage', 'create')})")
    check(not any(s is None for _, _, s, _ in log), "no connection was dropped, no request timed out")
    check(recovered_at is not None, f"the site recovered by itself within {arguments.recovery} s" +
          (f" ({recovered_at - restarted_at:.1f} s after the restart)" if recovered_at else ""))
    check(statuses("after", "fresh") == ["302"] and statuses("after", "create") == ["201"],
          f"after: links never read are served from the database, and creates work ({statuses('after', 'fresh')}, {statuses('after', 'create')})")
    missing = [slug for slug in acknowledged if call(address, "GET", "api/links/" + slug)[0] != 200]
    check(not missing, f"all {len(acknowledged)} acknowledged links are in the database ({missing[:5]})")
    time.sleep(2.5)  # two click windows
    answered = sum(1 for _, k, s, _ in log if k == "cached" and s == 302) + 0
    stored = total_clicks(address, token, cached) - clicks_before
    check(stored == answered, f"clicks on cached links, outage included: {answered} answered, {stored} stored")


def total_clicks(address, token, slugs):
    total = 0
    for slug in slugs:
        status, _, body = call(address, "GET", f"api/admin/links/{slug}/stats", token)
        total += json.loads(body)["total"] if status == 200 else 0
    return total


if __name__ == "__main__":
    main()
