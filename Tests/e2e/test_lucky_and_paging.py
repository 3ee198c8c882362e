"""Feeling lucky, the details screen's Last modified line, and 50-row pages (Show more without
JavaScript, infinite scroll with it) on the bundled catalog."""

import json
import re
from datetime import datetime, timezone
from urllib.parse import quote, urlencode

import pytest
from playwright.sync_api import expect

from conftest import api_all, api_json, api_names, http_get
from helpers import row_names, rows, scroll_until

PER_PAGE = 50
# Matches more than one page of the bundled catalog, but not all of it (checked against the API).
BROAD_QUERY = "lime"
LABEL = re.compile(r"^(Today|This week|This month|This year|1 year ago|([2-9]|[1-9]\d+) years ago)$")


def api(server, path: str) -> dict:
    return api_json(server, path)


# --------------------------------------------------------------------------- feeling lucky


def test_feeling_lucky_lands_on_a_random_cocktail(bundled, page):
    seen = []
    for _ in range(10):
        page.goto(bundled.url + "/")
        lucky = page.locator(".toolbar a.chip", has_text="Feeling lucky")
        expect(lucky).to_have_attribute("href", "/random")
        with page.expect_navigation() as navigation:
            lucky.click()
        response = navigation.value
        assert response.status == 200
        redirect = response.request.redirected_from
        assert redirect is not None and redirect.url == bundled.url + "/random"
        assert redirect.response().status == 303
        expect(page).to_have_url(re.compile(rf"^{re.escape(bundled.url)}/cocktails/\d+$"))
        cocktail_id = page.url.rsplit("/", 1)[1]
        name = api(bundled, f"/api/v1/cocktails/{cocktail_id}")["name"]
        expect(page.locator("h1")).to_have_text(name)
        assert name.strip()
        seen.append(cocktail_id)
    assert len(set(seen)) >= 2, seen


# --------------------------------------------------------------------------- last modified


def test_last_modified_ends_the_details_page_as_the_api_says(bundled, page):
    ids = [c["id"] for c in api_all(bundled)["cocktails"]]
    by_label: dict[str, dict] = {}
    for cocktail_id in ids:
        details = api(bundled, f"/api/v1/cocktails/{cocktail_id}")
        label = details["lastModifiedLabel"]
        if label is not None and label not in by_label:
            by_label[label] = details
    assert by_label, "no cocktail of the bundled catalog has a modification date"

    now = datetime.now(timezone.utc)
    near_new_year = (now.month, now.day) in {(1, 1), (12, 31)}  # the server's time zone may differ
    for label, details in sorted(by_label.items()):
        assert LABEL.match(label), label
        modified = datetime.fromisoformat(details["dateModified"].replace("Z", "+00:00"))
        years = re.match(r"^(\d+) years? ago$", label)
        if years and not near_new_year:
            assert int(years.group(1)) == now.year - modified.year, (label, details["dateModified"])
        if label == "This year" and not near_new_year:
            assert modified.year == now.year

        page.goto(f"{bundled.url}/cocktails/{details['id']}")
        expect(page.locator("h1")).to_have_text(details["name"])
        last = page.locator("main > :last-child")
        expect(last).to_have_class("last-modified")
        expect(last).to_have_text(f"Last modified {label[0].lower()}{label[1:]}")


# --------------------------------------------------------------------------- paging without JavaScript


def follow_pages(page, base: str, first_path: str, expected: list[str], next_href) -> None:
    """Walks the Show more links from `first_path`, checking every page against `expected`."""
    page.goto(base + first_path)
    pages = (len(expected) + PER_PAGE - 1) // PER_PAGE
    assert pages >= 2
    for number in range(1, pages + 1):
        chunk = expected[(number - 1) * PER_PAGE:number * PER_PAGE]
        expect(rows(page)).to_have_count(len(chunk))
        assert row_names(page) == chunk, f"page {number}"
        more = page.locator("a.show-more[rel=next]")
        if number == pages:
            expect(more).to_have_count(0)
            break
        expect(more).to_have_text("Show more")
        expect(more).to_have_attribute("href", next_href(number + 1))
        more.click()
        expect(page).to_have_url(base + next_href(number + 1))


