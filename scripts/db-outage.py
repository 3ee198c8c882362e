#!/usr/bin/env python3
"""What a PostgreSQL outage does to a running book, measured (issue "Reliability, round two").

    scripts/db-outage.py [--app PATH] [--outage 10] [--rounds 3]

Starts a throwaway PostgreSQL (scripts/postgres.sh, 127.0.0.1 only) and the app on it with an
admin's API token, asks four things every 20 ms from four threads (`/healthz`, `/readyz`, a read
that needs the database and a write, both with the token), stops PostgreSQL as a crash would
(`pg_ctl -m immediate`), starts it again after `--outage` seconds, and reports per round: how
long after the crash each answer changed (and to what), the longest any request waited during
the outage, whether any answer was a 401 or an anonymous page, and how long after PostgreSQL
was back each answered as before. (Cached pages and API answers need no database: they keep
answering during an outage.)
"""
import argparse
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, method, path, headers=None, timeout=30):
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        return response.status, body, time.monotonic() - started
    except OSError as error:
        return None, str(error).encode(), time.monotonic() - started
    finally:
        connection.close()


def postgres(command, directory):
    return subprocess.run([os.path.join(ROOT, "scripts", "postgres.sh"), command, directory], check=True,
                          capture_output=True, text=True).stdout.strip()


class Probe(threading.Thread):
    """Asks one thing again and again, noting each answer with its time."""

    def __init__(self, name, ask):
        super().__init__(daemon=True)
        self.name, self.ask, self.answers, self.running = name, ask, [], True

    def run(self):
        while self.running:
            at = time.monotonic()
            status, body, took = self.ask()
            self.answers.append((at, status, body, took))
            time.sleep(0.02)


def describe(status, body):
    if status is None:
        return "no answer"
    if status == 200 and b"Sign in" in body and b"<html" in body:
        return "200 (anonymous page)"
    try:
        code = json.loads(body).get("error", {}).get("code")
    except (ValueError, AttributeError):
        code = None
    return f"{status}" + (f" {code}" if code else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--app", default=None, help="the cocktailbook binary (default: the release build)")
    parser.add_argument("--outage", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    app = args.app
    if app is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "cocktailbook"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        app = os.path.join(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                          check=True, capture_output=True, text=True).stdout.strip(), "cocktailbook")
    work = tempfile.mkdtemp(prefix="cocktailbook-outage-")
    os.chmod(work, 0o755)  # the server runs as the postgres user when started by root
    pg = os.path.join(work, "pg")
    url = postgres("start", pg)
    server = None
    try:
        base = [app, "--database", url, "--bcrypt-cost", "4"]
        subprocess.run(base[:1] + ["user", "add", "admin", "--admin", "--password-stdin"] + base[1:],
                       input="a long password\n", text=True, check=True, capture_output=True)
        token = subprocess.run(base[:1] + ["user", "token", "admin", "--scope", "admin"] + base[1:], text=True, check=True,
                               capture_output=True).stdout.split()[-1]
        port = free_port()
        log = open(os.path.join(work, "app.log"), "w")
        server = subprocess.Popen(base[:1] + ["serve", "--port", str(port), "--source-latency", "0"] + base[1:],
                                  stdout=log, stderr=log)
        deadline = time.monotonic() + 60
        while request(port, "GET", "/readyz", timeout=2)[0] != 200:
            if time.monotonic() > deadline:
                raise SystemExit("the app never became ready; see " + log.name)
            time.sleep(0.1)
        auth = {"Authorization": f"Bearer {token}"}
        flips = iter(range(10**9))

        def write():
            # A write every time: the favorite is set and unset in turn.
            return request(port, "PUT" if next(flips) % 2 else "DELETE", "/api/v1/favorites/7", auth)

        asks = {
            "/healthz": lambda: request(port, "GET", "/healthz"),
            "/readyz": lambda: request(port, "GET", "/readyz"),
            "token: a read that needs the database (GET /api/v1/random)": lambda: request(
                port, "GET", "/api/v1/random", auth),
            "token: a write (PUT/DELETE /api/v1/favorites/7)": write,
        }
        print(f"PostgreSQL outage, {args.outage:g} s each, {args.rounds} rounds; every probe asks every 20 ms\n")
        print("| round | probe | first answer after the crash | after | worst wait | 401 or anonymous | "
              "recovered after PostgreSQL was back |")
        print("|---|---|---|---:|---:|---|---:|")
        for round_ in range(1, args.rounds + 1):
            probes = [Probe(name, ask) for name, ask in asks.items()]
            for probe in probes:
                probe.start()
            time.sleep(1)
            crashed = time.monotonic()
            postgres("crash", pg)
            time.sleep(args.outage)
            postgres("resume", pg)
            resumed = time.monotonic()
            time.sleep(8)
            for probe in probes:
                probe.running = False
            for probe in probes:
                probe.join()
                during = [a for a in probe.answers if a[0] >= crashed]
                normal = describe(*probe.answers[0][1:3])
                if normal == "204":
                    normal = "204"  # a write answers 204 whichever way it goes
                changed = next((a for a in during if describe(a[1], a[2]) != normal), None)
                # An answer asked during the outage counts once it arrived.
                first = f"{describe(changed[1], changed[2])}" if changed else "unchanged"
                after = f"{changed[0] + changed[3] - crashed:.2f} s" if changed else "—"
                worst = max((a[3] for a in during if a[0] < resumed), default=0)
                wrong = sum(1 for a in during if a[1] == 401 or describe(a[1], a[2]) == "200 (anonymous page)")
                back = next((a for a in during if a[0] >= resumed and describe(a[1], a[2]) == normal), None)
                recovered = f"{back[0] + back[3] - resumed:.2f} s" if back else "not within 8 s"
                print(f"| {round_} | {probe.name} | {first} | {after} | {worst:.2f} s | {wrong} | {recovered} |")
    finally:
        if server:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=15)
        postgres("stop", pg)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
