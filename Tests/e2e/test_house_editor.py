"""The book's own house recipes in a real browser on a phone: a new rosemary syrup written
through the editor reaches its page and My bar's reasoning; editing keeps the first version,
which the history restores; a recipe that uses itself is refused with what was typed kept."""

from __future__ import annotations

import urllib.request

from playwright.sync_api import expect

from test_bar import add_bottle, api


def fill_line(page, index: int, amount: str, unit: str, ingredient: str) -> None:
    page.fill(f"#row-{index}-amount", amount)
    page.select_option(f"#row-{index}-unit", unit)
    page.fill(f"#row-{index}-ingredient", ingredient)


def test_write_a_house_syrup_see_it_in_the_bar_edit_restore_and_a_cycle_refused(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar")
    for name in ["fresh grapefruit juice", "fresh lime juice", "soda water", "sugar"]:
        add_bottle(page, name)
    spritz = '#can-make li[data-drink="Grapefruit Rosemary Spritz"]'
    expect(page.locator(spritz)).to_have_count(0)

    # My bar → New house-made ingredient.
    page.click("a[data-new-house]")
    expect(page.locator("h1")).to_have_text("New house-made ingredient")
    page.fill("#ingredient", "rosemary syrup")
    # The Translations section: a part per language, each closed until opened.
    expect(page.locator("details[data-translation]")).to_have_count(4)
    page.click('details[data-translation="it"] summary')
    page.fill("#name-it", "sciroppo di rosmarino")
    page.click('details[data-translation="de"] summary')
    page.fill("#name-de", "Rosmarinsirup")
    page.fill("#steps-de", "Zucker und Rosmarin in 200 ml Wasser köcheln lassen.\nAbseihen und abkühlen lassen.")
    fill_line(page, 0, "3", "pieces", "rosemary")
    fill_line(page, 1, "200", "g", "sugar")
    page.fill("#steps-en", "Simmer the sugar and rosemary in 200 ml of water.\nStrain and cool.")
    page.fill("#minutes", "20")
    page.fill("#yield-amount", "300")
    page.fill("#shelf-life", "14")
    with page.expect_navigation():
        page.click("button[data-save]")

    # Its own page shows the recipe as written.
    expect(page.locator("h1")).to_have_text("rosemary syrup")
    expect(page.locator("[data-saved]")).to_have_text("Your recipe is saved.")
    expect(page.locator("ol.house-steps li")).to_have_text(
        ["Simmer the sugar and rosemary in 200 ml of water.", "Strain and cool."])
    expect(page.locator("ul.house-lines li")).to_have_text(["3 pieces rosemary", "200 g sugar"])
    expect(page.locator("[data-house-facts]")).to_contain_text("Keeps 14 days in the fridge")
    # A German reader gets its German name and steps.
    german = urllib.request.Request(
        running.url + "/bar/ingredients/rosemary%20syrup", headers={"Accept-Language": "de-DE,de;q=0.9"})
    with urllib.request.urlopen(german) as answer:
        text = answer.read().decode()
    assert "<h1" in text and "Rosmarinsirup" in text, text[:400]
    assert "Abseihen und abkühlen lassen." in text and "Strain and cool." not in text

    # My bar: with rosemary on the shelf the spritz is made through the syrup.
    page.goto(running.url + "/bar")
    expect(page.locator('#house li[data-house="rosemary syrup"]')).to_be_visible()
    add_bottle(page, "rosemary")
    expect(page.locator(spritz)).to_contain_text("rosemary syrup ← make it from your rosemary (20 min)")
    assert "Grapefruit Rosemary Spritz" in [
        c["name"] for c in api(running, "/api/v1/cocktails?makeable=now")["cocktails"]]

    # Edit: a shorter shelf life. The history keeps the first version, which comes back.
    page.click('#house li[data-house="rosemary syrup"] a')
    page.click("a[data-edit-house]")
    expect(page.locator("#shelf-life")).to_have_value("14")
    page.fill("#shelf-life", "7")
    with page.expect_navigation():
        page.click("button[data-save]")
    expect(page.locator("[data-house-facts]")).to_contain_text("Keeps 7 days in the fridge")
    page.click("a[data-house-history]")
    expect(page.locator("li.version")).to_have_count(2)
    expect(page.locator('li.version[data-version="2"]')).to_contain_text("This is the current version.")
    with page.expect_navigation():
        page.click('li.version[data-version="1"] button[type=submit]')
    expect(page.locator("[data-house-facts]")).to_contain_text("Keeps 14 days in the fridge")
    assert api(running, "/api/v1/house-recipes/rosemary%20syrup")["version"] == 3

    # A recipe for rosemary made from the rosemary syrup: refused, with what was typed kept.
    page.goto(running.url + "/bar/house/new")
    page.fill("#ingredient", "rosemary")
    fill_line(page, 0, "50", "ml", "rosemary syrup")
    page.fill("#steps-en", "Boil it down.")
    page.fill("#yield-amount", "20")
    page.fill("#shelf-life", "3")
    page.click("button[data-save]")
    expect(page.locator("[data-problems]")).to_contain_text(
        "A recipe cannot use itself, not even through other house-made ingredients: "
        "rosemary syrup → rosemary → rosemary syrup.")
    expect(page.locator("#ingredient")).to_have_value("rosemary")
    expect(page.locator("#row-0-ingredient")).to_have_value("rosemary syrup")
    expect(page.locator("#steps-en")).to_have_value("Boil it down.")
    expect(page.locator("#shelf-life")).to_have_value("3")
    assert [r["value"] for r in api(running, "/api/v1/house-recipes")["recipes"]].count("rosemary") == 0


def test_a_half_typed_house_recipe_is_offered_back_after_a_reload_and_forgotten_once_saved(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar/house/new")
    expect(page.locator("[data-draft-note]")).to_be_hidden()
    page.fill("#ingredient", "thyme syrup")
    fill_line(page, 0, "10", "g", "thyme")
    fill_line(page, 1, "200", "g", "sugar")
    # A third line comes from the server (the form works without script): the page it answers
    # with holds what was typed, so that is the draft now.
    with page.expect_navigation():
        page.get_by_role("button", name="Add an ingredient").click()
    expect(page.locator(".house-row")).to_have_count(3)
    fill_line(page, 2, "200", "ml", "water")
    page.fill("#steps-en", "Simmer for ten minutes.\nStrain.")
    assert page.evaluate("localStorage.getItem('draft:/bar/house/new')") is not None

    # A new editor (two empty lines) offers it back; restored, all three lines are there in order.
    page.goto(running.url + "/bar/house/new")
    note = page.locator("[data-draft-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("unsaved changes")
    expect(page.locator("#ingredient")).to_have_value("")
    expect(page.locator(".house-row")).to_have_count(2)
    note.get_by_role("button", name="Restore them").click()
    expect(note).to_be_hidden()
    expect(page.locator("#ingredient")).to_have_value("thyme syrup")
    expect(page.locator(".house-row")).to_have_count(3)
    assert page.locator("input[name=line]").evaluate_all("els => els.map(e => e.value)") == [
        "thyme", "sugar", "water"]
    assert page.locator("input[name=amount]").evaluate_all("els => els.map(e => e.value)") == ["10", "200", "200"]
    expect(page.locator("#row-2-unit")).to_have_value("ml")
    # The line made here is numbered as the server numbers its own.
    expect(page.locator("label[for=row-2-amount]")).to_have_text("Amount 3")
    expect(page.get_by_role("button", name="Remove 3")).to_be_visible()
    expect(page.locator("#steps-en")).to_have_value("Simmer for ten minutes.\nStrain.")

    # Saved, the draft goes: the next new editor offers nothing.
    page.fill("#yield-amount", "350")
    page.fill("#shelf-life", "21")
    with page.expect_navigation():
        page.click("button[data-save]")
    expect(page.locator("[data-saved]")).to_have_text("Your recipe is saved.")
    expect(page.locator("ul.house-lines li")).to_have_text(["10 g thyme", "200 g sugar", "200 ml water"])
    assert page.evaluate("localStorage.getItem('draft:/bar/house/new')") is None
    page.goto(running.url + "/bar/house/new")
    expect(page.locator("form[data-house-editor]")).to_be_visible()
    expect(page.locator("[data-draft-note]")).to_be_hidden()
