"""The bundled catalog as a new user meets it: 150+ cocktails, and an IBA classic that can be
made from its page alone."""

import re

import pytest
from playwright.sync_api import expect

from conftest import api_all
from helpers import rows, scroll_until


def test_the_main_list_has_the_whole_bundled_catalog(bundled, page):
    listed = api_all(bundled)["cocktails"]
    assert len(listed) >= 150
    page.goto(bundled.url + "/")
    # Fifty rows at first; scrolling to the end keeps loading pages until the list is complete.
    expect(rows(page)).to_have_count(50)
    expect(page.locator("a.show-more[rel=next]")).to_have_attribute("href", "/?page=2")
    scroll_until(page, len(listed))
    expect(page.locator("a.show-more")).to_have_count(0)
    names = page.locator("ul.cocktail-list .row-name").all_inner_texts()
    assert names == [c["name"] for c in listed]
    assert {"Negroni", "Corpse Reviver #2", "Tommy's Margarita", "Espresso Martini", "Penicillin"} <= set(names)


def test_an_iba_classic_can_be_made_from_its_page(bundled, page):
    page.goto(bundled.url + "/search?q=negroni")
    page.locator("ul.cocktail-list a.row", has=page.get_by_text("Negroni", exact=True)).click()
    expect(page.locator("h1")).to_have_text("Negroni")
    # Stirred to chill in its glass: Arnold's whole stirred curve, ≈ 19 %.
    expect(page.locator(".meta")).to_contain_text(re.compile(r"≈ (18|19|20)% ABV"))
    facts = page.locator("dl.facts")
    expect(facts).to_contain_text("Glass")
    expect(facts).to_contain_text("Method")
    expect(facts).to_contain_text("The Unforgettables")
    ingredients = page.locator("section.ingredients li")
    expect(ingredients).to_have_count(3)
    for name in ("gin", "Campari", "sweet vermouth"):
        expect(page.locator("section.ingredients")).to_contain_text(name)
    expect(ingredients.first.locator(".measure")).to_have_text(re.compile(r"^1 oz$"))
    steps = page.locator("section.instructions ol li")
    assert steps.count() >= 3
    # The steps are numbered by the list itself.
    assert page.locator("section.instructions ol").evaluate("el => getComputedStyle(el.firstElementChild, '::before').content") == "counter(step)"
    image = page.locator("figure.hero img")
    expect(image).to_have_attribute("alt", re.compile("Negroni in a"))
    assert image.evaluate("img => img.complete && img.naturalWidth > 0")


def test_a_non_alcoholic_drink_says_alcohol_free(bundled, page):
    page.goto(bundled.url + "/?filter=non-alcoholic")
    rows(page).first.click()
    expect(page.locator(".meta")).to_contain_text("Alcohol-free")
