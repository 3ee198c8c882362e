"""Constants and small page helpers shared by the e2e tests."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

# Ids and names of the bundled catalog, as the brief lists them.
ALPHABETICAL = [
    "Basil Lemonade Punch", "Bloody Mary", "Daiquiri", "Gin and Tonic", "Manhattan", "Margarita",
    "Margarita Mocktail", "Mojito", "Non-Alcoholic Juicy Julep", "Old Fashioned", "Piña Colada",
    "Screwdriver", "Virgin Mixed Berry Caipirinha",
]
NON_ALCOHOLIC = {"Virgin Mixed Berry Caipirinha", "Basil Lemonade Punch", "Margarita Mocktail",
                 "Non-Alcoholic Juicy Julep"}
ALCOHOLIC_ALPHABETICAL = [n for n in ALPHABETICAL if n not in NON_ALCOHOLIC]
NON_ALCOHOLIC_ALPHABETICAL = [n for n in ALPHABETICAL if n in NON_ALCOHOLIC]


IDS = {
    "Piña Colada": "0", "Mojito": "1", "Daiquiri": "2", "Manhattan": "3",
    "Virgin Mixed Berry Caipirinha": "4", "Basil Lemonade Punch": "5", "Gin and Tonic": "6",
    "Margarita": "7", "Bloody Mary": "8", "Screwdriver": "9", "Old Fashioned": "10",
    "Margarita Mocktail": "11", "Non-Alcoholic Juicy Julep": "12",
}
TITLES = {"all": "All Cocktails", "alcoholic": "Alcoholic Cocktails",
          "non-alcoholic": "Non-Alcoholic Cocktails"}


def rows(page: Page):
    """The list's row links, in display order."""
    return page.locator("ul.cocktail-list a.row")


def row_names(page: Page) -> list[str]:
    return page.locator("ul.cocktail-list a.row .row-name").all_inner_texts()


def row(page: Page, name: str):
    """The row whose name is exactly `name` (so `Margarita` is not `Margarita Mocktail`)."""
    exact = re.compile(rf"^\s*{re.escape(name)}\s*$")
    return rows(page).filter(has=page.locator(".row-name", has_text=exact))


def pinned_order(favorites: list[str], names: list[str]) -> list[str]:
    """The expected display order: favorites first, each group alphabetical."""
    return [n for n in names if n in favorites] + [n for n in names if n not in favorites]


class ConsoleErrors:
    """Collects console errors and uncaught exceptions of one page."""

    def __init__(self, page: Page):
        self.messages: list[str] = []
        page.on("console", lambda message: message.type == "error" and self.messages.append(
            f"console: {message.text} @ {message.location}"))
        page.on("pageerror", lambda error: self.messages.append(f"pageerror: {error}"))


# --------------------------------------------------------------------------- colours

_RGB = re.compile(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)")


def parse_rgb(css: str) -> tuple[float, float, float]:
    match = _RGB.match(css)
    assert match, f"not an rgb() colour: {css!r}"
    return tuple(float(x) for x in match.groups())


def luminance(css: str) -> float:
    """WCAG relative luminance of an `rgb(...)` colour."""
    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in parse_rgb(css))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def computed(page: Page, selector: str, prop: str) -> str:
    return page.locator(selector).first.evaluate(
        "(el, prop) => getComputedStyle(el).getPropertyValue(prop)", prop)


def accent_color(page: Page) -> str:
    """The page's `--accent`, resolved to `rgb(...)` the way computed colours are reported."""
    return page.evaluate("""() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--accent)';
        document.body.appendChild(probe);
        const color = getComputedStyle(probe).color;
        probe.remove();
        return color;
    }""")


def scroll_until(page: Page, count: int, timeout: float = 60.0) -> None:
    """Scrolls the list down until it shows `count` rows: after each scroll it waits for more
    rows to arrive (never a fixed pause), within `timeout` seconds in all."""
    deadline = time.monotonic() + timeout
    while rows(page).count() < count and time.monotonic() < deadline:
        before = rows(page).count()
        page.mouse.wheel(0, 30000)
        try:
            expect(rows(page)).not_to_have_count(before, timeout=3_000)
        except AssertionError:
            pass  # the next scroll asks again; the deadline ends it
    expect(rows(page)).to_have_count(count)
