"""Light and dark appearance, and automated accessibility checks (axe-core) on both screens."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import http_send
from helpers import accent_color, computed, contrast, luminance, rows

EFFECTIVE_BACKGROUND = """el => {
    for (let node = el; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (color && color !== 'transparent' && !/rgba\\(.*,\\s*0\\)$/.test(color)) return color;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
}"""


@pytest.fixture(autouse=True)
def one_favorite(module_server):
    module_server.clear_favorites()
    assert http_send("PUT", f"{module_server.url}/api/v1/favorites/1") == 204  # Mojito


def open_main(page, server):
    page.goto(server.url + "/")
    expect(rows(page)).to_have_count(13)
    expect(rows(page).first).to_have_class(re.compile(r"\bis-favorite\b"))


def test_dark_mode_is_dark_with_light_text_and_a_readable_accent(module_server, new_page):
    page = new_page(color_scheme="dark")
    open_main(page, module_server)

    body_background = computed(page, "body", "background-color")
    body_text = computed(page, "body", "color")
    assert luminance(body_background) < 0.05, body_background
    assert luminance(body_text) > 0.7, body_text

    favorite_name = page.locator("a.row.is-favorite .row-name")
    accent = favorite_name.evaluate("el => getComputedStyle(el).color")
    assert accent == accent_color(page)
    behind = favorite_name.evaluate(EFFECTIVE_BACKGROUND)
    assert contrast(accent, behind) >= 4.5, (accent, behind)
    heart = page.locator("a.row.is-favorite svg.row-heart")
    assert contrast(heart.evaluate("el => getComputedStyle(el).color"), behind) >= 3

    page.goto(module_server.url + "/cocktails/1")
    assert luminance(computed(page, "body", "background-color")) < 0.05
    toggle = page.locator("button.heart-toggle")
    assert contrast(toggle.evaluate("el => getComputedStyle(el).color"),
                    toggle.evaluate(EFFECTIVE_BACKGROUND)) >= 3


def test_light_mode_is_light_with_dark_text(module_server, new_page):
    page = new_page(color_scheme="light")
    open_main(page, module_server)
    assert luminance(computed(page, "body", "background-color")) > 0.8
    assert luminance(computed(page, "body", "color")) < 0.05
    behind = page.locator("a.row.is-favorite .row-name").evaluate(EFFECTIVE_BACKGROUND)
    assert contrast(accent_color(page), behind) >= 4.5


def serious_violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(node["target"][0] if node["target"] else "?" for node in v["nodes"][:5])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_main_screen_has_no_serious_accessibility_violations(module_server, new_page, scheme):
    page = new_page(color_scheme=scheme)
    open_main(page, module_server)
    assert serious_violations(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_details_screen_has_no_serious_accessibility_violations(module_server, new_page, scheme):
    page = new_page(color_scheme=scheme)
    page.goto(module_server.url + "/cocktails/1?from=alcoholic")
    expect(page.locator("h1")).to_have_text("Mojito")
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => document.querySelector('figure.hero img').complete")
    assert serious_violations(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["/bar", "/bar/shopping", "/maintenance", "/offline", "/filters?filter=non-alcoholic", "/settings", "/bar/house/new", "/?lang=it"])
def test_newer_screens_have_no_serious_accessibility_violations(module_server, new_page, scheme, path):
    page = new_page(color_scheme=scheme, **({"viewport": {"width": 1280, "height": 900}} if path == "/bar" else {}))
    page.goto(module_server.url + path)
    expect(page.locator("h1")).to_be_visible()
    assert serious_violations(page) == []
    # Back to English for the other tests of the module.
    if "lang=it" in path:
        page.goto(module_server.url + "/?lang=en")
