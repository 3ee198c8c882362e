"""Search on the bundled catalog: as you type with JavaScript (the list swaps in place and the URL
follows), and as a plain form without it."""

import json
import re
from urllib.parse import quote, urlencode

import pytest
from playwright.sync_api import expect

from conftest import BUNDLED, ServerFactory, api_all, api_json, api_names, http_get
from helpers import row, row_names, rows

FIELD = "form.search input[name=q]"
# The All view's search form also sends an empty `filter=` (a product bug, checked on its own by
# test_search_urls_carry_no_empty_filter); the other tests tolerate exactly that suffix.
EMPTY_FILTER = r"(&filter=)?"


def api_list(server, **params) -> dict:
    return api_all(server, params)


def watch_navigations(page) -> list[str]:
    """Marks the document and records every new document loaded from now on (history.replaceState
    also reports `framenavigated`, so document loads are what is counted)."""
    navigations: list[str] = []
    page.on("domcontentloaded", lambda p: navigations.append(p.url))
    page.evaluate("window.__marker = 'same document'")
    return navigations


def type_query(page, server, text: str, timeout: int = 2_000) -> list[str]:
    """Replaces the field's text by typing `text` (no Enter) and waits for the list to follow."""
    field = page.locator(FIELD)
    field.clear()
    field.press_sequentially(text, delay=40)
    # The URL is replaced in the same task that swaps the list in, so the list is current now.
    url = re.escape(f"{server.url}/search?{urlencode({'q': text})}")
    expect(page).to_have_url(re.compile(f"^{url}{EMPTY_FILTER}$"), timeout=timeout)
    return row_names(page)


def test_search_as_you_type_swaps_the_list_in_place(bundled, page):
    everything = api_list(bundled)
    assert everything["total"] >= 150
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(50)
    navigations = watch_navigations(page)

    field = page.locator(FIELD)
    field.press_sequentially("marg", delay=40)
    # Without pressing Enter: the matches appear within about two seconds.
    expect(row(page, "Margarita")).to_have_count(1)
    expect(row(page, "Margarita Mocktail")).to_have_count(1)
    expected = api_names(bundled, q="marg")
    assert row_names(page) == expected
    expect(page.locator("p.result-count")).to_have_text(f"{len(expected)} results")
    expect(page.locator("a.show-more")).to_have_count(0)
    expect(field).to_have_value("marg")
    expect(field).to_be_focused()
    # The heading and the tab's title say what is listed, as the page drawn for /search?q=marg does.
    expect(page.locator("h1.large-title")).to_have_text("“marg” in All Cocktails")
    expect(page).to_have_title(re.compile("^“marg” in All Cocktails"))

    names = type_query(page, bundled, "pina")
    assert names == api_names(bundled, q="pina")
    assert names[0] == "Piña Colada"

    # A typo still finds the drink, first.
    names = type_query(page, bundled, "negorni")
    assert names and names[0] == "Negroni"
    assert names == api_names(bundled, q="negorni")

    # An ingredient finds the drinks made with it.
    names = type_query(page, bundled, "campari")
    assert "Negroni" in names
    assert names == api_names(bundled, q="campari")
    assert len(names) == len(set(names))

    # Clearing the field brings back the whole list, paged as at first.
    field.clear()
    expect(page).to_have_url(re.compile(re.escape(bundled.url) + r"/(\?filter=)?$"))
    expect(rows(page)).to_have_count(50)
    assert row_names(page) == [c["name"] for c in everything["cocktails"]][:50]
    expect(page.locator("a.show-more[rel=next]")).to_have_attribute("href", "/?page=2")
    expect(page.locator("p.result-count")).to_have_count(0)
    expect(page.locator("h1.large-title")).to_have_text("All Cocktails")

    # All of it happened in the one document.
    assert page.evaluate("window.__marker") == "same document"
    assert navigations == []


def test_nonsense_query_says_so_and_clear_search_returns_to_the_list(bundled, page):
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(50)
    navigations = watch_navigations(page)
    assert api_list(bundled, q="zzqxv")["total"] == 0

    assert type_query(page, bundled, "zzqxv") == []
    empty = page.locator(".empty-search")
    expect(empty.locator("p")).to_have_text("No cocktails match \u201czzqxv\u201d")
    expect(page.locator("ul.cocktail-list")).to_have_count(0)
    assert page.evaluate("window.__marker") == "same document"
    assert navigations == []

    clear = empty.get_by_role("link", name="Clear search")
    expect(clear).to_have_attribute("href", "/")
    clear.click()
    expect(page).to_have_url(bundled.url + "/")
    assert navigations == [bundled.url + "/"]  # a plain link: one new document
    expect(rows(page)).to_have_count(50)
    expect(page.locator(FIELD)).to_have_value("")
    expect(page.locator(".empty-search")).to_have_count(0)
    assert row_names(page) == api_names(bundled)[:50]


