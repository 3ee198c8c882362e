"""No console errors or uncaught exceptions on any screen; a friendly page for unknown cocktails."""

import re

from playwright.sync_api import expect

from helpers import ConsoleErrors, rows
from conftest import DEADLINE, wait_until


def test_main_and_details_log_no_errors(module_server, page):
    module_server.clear_favorites()
    errors = ConsoleErrors(page)
    page.goto(module_server.url + "/")
    expect(rows(page)).to_have_count(13)
    page.locator("nav.segmented a").get_by_text("Alcoholic", exact=True).click()
    expect(page.locator("h1")).to_have_text("Alcoholic Cocktails")
    rows(page).first.click()
    expect(page.locator("a.back-link")).to_have_text(re.compile("Alcoholic Cocktails"))
    page.wait_for_load_state("load")  # the hero image and any other subresource
    page.locator("button.heart-toggle").click()
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "true")
    page.locator("button.heart-toggle").click()
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "false")
    page.locator("a.back-link").click()
    expect(rows(page)).to_have_count(9)
    assert errors.messages == []


def test_loading_page_logs_no_errors(server, page):
    slow = server(latency=1.5)
    errors = ConsoleErrors(page)
    page.goto(slow.url + "/")
    expect(page.get_by_text("Loading cocktails…")).to_be_visible()
    expect(rows(page)).to_have_count(13)  # includes the polling and the reload
    page.wait_for_load_state("load")
    assert errors.messages == []


def test_failure_page_logs_no_errors(server, page):
    failing = server(failures=5)
    wait_until(lambda: failing.catalog()["state"] == "failed", DEADLINE, "the catalog never failed")
    errors = ConsoleErrors(page)
    page.goto(failing.url + "/")
    expect(page.get_by_text("We couldn't load the cocktails")).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Try again").click()
    expect(page.get_by_text("We couldn't load the cocktails")).to_be_visible()
    page.wait_for_load_state("load")
    assert errors.messages == []


def test_unknown_cocktail_has_a_friendly_not_found_page(module_server, page):
    errors = ConsoleErrors(page)
    response = page.goto(module_server.url + "/cocktails/nope")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Cocktail not found")
    expect(page.locator("main p").first).not_to_be_empty()
    back = page.get_by_role("link", name=re.compile("All Cocktails")).first
    expect(back).to_have_attribute("href", "/")
    # The only error allowed is the browser reporting the 404 of the document itself.
    unexpected = [m for m in errors.messages if "404" not in m]
    assert unexpected == []
    back.click()
    expect(page).to_have_url(module_server.url + "/")
    expect(rows(page)).to_have_count(13)
