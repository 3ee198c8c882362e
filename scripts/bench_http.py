#!/usr/bin/env python3
"""The HTTP benchmark's driver; run it through scripts/bench-http.sh, which builds and installs.

For each catalog size it measures the first start (empty database), the cached start, the
resident set, and then every route with wrk against the app and against nginx serving the
route's saved response body, one after the other, and prints one table per size.
"""
import argparse
import http.client
import json
import os
import re
import statistics
import shutil
import signal
import socket
import subprocess
import tempfile
import time

# A browser that has been here before sends its form-token cookie (and gets its own token back).
RETURNING = {"Cookie": "cocktailbook_csrf=" + "5e" * 32}

ROUTES = [
    ("/", "text/html", None),
    ("/cocktails/30", "text/html", None),
    ("/cocktails/30", "text/html", RETURNING),
    ("/search?q=gin", "text/html", None),
    ("/api/v1/cocktails?q=gin", "application/json", None),
    ("/api/v1/cocktails/30", "application/json", None),
    ("/api/json/v1/1/search.php?s=margarita", "application/json", None),
    ("/healthz", "text/plain", None),
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, path, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class App:
    """One run of the server on a database, timed from spawn to a ready catalog."""

    def __init__(self, binary, database, catalog, log, log_level):
        self.port = free_port()
        arguments = [binary, "serve", "--port", str(self.port), "--database", database,
                     "--source-latency", "0", "--log-level", log_level]
        if catalog:
            arguments += ["--catalog", catalog]
        start = time.perf_counter()
        self.process = subprocess.Popen(arguments, stdout=log, stderr=log)
        self.listening = self.ready = None
        deadline = start + 120
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the app exited with {self.process.returncode}; see {log.name}")
            try:
                status, body = get(self.port, "/api/v1/catalog")
            except OSError:
                time.sleep(0.002)
                continue
            if self.listening is None:
                self.listening = time.perf_counter() - start
            if status == 200 and b'"ready"' in body:
                self.ready = time.perf_counter() - start
                return
            time.sleep(0.002)
        raise SystemExit("the catalog did not become ready within 120 s")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def wrk(url, duration, connections, headers=None):
    extra = [argument for name, value in (headers or {}).items() for argument in ("-H", f"{name}: {value}")]
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", *extra, url],
        capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = 0
    for pattern in (r"Non-2xx or 3xx responses:\s+(\d+)", r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)"):
        found = re.search(pattern, output)
        if found:
            errors += sum(int(g) for g in found.groups())
    return rate, float(p99.group(1)) * scale, errors


def median_run(runs):
    """The median req/s and p99 of some wrk runs, with every run's errors."""
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), sum(r[2] for r in runs))


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def nginx_config(root, port, routes):
    locations = "\n".join(
        f"        location = /r{i} {{ default_type \"{kind}\"; }}" for i, (_, kind, _) in enumerate(routes))
    return f"""
worker_processes auto;
pid {root}/nginx.pid;
error_log {root}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    types {{ }}
    server {{
        listen 127.0.0.1:{port};
        root {root}/files;
{locations}
    }}
}}
"""


BUNDLED = os.path.join(os.path.dirname(__file__), "..", "Packages", "CocktailsAPI", "Sources", "CocktailsAPI",
                       "Resources", "cocktails.json")


STRINGS = os.path.join(os.path.dirname(__file__), "..", "Sources", "CocktailBook", "Strings")


def bundled_count():
    with open(BUNDLED) as source:
        return len(json.load(source))


def write_copies(size, path, languages):
    """`size` drinks made of copies of the bundled ones, each with its variants and its texts in
    `languages` (Italian's from the catalog, the others from `Strings/catalog-<code>.json`, carried
    in each copy's own `translations`), under new ids and names: a catalog as a real book of that
    size reads, not a generated one."""
    with open(BUNDLED) as source:
        bundled = json.load(source)
    filed = {}
    for code in languages:
        file = os.path.join(STRINGS, f"catalog-{code}.json")
        if os.path.exists(file):
            with open(file) as texts:
                filed[code] = json.load(texts)
    drinks = []
    for index in range(size):
        drink = dict(bundled[index % len(bundled)])
        translations = {code: text for code, text in (drink.get("translations") or {}).items() if code in languages}
        for code, texts in filed.items():
            entry = texts.get(drink["id"])
            if entry and entry.get("name") == drink["name"]:
                translations[code] = {key: value for key, value in entry.items() if key != "name"}
        drink["translations"] = translations
        round_ = index // len(bundled)
        if round_:
            drink["id"] = f"{drink['id']}-{round_ + 1}"
            drink["name"] = f"{drink['name']} {round_ + 1}"
            drink["imageName"] = f"{drink['imageName']}-{round_ + 1}"
            drink["shortDescription"] = f"{drink['shortDescription']} ({round_ + 1})"
        drinks.append(drink)
    with open(path, "w") as out:
        json.dump(drinks, out)


