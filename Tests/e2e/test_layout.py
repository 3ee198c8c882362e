"""Tablet and desktop layouts: the list becomes a grid of cards with pictures and main
ingredients, the details picture sits beside the recipe; phones keep one column."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import rows


def columns(page) -> int:
    boxes = [rows(page).nth(i).bounding_box() for i in range(6)]
    return len({round(box["x"]) for box in boxes})


def test_desktop_uses_the_width_and_phones_keep_one_column(module_server, new_page):
    wide = new_page(viewport={"width": 1440, "height": 900})
    wide.goto(module_server.url + "/")
    expect(rows(wide).first).to_be_visible()
    assert columns(wide) >= 3
    thumb = rows(wide).first.locator("img.row-thumb")
    expect(thumb).to_be_visible()
    expect(rows(wide).first.locator(".row-ingredients")).not_to_be_empty()

    tablet = new_page(viewport={"width": 820, "height": 1180})
    tablet.goto(module_server.url + "/")
    assert columns(tablet) == 2

    phone = new_page(viewport={"width": 390, "height": 844})
    phone.goto(module_server.url + "/")
    assert columns(phone) == 1
    # Issue 31: phones show a small picture too (test_screens_words checks its size and loading).
    expect(rows(phone).first.locator("img.row-thumb")).to_be_visible()
    assert rows(phone).first.locator("img.row-thumb").bounding_box()["width"] < thumb.bounding_box()["width"]

    wide.goto(module_server.url + "/cocktails/3")
    hero = wide.locator(".hero").bounding_box()
    title = wide.locator(".details h1").bounding_box()
    assert hero["x"] > title["x"] + title["width"] / 2, "the picture sits beside the text"
    assert hero["height"] < 900 * 0.75, "the picture does not fill the first screen"
    ingredients = wide.locator("#ingredients-heading").bounding_box()
    assert ingredients["y"] < 900, "the recipe starts on the first screen"