def test_a_search_result_links_back_to_the_same_search(bundled, page):
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(50)
    found = type_query(page, bundled, "marg")
    assert "Margarita" in found

    row(page, "Margarita").click()
    expect(page.locator("h1")).to_have_text("Margarita")
    back = page.locator("a.back-link")
    expect(back).to_have_text(re.compile(r"^\s*‹\s*Search\s*$"))
    expect(back).to_have_attribute("href", "/search?q=marg")

    back.click()
    expect(page).to_have_url(bundled.url + "/search?q=marg")
    expect(rows(page)).to_have_count(len(found))
    assert row_names(page) == found
    expect(page.locator(FIELD)).to_have_value("marg")


def test_search_urls_carry_no_empty_filter(bundled, page, new_page):
    """On the All view the search URL is just `/search?q=…`, whether typed or submitted."""
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(50)
    type_query(page, bundled, "marg")
    typed_url = page.url
    page.locator(FIELD).clear()
    expect(page.locator("p.result-count")).to_have_count(0)
    expect(rows(page)).to_have_count(50)
    cleared_url = page.url

    plain = new_page(java_script_enabled=False)
    plain.goto(bundled.url + "/")
    submit_search(plain, "marg")

    assert [typed_url, cleared_url, plain.url] == [
        bundled.url + "/search?q=marg", bundled.url + "/", bundled.url + "/search?q=marg"]


# --------------------------------------------------------------------------- without JavaScript


@pytest.fixture
def plain_page(new_page):
    return new_page(java_script_enabled=False)


def submit_search(page, text: str) -> None:
    field = page.locator(FIELD)
    field.fill(text)
    with page.expect_navigation():
        field.press("Enter")


def test_search_form_without_javascript(bundled, plain_page):
    page = plain_page
    page.goto(bundled.url + "/")
    expect(rows(page)).to_have_count(50)

    submit_search(page, "campari")
    expect(page).to_have_url(re.compile(re.escape(bundled.url + "/search?q=campari") + EMPTY_FILTER + "$"))
    expected = api_names(bundled, q="campari")
    assert "Negroni" in expected
    assert row_names(page) == expected
    expect(page.locator("p.result-count")).to_have_text(f"{len(expected)} results")
    expect(page.locator(FIELD)).to_have_value("campari")
    expect(page.locator('nav.segmented a[aria-current="page"]')).to_have_text("All")

    # The segmented control keeps the query.
    segment = page.locator("nav.segmented a").get_by_text("Alcoholic", exact=True)
    expect(segment).to_have_attribute("href", "/search?q=campari&filter=alcoholic")
    segment.click()
    expect(page).to_have_url(bundled.url + "/search?q=campari&filter=alcoholic")
    expect(page.locator("h1")).to_have_text("\u201ccampari\u201d in Alcoholic Cocktails")
    expect(page.locator(FIELD)).to_have_value("campari")
    expect(page.locator('nav.segmented a[aria-current="page"]')).to_have_text("Alcoholic")
    assert row_names(page) == api_names(bundled, q="campari", filter="alcoholic")

    non_alcoholic = api_names(bundled, q="campari", filter="non-alcoholic")
    page.locator("nav.segmented a").get_by_text("Non-Alcoholic", exact=True).click()
    expect(page).to_have_url(bundled.url + "/search?q=campari&filter=non-alcoholic")
    assert row_names(page) == non_alcoholic
    assert "Negroni" not in non_alcoholic

    # Back to All keeps the words too.
    page.locator("nav.segmented a").get_by_text("All", exact=True).click()
    expect(page).to_have_url(bundled.url + "/search?q=campari")
    assert row_names(page) == expected


