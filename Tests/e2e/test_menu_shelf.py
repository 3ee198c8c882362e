"""A menu that follows a bar: the owner chooses it on the list's page, and the shared menu
changes live as bottles come and go: adding Campari to the shelf makes the Negroni appear."""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import expect

from conftest import BUNDLED
from test_lists import api, make_list


def test_adding_campari_makes_the_negroni_appear_on_the_shared_menu(server, new_page):
    running = server(catalog=BUNDLED)
    running.wait_ready()
    made = make_list(running, "Tonight", ["30", "2"])
    for bottle in ["London dry gin", "sweet vermouth"]:
        api(running, "PUT", "/api/v1/bar/ingredients/" + urllib.parse.quote(bottle))

    page = new_page()
    page.goto(f"{running.url}/lists/{made['id']}")
    page.select_option("#menu-follows", label="My bar")
    page.check("input[name=unavailable][value=hide]")
    page.click("[data-menu-shelf-save]")
    expect(page.locator("[data-list-notice]")).to_have_text("The menu settings are saved.")
    share = api(running, "POST", f"/api/v1/lists/{made['id']}/share")

    guest = new_page()  # no account, no cookies: the shared menu as a guest's phone shows it
    guest.goto(share["url"] + "/menu")
    expect(guest.locator("h1")).to_have_text("Tonight")
    # Gin and vermouth but no Campari, no rum: nothing can be made, nothing is listed.
    expect(guest.locator("[data-menu-item]")).to_have_count(0)

    api(running, "PUT", "/api/v1/bar/ingredients/Campari")
    guest.reload()
    expect(guest.locator("[data-menu-item] .menu-name")).to_have_text(["Negroni"])

    # Marked rather than hidden: the Daiquiri comes back, marked "Not today".
    page.check("input[name=unavailable][value=mark]")
    page.click("[data-menu-shelf-save]")
    guest.reload()
    expect(guest.locator("[data-menu-item] .menu-name")).to_have_count(2)
    expect(guest.locator("[data-not-today] .menu-name")).to_have_text(["Daiquiri"])
