"""My bar in a real browser, on the bundled catalog: fill a small shelf by typing, see what it
makes and why, take a Buy next suggestion, keep a shopping list; with and without JavaScript."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import expect

from conftest import DEADLINE


def api(server, path: str):
    """`GET path` as JSON; a list of drinks with every page of it (the API answers 50 a page)."""
    with urllib.request.urlopen(server.url + path, timeout=DEADLINE) as response:
        answer = json.loads(response.read())
    following = answer.get("nextPage") if isinstance(answer, dict) and "page=" not in path else None
    while following:
        more = api(server, path + ("&" if "?" in path else "?") + f"page={following}")
        answer["cocktails"] += more["cocktails"]
        following = more["nextPage"]
    return answer


def add_bottle(page, name: str) -> None:
    page.fill("#bar-add", name)
    page.click("form[data-bar-add] button[type=submit]")
    expect(page.locator(f'ul.shelf li[data-bottle="{name}"]')).to_be_visible()


def can_make(page):
    return page.locator("#can-make li[data-drink]")


def test_a_small_bar_makes_a_negroni_and_buy_next_moves_drinks_in(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/")
    page.click("a.chip[data-bar-link]")
    expect(page.locator("h1")).to_have_text("My bar")
    expect(page.locator("#shelf .empty")).to_be_visible()
    for name in ["London dry gin", "Campari", "sweet vermouth"]:
        add_bottle(page, name)

    # The Negroni, and the two halves of it: Milano-Torino (no gin) and Gin and It (no Campari).
    for name in ["Negroni", "Milano-Torino", "Gin and It"]:
        expect(page.locator(f'#can-make li[data-drink="{name}"]')).to_be_visible()
    expect(page.locator("#can-make-heading")).to_have_text("Can make now (3)")
    # The shelf says how many of the drinks it makes use each bottle.
    expect(page.locator('li[data-bottle="Campari"] .hint')).to_have_text("in 2 drinks you can make")

    # Buy next: the first suggestion names the drinks it completes; adding it moves them in.
    first = page.locator("#buy-next li").first
    value = first.get_attribute("data-suggestion")
    title = first.locator("strong").inner_text()
    assert "→" in title and "more drink" in title
    completed = [name.strip() for name in first.locator(".hint").inner_text().split(",")]
    assert completed and completed == [c["name"] for c in api(running, "/api/v1/cocktails?makeable=one-away")["cocktails"]
                                        if [m["value"] for m in c["missing"]] == [value]]
    first.locator("button").click()
    expect(page.locator(f'ul.shelf li[data-bottle="{value}"]')).to_be_visible()
    for name in completed:
        expect(page.locator(f'#can-make li[data-drink="{name}"]')).to_be_visible()
    expect(page.locator("#can-make-heading")).to_have_text(f"Can make now ({3 + len(completed)})")

    # The list filter shows the same drinks.
    page.goto(running.url + "/?makeable=now")
    expect(page.locator("h1")).to_have_text("Can make now")
    names = page.locator("ul.cocktail-list a.row .row-name").all_inner_texts()
    assert sorted(names) == sorted(["Negroni", "Milano-Torino", "Gin and It", *completed])


def test_a_family_bottle_and_a_rule_explain_themselves(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page(java_script_enabled=False)
    page.goto(running.url + "/bar")
    for name in ["cognac", "fresh lemon juice", "Cointreau"]:
        add_bottle(page, name)
    # The Sidecar names triple sec; Cointreau is one.
    sidecar = page.locator('#can-make li[data-drink="Sidecar"]')
    expect(sidecar.locator(".reason")).to_have_text("triple sec ← your Cointreau")

    # A rule of one's own: orange curaçao for Cointreau, then the curaçao instead of Cointreau.
    page.fill("#rule-use", "orange curaçao")
    page.fill("#rule-instead", "Cointreau")
    page.click("#rules form.inline-form button[type=submit]")
    expect(page.locator("#rules li", has_text="orange curaçao for Cointreau")).to_be_visible()
    page.locator('li[data-bottle="Cointreau"] button').click()
    add_bottle(page, "orange curaçao")
    expect(page.locator('#can-make li[data-drink="Sidecar"] .reason')).to_have_text("triple sec ← your orange curaçao (your rule)")


def test_the_shopping_list_takes_a_drinks_missing_ingredients(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar")
    add_bottle(page, "Campari")
    add_bottle(page, "sweet vermouth")
    # The Americano lacks only soda water: one away, with a button for the list.
    americano = page.locator('#one-away li[data-drink="Americano"]')
    expect(americano.locator(".missing")).to_have_text("Missing: soda water")
    americano.locator("button").click()
    # Back on the bar, which now counts one thing to buy.
    page.click("text=Shopping list (1)")
    expect(page.locator("h1")).to_have_text("Shopping list")
    item = page.locator('.shopping-list li[data-item="soda water"]')
    expect(item.locator(".hint")).to_have_text("for Americano")
    item.locator("button.check").click()
    expect(page.locator('.shopping-list li[data-item="soda water"]')).to_have_class("is-bought")
    with urllib.request.urlopen(running.url + "/bar/shopping.txt", timeout=DEADLINE) as response:
        assert response.read().decode() == "Shopping list\n☑ soda water\n"
    page.click("text=Clear bought items")
    expect(page.locator(".shopping-list")).to_have_count(0)
    expect(page.locator(".empty")).to_be_visible()