def test_main_list_pages_without_javascript(bundled, new_page):
    page = new_page(java_script_enabled=False)
    expected = api_names(bundled)
    assert len(expected) > 2 * PER_PAGE
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(PER_PAGE)
    expect(page.locator("a.show-more[rel=next]")).to_have_attribute("href", "/?page=2")
    page.locator("a.show-more").click()
    expect(page).to_have_url(bundled.url + "/?page=2")
    expect(rows(page).first.locator(".row-name")).to_have_text(expected[PER_PAGE])
    follow_pages(page, bundled.url, "/", expected, lambda n: f"/?page={n}")


def test_search_results_page_without_javascript(bundled, new_page):
    page = new_page(java_script_enabled=False)
    listed = api_all(bundled, {"q": BROAD_QUERY})
    expected = [c["name"] for c in listed["cocktails"]]
    assert PER_PAGE < listed["total"] < len(api_names(bundled))
    follow_pages(page, bundled.url, f"/search?q={BROAD_QUERY}", expected,
                 lambda n: f"/search?q={BROAD_QUERY}&page={n}")
    expect(page.locator("p.result-count")).to_have_text(f"{listed['total']} results")
    expect(page.locator("form.search input[name=q]")).to_have_value(BROAD_QUERY)


# --------------------------------------------------------------------------- infinite scroll


def scroll_to_the_end(page, count: int) -> None:
    scroll_until(page, count)
    expect(page.locator("a.show-more")).to_have_count(0)
    expect(page.locator("li.more")).to_have_count(0)


def test_main_list_scrolls_in_the_rest_with_a_loader(bundled, new_page):
    # Playwright's routes do not see a fetch the service worker answers, and the worker may claim
    # the page before the scroll (this test failed that way, every run, once the catalog had 311 drinks).
    page = new_page(service_workers="block")
    expected = api_names(bundled)
    held = []
    page.route(re.compile(r"/\?page=2$"), lambda route: held.append(route))
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(PER_PAGE)
    page.evaluate("window.__marker = 'same document'")

    page.mouse.wheel(0, 20000)
    loader = page.locator("a.show-more.is-loading")
    expect(loader).to_have_text(re.compile(r"^\s*Loading more…\s*$"))
    expect(rows(page)).to_have_count(PER_PAGE)
    # The loader shows as the request leaves; Playwright hands the held route to Python a
    # moment later, so wait for it (bounded) rather than assume it already arrived.
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    held[0].continue_()

    scroll_to_the_end(page, len(expected))
    names = row_names(page)
    assert names == expected
    assert len(set(names)) == len(names)
    assert page.evaluate("window.__marker") == "same document"
    expect(page).to_have_url(bundled.url + "/")


def test_typed_search_scrolls_in_every_match(bundled, page):
    expected = api_names(bundled, q=BROAD_QUERY)
    assert len(expected) > PER_PAGE
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(PER_PAGE)
    page.locator("form.search input[name=q]").press_sequentially(BROAD_QUERY, delay=40)
    expect(page.locator("p.result-count")).to_have_text(f"{len(expected)} results")
    expect(rows(page)).to_have_count(PER_PAGE)
    assert row_names(page) == expected[:PER_PAGE]
    expect(page.locator("a.show-more[rel=next]")).to_have_attribute(
        "href", f"/search?q={BROAD_QUERY}&page=2")

    scroll_to_the_end(page, len(expected))
    assert row_names(page) == expected
    # Rows loaded from page 2 still lead back to the search itself, not to its second page.
    back = urlencode({"back": f"/search?q={BROAD_QUERY}"}, safe="/")
    hrefs = rows(page).evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert all(href.endswith("?" + back) for href in hrefs), hrefs
    last = rows(page).last
    last.click()
    expect(page.locator("h1")).to_have_text(expected[-1])
    page.locator("a.back-link").click()
    expect(page).to_have_url(f"{bundled.url}/search?q={BROAD_QUERY}")
    assert row_names(page) == expected[:PER_PAGE]
