"""Issue 40, item 14: what a person does on a drink's page while the book does not answer ("I
made this", a note, a rating, adding it to a list) is kept on the device as "waiting to sync",
never the browser's error page, and reaches the server exactly once when it answers again; a form
that cannot wait says it needs the connection and the page stays. The real server process is
stopped and started again on the same port."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from conftest import DEADLINE, wait_until
from test_lists import api
from test_server_down import controlled, start_again


def queued(page) -> list[dict]:
    return json.loads(page.evaluate("localStorage.getItem('cocktailbook-pending-forms:owner') || '[]'"))


def test_a_note_a_rating_i_made_this_and_a_list_wait_while_the_server_is_down_and_go_once(server, new_page):
    running = server()
    running.wait_ready()
    brunch = api(running, "POST", "/api/v1/lists", {"name": "Brunch"})
    page = controlled(running, new_page, "/cocktails/10")
    running.stop()

    page.goto(running.url + "/cocktails/10")
    expect(page.locator("h1")).to_have_text("Old Fashioned")
    personal = page.locator("[data-personal]")
    personal.get_by_label("Your private note").fill("Demerara, two dashes.")
    personal.get_by_role("button", name="Save note").click()
    expect(personal.locator("[data-note-form] [data-queued-form]")).to_have_text(
        "Waiting to sync: kept on this device, sent when the book answers again.")
    expect(page.locator("[data-offline-banner]")).to_contain_text("The book's server isn't answering")
    personal.get_by_role("button", name="4 stars").click()
    expect(personal.locator("[data-rating-form] [data-queued-form]")).to_be_visible()
    personal.get_by_role("button", name="I made this").click()
    expect(personal.locator("[data-made-form] [data-queued-form]")).to_be_visible()
    page.locator("[data-add-to-list]").get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("[data-add-to-list] [data-queued-form]")).to_be_visible()
    # Still the drink's page, never the browser's error page; four things kept, in order.
    expect(page.locator("h1")).to_have_text("Old Fashioned")
    assert [entry["action"] for entry in queued(page)] == [
        "/cocktails/10/note", "/cocktails/10/rating", "/cocktails/10/made", "/cocktails/10/add-to-list"]
    assert len({entry["key"] for entry in queued(page)}) == 4

    # The server returns: the page finds out by itself and sends what waited, once each.
    start_again(running)
    wait_until(lambda: api(running, "GET", "/api/v1/cocktails/10")["made"]["count"] == 1, DEADLINE,
               "the kept 'I made this' never reached the server")
    wait_until(lambda: api(running, "GET", f"/api/v1/lists/{brunch['id']}")["cocktails"], DEADLINE,
               "the drink never reached the list")
    drink = api(running, "GET", "/api/v1/cocktails/10")
    assert drink["note"] == "Demerara, two dashes."
    assert drink["rating"]["mine"] == 4
    assert [c["id"] for c in api(running, "GET", f"/api/v1/lists/{brunch['id']}")["cocktails"]] == ["10"]
    wait_until(lambda: queued(page) == [], DEADLINE, "the queue was never emptied")
    expect(page.locator("[data-synced]")).to_have_text("Sent what was waiting to sync.")
    expect(page.locator("[data-queued-form]")).to_have_count(0)
    # The page is the book's again: the made line and the stars as saved.
    expect(personal.locator("[data-made-summary]")).to_contain_text("Made once")
    expect(personal.get_by_role("button", name="4 stars")).to_have_attribute("aria-pressed", "true")
    # Nothing was done twice.
    assert api(running, "GET", "/api/v1/cocktails/10")["made"]["count"] == 1


def test_with_the_network_off_a_form_that_cannot_wait_says_so_and_the_page_stays(server, new_page):
    running = server()
    running.wait_ready()
    page = controlled(running, new_page, "/bar")
    page.context.set_offline(True)
    page.goto(running.url + "/bar")
    form = page.locator("form[data-bar-add]")
    form.locator("input[name=value]").fill("Campari")
    form.locator("button[type=submit]").click()
    expect(form.locator("[data-needs-connection]")).to_have_text(
        "Not sent: this needs the book to answer. Try again when the connection is back.")
    assert page.url.endswith("/bar")
    page.context.set_offline(False)
    assert api(running, "GET", "/api/v1/bar")["ingredients"] == []


def test_a_form_that_reaches_a_stopped_server_gets_the_offline_page_not_the_browsers_error(server, new_page):
    running = server()
    running.wait_ready()
    page = controlled(running, new_page, "/bar")
    running.stop()
    page.goto(running.url + "/bar")
    # Sent past the script (as a browser without it, or before it knew), straight to the network.
    form = page.locator("form[data-bar-add]")
    form.locator("input[name=value]").fill("Campari")
    with page.expect_navigation():
        form.evaluate("form => HTMLFormElement.prototype.submit.call(form)")
    expect(page.locator("h1")).to_have_text("You're offline")
    expect(page.locator("[data-form-not-sent-notice]")).to_have_text(
        "Not sent: this needs the book to answer. Try again when the connection is back.")
    expect(page.locator('[data-saved-pages] a[href="/"]')).to_be_visible()
