#!/usr/bin/env python3
"""How soon a saved drink can be found: POST /api/v1/cocktails, then search for its name until
the search answers it, on a book of N drinks (copies of the bundled ones, as bench_http.py
makes them). Release build, default settings, SQLite; only 127.0.0.1 is contacted.

Usage: scripts/bench_save.py [--sizes 170,10000] [--saves 20] [--binary PATH]
The target: found within 100 ms of the save's answer at 10,000 drinks."""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_http import App, write_copies  # noqa: E402


def request(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def bench(binary, size, saves, work):
    catalog = work / f"catalog-{size}.json"
    write_copies(size, catalog)
    with open(work / f"server-{size}.log", "w") as log:
        app = App(binary, str(work / f"book-{size}.sqlite"), str(catalog), log, "info")
        try:
            saved_ms, found_ms = [], []
            for index in range(saves):
                name = f"Bench Sour {size}-{index}"
                body = {"name": name, "ingredients": ["50 ml London dry gin", "25 ml fresh lemon juice",
                                                      "20 ml simple syrup"],
                        "instructions": ["Shake with ice.", "Strain into a chilled coupe."]}
                start = time.perf_counter()
                status, data = request(app.port, "POST", "/api/v1/cocktails", body)
                answered = time.perf_counter()
                assert status == 201, (status, data[:200])
                query = "/api/v1/cocktails?q=" + name.replace(" ", "+")
                while True:
                    _, found = request(app.port, "GET", query)
                    if name in json.loads(found)["cocktails"][0]["name"] if json.loads(found)["cocktails"] else False:
                        break
                    if time.perf_counter() - start > 30:
                        raise SystemExit(f"{name} not found within 30 s")
                done = time.perf_counter()
                saved_ms.append((answered - start) * 1000)
                found_ms.append((done - start) * 1000)
            return saved_ms, found_ms
        finally:
            app.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="170,10000")
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--binary", default=None)
    args = parser.parse_args()
    binary = args.binary or str(Path(__file__).resolve().parents[1] / ".build/release/cocktailbook")
    with tempfile.TemporaryDirectory() as directory:
        for size in (int(value) for value in args.sizes.split(",")):
            saved, found = bench(binary, size, args.saves, Path(directory))
            print(f"{size:>6} drinks, {args.saves} saves: save answered median {statistics.median(saved):.0f} ms"
                  f" (max {max(saved):.0f}); found by search median {statistics.median(found):.0f} ms"
                  f" (max {max(found):.0f}) after the request was sent")


if __name__ == "__main__":
    main()
