#!/usr/bin/env python3
"""The link site behind Debian's nginx terminating TLS on loopback, with the configuration README.md shows.

    python3 Tests/Proxy/behind_nginx.py --site .build/debug/switchyard-link-site --file Examples/shop.json

The test makes a certificate authority and a certificate for the short-link host with openssl, takes the nginx
block from README.md (between the "nginx:" comment and the end of its code block), puts in the test's ports and
files, and starts nginx and the site (`--trusted-proxy 127.0.0.1`, one admin request per address every 10 s).
Checks, each a failure when it does not hold:
- two clients from 127.0.0.2 and 127.0.0.3, through nginx, get limits of their own;
- a client's own X-Forwarded-For, through nginx or straight to the site, chooses no other address;
- over https through nginx: the association file, a phone's landing page, a desktop's redirect, /healthz and
  /readyz answer as they do on the site itself;
- `links list` through nginx over https trusts the test's CA with `--ca-file`, and refuses the site without it.
"""
import argparse
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
from site_checks import check, finish  # noqa: E402

HOST = "go.shop.example.com"
def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_certificates(folder):
    """A CA, and a certificate it signs for the short-link host, the shop's host and 127.0.0.1 (for `links`)."""
    def openssl(*arguments):
        subprocess.run(["openssl", *arguments], check=True, capture_output=True)
    ca_key, ca, key, request, certificate = (os.path.join(folder, name) for name in
                                             ("ca.key", "ca.pem", "site.key", "site.csr", "site.pem"))
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", ca_key, "-out", ca, "-days", "2",
            "-subj", "/CN=Switchyard proxy test CA")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=" + HOST)
    extensions = os.path.join(folder, "san.cnf")
    with open(extensions, "w") as file:
        file.write("subjectAltName=DNS:%s,DNS:shop.example.com,IP:127.0.0.1\n" % HOST)
    openssl("x509", "-req", "-in", request, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-out", certificate,
            "-days", "2", "-extfile", extensions)
    return ca, certificate, key


def readme_server_block():
    text = open("README.md", encoding="utf-8").read()
    found = re.search(r"<!-- nginx:[^>]*-->\n```nginx\n(.*?)```", text, re.S)
    if not found:
        sys.exit("README.md has no nginx block after its '<!-- nginx: ... -->' comment")
    return found.group(1)


def nginx_configuration(folder, nginx_port, site_port, certificate, key):
    block = readme_server_block()
    replacements = [
        ("listen 443 ssl;", "listen 127.0.0.1:%d ssl;" % nginx_port),
        ("/etc/ssl/certs/go.shop.example.com.pem", certificate),
        ("/etc/ssl/private/go.shop.example.com.key", key),
        ("http://127.0.0.1:8080", "http://127.0.0.1:%d" % site_port),
    ]
    for old, new in replacements:
        if block.count(old) != 1:
            sys.exit("README.md's nginx block no longer has %r once: update this test with it" % old)
        block = block.replace(old, new)
    return """
pid %(folder)s/nginx.pid;
error_log %(folder)s/error.log warn;
daemon off;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path %(folder)s/body;
    proxy_temp_path %(folder)s/proxy;
    fastcgi_temp_path %(folder)s/fastcgi;
    uwsgi_temp_path %(folder)s/uwsgi;
    scgi_temp_path %(folder)s/scgi;
%(block)s
}
""" % {"folder": folder, "block": block}


class Client:
    def __init__(self, ca, nginx_port, site_port):
        self.context = ssl.create_default_context(cafile=ca)
        self.nginx_port = nginx_port
        self.site_port = site_port

    def https(self, method, path, source, headers=None, body=None, host=HOST):
        """A request to nginx over TLS (the certificate checked against `host`) from `source` on loopback."""
        raw = socket.create_connection(("127.0.0.1", self.nginx_port), timeout=15, source_address=(source, 0))
        connection = self.context.wrap_socket(raw, server_hostname=host)
        return self._exchange(connection, method, path, host, headers, body)

    def plain(self, method, path, source, headers=None, body=None):
        """A request straight to the site, past the proxy."""
        connection = socket.create_connection(("127.0.0.1", self.site_port), timeout=15, source_address=(source, 0))
        return self._exchange(connection, method, path, HOST, headers, body)

    @staticmethod
    def _exchange(connection, method, path, host, headers, body):
        data = b"" if body is None else json.dumps(body).encode()
        lines = ["%s %s HTTP/1.1" % (method, path), "Host: " + host, "Connection: close"]
        lines += ["%s: %s" % pair for pair in (headers or {}).items()]
        if body is not None:
            lines += ["Content-Type: application/json", "Content-Length: %d" % len(data)]
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        response = http.client.HTTPResponse(connection, method=method)
        response.begin()
        answer = (response.status, {name.lower(): value for name, value in response.getheaders()}, response.read())
        connection.close()
        return answer


def wait_for(port, what, process):
    for _ in range(200):
        if process.poll() is not None:
            sys.exit("%s exited with %s" % (what, process.returncode))
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit("%s does not listen on port %d" % (what, port))


