"""Lists of drinks in the browser: make a list from the drinks' pages, reorder it with buttons,
share it and open the link without an account, print its menu on one A5 page with a QR code
that a real decoder reads back as the share link, and axe on the new screens, light and dark."""

from __future__ import annotations

import io
import json
import re
import urllib.request

import pytest
from PIL import Image
from playwright.sync_api import expect
from pyzbar.pyzbar import ZBarSymbol, decode

from conftest import DEADLINE, http_get, send_in_place
from test_recipes import api_create, violations


def api(server, method: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        server.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=DEADLINE) as response:
        text = response.read().decode()
        return json.loads(text) if text else {}


def make_list(server, name: str, drinks: list[str]) -> dict:
    made = api(server, "POST", "/api/v1/lists", {"name": name})
    for drink in drinks:
        made = api(server, "POST", f"/api/v1/lists/{made['id']}/entries", {"cocktail": drink})
    return made


def entry_names(page) -> list[str]:
    return page.locator("[data-entries] .entry-name").all_inner_texts()


def test_make_reorder_share_and_open_without_an_account(server, new_page):
    running = server()
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/")
    page.click("[data-lists-link]")
    expect(page).to_have_url(running.url + "/lists")
    page.fill("#new-list-name", "Saturday")
    page.click("[data-new-list] button[type=submit]")
    expect(page.locator("h1")).to_have_text("Saturday")
    list_path = page.url.removeprefix(running.url)

    for drink, name in [("2", "Daiquiri"), ("10", "Old Fashioned"), ("7", "Margarita")]:
        page.goto(f"{running.url}/cocktails/{drink}")
        expect(page.locator("h1")).to_have_text(name)
        # The list to add to and its button share one line, the field one line tall: the
        # stacked forms around it once made it a tall box in the middle.
        field = page.locator("#add-to-list").bounding_box()
        button = page.locator("[data-add-to-list] button[type=submit]").bounding_box()
        assert field["height"] < 60 and field["width"] > 150, field
        assert abs((field["y"] + field["height"] / 2) - (button["y"] + button["height"] / 2)) < 4, (field, button)
        page.select_option("#add-to-list", label="Saturday")
        page.click("[data-add-to-list] button[type=submit]")
        expect(page.locator("[data-listed-notice]")).to_have_text("Added to Saturday.")

    page.goto(running.url + list_path)
    assert entry_names(page) == ["Daiquiri", "Old Fashioned", "Margarita"]
    page.get_by_role("button", name="Move Margarita up").click()
    expect(page.locator("[data-entries] .entry-name").first).to_have_text("Daiquiri")
    assert entry_names(page) == ["Daiquiri", "Margarita", "Old Fashioned"]
    page.get_by_role("button", name="Move Daiquiri down").click()
    expect(page.locator("[data-entries] .entry-name").first).to_have_text("Margarita")
    assert entry_names(page) == ["Margarita", "Daiquiri", "Old Fashioned"]
    # The first drink has no "up", the last no "down".
    assert page.get_by_role("button", name="Move Margarita up").count() == 0
    assert page.get_by_role("button", name="Move Old Fashioned down").count() == 0

    page.click("[data-share-create]")
    expect(page.locator("[data-list-notice]")).to_have_text("The share link is ready.")
    share_url = page.locator("[data-share-url]").inner_text()
    assert re.fullmatch(re.escape(running.url) + r"/s/[A-Za-z0-9_-]{32}", share_url)

    guest = new_page()  # a new context: no cookies, no session
    guest.goto(share_url)
    expect(guest.locator("h1")).to_have_text("Saturday")
    assert guest.locator("[data-shared-entries] .row-name").all_inner_texts() == [
        "Margarita", "Daiquiri", "Old Fashioned"]
    assert guest.locator("form[method=post]").count() == 0
    # Each row has its drink's picture, loaded (not a broken image).
    thumbs = guest.locator("[data-shared-entries] .row-thumb")
    expect(thumbs).to_have_count(3)
    guest.wait_for_function(
        "() => [...document.querySelectorAll('[data-shared-entries] .row-thumb')]"
        ".every(i => i.complete && i.naturalWidth > 0)")
    guest.get_by_role("link", name=re.compile("Daiquiri")).click()
    expect(guest.locator("h1")).to_have_text("Daiquiri")
    assert guest.locator("form[method=post]").count() == 0
    # The whole recipe: its picture, glass, method and garnish.
    guest.wait_for_function(
        "() => { const i = document.querySelector('[data-shared-picture]'); return i && i.complete && i.naturalWidth > 0 }")
    facts = guest.locator("[data-shared-facts] dt").all_text_contents()
    assert facts[:3] == ["Glass", "Method", "Garnish"], facts
    assert http_get(share_url + "/cocktails/1")[0] == 404, "a drink not on the list is not there"

    page.click("[data-revoke]")
    expect(page.locator("[data-list-notice]")).to_have_text(re.compile("revoked"))
    guest.goto(share_url)
    expect(guest.locator("h1")).to_have_text("This link no longer works")


