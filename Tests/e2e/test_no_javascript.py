"""Everything works as plain links and forms when JavaScript is off."""

import re

import pytest
from playwright.sync_api import expect

from helpers import ALPHABETICAL, NON_ALCOHOLIC_ALPHABETICAL, pinned_order, row, row_names, rows


@pytest.fixture
def page(new_page, module_server):
    module_server.clear_favorites()
    return new_page(java_script_enabled=False)


def test_list_filters_and_details_without_javascript(module_server, page):
    page.goto(module_server.url + "/")
    expect(rows(page)).to_have_count(13)
    assert row_names(page) == ALPHABETICAL

    page.locator("nav.segmented a").get_by_text("Non-Alcoholic", exact=True).click()
    expect(page).to_have_url(module_server.url + "/?filter=non-alcoholic")
    expect(page.locator("h1")).to_have_text("Non-Alcoholic Cocktails")
    expect(rows(page)).to_have_count(4)
    assert row_names(page) == NON_ALCOHOLIC_ALPHABETICAL
    expect(page.locator('nav.segmented a[aria-current="page"]')).to_have_text("Non-Alcoholic")

    row(page, "Margarita Mocktail").click()
    expect(page.locator("h1")).to_have_text("Margarita Mocktail")
    expect(page.locator("a.back-link")).to_have_text(re.compile(r"‹\s*Non-Alcoholic Cocktails"))
    expect(page.locator("section.ingredients li").first).to_be_visible()

    page.locator("a.back-link").click()
    expect(page).to_have_url(module_server.url + "/?filter=non-alcoholic")


def test_favorite_form_posts_and_pins_without_javascript(module_server, page):
    page.goto(module_server.url + "/?filter=non-alcoholic")
    row(page, "Virgin Mixed Berry Caipirinha").click()
    details_url = page.url
    assert details_url.endswith("/cocktails/4?from=non-alcoholic")
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "false")

    with page.expect_navigation() as navigation:
        page.locator("button.heart-toggle").click()
    # The POST answered with a redirect back to the same details screen, which reloaded.
    assert navigation.value.request.redirected_from is not None
    assert navigation.value.request.redirected_from.method == "POST"
    expect(page).to_have_url(details_url)
    expect(page.locator("h1")).to_have_text("Virgin Mixed Berry Caipirinha")
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "true")

    page.locator("a.back-link").click()
    expect(page).to_have_url(module_server.url + "/?filter=non-alcoholic")
    assert row_names(page) == pinned_order(["Virgin Mixed Berry Caipirinha"], NON_ALCOHOLIC_ALPHABETICAL)
    expect(rows(page).first).to_have_class(re.compile(r"\bis-favorite\b"))
    expect(rows(page).first.locator("svg.row-heart")).to_have_count(1)

    # And off again, still without JavaScript.
    row(page, "Virgin Mixed Berry Caipirinha").click()
    with page.expect_navigation():
        page.locator("button.heart-toggle").click()
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "false")
    page.locator("a.back-link").click()
    assert row_names(page) == NON_ALCOHOLIC_ALPHABETICAL
