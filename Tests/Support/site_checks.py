"""What the Python tests of a running site share: named checks that are all run and reported, and one HTTP call.

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Support"))
    from site_checks import call, check, finish
"""
import json
import sys
import urllib.error
import urllib.request

DESKTOP = "Mozilla/5.0 (X11; Linux x86_64)"
failures = []


def check(condition, message):
    """Prints `message` as passed or failed; a failure is kept for `finish`, and the checks go on."""
    print(("ok    " if condition else "FAIL  ") + message, flush=True)
    if not condition:
        failures.append(message)


def finish():
    """Exits 1 when any check failed, after saying how many."""
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")


def call(address, method, path, token=None, body=None, agent=DESKTOP, host=None):
    """`method path` on the site at `address`, redirects not followed: (status, headers, body), and status None
    when the connection dropped or timed out."""
    headers = {"User-Agent": agent}
    if host:
        headers["Host"] = host
    if token:
        headers["Authorization"] = "Bearer " + token
    if body is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(address + path, data=None if body is None else json.dumps(body).encode(),
                                     method=method, headers=headers)

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=15) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()
    except Exception as error:  # a dropped connection, a timeout
        return None, {}, str(error).encode()
