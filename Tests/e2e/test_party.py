"""The party planner in the browser, on a phone: 20 guests for a Negroni and a Daiquiri give the
bottles, the limes and the Negroni batch's water (figures worked out by hand below), and one
button sends every line to the shopping list, each saying why."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import BUNDLED
from test_lists import make_list


def test_twenty_guests_for_negroni_and_daiquiri_then_the_shopping_list(server, new_page):
    running = server(catalog=BUNDLED)
    running.wait_ready()
    made = make_list(running, "Saturday", ["30", "2"])
    page = new_page()
    page.goto(f"{running.url}/lists/{made['id']}")
    page.click("[data-plan-link]")
    expect(page.locator("h1")).to_have_text("Party plan: Saturday")
    page.fill("#party-guests", "20")
    page.fill("#party-per-guest", "2")
    page.click("[data-party-plan]")

    # 20 guests × 2 drinks = 40, spread evenly: 20 Negronis and 20 Daiquiris.
    expect(page.locator("[data-servings='30']")).to_have_text("20 × Negroni")
    expect(page.locator("[data-servings='2']")).to_have_text("20 × Daiquiri")

    def buy(ingredient: str) -> str:
        return page.locator(f"[data-total='{ingredient}'] [data-buy]").inner_text().strip()

    # Negroni: 1 oz = 30 ml × 20 = 600 ml each of gin, Campari, vermouth → one 700/700/750 ml bottle.
    assert buy("London dry gin") == "1 × 700 ml"
    assert buy("Campari") == "1 × 700 ml"
    assert buy("sweet vermouth") == "1 × 750 ml"
    # Daiquiri: 60 ml × 20 = 1200 ml of rum → 1200 / 700 = 1.7 → 2 bottles.
    assert buy("white rum") == "2 × 700 ml"
    # 20 ml × 20 = 400 ml of lime juice, 25 ml a lime → 16 limes; 20 lime wheels, 8 a lime → 2.5:
    # one row for the limes, 18.5 → 19.
    assert buy("limes") == "19 limes"
    pour = page.locator("[data-total='limes'] [data-pour]").inner_text().strip()
    # In ounces (the default units): 400 ml / 30 = 13.3, to a quarter.
    assert pour == "13.25 oz fresh lime juice, 20 × lime wheel", pour
    expect(page.locator("[data-total='fresh lime juice']")).to_have_count(0)
    # Sugar is weighed, on the table and the prep sheet alike: 2 barspoons (10 ml) × 20 = 200 ml
    # spooned × 0.85 g/ml = 170 g.
    assert buy("superfine sugar") == "170 g"
    # Ice: 20 Negronis on the rocks (150 g) + 20 Daiquiris shaken (120 g) = 5.4 kg, and the batches
    # kept cold on ice, 1 kg a bottle: the Negroni's 3 (1800 ml) and the Daiquiri's 2 (1300 ml) = 10.4 kg.
    expect(page.locator("[data-party-ice]")).to_have_text("Ice: 10.4 kg")
    # The Negroni is built in its glass: batched without water (the glass's ice dilutes it), 1800 ml
    # = 60 oz in ounces (the default units), poured over ice.
    negroni = page.locator("[data-batch='Negroni']")
    expect(negroni.locator("[data-batch-mix]")).to_have_text("Mix 60 oz")
    expect(negroni).to_contain_text("Keep cold; pour over the glass's ice")
    daiquiri = page.locator("[data-batch='Daiquiri']")
    # What each serve gets is in the sheet's units too (the recipe's 20 ml is ¾ oz), not beside "60 oz".
    expect(daiquiri.locator("[data-batch-add]")).to_have_text("Add per serve: ¾ oz fresh lime juice")
    expect(daiquiri.locator("li", has_text="superfine sugar")).to_have_text("170 g superfine sugar")
    # In millilitres, the same water to the millilitre.
    plan_url = page.url
    page.goto(plan_url + "&units=ml")
    expect(page.locator("[data-batch='Negroni'] [data-batch-mix]")).to_have_text("Mix 1800 ml")
    # On the phone the table keeps to the screen: the limes' long line wraps, the buy column shows.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    buy_box = page.locator("[data-total='limes'] [data-buy]").bounding_box()
    assert buy_box["x"] + buy_box["width"] <= page.viewport_size["width"]
    page.goto(plan_url)

    # On paper: one clean A4 page, without the navigation or the forms.
    page.emulate_media(media="print")
    assert not page.locator(".nav-bar").is_visible()
    assert not page.locator("[data-party-form]").is_visible()
    assert page.locator("[data-party-totals]").is_visible()
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    page.emulate_media(media="screen")

    page.click("[data-party-add]")
    expect(page.locator("[data-party-added]")).to_contain_text("lines added to your shopping list.")
    page.click("[data-party-added] a")
    expect(page.locator("h1")).to_have_text("Shopping list")
    reasons = page.locator("[data-reason]").all_inner_texts()
    for reason in [
        "1 × 700 ml London dry gin for 20 Negronis", "1 × 700 ml Campari for 20 Negronis",
        "1 × 750 ml sweet vermouth for 20 Negronis", "3 oranges for 20 Negronis",
        "2 × 700 ml white rum for 20 Daiquiris", "19 limes for 20 Daiquiris",
    ]:
        assert reason in reasons, reasons
    assert len(reasons) == len(set(reasons))
    count = page.locator(".shopping-list li").count()

    # Sending the same party again adds nothing twice.
    page.goto(plan_url)
    page.click("[data-party-add]")
    expect(page.locator("[data-party-added]")).to_be_visible()
    page.goto(running.url + "/bar/shopping")
    expect(page.locator(".shopping-list li")).to_have_count(count)
