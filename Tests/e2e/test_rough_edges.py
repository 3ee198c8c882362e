"""The rough edges a new user hit, each pinned in a real browser on the bundled catalog: coming
back to the same row, filter counts that follow the choices, Feeling lucky within the list,
feedback on Try again, the keyboard, paging without script, and the recipe card on paper."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from conftest import DEADLINE, ServerFactory, api_all, api_json, wait_until
from helpers import rows, scroll_until


def api(server, path: str, query: dict | list | None = None):
    return api_json(server, path, query)


def visible_row(page, position: int):
    return page.locator("ul.cocktail-list > li > a.row").nth(position - 1)


def in_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("way_back", ["back link", "browser back"])
def test_coming_back_from_row_110_shows_the_same_row_with_the_rows_that_were_loaded(bundled, new_page, way_back):
    page = new_page()
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(50)
    scroll_until(page, 150)
    target = visible_row(page, 110)
    name = target.locator(".row-name").inner_text()
    target.scroll_into_view_if_needed()
    target.click()
    expect(page.locator("h1")).to_have_text(name)
    if way_back == "back link":
        page.click("a.back-link")
    else:
        page.go_back()
    expect(rows(page)).to_have_count(150)
    row = visible_row(page, 110)
    expect(row.locator(".row-name")).to_have_text(name)
    page.wait_for_function("document.activeElement && document.activeElement.matches('ul.cocktail-list a.row')")
    assert page.evaluate("document.activeElement.querySelector('.row-name').textContent") == name
    assert in_viewport(page, row)


def test_filter_counts_follow_the_choices_and_dead_ends_are_disabled(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/filters")
    coupe = page.locator('form[data-filters] input[name="glass"][value="coupe"]')
    expect(coupe).to_be_enabled()
    page.locator('label[for="' + page.locator('input[name="filter"][value="non-alcoholic"]').get_attribute("id") + '"]').click()
    # No non-alcoholic drink comes in a coupe: the choice is disabled, its count 0.
    non_alcoholic_coupes = api(bundled, "/api/v1/cocktails", {"filter": "non-alcoholic", "glass": "coupe"})["total"]
    assert non_alcoholic_coupes == 0
    expect(coupe).to_be_disabled()
    expect(page.locator(f'label[for="{coupe.get_attribute("id")}"] .count')).to_have_text("0")
    # Every other glass counts exactly what the results would show.
    for glass in ("highball", "collins"):
        box = page.locator(f'form[data-filters] input[name="glass"][value="{glass}"]')
        expected = api(bundled, "/api/v1/cocktails", {"filter": "non-alcoholic", "glass": glass})["total"]
        expect(page.locator(f'label[for="{box.get_attribute("id")}"] .count')).to_have_text(str(expected))
    # The address follows the choices, so "Change filters" and reloads keep them.
    expect(page).to_have_url(re.compile(r"/filters\?filter=non-alcoholic$"))
    page.locator('label[for="' + page.locator('input[name="glass"][value="highball"]').get_attribute("id") + '"]').click()
    page.click("form[data-filters] [data-submit]")
    expect(page.locator("h1")).to_have_text("Results")
    page.click("a[data-edit-filters]")
    expect(page.locator('input[name="filter"][value="non-alcoholic"]')).to_be_checked()
    expect(page.locator('input[name="glass"][value="highball"]')).to_be_checked()
    # One group is cleared alone: Any glass, still non-alcoholic.
    page.click('label[for="glass-any"]')
    expect(page.locator('input[name="glass"][value="highball"]')).not_to_be_checked()
    expect(page.locator('input[name="filter"][value="non-alcoholic"]')).to_be_checked()
    expect(page).to_have_url(re.compile(r"/filters\?filter=non-alcoholic$"))


def test_feeling_lucky_stays_within_the_list_and_comes_back_to_it(bundled, new_page):
    page = new_page()
    non_alcoholic = {c["name"] for c in api_all(bundled, {"filter": "non-alcoholic"})["cocktails"]}
    for _ in range(10):
        page.goto(bundled.url + "/?filter=non-alcoholic")
        page.click("a[data-lucky]")
        expect(page.locator(".details h1")).to_be_visible()
        assert page.locator(".details h1").inner_text() in non_alcoholic
    back = page.locator("a.back-link")
    expect(back).to_contain_text("Non-Alcoholic Cocktails")
    back.click()
    expect(page.locator("h1")).to_have_text("Non-Alcoholic Cocktails")


def test_try_again_over_a_saved_list_shows_progress_and_then_the_outcome(tmp_path, new_page):
    factory = ServerFactory(tmp_path)
    try:
        first = factory(catalog=None)
        first.wait_ready()
        first.stop()
        # A slow source that always fails: the refresh is long enough to be seen.
        failing = factory(catalog=None, database=first.database, failures=1000, latency=1.5)
        wait_until(lambda: api(failing, "/api/v1/catalog")["message"] is not None, DEADLINE, "the refresh never failed")
        page = new_page()
        page.goto(failing.url + "/")
        notice = page.locator(".notice")
        expect(notice).to_contain_text("Couldn't refresh the cocktails")
        page.evaluate("window.__marker = 'same page'")
        button = notice.get_by_role("button", name="Try again")
        button.click()
        expect(notice.locator("button")).to_contain_text("Refreshing…")
        expect(notice).to_contain_text(re.compile(r"Still couldn't refresh at \d"))
        expect(notice.locator("button")).to_have_text("Try again")
        assert page.evaluate("window.__marker") == "same page"
        expect(rows(page)).to_have_count(50)
    finally:
        factory.stop_all()


def test_the_keyboard_starts_with_a_skip_link_sees_every_stop_and_keeps_its_place_on_the_heart(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/")
    page.keyboard.press("Tab")
    skip = page.locator("a.skip-link")
    expect(skip).to_be_focused()
    assert in_viewport(page, skip)
    for _ in range(8):
        page.keyboard.press("Tab")
        box = page.evaluate("(() => { const r = document.activeElement.getBoundingClientRect(); return [r.width, r.height]; })()")
        assert box[0] > 4 and box[1] > 4, page.evaluate("document.activeElement.outerHTML")
    page.goto(bundled.url + "/")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#content")).to_be_focused()

    page.goto(bundled.url + "/cocktails/3")
    heart = page.locator("button.heart-toggle")
    heart.focus()
    page.keyboard.press("Enter")
    expect(heart).to_have_attribute("aria-pressed", "true")
    expect(heart).to_be_focused()
    page.keyboard.press("Enter")
    expect(heart).to_have_attribute("aria-pressed", "false")
    expect(heart).to_be_focused()


def test_without_javascript_later_pages_link_back_and_a_page_past_the_end_is_not_found(bundled, new_page):
    page = new_page(java_script_enabled=False)
    page.goto(bundled.url + "/")
    page.click("a.show-more")
    expect(page).to_have_url(re.compile(r"/\?page=2$"))
    expect(page.locator(".page-range")).to_contain_text("Rows 51–100 of 311")
    page.click("a.show-previous")
    expect(page).to_have_url(bundled.url + "/")
    expect(rows(page)).to_have_count(50)
    response = page.goto(bundled.url + "/?page=99")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    expect(page.locator("main a.button")).to_have_attribute("href", "/")


def test_a_drink_prints_as_a_recipe_card_and_previews_as_a_link(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/cocktails/3")
    assert page.locator('meta[property="og:title"]').get_attribute("content") == "Manhattan"
    image = page.locator('meta[property="og:image"]').get_attribute("content")
    assert image.startswith("http://127.0.0.1:") and image.endswith("/images/cocktails/3.jpg")
    assert page.locator('meta[property="og:description"]').get_attribute("content")
    with urllib.request.urlopen(image, timeout=DEADLINE) as response:
        assert response.headers["Content-Type"] == "image/jpeg"
    page.emulate_media(media="print")
    expect(page.locator(".nav-bar")).to_be_hidden()
    expect(page.locator(".servings")).to_be_hidden()
    expect(page.locator("#ingredients-heading")).to_be_visible()
    expect(page.locator("#instructions-heading")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