def bench_size(args, size, work):
    catalog = None
    if size != bundled_count():
        catalog = os.path.join(work, f"catalog-{size}.json")
        if args.catalog == "copies":
            write_copies(size, catalog, args.languages.split(","))
        else:
            subprocess.run([args.catalog_writer, "--write-catalog", str(size), catalog], check=True)
    database = os.path.join(work, f"bench-{size}.sqlite")
    log = open(os.path.join(work, f"app-{size}.log"), "w")

    first = App(args.app, database, catalog, log, args.log_level)
    first_ready = first.ready
    first.stop()
    # The cached start, three times (the median is reported): one start is at the mercy of
    # whatever else the machine does in that second.
    starts = []
    for _ in range(2):
        again = App(args.app, database, catalog, log, args.log_level)
        starts.append((again.listening, again.ready))
        again.stop()
    app = App(args.app, database, catalog, log, args.log_level)
    starts.append((app.listening, app.ready))
    listening = statistics.median(s[0] for s in starts)
    ready = statistics.median(s[1] for s in starts)
    time.sleep(1)
    rss_start = rss_mib(app.process.pid)
    if args.no_load:
        app.stop()
        print(f"\n## {size} cocktails, languages {args.languages}, log level {args.log_level}\n")
        print(f"start, empty database → catalog ready: {first_ready * 1000:.0f} ms; "
              f"start, cached catalog (median of 3) → listening {listening * 1000:.0f} ms, serving it {ready * 1000:.0f} ms")
        print(f"RSS: {rss_start:.1f} MiB after start")
        return

    files = os.path.join(work, "files")
    shutil.rmtree(files, ignore_errors=True)
    os.makedirs(files)
    for i, (path, _, headers) in enumerate(ROUTES):
        status, body = get(app.port, path, headers)
        if status != 200:
            raise SystemExit(f"{path} answered {status}")
        with open(os.path.join(files, f"r{i}"), "wb") as out:
            out.write(body)
    os.chmod(work, 0o755)
    nginx_port = free_port()
    config = os.path.join(work, "nginx.conf")
    with open(config, "w") as out:
        out.write(nginx_config(work, nginx_port, ROUTES))
    subprocess.run([NGINX, "-c", config, "-p", work, "-g", "user root;"], check=True)
    try:
        rows = []
        loaded = 0
        for i, (path, _, headers) in enumerate(ROUTES):
            # Rounds alternate the app and nginx; each column is the median of its rounds.
            ours_rounds, theirs_rounds = [], []
            for _ in range(args.rounds):
                ours_rounds.append(wrk(f"http://127.0.0.1:{app.port}{path}", args.duration, args.connections, headers))
                loaded += args.duration
                if path != "/healthz":
                    theirs_rounds.append(wrk(f"http://127.0.0.1:{nginx_port}/r{i}", args.duration, args.connections))
            ours = median_run(ours_rounds)
            theirs = median_run(theirs_rounds) if theirs_rounds else None
            size_bytes = os.path.getsize(os.path.join(files, f"r{i}"))
            rows.append((path + (", returning browser" if headers else ""), size_bytes, ours, theirs))
        rss_loaded = rss_mib(app.process.pid)
    finally:
        subprocess.run([NGINX, "-c", config, "-p", work, "-g", "user root;", "-s", "stop"], check=False)
        app.stop()

    kind = "copies of the bundled drinks" if args.catalog == "copies" or size == bundled_count() else "synthetic"
    print(f"\n## {size} cocktails ({kind}), log level {args.log_level} — wrk -t2 -c{args.connections} -d{args.duration}s, "
          f"each route then nginx serving its saved body, median of {args.rounds} round{'s' if args.rounds != 1 else ''}\n")
    health = next(ours for path, _, ours, _ in rows if path == "/healthz")
    print("| route | bytes | req/s | p99 ms | of /healthz | nginx req/s | nginx p99 ms | of nginx | p99 ÷ nginx | errors |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for path, size_bytes, (rate, p99, errors), theirs in rows:
        of_health = f"**{100 * rate / health[0]:.0f} %**"
        if theirs:
            nrate, np99, nerrors = theirs
            print(f"| `{path}` | {size_bytes:,} | {rate:,.0f} | {p99:.2f} | {of_health} | {nrate:,.0f} | {np99:.2f} | "
                  f"{100 * rate / nrate:.0f} % | **{p99 / np99:.1f}×** | {errors}/{nerrors} |")
        else:
            print(f"| `{path}` | {size_bytes:,} | {rate:,.0f} | {p99:.2f} | 100 % | — | — | — | — | {errors} |")
    print(f"\nstart, empty database → catalog ready: {first_ready * 1000:.0f} ms; "
          f"start, cached catalog (median of 3) → listening {listening * 1000:.0f} ms, serving it {ready * 1000:.0f} ms")
    print(f"RSS: {rss_start:.1f} MiB after start, {rss_loaded:.1f} MiB after {loaded} s of load")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--app", required=True)
    parser.add_argument("--catalog-writer", required=True)
    parser.add_argument("--sizes", default="311,10000")
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--catalog", choices=["copies", "synthetic"], default="copies",
                        help="catalogs beyond the bundled 311: copies of the bundled drinks (default) or generated ones")
    parser.add_argument("--log-level", default="info", help="the server's log level (default info, as a user runs it)")
    parser.add_argument("--languages", default="it,de,fr,es",
                        help="the languages each copied drink carries texts in (default: all the book ships)")
    parser.add_argument("--no-load", action="store_true",
                        help="measure the starts and the resident set only, without wrk and nginx")
    args = parser.parse_args()
    with open("/proc/loadavg") as load:
        print(f"Cocktail Book HTTP benchmark — {os.cpu_count()} cores, load average {' '.join(load.read().split()[:3])} at start")
    work = tempfile.mkdtemp(prefix="cocktailbook-bench-")
    try:
        for size in (int(s) for s in args.sizes.split(",")):
            bench_size(args, size, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
