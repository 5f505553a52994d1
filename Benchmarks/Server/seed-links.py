#!/usr/bin/env python3
"""Makes COUNT short links through a running site's admin API, over keep-alive connections from THREADS threads.

    Benchmarks/Server/seed-links.py http://127.0.0.1:18090 TOKEN COUNT PREFIX [THREADS]

Link PREFIX-N (N < COUNT) goes to myapp://product/N, as a campaign's per-recipient links would, with the UTM source
UTM_SOURCE when the environment gives one. Exits 1 unless every link was made (201).
"""
import http.client
import json
import os
import sys
import threading
import urllib.parse


def main():
    address, token, count, prefix = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    threads = int(sys.argv[5]) if len(sys.argv) > 5 else 8
    url = urllib.parse.urlsplit(address)
    made = [0] * threads
    failed = []

    def work(index):
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
        for n in range(index, count, threads):
            link = {"slug": "%s-%d" % (prefix, n), "target": "myapp://product/%d" % n}
            if os.environ.get("UTM_SOURCE"):
                link["utm"] = {"source": os.environ["UTM_SOURCE"]}
            body = json.dumps(link)
            connection.request("POST", "/api/admin/links", body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status == 201:
                made[index] += 1
            else:
                failed.append(response.status)

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    if sum(made) != count:
        sys.exit("made %d of %d links; statuses %s" % (sum(made), count, sorted(set(failed))))


if __name__ == "__main__":
    main()