def test_a_menu_of_twelve_fits_one_a5_page_with_its_share_link_as_a_qr_code(server, new_page):
    running = server()
    running.wait_ready()
    drinks = [str(number) for number in range(12)]
    made = make_list(running, "House menu", drinks)
    page = new_page(device_scale_factor=3)
    page.goto(f"{running.url}/lists/{made['id']}/menu?paper=a5")
    expect(page.locator("h1")).to_have_text("House menu")
    assert page.locator("[data-menu-item]").count() == 12
    assert api(running, "GET", f"/api/v1/lists/{made['id']}").get("share") is None, "reading the menu shares nothing"
    expect(page.locator("[data-menu-qr]")).to_have_count(0)
    page.locator("[data-menu-share-button]").click()
    expect(page.locator("[data-menu-qr]")).to_have_count(1)
    page.goto(f"{running.url}/lists/{made['id']}/menu?paper=a5")
    share = api(running, "GET", f"/api/v1/lists/{made['id']}")["share"]
    assert share["url"] == f"{running.url}/s/{share['token']}", "the button made a share link"

    picture = Image.open(io.BytesIO(page.locator("[data-menu-qr] svg").screenshot()))
    read = [symbol.data.decode() for symbol in decode(picture, symbols=[ZBarSymbol.QRCODE])]
    assert read == [share["url"]]

    page.emulate_media(media="print")
    expect(page.locator(".menu-papers")).to_be_hidden()
    pdf = page.pdf(format="A5")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1

    # The shared menu is the same menu, for anyone.
    guest = new_page()
    guest.goto(share["url"] + "/menu")
    assert guest.locator("[data-menu-item]").count() == 12


