"""Prices on a menu, on a phone: set them on the list's page, see them on the owner's menu and on
the shared link in English and Italian (Foundation's money formats: €9.50, 9,50 €), the owner's
suggested price from bottle prices with its one-click "use it", none of it on the shared menu,
and a printed menu of twelve priced drinks still on one A5 page."""

from __future__ import annotations

import re
import urllib.parse

from playwright.sync_api import expect

from test_lists import api, make_list

NBSP = "\u00a0"


def menu_prices(page) -> dict[str, str]:
    """Each drink's name and the price the menu shows for it ("" when none)."""
    prices = {}
    for item in page.locator("[data-menu-item]").all():
        name = item.locator(".menu-name").inner_text()
        price = item.locator("[data-menu-price]")
        prices[name] = price.inner_text() if price.count() else ""
    return prices


def test_prices_set_on_the_page_show_on_the_menu_and_the_shared_link_in_both_languages(server, new_page):
    running = server()
    running.wait_ready()
    made = make_list(running, "Friday", ["6", "3", "2"])
    page = new_page()
    page.goto(f"{running.url}/lists/{made['id']}")

    # One field per drink, beside its note, labelled with the drink and the currency; one save
    # for all of them.
    page.get_by_label("Price of Gin and Tonic (EUR)").fill("9,50")
    page.get_by_label("Price of Manhattan (EUR)").fill("12")
    page.get_by_label("Note on Manhattan").fill("with a cherry")
    with page.expect_navigation():
        page.locator("[data-details-save]").click()
    expect(page.locator("[data-list-notice]")).to_have_text("The notes and prices are saved.")
    expect(page.locator("#price-6")).to_have_value("9.5")
    expect(page.locator("#price-3")).to_have_value("12")
    expect(page.locator("#note-3")).to_have_value("with a cherry")
    stored = api(running, "GET", f"/api/v1/lists/{made['id']}")
    assert [entry.get("price", {}).get("minor") for entry in stored["cocktails"]] == [950, 1200, None]

    page.click("[data-menu-link]")
    expect(page.locator("h1")).to_have_text("Friday")
    assert menu_prices(page) == {"Gin and Tonic": "€9.50", "Manhattan": "€12.00", "Daiquiri": ""}
    # No bottle has a price: the owner is told once where to give them, not per drink.
    expect(page.locator("[data-no-bottle-prices]")).to_be_visible()
    expect(page.locator("[data-menu-suggestion]")).to_have_count(0)

    share = api(running, "POST", f"/api/v1/lists/{made['id']}/share")
    guest = new_page()  # no account, no cookies
    guest.goto(share["url"] + "/menu")
    assert menu_prices(guest) == {"Gin and Tonic": "€9.50", "Manhattan": "€12.00", "Daiquiri": ""}
    expect(guest.locator("[data-menu-pricing]")).to_have_count(0)

    italian = new_page(locale="it-IT")
    italian.goto(share["url"] + "/menu")
    assert menu_prices(italian) == {
        "Gin and Tonic": f"9,50{NBSP}€", "Manhattan": f"12,00{NBSP}€", "Daiquiri": ""}
    italian_owner = new_page(locale="it-IT")
    italian_owner.goto(f"{running.url}/lists/{made['id']}/menu")
    assert menu_prices(italian_owner)["Gin and Tonic"] == f"9,50{NBSP}€"
    expect(italian_owner.locator("[data-menu-pricing] legend")).to_have_text("Prezzi nel menu")

    # Hidden by the owner's choice: gone from the shared menu too.
    page.check("input[name=display][value=hide]")
    page.click("[data-menu-pricing-save]")
    guest.reload()
    assert set(menu_prices(guest).values()) == {""}


def test_the_owner_uses_a_suggested_price_the_guest_never_sees_it(server, new_page):
    running = server()
    running.wait_ready()
    made = make_list(running, "Highballs", ["6", "3"])
    # Gin 700 ml at €21.00 and tonic 1 l at €2.00: a Gin and Tonic (60 ml + 120 ml) costs €2.04;
    # at a 20 % pour cost that is €10.20, rounded up to €10.50.
    for value, stock in [("London dry gin", {"bottleMl": 700, "price": {"minor": 2100, "currency": "EUR"}}),
                         ("tonic water", {"bottleMl": 1000, "price": {"minor": 200, "currency": "EUR"}})]:
        api(running, "PUT", "/api/v1/bar/ingredients/" + urllib.parse.quote(value), stock)
    page = new_page()
    page.goto(f"{running.url}/lists/{made['id']}/menu")
    tonic = page.locator("[data-menu-item]", has_text="Gin and Tonic")
    expect(tonic.locator("[data-menu-suggestion]")).to_contain_text("Suggested €10.50 at a 20% pour cost")
    manhattan = page.locator("[data-menu-item]", has_text="Manhattan")
    expect(manhattan.locator("[data-menu-suggestion]")).to_contain_text("No price yet for: rye whiskey")
    tonic.get_by_role("button", name="Use €10.50 as the price of Gin and Tonic").click()
    expect(page.locator("[data-menu-item]", has_text="Gin and Tonic").locator("[data-menu-price]")).to_have_text(
        "€10.50")

    page.fill("#pour-cost", "25")
    page.click("[data-menu-pricing-save]")
    expect(page.locator("[data-menu-item]", has_text="Gin and Tonic").locator("[data-menu-suggestion]")) \
        .to_contain_text("Suggested €8.50 at a 25% pour cost")
    assert api(running, "GET", f"/api/v1/lists/{made['id']}")["menuPrices"]["pourCostPercent"] == 25

    share = api(running, "POST", f"/api/v1/lists/{made['id']}/share")
    guest = new_page()
    guest.goto(share["url"] + "/menu")
    assert menu_prices(guest) == {"Gin and Tonic": "€10.50", "Manhattan": ""}
    expect(guest.locator("[data-menu-suggestion]")).to_have_count(0)
    assert "pour cost" not in guest.content()


def test_a_priced_menu_of_twelve_still_prints_on_one_a5_page(server, new_page):
    running = server()
    running.wait_ready()
    made = make_list(running, "House menu", [str(number) for number in range(12)])
    for number in range(12):
        api(running, "PUT", f"/api/v1/lists/{made['id']}/cocktails/{number}/price", {"minor": 850 + 50 * number})
    page = new_page()
    page.goto(f"{running.url}/lists/{made['id']}/menu?paper=a5")
    expect(page.locator("[data-menu-price]")).to_have_count(12)
    page.emulate_media(media="print")
    expect(page.locator("[data-menu-pricing]")).to_be_hidden()
    expect(page.locator("[data-menu-price]").first).to_be_visible()
    pdf = page.pdf(format="A5")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1

    italian = new_page(locale="it-IT")
    italian.goto(f"{running.url}/lists/{made['id']}/menu?paper=a5")
    expect(italian.locator("[data-menu-price]").first).to_have_text(re.compile(r"^\d+,\d\d\u00a0€$"))
    italian.emulate_media(media="print")
    assert len(re.findall(rb"/Type\s*/Page[^s]", italian.pdf(format="A5"))) == 1
