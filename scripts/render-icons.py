"""Renders the app's icons from scripts/icon.svg with Chromium, into the web assets.

Usage: .venv/bin/python scripts/render-icons.py
Writes Sources/CocktailBookWeb/Assets/icons/: icon-192.png, icon-512.png (rounded, for the
manifest), icon-maskable-512.png (full bleed, the drawing inside the central 80 % safe zone),
apple-touch-icon.png (180 px, full bleed: iOS rounds it), favicon-32.png and favicon.svg.
Commit the results; the app serves them as they are.
"""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SOURCE = (ROOT / "scripts" / "icon.svg").read_text()
OUT = ROOT / "Sources" / "CocktailBookWeb" / "Assets" / "icons"


def variant(full_bleed: bool, scale: float) -> str:
    svg = SOURCE
    if full_bleed:
        svg = svg.replace('rx="112"', 'rx="0"')
    if scale != 1:
        offset = 256 * (1 - scale)
        svg = svg.replace('<g id="glass" transform="translate(256 262)">',
                          f'<g id="glass" transform="translate({offset} {offset}) scale({scale}) translate(256 262)">')
    return svg


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    jobs = [
        ("icon-192.png", 192, variant(False, 1)),
        ("icon-512.png", 512, variant(False, 1)),
        ("icon-maskable-512.png", 512, variant(True, 0.72)),
        ("apple-touch-icon.png", 180, variant(True, 0.86)),
        ("favicon-32.png", 32, variant(False, 1)),
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for name, size, svg in jobs:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            html = f'<html><body style="margin:0;background:transparent">{svg.replace("<svg ", f"<svg width={size} height={size} ", 1)}</body></html>'
            page.set_content(html)
            page.screenshot(path=str(OUT / name), omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
        browser.close()
    (OUT / "favicon.svg").write_text(variant(False, 1))
    print("wrote", ", ".join(name for name, _, _ in jobs), "and favicon.svg to", OUT)


if __name__ == "__main__":
    main()
