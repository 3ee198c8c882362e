"""Takes phone-sized screenshots of the app's screens in light and dark mode for the README.

Usage: python scripts/screenshots.py BASE_URL OUTPUT_DIR [--new-italian | --languages]
With --new-italian it takes only the Italian details screens, whole, of five drinks that issue 30
added (Negroni Sbagliato, Bicicletta, Rossini, Spritz Analcolico, Caffè Shakerato), as
new-it-{id}.png, and touches neither favorites nor the bar.
With --languages it takes the main list (light), a drink (light) and My bar with a few bottles
(dark) in German, French and Spanish on a phone, as {screen}-{code}.png.
The server at BASE_URL should have its catalog loaded; the script marks one favorite so the
pinned row shows and puts a few bottles on the bar, and removes both again at the end. Besides
the English phone screens it takes the main and details screens at 820 and 1440 px, and in
Italian the main, details, My bar, Settings and search (`menta`) screens.
"""
import sys
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright


NEW_ITALIAN = ("184", "185", "186", "280", "284")


def new_italian(base: str, out: Path) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, color_scheme="light",
                                locale="it-IT")
        for drink in NEW_ITALIAN:
            page.goto(f"{base}/cocktails/{drink}?units=ml")
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(out / f"new-it-{drink}.png"), full_page=True)
        browser.close()


LANGUAGES = (("de", "de-DE"), ("fr", "fr-FR"), ("es", "es-ES"))


def languages(base: str, out: Path) -> None:
    bottles = ["London%20dry%20gin", "Campari", "sweet%20vermouth", "fresh%20lime%20juice", "white%20rum", "fresh%20mint"]
    for bottle in bottles:
        urllib.request.urlopen(urllib.request.Request(f"{base}/api/v1/bar/ingredients/{bottle}", method="PUT")).close()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            for code, locale in LANGUAGES:
                for name, path, scheme in (("main", "/", "light"), ("details", "/cocktails/1", "light"),
                                           ("bar", "/bar", "dark")):
                    page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                            color_scheme=scheme, locale=locale,
                                            extra_http_headers={"Accept-Language": f"{locale},{code};q=0.9"})
                    page.goto(f"{base}{path}")
                    page.wait_for_load_state("networkidle")
                    page.screenshot(path=str(out / f"{name}-{code}.png"))
                    page.close()
            browser.close()
    finally:
        for bottle in bottles:
            urllib.request.urlopen(urllib.request.Request(f"{base}/api/v1/bar/ingredients/{bottle}", method="DELETE")).close()


def main() -> None:
    base, out = sys.argv[1].rstrip("/"), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    if "--new-italian" in sys.argv[3:]:
        new_italian(base, out)
        return
    if "--languages" in sys.argv[3:]:
        languages(base, out)
        return
    favorite = urllib.request.Request(f"{base}/api/v1/favorites/1", method="PUT")
    urllib.request.urlopen(favorite).close()
    bottles = ["London%20dry%20gin", "Campari", "sweet%20vermouth", "fresh%20lime%20juice", "white%20rum", "simple%20syrup"]
    for bottle in bottles:
        urllib.request.urlopen(urllib.request.Request(f"{base}/api/v1/bar/ingredients/{bottle}", method="PUT")).close()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            for scheme in ("light", "dark"):
                page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, color_scheme=scheme)
                for name, path in (("main", "/"), ("details", "/cocktails/0"), ("search", "/search?q=marg"),
                                   ("filters", "/filters"), ("results", "/results?filter=alcoholic&glass=coupe"), ("bar", "/bar")):
                    page.goto(f"{base}{path}")
                    page.wait_for_load_state("networkidle")
                    page.screenshot(path=str(out / f"{name}-{scheme}.png"))
                page.close()
                for width, height in ((820, 1180), (1440, 900)):
                    wide = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1, color_scheme=scheme)
                    for name, path in (("main", "/"), ("details", "/cocktails/0")):
                        wide.goto(f"{base}{path}")
                        wide.wait_for_load_state("networkidle")
                        wide.screenshot(path=str(out / f"{name}-{width}-{scheme}.png"))
                    wide.close()
                italian = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, color_scheme=scheme, locale="it-IT")
                for name, path in (("main-it", "/"), ("details-it", "/cocktails/0"), ("bar-it", "/bar"),
                                   ("settings-it", "/settings"), ("search-it", "/search?q=menta")):
                    italian.goto(f"{base}{path}")
                    italian.wait_for_load_state("networkidle")
                    italian.screenshot(path=str(out / f"{name}-{scheme}.png"))
                italian.close()
            browser.close()
    finally:
        unfavorite = urllib.request.Request(f"{base}/api/v1/favorites/1", method="DELETE")
        urllib.request.urlopen(unfavorite).close()
        for bottle in bottles:
            urllib.request.urlopen(urllib.request.Request(f"{base}/api/v1/bar/ingredients/{bottle}", method="DELETE")).close()


if __name__ == "__main__":
    main()
