"""Favorites with JavaScript: the heart toggles in place, and the list pins favorites first."""

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import http_get, http_send
from helpers import (ALCOHOLIC_ALPHABETICAL, ALPHABETICAL, NON_ALCOHOLIC_ALPHABETICAL,
                     accent_color, computed, pinned_order, row, row_names, rows)


@pytest.fixture(autouse=True)
def no_favorites(module_server):
    module_server.clear_favorites()


def favorite_ids(server) -> list[str]:
    return [c["id"] for c in json.loads(http_get(f"{server.url}/api/v1/favorites")[1])["cocktails"]]


def toggle_in_place(page, expected_pressed: str) -> None:
    """Clicks the heart and checks the page did not navigate."""
    url = page.url
    navigations = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and navigations.append(frame.url))
    page.evaluate("window.__marker = 'same document'")

    page.locator("button.heart-toggle").click()

    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", expected_pressed)
    expect(page.locator("button.heart-toggle")).to_be_enabled()
    assert page.url == url
    assert page.evaluate("window.__marker") == "same document"
    assert navigations == []


def test_heart_toggles_without_reload_and_pins_the_row(module_server, page):
    page.goto(module_server.url + "/")
    row(page, "Mojito").click()
    expect(page.locator("h1")).to_have_text("Mojito")
    heart = page.locator("button.heart-toggle")
    expect(heart).to_have_accessible_name(re.compile("Favorite"))
    expect(heart).to_have_attribute("aria-pressed", "false")

    toggle_in_place(page, "true")
    assert favorite_ids(module_server) == ["1"]

    page.locator("a.back-link").click()
    expect(page).to_have_url(module_server.url + "/")
    expect(rows(page)).to_have_count(13)
    assert row_names(page) == pinned_order(["Mojito"], ALPHABETICAL)
    first = rows(page).first
    expect(first).to_have_class(re.compile(r"\bis-favorite\b"))
    expect(first.locator("svg.row-heart")).to_have_count(1)
    expect(page.locator("ul.cocktail-list a.row.is-favorite")).to_have_count(1)
    expect(page.locator("svg.row-heart")).to_have_count(1)

    favorite_color = first.locator(".row-name").evaluate("el => getComputedStyle(el).color")
    normal_color = computed(page, "ul.cocktail-list a.row:not(.is-favorite) .row-name", "color")
    assert favorite_color == accent_color(page)
    assert favorite_color != normal_color


def test_non_alcoholic_favorite_follows_the_filter(module_server, page):
    page.goto(module_server.url + "/?filter=non-alcoholic")
    row(page, "Non-Alcoholic Juicy Julep").click()
    expect(page).to_have_url(re.compile(r"/cocktails/12\?from=non-alcoholic$"))
    toggle_in_place(page, "true")

    page.locator("a.back-link").click()
    expect(page).to_have_url(module_server.url + "/?filter=non-alcoholic")
    expect(rows(page)).to_have_count(len(NON_ALCOHOLIC_ALPHABETICAL))
    assert row_names(page) == pinned_order(["Non-Alcoholic Juicy Julep"], NON_ALCOHOLIC_ALPHABETICAL)
    expect(rows(page).first).to_have_class(re.compile(r"\bis-favorite\b"))

    page.locator("nav.segmented a").get_by_text("Alcoholic", exact=True).click()
    expect(page.locator("h1")).to_have_text("Alcoholic Cocktails")
    expect(rows(page)).to_have_count(len(ALCOHOLIC_ALPHABETICAL))
    assert row_names(page) == ALCOHOLIC_ALPHABETICAL
    expect(row(page, "Non-Alcoholic Juicy Julep")).to_have_count(0)
    expect(page.locator("a.row.is-favorite")).to_have_count(0)

    page.locator("nav.segmented a").get_by_text("All", exact=True).click()
    expect(rows(page)).to_have_count(13)
    assert row_names(page)[0] == "Non-Alcoholic Juicy Julep"


def test_unfavoriting_returns_the_row_to_its_alphabetical_place(module_server, page):
    assert http_send("PUT", f"{module_server.url}/api/v1/favorites/7") == 204  # Margarita
    page.goto(module_server.url + "/")
    assert row_names(page) == pinned_order(["Margarita"], ALPHABETICAL)

    row(page, "Margarita").click()
    expect(page.locator("h1")).to_have_text("Margarita")
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "true")
    toggle_in_place(page, "false")
    assert favorite_ids(module_server) == []

    # Toggling twice more leaves it as it was: on, then off again.
    toggle_in_place(page, "true")
    toggle_in_place(page, "false")

    page.locator("a.back-link").click()
    expect(rows(page)).to_have_count(13)
    assert row_names(page) == ALPHABETICAL
    expect(page.locator("a.row.is-favorite")).to_have_count(0)
    expect(row(page, "Margarita")).not_to_have_class(re.compile(r"\bis-favorite\b"))