def scenario(client, token):
    admin = {"Authorization": "Bearer " + token}
    made = client.https("POST", "/api/admin/links", "127.0.0.9", admin,
                        {"slug": "proxied", "target": "myapp://product/1988"})
    check(made[0] == 201, "a link is made through nginx (%s)" % made[0])

    first = client.https("GET", "/api/admin/links", "127.0.0.2", admin)[0]
    second = client.https("GET", "/api/admin/links", "127.0.0.2", admin)[0]
    other = client.https("GET", "/api/admin/links", "127.0.0.3", admin)[0]
    check((first, second) == (200, 429), "127.0.0.2's second request at once is refused (%s, %s)" % (first, second))
    check(other == 200, "127.0.0.3 has a limit of its own through the same proxy (%s)" % other)

    forged = [client.https("GET", "/api/admin/links", "127.0.0.4", {**admin, "X-Forwarded-For": ip})[0]
              for ip in ("198.51.100.1", "198.51.100.2")]
    check(forged == [200, 429], "a client's own X-Forwarded-For through nginx chooses no address (%s)" % forged)
    straight = [client.plain("GET", "/api/admin/links", "127.0.0.5", {**admin, "X-Forwarded-For": ip})[0]
                for ip in ("198.51.100.3", "198.51.100.4")]
    check(straight == [200, 429], "straight to the site, X-Forwarded-For is not read (%s)" % straight)

    status, headers, body = client.https("GET", "/.well-known/apple-app-site-association", "127.0.0.6")
    check(status == 200 and headers.get("content-type") == "application/json"
          and '"/s/?*"' in body.decode(), "the short-link host's association file over https (%s)" % status)
    status, headers, body = client.https("GET", "/.well-known/apple-app-site-association", "127.0.0.6",
                                         host="shop.example.com")
    check(status == 200 and b"/product/" in body, "the shop host's association file over https (%s)" % status)
    iphone = {"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15"}
    status, headers, body = client.https("GET", "/s/proxied", "127.0.0.6", iphone)
    check(status == 200 and b'id="get-the-app"' in body, "a phone's landing page over https (%s)" % status)
    desktop = {"User-Agent": "Mozilla/5.0 (X11; Linux x86_64)"}
    status, headers, _ = client.https("GET", "/s/proxied", "127.0.0.6", desktop)
    check((status, headers.get("location")) == (302, "https://shop.example.com/products/1988"),
          "a desktop's redirect to the product's web page, through nginx unchanged (%s %s)"
          % (status, headers.get("location")))
    status, _, body = client.https("GET", "/healthz", "127.0.0.7")
    check((status, body) == (200, b"ok\n"), "/healthz through nginx (%s %r)" % (status, body))
    status, _, body = client.https("GET", "/readyz", "127.0.0.7")
    check((status, body) == (200, b"ready\n"), "/readyz through nginx (%s %r)" % (status, body))
    status, _, _ = client.https("GET", "/s/no-such-link", "127.0.0.7", desktop)
    check(status == 404, "an unknown short link is 404 through nginx (%s)" % status)


def links_over_tls(site, ca, nginx_port, token):
    """The tool's `links list` through nginx, with the test's CA and without it."""
    environment = {**os.environ, "SWITCHYARD_TOKEN": token}
    address = "https://127.0.0.1:%d" % nginx_port
    trusted = subprocess.run([site, "links", "list", "--site", address, "--ca-file", ca], capture_output=True,
                             text=True, env=environment, timeout=60)
    check(trusted.returncode == 0 and "proxied" in trusted.stdout,
          "links list over https with --ca-file (%s %s)" % (trusted.returncode, trusted.stderr.strip()))
    refused = subprocess.run([site, "links", "list", "--site", address], capture_output=True, text=True,
                             env=environment, timeout=60)
    check(refused.returncode == 2 and "cannot be reached" in refused.stderr,
          "links list refuses a certificate no trusted authority signed (%s %s)"
          % (refused.returncode, refused.stderr.strip()[:200]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--file", required=True)
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="switchyard-nginx-")
    ca, certificate, key = make_certificates(folder)
    database = os.path.join(folder, "links.sqlite")
    token = subprocess.run([arguments.site, "token", "create", "proxy test", "--database", database],
                           check=True, capture_output=True, text=True).stdout.strip()
    site_port, nginx_port = free_port(), free_port()
    site = subprocess.Popen([arguments.site, "serve", arguments.file, "--database", database, "--port", str(site_port),
                             "--trusted-proxy", "127.0.0.1", "--requests-per-address", "0.1",
                             "--log-level", "error"], stdout=subprocess.DEVNULL)
    configuration = os.path.join(folder, "nginx.conf")
    with open(configuration, "w") as file:
        file.write(nginx_configuration(folder, nginx_port, site_port, certificate, key))
    nginx = subprocess.Popen([arguments.nginx, "-c", configuration, "-e", os.path.join(folder, "error.log")])
    try:
        wait_for(site_port, "the site", site)
        wait_for(nginx_port, "nginx", nginx)
        scenario(Client(ca, nginx_port, site_port), token)
        links_over_tls(arguments.site, ca, nginx_port, token)
    finally:
        nginx.terminate()
        site.terminate()
        nginx.wait(timeout=10)
        site.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
