#!/usr/bin/env python3
"""Renders every bundled cocktail's drawing to JPEG at 100, 350 and 700 px (square, centred),
for TheCocktailDB clients that cannot draw SVG (UIImage on iOS). Writes
Sources/CocktailBookWeb/Pictures/{id}-{size}.jpg and manifest.json ({id: drawing version}); the
server serves a JPEG only while its drawing's version still matches, and a test fails when one
is missing or stale, so run this again after changing the drawings or the catalog:

    .venv/bin/python scripts/render-pictures.py [BINARY]

Uses Debian's chromium through Playwright and a throwaway server on 127.0.0.1.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "Sources/CocktailBookWeb/Pictures"
SIZES = (100, 350, 700)


def main() -> None:
    binary = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()) / "cocktailbook"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as work:
        server = subprocess.Popen([str(binary), "serve", "--port", str(port), "--database", f"{work}/db.sqlite", "--source-latency", "0"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    if json.load(urllib.request.urlopen(f"{base}/api/v1/catalog", timeout=1))["state"] == "ready":
                        break
                except OSError:
                    pass
                time.sleep(0.05)
            # The list API pages (at most 200 a page): follow nextPage to the end.
            cocktails, number = [], 1
            while number:
                answer = json.load(urllib.request.urlopen(f"{base}/api/v1/cocktails?perPage=200&page={number}"))
                cocktails += answer["cocktails"]
                number = answer.get("nextPage")
            OUT.mkdir(parents=True, exist_ok=True)
            # Only drawings whose version changed are rendered again; files of drinks no longer
            # in the catalog go.
            kept = json.loads((OUT / "manifest.json").read_text()) if (OUT / "manifest.json").exists() else {}
            ids = {cocktail["id"] for cocktail in cocktails}
            for old in OUT.glob("*.jpg"):
                if old.stem.rsplit("-", 1)[0] not in ids:
                    old.unlink()
            manifest, rendered = {}, 0
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
                page = browser.new_page()
                for cocktail in cocktails:
                    url = base + cocktail["imageURL"]
                    version = re.search(r"[?&]v=([0-9a-f]+)", cocktail["imageURL"]).group(1)
                    manifest[cocktail["id"]] = version
                    files = [OUT / f"{cocktail['id']}-{size}.jpg" for size in SIZES]
                    if kept.get(cocktail["id"]) == version and all(file.exists() for file in files):
                        continue
                    rendered += 1
                    for size in SIZES:
                        page.set_viewport_size({"width": size, "height": size})
                        page.set_content(f'<html><body style="margin:0;background:#fff"><img id="p" src="{url}" '
                                         f'style="display:block;width:{size}px;height:{size}px;object-fit:cover"></body></html>')
                        page.wait_for_function("document.getElementById('p').complete")
                        page.screenshot(path=str(OUT / f"{cocktail['id']}-{size}.jpg"), type="jpeg", quality=85)
                browser.close()
            (OUT / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
            print(f"rendered {rendered} of {len(cocktails)} cocktails × {len(SIZES)} sizes into {OUT.relative_to(ROOT)}")
        finally:
            server.terminate()
            server.wait(timeout=15)


if __name__ == "__main__":
    main()
