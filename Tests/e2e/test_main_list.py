"""The main screen: titles, alphabetical order and the segmented filter."""

import re

import pytest
from playwright.sync_api import expect

from helpers import (ALCOHOLIC_ALPHABETICAL, ALPHABETICAL, NON_ALCOHOLIC_ALPHABETICAL, TITLES,
                     row_names, rows)


@pytest.fixture(autouse=True)
def no_favorites(module_server):
    module_server.clear_favorites()


def test_all_cocktails_are_listed_alphabetically(module_server, page):
    page.goto(module_server.url + "/")

    expect(page.locator("h1")).to_have_text("All Cocktails")
    expect(page).to_have_title(re.compile("All Cocktails"))
    expect(rows(page)).to_have_count(13)
    assert row_names(page) == ALPHABETICAL
    # Every row is a link to its details screen and shows a short description.
    first = rows(page).first
    expect(first).to_have_attribute("href", "/cocktails/5")
    expect(first.locator(".row-description")).not_to_be_empty()
    expect(page.locator("ul.cocktail-list .is-favorite")).to_have_count(0)


@pytest.mark.parametrize("label, filter_name, expected", [
    ("Alcoholic", "alcoholic", ALCOHOLIC_ALPHABETICAL),
    ("Non-Alcoholic", "non-alcoholic", NON_ALCOHOLIC_ALPHABETICAL),
    ("All", "all", ALPHABETICAL),
])
def test_segmented_control_filters_the_list(module_server, page, label, filter_name, expected):
    # Start from another segment so that every click really changes the list.
    start = "/?filter=non-alcoholic" if filter_name != "non-alcoholic" else "/"
    page.goto(module_server.url + start)
    segments = page.locator("nav.segmented a")
    expect(segments).to_have_text(["All", "Alcoholic", "Non-Alcoholic"])

    segments.get_by_text(label, exact=True).click()

    expected_url = "/" if filter_name == "all" else f"/?filter={filter_name}"
    expect(page).to_have_url(module_server.url + expected_url)
    title = TITLES[filter_name]
    expect(page.locator("h1")).to_have_text(title)
    expect(page).to_have_title(re.compile(re.escape(title)))
    expect(rows(page)).to_have_count(len(expected))
    assert row_names(page) == expected

    current = page.locator('nav.segmented a[aria-current="page"]')
    expect(current).to_have_count(1)
    expect(current).to_have_text(label)


def test_unknown_filter_is_not_silently_a_list(module_server, page):
    response = page.goto(module_server.url + "/?filter=sparkling")
    assert response.status == 400
    expect(rows(page)).to_have_count(0)
