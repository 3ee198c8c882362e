"""Issue 31, item 7 and the bar's "Smaller" items: the shopping list takes free text, the shelf
takes Italian names and suggests (never silently substitutes), a mistake never leaves the page,
"Add to shopping list" says it worked and changes, and adding a bottle keeps the field focused
without a reload. Phone viewport, with and without JavaScript."""

from __future__ import annotations

import json
import re
import urllib.request

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import DEADLINE


def api(server, path: str):
    with urllib.request.urlopen(server.url + path, timeout=DEADLINE) as response:
        return json.loads(response.read())


def shelf(server) -> list[str]:
    return sorted((i["value"] for i in api(server, "/api/v1/bar")["ingredients"]), key=str.lower)


def shopping(server) -> list[str]:
    return [i["value"] for i in api(server, "/api/v1/shopping-list")["items"]]


def violations(page) -> list[str]:
    return [v["id"] for v in Axe().run(page).response["violations"]]


def test_the_shopping_list_takes_free_text_and_stays_on_its_page(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar/shopping")
    page.evaluate("window.stayed = true")
    page.fill("#shopping-add", "olives")
    page.press("#shopping-add", "Enter")
    item = page.locator('.shopping-list li[data-item="olives"]')
    expect(item).to_be_visible()
    expect(item).to_contain_text("olives")
    assert page.evaluate("window.stayed === true"), "the page reloaded"
    assert page.evaluate("document.activeElement.id") == "shopping-add"
    expect(page.locator("#shopping-add")).to_have_value("")
    # A known name in Italian goes on the list as the ingredient, shown in the page's language.
    page.fill("#shopping-add", "zucchero")
    page.press("#shopping-add", "Enter")
    expect(page.locator('.shopping-list li[data-item="sugar"]')).to_be_visible()
    assert shopping(running) == ["olives", "sugar"]
    assert violations(page) == []


def test_the_shopping_list_without_javascript(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page(java_script_enabled=False)
    page.goto(running.url + "/bar/shopping")
    page.fill("#shopping-add", "Castelvetrano olives, big jar")
    page.click("#shopping-add-form button[type=submit]")
    expect(page).to_have_url(re.compile(r"/bar/shopping#shopping-add-form$"))
    expect(page.locator('.shopping-list li[data-item="Castelvetrano olives, big jar"]')).to_be_visible()
    expect(page.locator("h1")).to_have_text("Shopping list")


def test_the_shelf_takes_italian_names_and_suggests_instead_of_substituting(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar")
    page.evaluate("window.stayed = true")

    page.fill("#bar-add", "sugar")
    page.press("#bar-add", "Enter")
    expect(page.locator('ul.shelf li[data-bottle="sugar"]')).to_be_visible()
    assert shelf(running) == ["sugar"], "sugar must stay sugar"
    expect(page.locator('ul.shelf li[data-bottle="sugar"] .hint')).to_have_text("not yet in a drink you can make")
    # The field keeps the focus, empty, for the next bottle; the page did not reload.
    assert page.evaluate("document.activeElement.id") == "bar-add"
    expect(page.locator("#bar-add")).to_have_value("")

    page.keyboard.type("zucchero di canna")
    page.keyboard.press("Enter")
    expect(page.locator('ul.shelf li[data-bottle="brown sugar"]')).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "bar-add"

    # A slip: the form shows again with what was typed and the nearest names, nothing added.
    page.keyboard.type("campary")
    page.keyboard.press("Enter")
    problem = page.locator("#bar-add-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("“campary” is not an ingredient the book knows")
    expect(page.locator("#bar-add")).to_have_value("campary")
    expect(page.locator("#bar-add")).to_have_attribute("aria-describedby", "bar-add-problem")
    assert page.evaluate("document.activeElement.id") == "bar-add"
    expect(page.locator("h1")).to_have_text("My bar")
    assert shelf(running) == ["brown sugar", "sugar"]
    assert page.evaluate("window.stayed === true")
    # The problem sits next to the field (within the same form, just below it).
    field = page.locator("#bar-add").bounding_box()
    box = problem.bounding_box()
    assert 0 <= box["y"] - (field["y"] + field["height"]) < 120
    assert violations(page) == []
    problem.get_by_role("button", name="Campari").click()
    expect(page.locator('ul.shelf li[data-bottle="Campari"]')).to_be_visible()
    expect(page.locator("#bar-add-problem")).to_have_count(0)
    assert shelf(running) == ["brown sugar", "Campari", "sugar"]


def test_a_slip_on_the_shelf_without_javascript_stays_on_my_bar(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page(java_script_enabled=False)
    page.goto(running.url + "/bar")
    page.fill("#bar-add", "campary")
    page.click("form[data-bar-add] button[type=submit]")
    expect(page.locator("h1")).to_have_text("My bar")
    expect(page.locator("#bar-add-problem")).to_contain_text("campary")
    expect(page.locator("#bar-add")).to_have_value("campary")
    page.locator("#bar-add-problem").get_by_role("button", name="Campari").click()
    expect(page).to_have_url(re.compile(r"/bar#shelf$"))
    expect(page.locator('ul.shelf li[data-bottle="Campari"]')).to_be_visible()


def test_add_to_shopping_list_confirms_and_changes_the_button(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    for value in ("London dry gin", "Campari"):
        urllib.request.urlopen(urllib.request.Request(
            running.url + "/api/v1/bar/ingredients/" + urllib.request.quote(value), method="PUT"), timeout=DEADLINE).close()
    for javascript in (True, False):
        page = new_page(java_script_enabled=javascript)
        page.goto(running.url + "/bar")
        negroni = page.locator('#one-away li[data-drink="Negroni"]')
        if not javascript:
            # The first run put sweet vermouth on the list already: the row says so.
            expect(negroni.locator("[data-on-list]")).to_have_text("✓ On your shopping list")
            urllib.request.urlopen(urllib.request.Request(
                running.url + "/api/v1/shopping-list/" + str(api(running, "/api/v1/shopping-list")["items"][0]["id"]),
                method="DELETE"), timeout=DEADLINE).close()
            page.reload()
        expect(negroni.get_by_role("button", name="Add to shopping list")).to_be_visible()
        negroni.get_by_role("button", name="Add to shopping list").click()
        expect(negroni.locator("[data-added-notice]")).to_have_text("Added sweet vermouth to your shopping list.")
        expect(negroni.locator("[data-on-list]")).to_have_text("✓ On your shopping list")
        expect(negroni.get_by_role("button", name="Add to shopping list")).to_have_count(0)
        if javascript:
            assert page.evaluate("document.activeElement.matches('[data-on-list]')")
            expect(page).to_have_url(running.url + "/bar")
        else:
            expect(page).to_have_url(re.compile(r"/bar\?added=[^#]+#drink-"))
        assert shopping(running) == ["sweet vermouth"]
