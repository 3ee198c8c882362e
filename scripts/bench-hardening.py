#!/usr/bin/env python3
"""Figures for the hardening work, against a running build of the app on 127.0.0.1 only.

    .venv/bin/python scripts/bench-hardening.py [BINARY]   (default: the release build)

Prints: the time to refuse a 50 MB multipart body of tiny parts; the p50/p99 of
GET /api/v1/cocktails/1 alone and while eight clients send the heaviest filter queries the
limits allow; and the server's memory while an import meets a 3 GB picture.
"""

from __future__ import annotations

import http.server
import json
import re
import socket
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Huge(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"\x89PNG\r\n\x1a\n" + b"\0" * (65536 - 8)
        try:
            for _ in range(3 * 16384):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    binary = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build/release/cocktailbook"
    work = Path(tempfile.mkdtemp(prefix="cocktailbook-bench-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([str(binary), "serve", "--port", str(port), "--database", str(work / "db.sqlite"),
                               "--source-latency", "0", "--allow-private-imports"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                if requests.get(f"{base}/api/v1/catalog", timeout=1).json()["state"] == "ready":
                    break
            except requests.RequestException:
                pass
            time.sleep(0.05)
        session = requests.Session()
        token = re.search(r'name="csrf" value="([0-9a-f]{64})"', session.get(f"{base}/import").text).group(1)

        part = b"--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n"
        body = b"--b\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n" + token.encode() + b"\r\n"
        body += part * (50 * 1024 * 1024 // len(part)) + b"--b--\r\n"
        start = time.perf_counter()
        refused = session.post(f"{base}/import", data=body, headers={"Content-Type": "multipart/form-data; boundary=b"}, timeout=60)
        print(f"50 MB multipart of {50 * 1024 * 1024 // len(part):,} tiny parts: HTTP {refused.status_code} in {(time.perf_counter() - start) * 1000:.0f} ms")

        def timings(count: int) -> list[float]:
            out = []
            with requests.Session() as client:
                for _ in range(count):
                    t = time.perf_counter()
                    client.get(f"{base}/api/v1/cocktails/1", timeout=10)
                    out.append((time.perf_counter() - t) * 1000)
            return out

        idle = timings(500)
        # The most the limits let through: 15 ingredients in one 200-character value.
        heavy = ",".join(f"gin{n:02d}xxxxxxx" for n in range(15))[:200]
        heavy_url = f"{base}/api/json/v1/1/filter.php?i={heavy}"
        stop = threading.Event()
        statuses: list[int] = []

        def hammer():
            with requests.Session() as client:
                while not stop.is_set():
                    statuses.append(client.get(heavy_url, timeout=30).status_code)

        threads = [threading.Thread(target=hammer) for _ in range(8)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        loaded = timings(500)
        stop.set()
        for thread in threads:
            thread.join()
        print(f"GET /api/v1/cocktails/1 alone: p50 {statistics.median(idle):.2f} ms, p99 {percentile(idle, 0.99):.2f} ms")
        print(f"  with 8 clients sending the heaviest filter.php?i= allowed ({len(statuses):,} sent, statuses {sorted(set(statuses))}): "
              f"p50 {statistics.median(loaded):.2f} ms, p99 {percentile(loaded, 0.99):.2f} ms")

        httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Huge)
        httpd.daemon_threads = True
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        catalog = [{"id": "big", "name": "Huge", "type": "alcoholic", "shortDescription": "s", "longDescription": "l",
                    "preparationMinutes": 1, "imageName": "x", "ingredients": ["1 oz gin"],
                    "imageURL": f"http://127.0.0.1:{httpd.server_address[1]}/huge.png"}]
        idle_rss = rss_mib(server.pid)
        peak = idle_rss
        done = threading.Event()

        def upload():
            session.post(f"{base}/import", data={"csrf": token}, files={"file": ("huge.json", json.dumps(catalog))}, timeout=120)
            done.set()

        threading.Thread(target=upload).start()
        while not done.is_set():
            peak = max(peak, rss_mib(server.pid))
            time.sleep(0.01)
        httpd.shutdown()
        print(f"Import meeting a 3 GB picture: RSS idle {idle_rss:.1f} MiB, peak {peak:.1f} MiB, after {rss_mib(server.pid):.1f} MiB")
    finally:
        server.terminate()
        server.wait(timeout=15)


if __name__ == "__main__":
    main()