def test_search_form_keeps_the_filter_without_javascript(bundled, plain_page):
    page = plain_page
    page.goto(bundled.url + "/?filter=alcoholic")
    expect(page.locator("h1")).to_have_text("Alcoholic Cocktails")
    submit_search(page, "marg")
    expect(page).to_have_url(bundled.url + "/search?q=marg&filter=alcoholic")
    expected = api_names(bundled, q="marg", filter="alcoholic")
    assert "Margarita" in expected and "Margarita Mocktail" not in expected
    assert row_names(page) == expected

    # A result opened from here comes back to the same search.
    row(page, "Margarita").click()
    expect(page.locator("h1")).to_have_text("Margarita")
    expect(page.locator("a.back-link")).to_have_text(re.compile(r"‹\s*Search"))
    page.locator("a.back-link").click()
    expect(page).to_have_url(bundled.url + "/search?q=marg&filter=alcoholic")
    assert row_names(page) == expected

    # No matches: the message, and a Clear search link that keeps the filter.
    submit_search(page, "zzqxv")
    expect(page).to_have_url(bundled.url + "/search?q=zzqxv&filter=alcoholic")
    expect(page.locator(".empty-search p")).to_have_text("No cocktails match \u201czzqxv\u201d")
    page.get_by_role("link", name="Clear search").click()
    expect(page).to_have_url(bundled.url + "/?filter=alcoholic")
    assert row_names(page) == api_names(bundled, filter="alcoholic")[:50]


def test_a_query_with_spaces_reads_back_as_typed_without_javascript(bundled, plain_page):
    """A form sends spaces as `+`; the screen must read them back as spaces."""
    page = plain_page
    page.goto(bundled.url + "/")
    submit_search(page, "old fashioned")
    expect(page).to_have_url(re.compile(r"/search\?q=old\+fashioned(&|$)"))
    expected = api_names(bundled, q="old fashioned")
    assert expected[0] == "Old Fashioned"
    assert row_names(page) == expected
    field_value = page.locator(FIELD).input_value()

    submit_search(page, "zz qq")
    expect(page.locator(".empty-search p")).to_have_count(1)
    message = page.locator(".empty-search p").inner_text()
    assert [field_value, message] == ["old fashioned", "No cocktails match \u201czz qq\u201d"]


def test_italian_search_finds_drinks_by_their_italian_words(bundled, new_page):
    """Issue 31, item 1: with Italiano chosen, `menta`, `limone` and `vermouth rosso` find drinks
    (they found none before), as typed in the page's own search field."""
    page = new_page(locale="it-IT")
    page.goto(bundled.url + "/settings")
    page.check("input[name=lang][value=it]")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.goto(bundled.url + "/")
    names = type_query(page, bundled, "menta")
    assert {"Mojito", "Mint Julep"} <= set(names), names
    assert names == api_names(bundled, q="menta", lang="it")
    limone = api_names(bundled, q="limone", lang="it")
    assert "Whiskey Sour" in limone and "Negroni" not in limone, limone
    assert type_query(page, bundled, "limone") == limone[:50]
    rosso = type_query(page, bundled, "vermouth rosso")
    assert "Negroni" in rosso and "Dry Martini" not in rosso, rosso
    # A typo in an Italian ingredient is forgiven as in English.
    assert "Mojito" in type_query(page, bundled, "mneta")
    # Every language at once (issue 43, item 4): on an English page `menta` puts the name with
    # the word first, then the drinks made with mint; `mint` on this Italian page finds them too.
    english = api_names(bundled, q="menta", lang="en")
    assert english[0] == "Limonata alla Menta" and {"Mojito", "Mint Julep"} <= set(english), english
    assert {"Mojito", "Mint Julep"} <= set(type_query(page, bundled, "mint"))


def test_a_drinks_tags_lead_to_the_drinks_carrying_them(bundled, new_page):
    """Issue 31, smaller: tags are links (44 px targets) to the drinks with that tag, and are
    named in Italian on Italian pages."""
    penicillin = next(c for c in api_list(bundled)["cocktails"] if c["name"] == "Penicillin")
    page = new_page()
    page.goto(f"{bundled.url}/cocktails/{penicillin['id']}")
    tag = page.locator("ul.tags a", has_text=re.compile(r"^smoky$"))
    assert tag.bounding_box()["height"] >= 44
    tag.click()
    expect(page).to_have_url(re.compile(r"/results\?tag=smoky$"))
    assert sorted(row_names(page)) == ["Division Bell", "Illegal", "Mezcal Negroni", "Oaxaca Old Fashioned",
                                       "Penicillin"]
    italian = new_page(locale="it-IT")
    italian.goto(f"{bundled.url}/cocktails/{penicillin['id']}")
    expect(italian.locator("ul.tags a", has_text=re.compile(r"^affumicato$"))).to_have_attribute(
        "href", "/results?tag=smoky")
