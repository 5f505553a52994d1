#!/usr/bin/env python3
"""Writes a file of links as an app's logs hold them, for `switchyard route` and `switchyard audit`.

    generate-links.py COUNT OUTPUT [--seed N]

A fixed seed gives the same bytes on every machine. The mix, against Examples/shop.json: hits on every table (custom
scheme, universal link, relative), queries with tracking items, redirects, misses, and about 1 % hostile lines
(a bad escape, a host that is not allowed, a link past the length limit, NUL and control bytes, ill-formed UTF-8,
a bad count). A fifth of the lines are in the aggregated form `COUNT<TAB>link`, and some end in CRLF.
"""
import argparse
import random

WORDS = ["shoes", "hats", "garden", "kitchen", "toys", "books", "music", "sale", "new", "gift-ideas"]
USERS = ["alice", "bob", "carol", "dave", "erin", "me", "frank", "o%27brien", "zo%C3%AB"]
HOSTS = ["shop.example.com", "www.shop.example.com"]


def hit(r):
    n = r.randrange(1, 100_000)
    word = r.choice(WORDS)
    return r.choice([
        f"myapp://product/{n}",
        f"myapp://product/{n}/reviews",
        f"myapp://product/{n}/reviews/{r.randrange(1, 20)}",
        f"myapp://category/{word}",
        f"myapp://category/{word}/page/{r.randrange(1, 50)}",
        f"myapp://search",
        f"myapp://user/{r.choice(USERS)}",
        f"myapp://tab/{r.choice(['home', 'cart', 'account'])}",
        f"myapp://help/{word}/{r.choice(WORDS)}",
        f"myapp://cart",
        f"myapp://orders/{n}",
        f"myapp://promo/{word.upper()}{r.randrange(10, 99)}",
        f"myapp://item/{n}",
        f"https://{r.choice(HOSTS)}/product/{n}",
        f"https://{r.choice(HOSTS)}/p/{n}",
        f"https://{r.choice(HOSTS)}/category/{word}",
        f"https://{r.choice(HOSTS)}/user/{r.choice(USERS)}",
        f"/product/{n}",
        f"/category/{word}/page/{r.randrange(1, 9)}",
    ])


def query(r):
    items = [f"utm_source={r.choice(['email', 'push', 'qr', 'partner'])}",
             f"utm_campaign={r.choice(WORDS)}-{r.randrange(2020, 2027)}",
             f"coupon={r.choice(['XMAS', 'SPRING', 'A+B', 'half%20off'])}", "debug"]
    return "?" + "&".join(r.sample(items, r.randrange(1, 4)))


def miss(r):
    return r.choice([
        f"myapp://nowhere/{r.randrange(1000)}",
        f"https://{r.choice(HOSTS)}/about/{r.choice(WORDS)}",
        f"myapp://product",
        f"myapp://orders",
        f"otherapp://product/{r.randrange(1000)}",
    ])


def hostile(r):
    return r.choice([
        b"myapp://product/%ZZ",
        b"https://evil.example/product/1",
        b"myapp://product/" + b"9" * 5000,
        b"myapp://product/1\x00evil",
        b"myapp://user/\x01bell",
        b"myapp://user/\xff\xfe",
        b"\tmyapp://cart",
        b"12x\tmyapp://cart",
        b"myapp://" + b"a/" * 300,
    ])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=1988)
    arguments = parser.parse_args()
    r = random.Random(arguments.seed)
    with open(arguments.output, "wb") as out:
        for _ in range(arguments.count):
            roll = r.random()
            if roll < 0.01:
                line = hostile(r)
            else:
                link = miss(r) if roll < 0.08 else hit(r)
                if r.random() < 0.3:
                    link += query(r)
                if r.random() < 0.05:
                    link += "#" + r.choice(WORDS)
                line = link.encode()
                if r.random() < 0.2:
                    line = str(r.randrange(1, 5000)).encode() + b"\t" + line
            out.write(line + (b"\r\n" if r.random() < 0.05 else b"\n"))


if __name__ == "__main__":
    main()