def test_adding_several_drinks_from_the_list_page_on_a_phone(server, new_page):
    running = server()
    running.wait_ready()
    made = make_list(running, "Brunch", ["8"])  # Bloody Mary
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{running.url}/lists/{made['id']}")
    page.get_by_label("Find drinks to add").fill("margarita")
    with page.expect_navigation():
        page.get_by_label("Find drinks to add").press("Enter")
    found = page.locator("[data-candidates] label.choice")
    expect(found).to_have_text(["Margarita", "Margarita Mocktail"])
    for label in found.all():
        label.locator("input").check()
    send_in_place(page, page.locator("[data-add-chosen]"))
    expect(page.locator("[data-list-notice]")).to_have_text("2 drinks added.")
    assert entry_names(page) == ["Bloody Mary", "Margarita", "Margarita Mocktail"]
    # What the list holds is found ticked and cannot be added twice.
    page.goto(f"{running.url}/lists/{made['id']}?find=bloody")
    held = page.locator("[data-candidates] input[value='8']")
    expect(held).to_be_checked()
    expect(held).to_be_disabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_adding_ticked_search_results_to_a_list_on_a_phone(server, new_page):
    running = server()
    running.wait_ready()
    made = make_list(running, "Brunch", ["8"])  # Bloody Mary
    make_list(running, "Summer", [])
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{running.url}/search?q=margarita")
    ticks = page.locator("#results input.pick")
    # The ticks stay out of the way until the person asks to add drinks.
    expect(ticks.first).to_be_hidden()
    page.get_by_text("Add drinks to a list").click()
    expect(ticks).to_have_count(2)
    page.get_by_role("checkbox", name="Margarita Mocktail").check()
    page.get_by_role("checkbox", name="Margarita", exact=True).check()
    page.get_by_label("List", exact=True).select_option(label="Brunch")
    # The add button stays in sight at the foot of the screen while the person ticks down the list.
    sticky = page.locator(".pick-submit button")
    expect(sticky).to_be_in_viewport()
    send_in_place(page, sticky)
    # Back on the same results, told what happened, with the way to the list.
    assert "/search?q=margarita" in page.url
    notice = page.locator("[data-picked-notice]")
    expect(notice).to_contain_text("2 drinks added to Brunch.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    with page.expect_navigation():
        notice.get_by_role("link", name="Open the list").click()
    # Added in the order the results show them, after what the list held.
    assert entry_names(page) == ["Bloody Mary", "Margarita", "Margarita Mocktail"]
    counts = {entry["name"]: entry["count"] for entry in api(running, "GET", "/api/v1/lists")["lists"]}
    assert counts == {"Brunch": 3, "Summer": 0}


def test_a_menu_in_the_owners_order_and_whole_descriptions_on_a5(server, new_page):
    running = server()
    running.wait_ready()
    # A drink of the book's own whose summary runs to the 200 characters a summary may have.
    long = api_create(
        running, "Garden Spritz", ["60 ml Aperol", "90 ml prosecco", "30 ml soda water"], ["Build over ice."],
        shortDescription=("Bitter orange, a dry sparkling wine and a splash of soda over plenty of ice, with a "
                          "slice of orange: an easy, low-strength aperitif for long afternoons in the garden.")[:200])
    # Three styles, in an order of the owner's that no style order gives.
    made = make_list(running, "Aperitivo", ["10", long["id"], "1", "2", "3"])
    names = [entry["name"] for entry in made["cocktails"]]
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{running.url}/lists/{made['id']}")
    page.locator("[data-menu-order]").get_by_label("As on this list").check()
    with page.expect_navigation():
        page.locator("[data-menu-shelf-save]").click()
    page.goto(f"{running.url}/lists/{made['id']}/menu")
    expect(page.locator("[data-menu-item] .menu-name")).to_have_text(names)
    expect(page.locator(".menu-section h2")).to_have_count(0)
    # Printed on A5, no description is cut: each shows whole, however long.
    page.goto(f"{running.url}/lists/{made['id']}/menu?paper=a5")
    page.emulate_media(media="print")
    clipped = page.evaluate(
        "() => [...document.querySelectorAll('.menu-description')]"
        ".filter(d => d.scrollHeight > d.clientHeight + 1 || getComputedStyle(d).textOverflow === 'ellipsis')"
        ".map(d => d.textContent)")
    assert clipped == []
    pdf = page.pdf(format="A5")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_list_screens_pass_axe(server, new_page, scheme):
    running = server()
    running.wait_ready()
    made = make_list(running, "Axe party", ["2", "10", "11"])
    api(running, "POST", f"/api/v1/lists/{made['id']}/share", {"expiresInDays": 7})
    page = new_page(color_scheme=scheme)
    for path in ["/lists", f"/lists/{made['id']}", f"/lists/{made['id']}/menu", "/cocktails/2",
                 f"/lists/{made['id']}/plan?guests=10&perGuest=2"]:
        page.goto(running.url + path)
        assert violations(page) == [], path
