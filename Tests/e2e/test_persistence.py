"""Favorites live in the database, so they outlast the server process."""

import re

from playwright.sync_api import expect

from helpers import ALPHABETICAL, pinned_order, row, row_names, rows


def test_favorite_survives_a_restart_on_the_same_database(server, page):
    first = server()
    first.wait_ready()
    page.goto(first.url + "/")
    row(page, "Old Fashioned").click()
    expect(page.locator("h1")).to_have_text("Old Fashioned")
    page.locator("button.heart-toggle").click()
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "true")
    page.locator("a.back-link").click()
    expect(rows(page).first.locator(".row-name")).to_have_text("Old Fashioned")

    second = server.restart(first)
    assert second.database == first.database
    assert first.process.poll() is not None, "the first server is still running"
    second.wait_ready()

    page.goto(second.url + "/")
    expect(rows(page)).to_have_count(13)
    assert row_names(page) == pinned_order(["Old Fashioned"], ALPHABETICAL)
    expect(rows(page).first).to_have_class(re.compile(r"\bis-favorite\b"))
    expect(rows(page).first.locator("svg.row-heart")).to_have_count(1)

    row(page, "Old Fashioned").click()
    expect(page.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "true")
