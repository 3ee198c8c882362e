"""The main screen while the recipe source is slow, and when it fails."""

import re

from playwright.sync_api import expect

from helpers import ALPHABETICAL, row_names, rows
from conftest import DEADLINE, wait_until


def wait_for_state(server, state: str, timeout: float = DEADLINE) -> None:
    wait_until(lambda: server.catalog()["state"] == state, timeout, f"the catalog never reached {state!r}")


def test_slow_source_shows_loading_then_the_list_by_itself(server, page):
    slow = server(latency=4)
    assert slow.catalog()["state"] == "loading"

    page.goto(slow.url + "/")

    expect(page.locator("h1")).to_have_text("All Cocktails")
    expect(page.locator("body")).to_have_attribute("data-catalog-state", "loading")
    expect(page.get_by_text("Loading cocktails…")).to_be_visible()
    expect(page.locator(".loading .spinner")).to_be_visible()
    expect(page.locator("ul.skeleton .bone").first).to_be_visible()
    expect(rows(page)).to_have_count(0)

    # No clicks, no reloads from the test: the page turns into the list on its own.
    expect(rows(page)).to_have_count(13)
    assert row_names(page) == ALPHABETICAL
    expect(page).to_have_url(slow.url + "/")
    expect(page.get_by_text("Loading cocktails…")).to_have_count(0)
    expect(page.locator("ul.skeleton")).to_have_count(0)
    expect(page.locator("body")).to_have_attribute("data-catalog-state", "ready")


def test_failing_source_offers_try_again_until_the_list_loads(server, page):
    failing = server(latency=0, failures=3)
    wait_for_state(failing, "failed")

    page.goto(failing.url + "/")
    failure = page.locator("main .failure")
    expect(failure.get_by_role("heading")).to_have_text("We couldn't load the cocktails")
    expect(failure.locator("p")).not_to_be_empty()
    expect(rows(page)).to_have_count(0)
    try_again = page.get_by_role("button", name="Try again")
    expect(try_again).to_be_visible()

    # The initial load was the first failure; each press retries the source once.
    presses = 0
    while presses < 6:
        with page.expect_navigation():
            page.get_by_role("button", name="Try again").click()
        presses += 1
        expect(page.locator("body")).not_to_have_attribute("data-catalog-state", "loading")
        if page.locator("body").get_attribute("data-catalog-state") == "ready":
            break
        expect(page.get_by_text("We couldn't load the cocktails")).to_be_visible()

    assert presses == 3
    expect(page).to_have_url(failing.url + "/")
    expect(rows(page)).to_have_count(13)
    assert row_names(page) == ALPHABETICAL
    expect(page.get_by_text("We couldn't load the cocktails")).to_have_count(0)
    expect(page.locator(".notice")).to_have_count(0)


def test_try_again_returns_to_the_filtered_list(server, page):
    failing = server(latency=0, failures=1)
    wait_for_state(failing, "failed")
    page.goto(failing.url + "/?filter=non-alcoholic")
    expect(page.locator("h1")).to_have_text("Non-Alcoholic Cocktails")
    with page.expect_navigation():
        page.get_by_role("button", name="Try again").click()
    expect(page).to_have_url(re.compile(r"/\?filter=non-alcoholic$"))
    expect(rows(page)).to_have_count(4)
